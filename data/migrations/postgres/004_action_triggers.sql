-- 004, PostgreSQL: appending an action is one INSERT; the trigger checks that it is the live
-- game's next action and advances the game (clearing a deadline the action answers) in the
-- same statement. The game's row is locked (FOR UPDATE) first, so two writers appending to
-- one game, from any process, are serialized and the second sees the first's next_seq.
CREATE FUNCTION game_actions_in_sequence() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    expected integer;
BEGIN
    SELECT next_seq INTO expected FROM games
        WHERE game_id = NEW.game_id AND status = 'live' FOR UPDATE;
    IF expected IS DISTINCT FROM NEW.seq THEN
        RAISE EXCEPTION 'action_sequence' USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN NEW;
END
$$;

CREATE FUNCTION game_actions_advance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE games SET next_seq = next_seq + 1,
        deadline_seq = CASE WHEN deadline_seq <= NEW.seq THEN NULL ELSE deadline_seq END,
        deadline_at = CASE WHEN deadline_seq <= NEW.seq THEN NULL ELSE deadline_at END
    WHERE game_id = NEW.game_id;
    RETURN NULL;
END
$$;

CREATE TRIGGER game_actions_in_sequence BEFORE INSERT ON game_actions
    FOR EACH ROW EXECUTE FUNCTION game_actions_in_sequence();

CREATE TRIGGER game_actions_advance AFTER INSERT ON game_actions
    FOR EACH ROW EXECUTE FUNCTION game_actions_advance();

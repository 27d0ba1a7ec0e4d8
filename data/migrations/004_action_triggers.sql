-- Appending an action is one INSERT: these triggers check that it is the live game's next
-- action and advance the game (clearing a deadline that the action answers) atomically
-- with it, so the busiest write of the bot is a single round trip to the writer.
CREATE TRIGGER game_actions_in_sequence BEFORE INSERT ON game_actions
WHEN (SELECT next_seq FROM games WHERE game_id = NEW.game_id AND status = 'live')
     IS NOT NEW.seq
BEGIN
    SELECT RAISE(ABORT, 'action_sequence');
END;

CREATE TRIGGER game_actions_advance AFTER INSERT ON game_actions
BEGIN
    UPDATE games SET next_seq = next_seq + 1,
        deadline_seq = CASE WHEN deadline_seq <= NEW.seq THEN NULL ELSE deadline_seq END,
        deadline_at = CASE WHEN deadline_seq <= NEW.seq THEN NULL ELSE deadline_at END
    WHERE game_id = NEW.game_id;
END;

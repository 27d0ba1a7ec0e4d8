-- 008: deal history and the richer stats (PostgreSQL twin of the SQLite 008_history.sql:
-- the same columns, indexes and backfill; see that file for what each one is for).

ALTER TABLE settlements ADD COLUMN deal_no BIGINT;
UPDATE settlements SET deal_no = o.n
    FROM (SELECT game_id, ROW_NUMBER() OVER (ORDER BY settled_at, game_id) AS n
          FROM settlements) AS o
    WHERE o.game_id = settlements.game_id;
CREATE UNIQUE INDEX settlements_by_deal_no ON settlements (deal_no);

ALTER TABLE settlement_seats ADD COLUMN deal_no BIGINT NOT NULL DEFAULT 0;
ALTER TABLE settlement_seats ADD COLUMN bombs INTEGER NOT NULL DEFAULT 0 CHECK (bombs >= 0);
ALTER TABLE settlement_seats ADD COLUMN rockets INTEGER NOT NULL DEFAULT 0 CHECK (rockets >= 0);
ALTER TABLE settlement_seats ADD COLUMN spring TEXT NOT NULL DEFAULT ''
    CHECK (spring IN ('', 'spring', 'anti_spring'));

UPDATE settlement_seats SET
    deal_no = t.deal_no,
    spring = CASE WHEN (t.result_json::json ->> 'spring') = 'true' THEN 'spring'
                  WHEN (t.result_json::json ->> 'anti_spring') = 'true' THEN 'anti_spring'
                  ELSE '' END
    FROM settlements t WHERE t.game_id = settlement_seats.game_id;

CREATE INDEX settlement_seats_history ON settlement_seats (guild_id, user_id, deal_no)
    WHERE user_id IS NOT NULL;

ALTER TABLE players ADD COLUMN springs BIGINT NOT NULL DEFAULT 0 CHECK (springs >= 0);
ALTER TABLE players ADD COLUMN anti_springs BIGINT NOT NULL DEFAULT 0 CHECK (anti_springs >= 0);
ALTER TABLE players ADD COLUMN bombs BIGINT NOT NULL DEFAULT 0 CHECK (bombs >= 0);
ALTER TABLE players ADD COLUMN rockets BIGINT NOT NULL DEFAULT 0 CHECK (rockets >= 0);
ALTER TABLE players ADD COLUMN streak BIGINT NOT NULL DEFAULT 0 CHECK (streak >= 0);
ALTER TABLE players ADD COLUMN best_streak BIGINT NOT NULL DEFAULT 0
    CHECK (best_streak >= streak);
ALTER TABLE players ADD COLUMN biggest_win BIGINT NOT NULL DEFAULT 0 CHECK (biggest_win >= 0);

UPDATE players SET
    springs = (SELECT COUNT(*) FROM settlement_seats s WHERE s.guild_id = players.guild_id
               AND s.user_id = players.user_id AND s.won = 1 AND s.spring = 'spring'),
    anti_springs = (SELECT COUNT(*) FROM settlement_seats s WHERE s.guild_id = players.guild_id
                    AND s.user_id = players.user_id AND s.won = 1
                    AND s.spring = 'anti_spring'),
    biggest_win = (SELECT COALESCE(GREATEST(MAX(s.transfer - s.fee), 0), 0)
                   FROM settlement_seats s
                   WHERE s.guild_id = players.guild_id AND s.user_id = players.user_id);

WITH ordered AS (
    SELECT guild_id, user_id, won,
           SUM(1 - won) OVER (PARTITION BY guild_id, user_id ORDER BY deal_no
                              ROWS UNBOUNDED PRECEDING) AS losses_before
    FROM settlement_seats WHERE user_id IS NOT NULL AND counted = 1
), runs AS (
    SELECT guild_id, user_id, losses_before, SUM(won) AS length
    FROM ordered GROUP BY guild_id, user_id, losses_before
), last_run AS (
    SELECT guild_id, user_id, MAX(losses_before) AS losses_before
    FROM ordered GROUP BY guild_id, user_id
)
UPDATE players SET
    best_streak = COALESCE((SELECT MAX(length) FROM runs r WHERE r.guild_id = players.guild_id
                            AND r.user_id = players.user_id), 0),
    streak = COALESCE((SELECT r.length FROM runs r JOIN last_run l USING (guild_id, user_id,
                       losses_before) WHERE r.guild_id = players.guild_id
                       AND r.user_id = players.user_id), 0);

CREATE INDEX players_by_streak ON players (guild_id, best_streak DESC, streak DESC, user_id);
CREATE INDEX players_by_springs ON players (guild_id, springs DESC, anti_springs DESC, user_id);

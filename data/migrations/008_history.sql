-- 008: deal history and the richer stats (springs, anti-springs, bombs and rockets played,
-- winning streaks, the biggest single win).
--
-- Each settlement gets its number in settlement order (deal_no: 1, 2, … over the whole
-- store; times can tie within a millisecond, numbers cannot). Each settled seat keeps that
-- number (history pages read one index range, newest first), the bombs and rockets that
-- seat played, and whether the deal was a spring. Players keep the running counters,
-- updated in the settlement's transaction, so a profile and the streak and spring boards
-- read one row per player. Deals settled before this migration are counted from what was
-- stored: their springs, wins and beans are known, their bombs and rockets were not
-- recorded per seat (they count 0).

ALTER TABLE settlements ADD COLUMN deal_no INTEGER;
UPDATE settlements SET deal_no = o.n
    FROM (SELECT game_id, ROW_NUMBER() OVER (ORDER BY settled_at, rowid) AS n
          FROM settlements) AS o
    WHERE o.game_id = settlements.game_id;
CREATE UNIQUE INDEX settlements_by_deal_no ON settlements (deal_no);

ALTER TABLE settlement_seats ADD COLUMN deal_no INTEGER NOT NULL DEFAULT 0;
ALTER TABLE settlement_seats ADD COLUMN bombs INTEGER NOT NULL DEFAULT 0 CHECK (bombs >= 0);
ALTER TABLE settlement_seats ADD COLUMN rockets INTEGER NOT NULL DEFAULT 0 CHECK (rockets >= 0);
ALTER TABLE settlement_seats ADD COLUMN spring TEXT NOT NULL DEFAULT ''
    CHECK (spring IN ('', 'spring', 'anti_spring'));

UPDATE settlement_seats SET
    deal_no = (SELECT t.deal_no FROM settlements t WHERE t.game_id = settlement_seats.game_id),
    spring = (SELECT CASE WHEN json_extract(t.result_json, '$.spring') THEN 'spring'
                          WHEN json_extract(t.result_json, '$.anti_spring') THEN 'anti_spring'
                          ELSE '' END
              FROM settlements t WHERE t.game_id = settlement_seats.game_id);

-- a player's deals, newest first (the history query reads one range of it)
CREATE INDEX settlement_seats_history ON settlement_seats (guild_id, user_id, deal_no)
    WHERE user_id IS NOT NULL;

ALTER TABLE players ADD COLUMN springs INTEGER NOT NULL DEFAULT 0 CHECK (springs >= 0);
ALTER TABLE players ADD COLUMN anti_springs INTEGER NOT NULL DEFAULT 0 CHECK (anti_springs >= 0);
ALTER TABLE players ADD COLUMN bombs INTEGER NOT NULL DEFAULT 0 CHECK (bombs >= 0);
ALTER TABLE players ADD COLUMN rockets INTEGER NOT NULL DEFAULT 0 CHECK (rockets >= 0);
ALTER TABLE players ADD COLUMN streak INTEGER NOT NULL DEFAULT 0 CHECK (streak >= 0);
ALTER TABLE players ADD COLUMN best_streak INTEGER NOT NULL DEFAULT 0
    CHECK (best_streak >= streak);
ALTER TABLE players ADD COLUMN biggest_win INTEGER NOT NULL DEFAULT 0 CHECK (biggest_win >= 0);

-- the counters of the deals settled so far: springs won as the landlord, anti-springs won
-- as a farmer, the largest net gain of one deal
UPDATE players SET
    springs = (SELECT COUNT(*) FROM settlement_seats s WHERE s.guild_id = players.guild_id
               AND s.user_id = players.user_id AND s.won AND s.spring = 'spring'),
    anti_springs = (SELECT COUNT(*) FROM settlement_seats s WHERE s.guild_id = players.guild_id
                    AND s.user_id = players.user_id AND s.won AND s.spring = 'anti_spring'),
    biggest_win = (SELECT COALESCE(MAX(MAX(s.transfer - s.fee), 0), 0) FROM settlement_seats s
                   WHERE s.guild_id = players.guild_id AND s.user_id = players.user_id);

-- streaks over the counted deals in settlement order: a run is the wins since the last loss
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

-- 013: tournament entrants who are away (issue 38; bot/tournaments/runner.py).
--
-- An entrant who left their tournament table, or let the AI play their seat (托管), is
-- away: the AI plays their seat for the rest of the tournament and their points still
-- count. Later rounds seat them as trustees from the start; acting at a table brings them
-- back (the flag is cleared when that table's deal is settled).

ALTER TABLE tournament_entrants ADD COLUMN away INTEGER NOT NULL DEFAULT 0
    CHECK (away IN (0, 1));

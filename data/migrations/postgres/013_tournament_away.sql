-- 013, PostgreSQL: tournament entrants who are away, as data/migrations/013_tournament_away.sql.

ALTER TABLE tournament_entrants ADD COLUMN away INTEGER NOT NULL DEFAULT 0
    CHECK (away IN (0, 1));

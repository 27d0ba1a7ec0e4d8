-- 014, PostgreSQL: a tournament's announcements, each made once, as
-- data/migrations/014_tournament_announcements.sql.

CREATE TABLE tournament_announcements (
    tournament_id BIGINT  NOT NULL REFERENCES tournaments (tournament_id),
    round_no      INTEGER NOT NULL CHECK (round_no >= 0),
    posting_at    TEXT,
    announced_at  TEXT,
    PRIMARY KEY (tournament_id, round_no)
);

INSERT INTO tournament_announcements (tournament_id, round_no, posting_at, announced_at)
SELECT tournament_id, 0, finished_at, finished_at FROM tournaments
WHERE status = 'finished';

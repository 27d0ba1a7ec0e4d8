-- 014: a tournament's announcements, each made once (bot/tournament_runner/runner.py).
--
-- One row per announcement of a tournament: round_no 1..9 the standings after that round,
-- 0 the final ranking with the prizes. The final's row is written in the payout's own
-- transaction (to announce); a round's when its post is about to go out. ``posting_at``
-- is set before the post and ``announced_at`` after it: a row posting and not announced
-- after a restart may have been posted already (the runner looks in the channel first).

CREATE TABLE tournament_announcements (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (tournament_id),
    round_no      INTEGER NOT NULL CHECK (round_no >= 0),
    posting_at    TEXT,
    announced_at  TEXT,
    PRIMARY KEY (tournament_id, round_no)
) WITHOUT ROWID;

-- tournaments finished before this table existed were announced then
INSERT INTO tournament_announcements (tournament_id, round_no, posting_at, announced_at)
SELECT tournament_id, 0, finished_at, finished_at FROM tournaments
WHERE status = 'finished';

-- 009: interactions forwarded between cluster processes (bot/forwarding.py).
--
-- The process holding shard 0 receives every DM interaction; one meant for a table of
-- another process's guild gets a row here, and the owner is told through a PostgreSQL
-- notification. Whoever deletes the row first decides its fate: the owner when it takes
-- the interaction (it then answers it), the sender when no owner took it in time (it then
-- says the table is restarting). payload is the interaction's JSON when it did not fit in
-- the notification (8000 bytes), else NULL. Rows live seconds; the sender sweeps any left
-- by a crash. Forwarding needs PostgreSQL: on SQLite (one process) the table stays empty,
-- kept so both backends have the same schema.

CREATE TABLE forwarded_interactions (
    forward_id INTEGER PRIMARY KEY AUTOINCREMENT,
    shard      INTEGER NOT NULL CHECK (shard >= 0),
    payload    TEXT,
    created_at TEXT    NOT NULL
);

-- 009, PostgreSQL: interactions forwarded between cluster processes (as
-- data/migrations/009_forwarding.sql; see there).

CREATE TABLE forwarded_interactions (
    forward_id BIGSERIAL PRIMARY KEY,
    shard      INTEGER NOT NULL CHECK (shard >= 0),
    payload    TEXT,
    created_at TEXT COLLATE "C" NOT NULL
);

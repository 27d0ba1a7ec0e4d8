-- 005 (PostgreSQL): who sits where, and the beans an escaper still owes; the same tables
-- as data/migrations/005_seats_and_holds.sql (see there).
CREATE TABLE table_seats (
    guild_id   BIGINT NOT NULL,
    user_id    BIGINT NOT NULL,
    channel_id BIGINT NOT NULL REFERENCES live_tables (channel_id) ON DELETE CASCADE,
    PRIMARY KEY (guild_id, user_id)
);

CREATE INDEX table_seats_by_channel ON table_seats (channel_id);

CREATE TABLE holds (
    game_id    TEXT   NOT NULL REFERENCES games (game_id),
    guild_id   BIGINT NOT NULL,
    user_id    BIGINT NOT NULL,
    amount     BIGINT NOT NULL CHECK (amount >= 0),
    created_at TEXT COLLATE "C" NOT NULL,
    PRIMARY KEY (game_id, user_id),
    FOREIGN KEY (guild_id, user_id) REFERENCES players (guild_id, user_id)
);

CREATE INDEX holds_by_player ON holds (guild_id, user_id);

-- 005: who sits where, and the beans an escaper still owes.
-- A human holds at most one live seat per guild: the primary key refuses a second one, so
-- two joins at once cannot both seat the same player (the table runtime claims the seat
-- in memory first; this is the database's own guarantee).
CREATE TABLE table_seats (
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    channel_id INTEGER NOT NULL REFERENCES live_tables (channel_id) ON DELETE CASCADE,
    PRIMARY KEY (guild_id, user_id)
) WITHOUT ROWID;

CREATE INDEX table_seats_by_channel ON table_seats (channel_id);

-- An escaper (classic, super, four) leaves at once but pays when the deal ends: the beans
-- they brought, up to what they have free, are held when the escape is stored (in its
-- transaction) and released by the deal's settlement (in its transaction). Held beans
-- are not free to bring to another table, so that settlement can always be paid.
CREATE TABLE holds (
    game_id    TEXT    NOT NULL REFERENCES games (game_id),
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    amount     INTEGER NOT NULL CHECK (amount >= 0),
    created_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, user_id),
    FOREIGN KEY (guild_id, user_id) REFERENCES players (guild_id, user_id)
) WITHOUT ROWID;

CREATE INDEX holds_by_player ON holds (guild_id, user_id);

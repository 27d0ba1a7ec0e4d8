-- 002: game records (what restores a table after a restart and replays a game: rules,
-- seed, seats, balances, the action log, the turn deadline) and the live tables' state.

CREATE TABLE games (
    game_id       TEXT    PRIMARY KEY,
    guild_id      INTEGER NOT NULL REFERENCES guilds (guild_id),
    channel_id    INTEGER,
    rules_json    TEXT    NOT NULL,
    seed_json     TEXT    NOT NULL,  -- the seed as JSON (an int or a string)
    balances_json TEXT    NOT NULL,  -- the beans each seat brought, as a JSON list
    first_seat    INTEGER,  -- the first bidder when fixed (super rotates it), else NULL
    next_seq      INTEGER NOT NULL DEFAULT 0 CHECK (next_seq >= 0),  -- actions stored
    deadline_seq  INTEGER,  -- the action the running timer waits for
    deadline_at   REAL,     -- its deadline, epoch seconds
    status        TEXT    NOT NULL DEFAULT 'live'
                          CHECK (status IN ('live', 'settled', 'abandoned')),
    result_json   TEXT,
    created_at    TEXT    NOT NULL,
    finished_at   TEXT
);

CREATE INDEX games_live ON games (status, created_at) WHERE status = 'live';

CREATE TABLE game_seats (
    game_id  TEXT    NOT NULL REFERENCES games (game_id),
    seat     INTEGER NOT NULL CHECK (seat >= 0),
    guild_id INTEGER NOT NULL,
    user_id  INTEGER,  -- NULL: an AI seat
    name     TEXT    NOT NULL,
    ai_level TEXT,
    PRIMARY KEY (game_id, seat),
    FOREIGN KEY (guild_id, user_id) REFERENCES players (guild_id, user_id)
) WITHOUT ROWID;

CREATE TABLE game_actions (
    game_id     TEXT    NOT NULL REFERENCES games (game_id),
    seq         INTEGER NOT NULL CHECK (seq >= 0),
    action_json TEXT    NOT NULL,
    created_at  TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

-- The table runtime's own state per channel (JSON it owns), restored after a restart.
CREATE TABLE live_tables (
    channel_id INTEGER PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    data_json  TEXT    NOT NULL,
    updated_at TEXT    NOT NULL
);

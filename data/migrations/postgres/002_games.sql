-- 002, PostgreSQL: game records and the live tables' state (as data/migrations/002_games.sql).

CREATE TABLE games (
    game_id       TEXT COLLATE "C" PRIMARY KEY,
    guild_id      BIGINT  NOT NULL REFERENCES guilds (guild_id),
    channel_id    BIGINT,
    rules_json    TEXT    NOT NULL,
    seed_json     TEXT    NOT NULL,
    balances_json TEXT    NOT NULL,
    first_seat    INTEGER,
    next_seq      INTEGER NOT NULL DEFAULT 0 CHECK (next_seq >= 0),
    deadline_seq  INTEGER,
    deadline_at   DOUBLE PRECISION,  -- epoch seconds
    status        TEXT    NOT NULL DEFAULT 'live'
                          CHECK (status IN ('live', 'settled', 'abandoned')),
    result_json   TEXT,
    created_at    TEXT COLLATE "C" NOT NULL,
    finished_at   TEXT
);

CREATE INDEX games_live ON games (status, created_at) WHERE status = 'live';

CREATE TABLE game_seats (
    game_id  TEXT COLLATE "C" NOT NULL REFERENCES games (game_id),
    seat     INTEGER NOT NULL CHECK (seat >= 0),
    guild_id BIGINT  NOT NULL,
    user_id  BIGINT,
    name     TEXT    NOT NULL,
    ai_level TEXT,
    PRIMARY KEY (game_id, seat),
    FOREIGN KEY (guild_id, user_id) REFERENCES players (guild_id, user_id)
);

CREATE TABLE game_actions (
    game_id     TEXT COLLATE "C" NOT NULL REFERENCES games (game_id),
    seq         INTEGER NOT NULL CHECK (seq >= 0),
    action_json TEXT    NOT NULL,
    created_at  TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE live_tables (
    channel_id BIGINT PRIMARY KEY,
    guild_id   BIGINT NOT NULL,
    data_json  TEXT   NOT NULL,
    updated_at TEXT   NOT NULL
);

-- 007, PostgreSQL: a player's own settings (as data/migrations/007_player_settings.sql).

CREATE TABLE player_settings (
    user_id    BIGINT NOT NULL,
    key        TEXT COLLATE "C" NOT NULL,
    value_json TEXT   NOT NULL,
    updated_at TEXT   NOT NULL,
    PRIMARY KEY (user_id, key)
);

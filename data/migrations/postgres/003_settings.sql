-- 003, PostgreSQL: settings (as data/migrations/003_settings.sql).

CREATE TABLE guild_settings (
    guild_id   BIGINT NOT NULL,
    key        TEXT COLLATE "C" NOT NULL,
    value_json TEXT   NOT NULL,
    updated_at TEXT   NOT NULL,
    PRIMARY KEY (guild_id, key)
);

CREATE TABLE channel_settings (
    channel_id BIGINT NOT NULL,
    guild_id   BIGINT NOT NULL,
    key        TEXT COLLATE "C" NOT NULL,
    value_json TEXT   NOT NULL,
    updated_at TEXT   NOT NULL,
    PRIMARY KEY (channel_id, key)
);

CREATE INDEX channel_settings_by_guild ON channel_settings (guild_id, channel_id);

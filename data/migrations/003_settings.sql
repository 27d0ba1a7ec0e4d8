-- 003: settings. A channel's value overrides its guild's, which overrides the defaults.
-- Values are JSON; bot/store/settings.py knows the keys and their ranges.

CREATE TABLE guild_settings (
    guild_id   INTEGER NOT NULL,
    key        TEXT    NOT NULL,
    value_json TEXT    NOT NULL,
    updated_at TEXT    NOT NULL,
    PRIMARY KEY (guild_id, key)
) WITHOUT ROWID;

CREATE TABLE channel_settings (
    channel_id INTEGER NOT NULL,
    guild_id   INTEGER NOT NULL,
    key        TEXT    NOT NULL,
    value_json TEXT    NOT NULL,
    updated_at TEXT    NOT NULL,
    PRIMARY KEY (channel_id, key)
) WITHOUT ROWID;

CREATE INDEX channel_settings_by_guild ON channel_settings (guild_id, channel_id);

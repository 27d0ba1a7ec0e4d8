-- 007: a player's own settings, wherever they play (today: autopass, 要不起 by itself).
-- Values are JSON; bot/store/settings.py knows the keys (PLAYER_KEYS).

CREATE TABLE player_settings (
    user_id    INTEGER NOT NULL,
    key        TEXT    NOT NULL,
    value_json TEXT    NOT NULL,
    updated_at TEXT    NOT NULL,
    PRIMARY KEY (user_id, key)
) WITHOUT ROWID;

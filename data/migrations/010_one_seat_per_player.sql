-- 010: one live seat per player across every guild (issue 34): the primary key of
-- table_seats becomes the user alone, so a player seated at a table of a guild on one
-- cluster process cannot take a seat in another guild on another process; the join's
-- transaction (save_table) is refused (SeatTakenError, "already seated").
--
-- Rows already there: before this, a player could hold one seat per guild. Such a player
-- keeps ONE seat: the one at a table whose deal is being played first (a running deal
-- cannot lose a player), else at the most recently updated table (then the lowest
-- channel). The other rows are deleted; when the tables come back (TableManager.recover)
-- a table between deals frees the seat of a player who is seated elsewhere, and a table
-- whose running deal has such a player (one player in two running deals) is closed with
-- that deal void (no beans move), logged with its channel. Nothing is refused: the
-- migration cannot fail on existing rows.
CREATE TABLE table_seats_010 (
    user_id    INTEGER NOT NULL PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    channel_id INTEGER NOT NULL REFERENCES live_tables (channel_id) ON DELETE CASCADE
) WITHOUT ROWID;

INSERT INTO table_seats_010 (user_id, guild_id, channel_id)
SELECT user_id, guild_id, channel_id FROM (
    SELECT s.user_id, s.guild_id, s.channel_id, ROW_NUMBER() OVER (
        PARTITION BY s.user_id
        ORDER BY COALESCE(json_extract(t.data_json, '$.status') = 'playing', 0) DESC,
                 t.updated_at DESC, s.channel_id) AS kept
    FROM table_seats s JOIN live_tables t ON t.channel_id = s.channel_id)
WHERE kept = 1;

DROP TABLE table_seats;

ALTER TABLE table_seats_010 RENAME TO table_seats;

CREATE INDEX table_seats_by_channel ON table_seats (channel_id);

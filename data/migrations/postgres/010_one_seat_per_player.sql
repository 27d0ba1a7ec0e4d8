-- 010 (PostgreSQL): one live seat per player across every guild, as
-- data/migrations/010_one_seat_per_player.sql (see there: which seat a player seated in
-- two guilds keeps, and what happens to the others).
DELETE FROM table_seats WHERE (guild_id, user_id) IN (
    SELECT guild_id, user_id FROM (
        SELECT s.guild_id, s.user_id, ROW_NUMBER() OVER (
            PARTITION BY s.user_id
            ORDER BY COALESCE(t.data_json::jsonb ->> 'status' = 'playing', false) DESC,
                     t.updated_at DESC, s.channel_id) AS kept
        FROM table_seats s JOIN live_tables t ON t.channel_id = s.channel_id) ranked
    WHERE kept > 1);

ALTER TABLE table_seats DROP CONSTRAINT table_seats_pkey;

ALTER TABLE table_seats ADD PRIMARY KEY (user_id);

-- 011: a forwarded interaction's deadline (bot/store/pg/forward.py).
--
-- The sender waits this long for the owner; after it nobody may take the row (the sender
-- answers "the table is restarting"). The owner's listener, when it listens again after
-- losing its connection, takes the rows for its shards still within their deadline (their
-- notifications went while it was away), so the payload is now always in the row too.
-- PostgreSQL keeps it as TIMESTAMPTZ on the database's clock (see
-- data/migrations/postgres/011_forward_deadline.sql); on SQLite (one process, nothing
-- forwarded) the column only keeps both backends' schemas alike.

ALTER TABLE forwarded_interactions ADD COLUMN deadline TEXT;

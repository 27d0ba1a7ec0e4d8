-- 011, PostgreSQL: a forwarded interaction's deadline (as
-- data/migrations/011_forward_deadline.sql; see there). On the database's clock, so the
-- processes' clocks do not matter. The default (the forward timeout's default, 2 s) is for
-- a row queued by code older than this migration during a rolling upgrade.

ALTER TABLE forwarded_interactions
    ADD COLUMN deadline TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp() + interval '2 seconds';

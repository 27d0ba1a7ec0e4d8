"""PostgreSQL migrations: ``data/migrations/postgres/NNN_name.sql``, the same numbered set as
SQLite's, applied once per database.

The whole run holds a session advisory lock, so two processes starting together on a new
database apply each migration once between them (the second waits, then finds them
applied). Each file runs in its own transaction with the row that records it (DDL is
transactional in PostgreSQL: a migration is applied completely or not at all). Checksums
and the refusal of a database migrated by newer code are the SQLite side's
(:mod:`bot.store.migrations`).
"""

from __future__ import annotations

import asyncpg

from ..errors import MigrationError
from ..migrations import (
    BOOKKEEPING,
    AppliedMigration,
    Migration,
    applied_now,
    check_known,
    check_unchanged,
)


async def applied_migrations(raw: asyncpg.Connection) -> list[AppliedMigration]:
    rows = await raw.fetch("SELECT version, name, checksum, applied_at FROM schema_migrations "
                           "ORDER BY version")
    return [AppliedMigration(*r.values()) for r in rows]


async def migrate(raw: asyncpg.Connection, migrations: list[Migration], lock_key: int
                  ) -> list[int]:
    """Bring the database up to date under the advisory lock; the versions applied now."""
    await raw.execute("SELECT pg_advisory_lock($1)", lock_key)
    try:
        # a role with no CREATE on the schema (a runtime role given only its tables' rows)
        # opens a store that is up to date: PostgreSQL checks CREATE before "IF NOT EXISTS"
        if await raw.fetchval("SELECT to_regclass('schema_migrations')") is None:
            await raw.execute(BOOKKEEPING)
        check_known(await applied_migrations(raw), migrations)
        return [m.version for m in migrations if await _apply(raw, m)]
    finally:
        await raw.execute("SELECT pg_advisory_unlock($1)", lock_key)


async def _apply(raw: asyncpg.Connection, migration: Migration) -> bool:
    async with raw.transaction():
        stored = await raw.fetchval("SELECT checksum FROM schema_migrations WHERE version = $1",
                                    migration.version)
        if stored is not None:
            check_unchanged(stored, migration)
            return False
        try:
            await raw.execute(migration.sql)  # the whole script: plpgsql bodies stay whole
        except asyncpg.PostgresError as e:
            raise MigrationError(f"{migration.label} failed: {e}") from e
        await raw.execute("INSERT INTO schema_migrations (version, name, checksum, applied_at) "
                          "VALUES ($1, $2, $3, $4)", migration.version, migration.name,
                          migration.checksum, applied_now())
    return True

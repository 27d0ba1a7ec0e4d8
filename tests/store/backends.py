"""The store's backends under test: SQLite always, PostgreSQL when a server is given.

``DDZ_TEST_DATABASE_URL=postgresql://…`` (``.ci/run`` starts a server and sets it) runs
every contract test on PostgreSQL too, each in a schema of its own that is dropped after
it. Without it the suite runs on SQLite and says PostgreSQL was not tested; under
``CI=true`` that is a failure (tests/conftest.py).
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import asyncpg

from bot.store.pg.scratch import scratch_schema

PG_URL = os.environ.get("DDZ_TEST_DATABASE_URL", "").strip() or None
BACKENDS = ("sqlite", "postgresql") if PG_URL else ("sqlite",)
RAW_ERRORS = (sqlite3.DatabaseError, asyncpg.PostgresError)

Target = Path | str  # what Store.open takes: a file, or a URL


def rounds(sqlite: int, postgresql: int) -> list[tuple[str, int]]:
    """``(backend, n)`` parameters: ``sqlite`` rounds on SQLite, fewer on PostgreSQL where a
    round costs more (use with ``indirect=["backend"]``)."""
    counts = {"sqlite": sqlite, "postgresql": postgresql}
    return [(backend, n) for backend in BACKENDS for n in range(counts[backend])]


@asynccontextmanager
async def new_target(backend: str, folder: Path) -> AsyncIterator[Target]:
    """A place for a new, empty store on ``backend``."""
    if backend == "sqlite":
        yield folder / "db" / "store.db"
        return
    assert PG_URL is not None, "PostgreSQL was not configured"
    async with scratch_schema(PG_URL) as url:
        yield url


async def raw_execute(target: Target, sql: str, *, checks: bool = True) -> None:
    """Run ``sql`` on the database directly, not through the store (damage, tampering).
    ``checks=False`` turns off foreign keys (PostgreSQL: and triggers) for it."""
    if isinstance(target, Path):
        conn = sqlite3.connect(target)
        try:
            conn.execute(f"PRAGMA foreign_keys = {'ON' if checks else 'OFF'}")
            conn.execute(sql)
            conn.commit()
        finally:
            conn.close()
        return
    raw = await asyncpg.connect(target)
    try:
        if not checks:
            await raw.execute("SET session_replication_role = replica")
        await raw.execute(sql)
    finally:
        await raw.close()

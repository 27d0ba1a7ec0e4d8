"""The store's backends under test: SQLite always, PostgreSQL when a server is given.

``DDZ_TEST_DATABASE_URL=postgresql://…`` (``.ci/run`` starts a server and sets it) runs
every contract test on PostgreSQL too, each in a schema of its own that is dropped after
it. Without it the suite runs on SQLite and says PostgreSQL was not tested; under
``CI=true`` that is a failure (tests/conftest.py).
"""

from __future__ import annotations

import os
import sqlite3
import urllib.parse
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import asyncpg

PG_URL = os.environ.get("DDZ_TEST_DATABASE_URL", "").strip() or None
BACKENDS = ("sqlite", "postgresql") if PG_URL else ("sqlite",)
RAW_ERRORS = (sqlite3.DatabaseError, asyncpg.PostgresError)

Target = Path | str  # what Store.open takes: a file, or a URL


def with_search_path(url: str, schema: str) -> str:
    """``url`` with the schema as its search_path (asyncpg sends query parameters it does not
    know as server settings)."""
    parts = urllib.parse.urlsplit(url)
    query = [*urllib.parse.parse_qsl(parts.query), ("search_path", schema)]
    return urllib.parse.urlunsplit(parts._replace(query=urllib.parse.urlencode(query)))


@asynccontextmanager
async def new_target(backend: str, folder: Path) -> AsyncIterator[Target]:
    """A place for a new, empty store on ``backend``."""
    if backend == "sqlite":
        yield folder / "db" / "store.db"
        return
    assert PG_URL is not None, "PostgreSQL was not configured"
    schema = f"t_{uuid.uuid4().hex[:20]}"
    admin = await asyncpg.connect(PG_URL)
    try:
        await admin.execute(f'CREATE SCHEMA "{schema}"')
        yield with_search_path(PG_URL, schema)
    finally:
        await admin.execute(f'DROP SCHEMA "{schema}" CASCADE')
        await admin.close()


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

"""The PostgreSQL database: a pool of asyncpg connections and the transactions over it.

The guarantees are SQLite's (:mod:`bot.store.database`), kept across processes:

- every write transaction first takes one transaction-scoped advisory lock (per database
  and schema), so write transactions run one at a time, from any number of processes, as
  on SQLite's single writer (inside a process they queue on an asyncio lock first, so
  only one connection per process waits for the advisory lock): a read-check-write (a
  settlement's "not settled yet", a daily bonus's "not claimed today") cannot interleave
  with another. The lock goes with the commit or rollback, also when the process dies;
- a single self-contained statement (an action appended, a deadline, a saved table) takes
  no lock: the statement is atomic, and the action triggers lock the game's row;
- reads run on a pool of their own (they never wait for a connection a writer holds), in
  autocommit; a snapshot is one REPEATABLE READ, READ ONLY transaction (a consistent view).
"""

from __future__ import annotations

import asyncio
import contextlib
import urllib.parse
import zlib
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

import asyncpg

from ..errors import StoreClosedError
from ..migrations import PG_MIGRATIONS_DIR, find_migrations
from ..sql import Connection, WriteTimer, timed_write
from .connection import PgConnection, plain_row, to_postgres, without_nul
from .migrations import migrate

WRITERS = 3  # pooled connections for writes: one transaction at a time, and statements
_NAMESPACE = 0x44445A  # "DDZ": the high half of the store's advisory lock keys


def is_postgres_url(target: object) -> bool:
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))


def redact_url(url: str) -> str:
    """The URL without its password (for logs and errors)."""
    parts = urllib.parse.urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    netloc = f"{parts.username}:***@{host}" + (f":{parts.port}" if parts.port else "")
    return urllib.parse.urlunsplit(parts._replace(netloc=netloc))


def lock_key(purpose: str, database: str, schema: str) -> int:
    """A stable 64-bit advisory lock key for one purpose in one database and schema."""
    return (_NAMESPACE << 32) | zlib.crc32(f"{purpose}:{database}:{schema}".encode())


async def _keep_session(raw: asyncpg.Connection) -> None:
    """What a connection going back to the pool needs beyond asyncpg's own rollback of an
    open transaction: nothing. The store sets no session state (the search_path comes with
    the connection), so the default reset query (RESET ALL, UNLISTEN, advisory unlock) would
    only add a round trip to every read and write."""


class PgDatabase:
    """The pool, the write lock, and the transactions over them."""

    def __init__(self, url: str, writers: asyncpg.Pool, readers: asyncpg.Pool,
                 write_key: int) -> None:
        self.location = redact_url(url)
        self._writers = writers
        self._readers = readers
        self._write_key = write_key
        self._write_lock = asyncio.Lock()
        self._closed = False
        self.applied: list[int] = []
        self.on_write: WriteTimer | None = None

    @classmethod
    async def open(cls, url: str, *, migrations_dir: str | Path | None = None,
                   readers: int = 2, timeout_s: float = 30.0) -> PgDatabase:
        """Connect (a pool of writer connections, one of ``readers``) and migrate."""
        if readers < 1:
            raise ValueError("at least one reader connection is needed")
        migrations = find_migrations(migrations_dir or PG_MIGRATIONS_DIR)
        pools: list[asyncpg.Pool] = []
        try:
            for size in (WRITERS, readers):
                pools.append(await asyncpg.create_pool(
                    url, min_size=1, max_size=size, command_timeout=timeout_s,
                    timeout=timeout_s, reset=_keep_session))
            async with pools[0].acquire() as raw:
                database, schema = await raw.fetchrow(
                    "SELECT current_database(), current_schema()")
                if schema is None:
                    raise RuntimeError(f"{redact_url(url)}: no schema on the search_path "
                                       "to create the tables in")
                applied = await migrate(raw, migrations,
                                        lock_key("migrations", database, schema))
        except BaseException:
            for pool in pools:
                pool.terminate()
            raise
        db = cls(url, pools[0], pools[1], lock_key("writes", database, schema))
        db.applied = applied
        return db

    async def close(self) -> None:
        """Wait (a bounded time) for running work, then close every connection."""
        if self._closed:
            return
        self._closed = True
        for pool in (self._writers, self._readers):
            try:
                await asyncio.wait_for(pool.close(), 10)
            except TimeoutError:
                pool.terminate()

    @property
    def closed(self) -> bool:
        return self._closed

    @property
    def backend(self) -> str:
        return "postgresql"

    def _check_open(self) -> None:
        if self._closed:
            raise StoreClosedError("the store is closed")

    # ----------------------------------------------------------------- writing
    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[PgConnection]:
        """One write transaction, serialized with every other (any process): all or nothing."""
        self._check_open()
        async with timed_write(self.on_write, "transaction"), self._write_lock, \
                self._writers.acquire() as raw, raw.transaction():
            await raw.execute("SELECT pg_advisory_xact_lock($1)", self._write_key)
            yield PgConnection(raw)

    @contextlib.asynccontextmanager
    async def statement(self) -> AsyncIterator[PgConnection]:
        """A connection for one self-contained statement (autocommit, atomic on its own)."""
        self._check_open()
        async with timed_write(self.on_write, "statement"), self._writers.acquire() as raw:
            yield PgConnection(raw)

    # ----------------------------------------------------------------- reading
    @contextlib.asynccontextmanager
    async def reader(self) -> AsyncIterator[PgConnection]:
        self._check_open()
        async with self._readers.acquire() as raw:
            yield PgConnection(raw)

    @contextlib.asynccontextmanager
    async def snapshot(self) -> AsyncIterator[PgConnection]:
        self._check_open()
        async with self._readers.acquire() as raw, raw.transaction(
                isolation="repeatable_read", readonly=True):
            yield PgConnection(raw)

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        self._check_open()
        async with self._readers.acquire() as raw:
            return [plain_row(r) for r in await raw.fetch(to_postgres(sql),
                                                          *without_nul(params))]

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Any | None:
        rows = await self.fetch_all(sql, params)
        return rows[0] if rows else None

    async def table_names(self, conn: Connection) -> list[str]:
        rows = await conn.execute_fetchall(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = "
            "current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name")
        return [str(r[0]) for r in rows]

"""What the store's SQL runs on, whichever the backend: the connection protocol the mixins
use (the part of aiosqlite's API they need, which the PostgreSQL adapter also offers), the
database protocol (transactions, statements, readers, snapshots) and small fetch helpers.

The mixins write portable SQL with ``?`` placeholders; :mod:`bot.store.pg` turns it into
PostgreSQL's ``$1, $2, …`` and maps its errors. Only :mod:`bot.store.database` (SQLite)
and :mod:`bot.store.pg` know which database they talk to.
"""

from __future__ import annotations

import contextlib
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

import asyncpg

# a constraint or trigger refused a write (the backends' own exception types)
INTEGRITY_ERRORS: tuple[type[Exception], ...] = (sqlite3.IntegrityError,
                                                 asyncpg.IntegrityConstraintViolationError)


WriteTimer = Callable[[str, float], None]
"""``observe(kind, seconds)``: a write (a ``transaction`` or a ``statement``) took so long,
from asking for the writer to its commit (the metrics' store write latency)."""


@contextlib.asynccontextmanager
async def timed_write(observe: WriteTimer | None, kind: str) -> AsyncIterator[None]:
    """Tell ``observe`` how long the write inside took (failed or not)."""
    started = time.perf_counter()
    try:
        yield
    finally:
        if observe is not None:
            observe(kind, time.perf_counter() - started)


class Cursor(Protocol):
    @property
    def rowcount(self) -> int: ...


class Connection(Protocol):
    """One connection of a backend, inside a transaction, a statement or a read."""

    @property
    def in_transaction(self) -> bool: ...

    async def execute(self, sql: str, parameters: Sequence[Any] = ...) -> Cursor: ...

    async def execute_fetchall(self, sql: str, parameters: Sequence[Any] = ...
                               ) -> Iterable[Any]: ...

    async def executemany(self, sql: str, parameters: Iterable[Sequence[Any]]) -> Any: ...


class Database(Protocol):
    """A backend: what the store's mixins ask of it."""

    applied: list[int]
    on_write: WriteTimer | None  # told how long each write took

    @property
    def location(self) -> str: ...  # where the data is (a file, or a URL without its password)

    @property
    def closed(self) -> bool: ...

    @property
    def backend(self) -> str: ...

    async def close(self) -> None: ...

    def transaction(self) -> AbstractAsyncContextManager[Connection]: ...

    def statement(self) -> AbstractAsyncContextManager[Connection]: ...

    def reader(self) -> AbstractAsyncContextManager[Connection]: ...

    def snapshot(self) -> AbstractAsyncContextManager[Connection]: ...

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Any]: ...

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Any | None: ...

    async def table_names(self, conn: Connection) -> list[str]: ...


async def fetch(conn: Connection, sql: str, params: Sequence[Any] = ()) -> list[Any]:
    """All rows of ``sql`` on ``conn`` (one round trip)."""
    return list(await conn.execute_fetchall(sql, params))


async def fetch_one(conn: Connection, sql: str, params: Sequence[Any] = ()) -> Any | None:
    rows = await conn.execute_fetchall(sql, params)
    for row in rows:
        return row
    return None


async def execute_many(conn: Connection, sql: str, rows: Iterable[Sequence[Any]]) -> None:
    batch = list(rows)
    if batch:
        await conn.executemany(sql, batch)

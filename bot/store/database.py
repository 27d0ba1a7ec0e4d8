"""Connections to the SQLite file: one writer, a few readers.

Every write runs in :meth:`Database.transaction` or :meth:`Database.statement`, on the one
writer connection. A transaction has the writer to itself (writes queue up in order behind
it): ``BEGIN IMMEDIATE`` claims SQLite's write lock at once (so another process waits
``busy_timeout`` instead of failing half-way), and the body either commits as a whole or is
rolled back, also when it raises or is cancelled. Self-contained statements (autocommit)
share the writer with each other: aiosqlite runs its connection's calls one by one in
order, so many statements go to its thread together and are answered in one turn of the
event loop, instead of one loop turn after another when each waited for the last (at 500
busy tables the event loop's turns made a queue of a second; issue 37). Reads
go through a small pool of read-only connections; in WAL mode they see the last
committed state and never wait for the writer. :meth:`Database.snapshot` gives a
multi-statement read one consistent view.

Each aiosqlite connection runs its sqlite3 connection in its own thread; the event loop
only awaits.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import logging
import os
import secrets
import sqlite3
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

import aiorwlock
import aiosqlite

from .errors import StoreClosedError, StoreUnavailableError
from .maintenance import check_before_serving
from .migrations import MIGRATIONS_DIR, find_migrations, migrate
from .sql import Connection, WriteTimer, timed_write

SYNCHRONOUS = ("OFF", "NORMAL", "FULL", "EXTRA")

log = logging.getLogger(__name__)


def unavailable(err: sqlite3.OperationalError) -> StoreUnavailableError:
    """The typed error for a database that did not answer, logged once with its id."""
    error_id = secrets.token_hex(4)
    log.warning("the database did not answer (error id %s): %s", error_id, err)
    return StoreUnavailableError(f"the database did not answer ({err}); error id {error_id}",
                                 error_id=error_id)


class Database:
    """The writer, the readers, and the transactions over them."""

    def __init__(self, path: Path, writer: aiosqlite.Connection,
                 readers: list[aiosqlite.Connection]) -> None:
        self.path = path
        self._writer = writer
        self._all_readers = readers
        self._readers: asyncio.Queue[aiosqlite.Connection] = asyncio.Queue()
        for reader in readers:
            self._readers.put_nowait(reader)
        # the writer: shared by statements ("readers" of the lock), a transaction's alone
        self._writer_turns = aiorwlock.RWLock(fast=True)
        self._closed = False
        self.applied: list[int] = []  # migration versions applied by this open
        self.on_write: WriteTimer | None = None

    # ----------------------------------------------------------------- opening
    @classmethod
    async def open(cls, path: str | Path, *, migrations_dir: str | Path | None = None,
                   readers: int = 2, busy_timeout_ms: int = 10_000,
                   synchronous: str = "NORMAL") -> Database:
        """Open (creating the file and its folder if needed) and migrate the database."""
        if synchronous.upper() not in SYNCHRONOUS:
            raise ValueError(f"synchronous must be one of {SYNCHRONOUS}, not {synchronous!r}")
        if readers < 1:
            raise ValueError("at least one reader connection is needed")
        file = Path(path)
        file.parent.mkdir(parents=True, exist_ok=True)
        migrations = find_migrations(migrations_dir or MIGRATIONS_DIR)
        opened: list[aiosqlite.Connection] = []
        # one opener of the folder at a time checks and migrates (two processes starting
        # on a new file: the second sees the first one's schema, not a half-made one)
        folder = os.open(file.parent, os.O_RDONLY)
        try:
            await asyncio.to_thread(fcntl.flock, folder, fcntl.LOCK_EX)
            await asyncio.to_thread(check_before_serving, file)  # before any write
            writer = await _connect(file, busy_timeout_ms, synchronous.upper(), opened)
            rows = await _switch_to_wal(writer, busy_timeout_ms)
            if str(rows[0][0]).lower() != "wal":
                raise RuntimeError(f"{file}: could not switch to WAL mode ({rows[0][0]})")
            applied = await migrate(writer, migrations)
            pool = [await _connect(file, busy_timeout_ms, synchronous.upper(), opened,
                                   read_only=True) for _ in range(readers)]
        except BaseException:
            for conn in opened:
                with contextlib.suppress(Exception):
                    await conn.close()
            raise
        finally:
            os.close(folder)  # releases the lock
        db = cls(file, writer, pool)
        db.applied = applied
        return db

    async def checkpoint(self) -> None:
        """Copy the write-ahead log into the database and truncate it (keeps the log
        small; readers and later writes go on)."""
        async with self.statement() as conn:
            # fetched to the end: a pragma's cursor left open keeps its statement "in
            # progress", and the next transaction's COMMIT fails on it
            await conn.execute_fetchall("PRAGMA wal_checkpoint(TRUNCATE)")

    async def close(self) -> None:
        """Wait for the running write, then close every connection. Idempotent."""
        if self._closed:
            return
        self._closed = True
        async with self._writer_turns.writer_lock:
            with contextlib.suppress(Exception):
                await self._writer.execute("PRAGMA optimize")
            await self._writer.close()
        # let running reads finish (a bounded wait: a reader lost by a cancelled task must
        # not hang the shutdown), then close every reader
        with contextlib.suppress(TimeoutError):
            for _ in self._all_readers:
                await asyncio.wait_for(self._readers.get(), 5)
        for reader in self._all_readers:
            with contextlib.suppress(Exception):
                await reader.close()

    @property
    def closed(self) -> bool:
        return self._closed

    @property
    def backend(self) -> str:
        return "sqlite"

    @property
    def location(self) -> str:
        return str(self.path)

    async def table_names(self, conn: Connection) -> list[str]:
        rows = await conn.execute_fetchall(
            "SELECT name FROM sqlite_master WHERE type = 'table' "
            "AND name NOT LIKE 'sqlite_%' ORDER BY name")
        return [str(r[0]) for r in rows]

    def _check_open(self) -> None:
        if self._closed:
            raise StoreClosedError("the store is closed")

    # ----------------------------------------------------------------- writing
    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction on the writer connection: all of it or nothing."""
        async with timed_write(self.on_write, "transaction"), \
                self._writing(alone=True) as conn:
            await conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
                await conn.execute("COMMIT")
            except BaseException:
                with contextlib.suppress(BaseException):
                    await asyncio.shield(self._rollback())
                raise

    @contextlib.asynccontextmanager
    async def statement(self) -> AsyncIterator[aiosqlite.Connection]:
        """The writer for one self-contained statement (autocommit: SQLite makes the
        statement, triggers included, atomic): one round trip instead of a transaction's
        BEGIN … COMMIT. Statements share the writer (never with a transaction): the body
        must not rely on the statements of others not coming between its own."""
        async with timed_write(self.on_write, "statement"), \
                self._writing(alone=False) as conn:
            yield conn

    @contextlib.asynccontextmanager
    async def _writing(self, *, alone: bool) -> AsyncIterator[aiosqlite.Connection]:
        """The writer connection, for a transaction ``alone`` or shared by statements."""
        self._check_open()
        turns = self._writer_turns
        async with turns.writer_lock if alone else turns.reader_lock:
            self._check_open()
            conn = self._writer
            try:
                if conn.in_transaction:  # left open by a cancelled caller: never reuse it
                    await self._rollback_stale()
                yield conn
            except sqlite3.OperationalError as err:  # locked, full, I/O: nothing written
                raise unavailable(err) from err

    async def _rollback(self) -> None:
        if self._writer.in_transaction:
            await self._writer.execute("ROLLBACK")

    async def _rollback_stale(self) -> None:
        """Roll back a transaction a cancelled caller left open. Statements sharing the
        writer may each see it open: the first one's ROLLBACK ends it, the others' find
        none, which is what they wanted."""
        try:
            await self._writer.execute("ROLLBACK")
        except sqlite3.OperationalError as err:
            if "no transaction is active" not in str(err):
                raise

    # ----------------------------------------------------------------- reading
    @contextlib.asynccontextmanager
    async def reader(self) -> AsyncIterator[aiosqlite.Connection]:
        """A read-only connection from the pool (autocommit: each statement its own view)."""
        self._check_open()
        conn = await self._readers.get()
        try:
            if conn.in_transaction:
                await conn.execute("ROLLBACK")
            yield conn
        except sqlite3.OperationalError as err:
            raise unavailable(err) from err
        finally:
            self._readers.put_nowait(conn)

    @contextlib.asynccontextmanager
    async def snapshot(self) -> AsyncIterator[aiosqlite.Connection]:
        """A read-only connection inside one read transaction: a consistent view."""
        async with self.reader() as conn:
            await conn.execute("BEGIN")
            try:
                yield conn
            finally:
                with contextlib.suppress(Exception):
                    await asyncio.shield(conn.execute("COMMIT"))

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        async with self.reader() as conn:
            return list(await conn.execute_fetchall(sql, params))

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Any | None:
        rows = await self.fetch_all(sql, params)
        return rows[0] if rows else None


# ---------------------------------------------------------------------------- helpers
async def _switch_to_wal(conn: aiosqlite.Connection, busy_timeout_ms: int) -> list[Any]:
    """``PRAGMA journal_mode = WAL``, retried while another connection opening the same
    new file holds it: SQLite answers "database is locked" at once there, without the
    busy timeout (two processes starting together on a fresh database)."""
    waited = 0.0
    while True:
        try:
            return list(await conn.execute_fetchall("PRAGMA journal_mode = WAL"))
        except sqlite3.OperationalError as err:
            if "locked" not in str(err) or waited * 1000 >= busy_timeout_ms:
                raise
        await asyncio.sleep(0.01)
        waited += 0.01


async def _connect(file: Path, busy_timeout_ms: int, synchronous: str,
                   opened: list[aiosqlite.Connection], *, read_only: bool = False
                   ) -> aiosqlite.Connection:
    conn = await aiosqlite.connect(str(file), isolation_level=None)
    opened.append(conn)
    pragmas = [f"PRAGMA busy_timeout = {int(busy_timeout_ms)}", "PRAGMA foreign_keys = ON",
               f"PRAGMA synchronous = {synchronous}"]
    if read_only:
        pragmas.append("PRAGMA query_only = ON")
    for pragma in pragmas:
        await conn.execute(pragma)
    return conn

"""The SQLite writer's turns: statements share it, a transaction has it alone (issue 37: at
500 busy tables one statement after another, each a turn of the event loop, made a queue
of a second)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store.database import Database

WAIT_S = 2.0


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    opened = await Database.open(tmp_path / "turns.db")
    async with opened.statement() as conn:
        await conn.execute("CREATE TABLE notes (n INTEGER)")
    yield opened
    await opened.close()


async def _noted(db: Database) -> list[int]:
    return [int(r[0]) for r in await db.fetch_all("SELECT n FROM notes ORDER BY rowid")]


async def _held_statement(db: Database, n: int, inside: asyncio.Event,
                          release: asyncio.Event) -> None:
    async with db.statement() as conn:
        inside.set()
        await release.wait()
        await conn.execute("INSERT INTO notes VALUES (?)", (n,))


async def _statement(db: Database, n: int) -> None:
    async with db.statement() as conn:
        await conn.execute("INSERT INTO notes VALUES (?)", (n,))


async def test_statements_share_the_writer(db: Database) -> None:
    inside, release = asyncio.Event(), asyncio.Event()
    first = asyncio.create_task(_held_statement(db, 1, inside, release))
    await inside.wait()
    try:  # a second statement is written while the first is still in its body
        await asyncio.wait_for(_statement(db, 2), WAIT_S)
        assert await _noted(db) == [2]
    finally:
        release.set()
        await first
    assert await _noted(db) == [2, 1]


async def test_a_transaction_has_the_writer_alone(db: Database) -> None:
    inside, release = asyncio.Event(), asyncio.Event()

    async def transaction() -> None:
        async with db.transaction() as conn:
            await conn.execute("INSERT INTO notes VALUES (1)")
            inside.set()
            await release.wait()
            await conn.execute("INSERT INTO notes VALUES (2)")

    held = asyncio.create_task(transaction())
    await inside.wait()
    statement = asyncio.create_task(_statement(db, 3))
    await asyncio.sleep(0.2)
    assert not statement.done()  # it waits: it never lands inside the transaction
    assert await _noted(db) == []  # nothing committed yet
    release.set()
    await asyncio.wait_for(asyncio.gather(held, statement), WAIT_S)
    assert await _noted(db) == [1, 2, 3]


async def test_a_waiting_transaction_goes_before_later_statements(db: Database) -> None:
    inside, release = asyncio.Event(), asyncio.Event()
    running = asyncio.create_task(_held_statement(db, 1, inside, release))
    await inside.wait()

    async def transaction() -> None:
        async with db.transaction() as conn:
            await conn.execute("INSERT INTO notes VALUES (2)")

    waiting = asyncio.create_task(transaction())
    await asyncio.sleep(0.05)
    later = asyncio.create_task(_statement(db, 3))
    await asyncio.sleep(0.2)
    # the transaction waits for the statement in its body; the later one for the transaction
    assert not waiting.done() and not later.done()
    release.set()
    await asyncio.wait_for(asyncio.gather(running, waiting, later), WAIT_S)
    assert await _noted(db) == [1, 2, 3]


async def test_a_transaction_left_open_is_rolled_back_once(db: Database) -> None:
    # as a cancelled caller can leave it: two statements both find it open
    async with db.transaction() as conn:
        await conn.execute("INSERT INTO notes VALUES (0)")
    writer = db._writer
    await writer.execute("BEGIN")
    await writer.execute("INSERT INTO notes VALUES (9)")
    await asyncio.wait_for(asyncio.gather(_statement(db, 1), _statement(db, 2)), WAIT_S)
    assert sorted(await _noted(db)) == [0, 1, 2]  # the open one's 9 is gone
    assert not writer.in_transaction

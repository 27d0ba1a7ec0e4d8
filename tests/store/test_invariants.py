"""The audit: check_invariants finds every kind of damage; the ledger is append-only; reads
do not wait for the writer."""

from __future__ import annotations

import asyncio

import pytest

from bot.engine import GameLog, Rules
from bot.store import InvariantError, SeatSettlement, Settlement, Store

from .backends import RAW_ERRORS, Target, raw_execute
from .helpers import GUILD


async def _books(target: Target) -> None:
    async with Store.open(target) as store:
        for u in (1, 2, 3):
            await store.ensure_player(GUILD, u, f"p{u}")
        await store.create_game("g1", GUILD, None,
                                GameLog(Rules.preset("classic"), 1, (10_000,) * 3),
                                [{"user_id": u, "name": f"p{u}"} for u in (1, 2, 3)])
        await store.append_action("g1", 0, '{"t": "bid", "seat": 0, "points": 3}')
        await store.settle(Settlement("g1", GUILD, (
            SeatSettlement(1, 600, 5, 6, "landlord", True),
            SeatSettlement(2, -300, 5, -3, "farmer", False),
            SeatSettlement(3, -300, 5, -3, "farmer", False))))
        report = await store.check_invariants()
        assert report.ok and report.raise_if_broken() is report
        assert (report.guilds, report.accounts, report.settlements) == (1, 4, 1)
        assert report.minted == report.held == 30_000
        assert "invariants hold" in str(report)


@pytest.mark.parametrize(("damage", "found"), [
    ("UPDATE players SET balance = balance + 1 WHERE user_id = 1", "ledger rows sum"),
    ("UPDATE guilds SET house_balance = 0", "house of guild"),
    ("UPDATE players SET games = games + 1, wins = wins + 1 WHERE user_id = 2", "counters"),
    ("UPDATE players SET points = 7 WHERE user_id = 3", "counters"),
    ("UPDATE games SET status = 'live'", "a settlement exists"),
    ("DELETE FROM settlements", "no settlement"),
    ("UPDATE games SET next_seq = 5", "next_seq"),
    ("UPDATE settlement_seats SET fee = 50 WHERE seat = 1", "ledger books"),
    ("UPDATE settlements SET house_delta = 1", "house_delta"),
    ("INSERT INTO ledger (guild_id, user_id, amount, balance_after, reason, created_at) "
     "SELECT 1001, 1, 5, 99, 'grant', 'now'", "balance_after"),
])
async def test_damage_is_reported(target: Target, damage: str, found: str) -> None:
    await _books(target)
    await raw_execute(target, damage, checks=False)
    async with Store.open(target) as store:
        report = await store.check_invariants()
        assert not report.ok
        assert not (await store.check_invariants(GUILD)).ok
        assert (await store.check_invariants(GUILD + 1)).ok  # another guild's books are fine
        assert any(found in p for p in report.problems), str(report)
        with pytest.raises(InvariantError) as info:
            report.raise_if_broken()
        assert info.value.report is report and found in str(info.value)


async def test_the_ledger_is_append_only(target: Target) -> None:
    await _books(target)
    for sql in ("UPDATE ledger SET amount = 1", "DELETE FROM ledger"):
        with pytest.raises(RAW_ERRORS, match="append-only"):
            await raw_execute(target, sql)


async def test_reads_do_not_wait_for_the_writer(store: Store, players: list[int]) -> None:
    entered, release = asyncio.Event(), asyncio.Event()

    async def long_write() -> None:
        async with store._db.transaction() as conn:
            await conn.execute("UPDATE players SET name = 'renamed' WHERE user_id = 1")
            entered.set()
            await release.wait()

    writer = asyncio.create_task(long_write())
    await entered.wait()
    # the writer holds the write lock; reads still answer, from the last commit
    player = await asyncio.wait_for(store.get_player(GUILD, 1), 2)
    assert player is not None and player.name == "player 1"
    board = await asyncio.wait_for(store.leaderboard(GUILD), 2)
    assert board.total == 4
    release.set()
    await writer
    renamed = await store.get_player(GUILD, 1)
    assert renamed is not None and renamed.name == "renamed"


async def test_closed_store_refuses_work(target: Target) -> None:
    from bot.store import StoreClosedError

    store = await Store.open(target)
    await store.close()
    await store.close()  # twice is fine
    assert store.closed
    with pytest.raises(StoreClosedError):
        await store.ensure_player(GUILD, 1, "late")
    with pytest.raises(StoreClosedError):
        await store.get_player(GUILD, 1)

"""Store faults heal without a restart (issue 12): a write lock held past the busy
timeout, a full disk; the table tells its channel once and carries on by itself."""

from __future__ import annotations

import sqlite3

import pytest

from bot.engine import Rules
from bot.store import Store, StoreUnavailableError
from bot.tables import DealEnded, SavingDelayed
from bot.tables.turns import RETRY_FIRST_S

from .helpers import make_manager, play_out, quick_decide, run_until

GUILD, CH, ALICE = 1, 10, 101


async def _table(manager, variant: str):
    await manager.create(CH, GUILD, ALICE, "alice", Rules.preset(variant))
    table = manager._tables[CH]
    while not table.is_full:
        await manager.add_ai(CH, ALICE)
    return table


def _waiting_for_clock(manager, clock):
    def waiting() -> bool:
        table = manager._tables.get(CH)
        return table is None or table.status != "playing" or \
            any(not s[2].done() for s in clock._sleepers)
    return waiting


async def test_a_write_lock_held_past_the_busy_timeout(tmp_path) -> None:
    path = tmp_path / "ddz.db"
    store = await Store.open(path, busy_timeout_ms=50)
    manager, presenter, clock = make_manager(store)
    table = await _table(manager, "classic")
    game_id = await manager.start(CH, ALICE)
    await run_until(lambda: table.game.to_act == 0 and  # her turn timer is running
                    any(not s[2].done() for s in clock._sleepers))
    other = sqlite3.connect(path, isolation_level=None)  # another process holds the lock
    other.execute("BEGIN IMMEDIATE")
    seq = table.seq
    action = quick_decide(table.game.view(0), "normal", 0)
    with pytest.raises(StoreUnavailableError) as err:  # a player is told, nothing changes
        await manager.act(CH, ALICE, lambda s: type(action)(**{**action.__dict__, "seat": s}))
    assert err.value.error_id and "locked" in str(err.value)
    assert table.seq == seq
    other.execute("ROLLBACK")
    await manager.act(CH, ALICE, lambda s: type(action)(**{**action.__dict__, "seat": s}))
    other.execute("BEGIN IMMEDIATE")  # before the AI seat's move is stored
    await run_until(lambda: presenter.of_type(SavingDelayed))
    stuck = table.seq
    await run_until(lambda: any(not s[2].done() for s in clock._sleepers))
    await clock.advance(0.6)  # a retry while the lock is still held: not told again
    await run_until(lambda: table.failures >= 2)
    assert table.seq == stuck and len(presenter.of_type(SavingDelayed)) == 1
    other.execute("ROLLBACK")
    other.close()
    await clock.advance(2)  # the next retry finds the store answering
    await play_out(manager, CH, {0: ALICE})
    assert [e.game_id for e in presenter.of_type(DealEnded)] == [game_id]
    assert (await store.get_game(game_id)).status == "settled"
    assert len(presenter.of_type(SavingDelayed)) == 1 and not table.delayed
    assert (await store.check_invariants()).ok
    await manager.shutdown()
    await store.close()


async def test_a_full_disk_then_cleared(tmp_path) -> None:
    """Every write fails with SQLite's "database or disk is full" (injected at the
    driver) from Alice's second timeout on; cleared, the deal goes on to its settlement."""
    store = await Store.open(tmp_path / "ddz.db")
    manager, presenter, clock = make_manager(store)
    table = await _table(manager, "happy")
    game_id = await manager.start(CH, ALICE)
    writer = store._db._writer
    execute = writer.execute
    full = {"on": False}

    def faulty(sql, *args, **kwargs):
        if full["on"] and sql.lstrip().split()[0].upper() in ("INSERT", "UPDATE", "DELETE"):
            raise sqlite3.OperationalError("database or disk is full")
        return execute(sql, *args, **kwargs)

    writer.execute = faulty
    waiting = _waiting_for_clock(manager, clock)
    await run_until(lambda: table.game.to_act == 0)
    await clock.advance(60)  # Alice's first timeout is stored
    # the disk fills once her next turn's timer is armed (nothing of the table in flight)
    await run_until(lambda: table.game.to_act == 0 and waiting())
    full["on"] = True
    for _ in range(6):  # the second timeout and its retries fail
        await run_until(waiting)
        await clock.advance(5)
    assert len(presenter.of_type(SavingDelayed)) == 1 and table.failures >= 3
    assert table.status == "playing" and not presenter.of_type(DealEnded)
    full["on"] = False
    for _ in range(400):
        await run_until(waiting)
        if manager._tables.get(CH) is not table or table.status != "playing":
            break
        await clock.advance(31)
    assert [e.game_id for e in presenter.of_type(DealEnded)] == [game_id]
    assert (await store.get_game(game_id)).status == "settled"
    assert (await store.check_invariants()).ok
    await manager.shutdown()
    await store.close()


async def test_a_settlement_that_fails_is_retried(tmp_path) -> None:
    """The last action is stored but the settlement meets a locked store: it is settled
    later by the table itself (once)."""
    store = await Store.open(tmp_path / "ddz.db")
    manager, presenter, clock = make_manager(store)
    settle = store.settle
    failing = {"n": 2}

    async def flaky(settlement):
        if failing["n"]:
            failing["n"] -= 1
            raise StoreUnavailableError("database is locked", error_id="test")
        return await settle(settlement)

    store.settle = flaky
    table = await _table(manager, "classic")
    game_id = await manager.start(CH, ALICE)

    async def alice_plays() -> None:
        await play_out(manager, CH, {0: ALICE})

    import asyncio

    task = asyncio.create_task(alice_plays())
    await run_until(lambda: table.game is not None and table.game.is_over)

    def retry_armed(delay: float):
        return lambda: any(not s[2].done() and s[0] - clock.now() == delay
                           for s in clock._sleepers)

    # Each retry waits for its own timer: a turn timer of the deal may still be pending
    # while the last action is being stored, so "any timer pending" raced a slow store.
    for delay in (RETRY_FIRST_S, 2 * RETRY_FIRST_S):  # two failures, with the backoff
        await run_until(retry_armed(delay))
        await clock.advance(delay)
    await run_until(lambda: table.status != "playing")
    await task
    assert failing["n"] == 0 and table.status in ("between", "lobby")
    assert [e.game_id for e in presenter.of_type(DealEnded)] == [game_id]
    assert len(presenter.of_type(SavingDelayed)) == 1
    assert (await store.check_invariants()).ok
    await manager.shutdown()
    await store.close()


async def test_a_fault_after_an_automatic_move_is_told_once(tmp_path) -> None:
    """Alice's turn times out and the AI seats move (all stored), but saving the timer of
    her next turn fails, and fails again at the first retries. Before: the automatic turn
    reset the notice right after its failure, so the table was told again at a retry."""
    store = await Store.open(tmp_path / "ddz.db")
    manager, presenter, clock = make_manager(store)
    set_deadline = store.set_deadline
    failing = {"n": 0}

    async def flaky(game_id, seq, deadline):
        if failing["n"]:
            failing["n"] -= 1
            raise StoreUnavailableError("database or disk is full", error_id="test")
        return await set_deadline(game_id, seq, deadline)

    store.set_deadline = flaky
    table = await _table(manager, "classic")
    await manager.start(CH, ALICE)
    game = table.game
    await run_until(lambda: game.to_act == 0)
    while game.phase != "play":  # Alice bids by hand
        action = quick_decide(game.view(0), "normal", 0)
        await manager.act(CH, ALICE, lambda s, a=action: type(a)(**{**a.__dict__, "seat": s}))
        await run_until(lambda: game.to_act == 0 or game.phase == "play")
    await run_until(lambda: game.to_act == 0 and table.deadline is not None)
    seq = table.seq
    failing["n"] = 3  # from now on the timer of her next turn cannot be saved (3 times)
    await clock.advance(60)  # her turn times out; the AI seats play on
    await run_until(lambda: presenter.of_type(SavingDelayed))
    assert table.seq > seq and game.to_act == 0 and not game.is_over
    for _ in range(6):  # the retries: two more failures, then it is saved
        await run_until(_waiting_for_clock(manager, clock))
        if failing["n"] == 0 and not table.delayed:
            break
        await clock.advance(5)
    assert failing["n"] == 0 and not table.delayed
    assert len(presenter.of_type(SavingDelayed)) == 1
    await manager.shutdown()
    await store.close()

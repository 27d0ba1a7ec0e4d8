"""Issue 12: the bugs found under fault testing (each test failed before its fix)."""

from __future__ import annotations

import asyncio
import json
import sqlite3

import pytest

from bot.engine import Action, Pass, Rules
from bot.store import SeatTakenError
from bot.tables import DealEnded, SeatsChanged, TableClosed, TableError

from .helpers import make_manager, open_store, play_out, run_until

GUILD = 1
CH = 10
ALICE, BOB, CAROL, DAN = 101, 102, 103, 104


async def _table(manager, channel, variant="classic", humans=(ALICE,), **room):
    await manager.create(channel, GUILD, humans[0], f"user{humans[0]}",
                         Rules.preset(variant, **room))
    for user in humans[1:]:
        await manager.join(channel, user, f"user{user}")
    table = manager._tables[channel]
    while not table.is_full:
        await manager.add_ai(channel, humans[0])
    return table


# ---------------------------------------------------------------- bug 1
async def test_an_escaped_deal_is_settled_after_the_escaper_lost_elsewhere(tmp_path) -> None:
    """Bob escapes a classic deal, then loses all he brought at another table; the escaped
    deal's settlement still finds his beans (they were held at the escape)."""
    store = await open_store(tmp_path)
    manager, presenter, _ = make_manager(store)
    table = await _table(manager, CH, humans=(ALICE, BOB))
    first = await manager.start(CH, ALICE)
    assert await manager.leave(CH, BOB) == "escaped"
    assert await store.held_beans(GUILD, BOB) == 10_000
    await store.grant(GUILD, BOB, 2_000, "test", 1)
    # a high room: an escape there costs 3 points of 10 000 beans, all Bob has with him
    await _table(manager, CH + 1, humans=(BOB,), N=10_000)
    second = await manager.start(CH + 1, BOB)
    assert await manager.leave(CH + 1, BOB) == "escaped"
    await run_until(lambda: any(e.game_id == second for e in presenter.of_type(DealEnded)))
    assert await store.balance(GUILD, BOB) >= 10_000  # the held beans were not touched
    await play_out(manager, CH, {0: ALICE})
    assert any(e.game_id == first for e in presenter.of_type(DealEnded))
    assert table.status in ("between", "lobby")
    assert await store.held_beans(GUILD, BOB) == 0  # released by the settlement
    assert (await store.get_game(first)).status == "settled"
    assert (await store.check_invariants()).ok
    await manager.shutdown()
    await store.close()


async def test_held_beans_cannot_be_taken_by_an_admin(tmp_path) -> None:
    from bot.store import InsufficientBalanceError

    store = await open_store(tmp_path)
    manager, _, _ = make_manager(store)
    await _table(manager, CH, humans=(ALICE, BOB))
    await manager.start(CH, ALICE)
    await manager.leave(CH, BOB)
    with pytest.raises(InsufficientBalanceError):
        await store.take(GUILD, BOB, 1, "test", 1)
    with pytest.raises(TableError) as err:  # nothing free to bring to another table
        await manager.create(CH + 1, GUILD, BOB, "bob", Rules.preset("classic"))
    assert err.value.code == "low_balance"
    await manager.shutdown()
    await store.close()


# ---------------------------------------------------------------- bug 2
async def test_a_close_cut_short_leaves_no_zombie_table(tmp_path) -> None:
    """close() fails after its first write (as a kill would cut it): the store holds the
    table and its game as they were, or neither; the restart restores every table."""
    store = await open_store(tmp_path)
    manager, _, _ = make_manager(store)
    await _table(manager, CH, humans=(ALICE,))
    await manager.start(CH, ALICE)
    await _table(manager, CH + 1, humans=(BOB,))
    await manager.start(CH + 1, BOB)
    writer = store._db._writer  # the fault: forgetting a table fails after the game's write
    await writer.execute("CREATE TEMP TRIGGER cut BEFORE DELETE ON live_tables "
                         "BEGIN SELECT RAISE(ABORT, 'killed'); END")
    with pytest.raises(Exception):  # noqa: B017 - any error: the close did not complete
        await manager.close(CH, ALICE)
    await manager.shutdown()
    await store.close()
    store2 = await open_store(tmp_path)
    manager2, _, _ = make_manager(store2)
    await manager2.recover()
    assert set(manager2._tables) <= {CH, CH + 1} and CH + 1 in manager2._tables
    for table in manager2._tables.values():  # whatever came back moves on
        assert table.game is not None and not table.game.is_over
        record = await store2.get_game(table.game_id)
        assert record.status == "live"
    await manager2.shutdown()
    await store2.close()


async def test_a_zombie_table_from_an_old_close_is_finished_at_restart(tmp_path) -> None:
    """A table saved "playing" whose game was voided (a close killed between its two
    writes, before the fix): the restart completes the close, frees its players and
    restores the tables after it."""
    store = await open_store(tmp_path)
    manager, _, _ = make_manager(store)
    await _table(manager, CH, humans=(ALICE,))
    zombie = await manager.start(CH, ALICE)
    await _table(manager, CH + 1, humans=(BOB,))
    await manager.start(CH + 1, BOB)
    await manager.shutdown()
    await store.abandon_game(zombie)  # the first write of the old close(), then the kill
    await store.close()
    store2 = await open_store(tmp_path)
    manager2, presenter2, _ = make_manager(store2)
    assert await manager2.recover() == 1
    assert CH not in manager2._tables and CH + 1 in manager2._tables
    assert manager2._tables.of_user(ALICE) is None
    await manager2.create(CH + 2, GUILD, ALICE, "alice",
                          Rules.preset("classic"))  # free to sit again
    assert [e.reason for e in presenter2.of_type(TableClosed)] == ["closed"]
    await manager2.shutdown()
    await store2.close()


# ---------------------------------------------------------------- bug 3
async def test_two_joins_at_once_seat_a_player_once(tmp_path) -> None:
    store = await open_store(tmp_path)
    manager, _, _ = make_manager(store)
    await manager.create(CH, GUILD, ALICE, "alice", Rules.preset("classic"))
    await manager.create(CH + 1, GUILD, BOB, "bob", Rules.preset("classic"))
    results = await asyncio.gather(manager.join(CH, DAN, "dan"),
                                   manager.join(CH + 1, DAN, "dan"),
                                   manager.create(CH + 2, GUILD, DAN, "dan",
                                                  Rules.preset("classic")),
                                   return_exceptions=True)
    refused = [r for r in results if isinstance(r, TableError)]
    assert len(refused) == 2 and all(r.code == "already_seated" for r in refused)
    seats = [t for t in manager._tables.values() if t.seat_of(DAN) is not None]
    assert len(seats) == 1 and manager._tables.of_user(DAN) is seats[0]
    assert CH + 2 not in manager._tables or seats[0].channel_id == CH + 2
    assert list((await store.seated_players(GUILD)).values()).count(
        seats[0].channel_id) == (2 if seats[0].channel_id != CH + 2 else 1)
    await manager.shutdown()
    await store.close()


async def test_the_database_refuses_a_second_live_seat(tmp_path) -> None:
    """Two table runtimes on one database (as two processes would be): the second seat of
    the same player in the guild is refused by the store, and nothing is kept of it."""
    store = await open_store(tmp_path)
    one, _, _ = make_manager(store)
    two, _, _ = make_manager(store)
    await one.create(CH, GUILD, ALICE, "alice", Rules.preset("classic"))
    await two.create(CH + 1, GUILD, BOB, "bob", Rules.preset("classic"))
    with pytest.raises(SeatTakenError):
        await two.join(CH + 1, ALICE, "alice")
    assert two._tables[CH + 1].seat_of(ALICE) is None and two._tables.of_user(ALICE) is None
    with pytest.raises(SeatTakenError):
        await store.save_table(CH + 2, GUILD, {"x": 1}, seated=[ALICE])
    assert {t.channel_id for t in await store.load_tables()} == {CH, CH + 1}
    assert await store.seated_players(GUILD) == {(GUILD, ALICE): CH, (GUILD, BOB): CH + 1}
    await one.shutdown()
    await two.shutdown()
    await store.close()


# ---------------------------------------------------------------- bug 4
@pytest.mark.parametrize("variant", ["happy", "laizi"])
async def test_a_deal_where_every_human_is_away_ends_and_closes(tmp_path, variant) -> None:
    """Nobody calls while every seat times out: 托管 seats decide calls with the AI, so
    the deal ends; nobody acted during it, so the table closes, saying why."""
    store = await open_store(tmp_path)
    manager, presenter, clock = make_manager(store)
    await _table(manager, CH, variant, humans=(ALICE, BOB, CAROL))
    game_id = await manager.start(CH, ALICE)
    def waiting() -> bool:  # closed, or a turn timer is waiting for the clock
        return CH not in manager._tables or any(not s[2].done() for s in clock._sleepers)

    for _ in range(400):
        await run_until(waiting)
        if CH not in manager._tables:
            break
        await clock.advance(60)
    assert CH not in manager._tables, "the deal never ended"
    assert [e.reason for e in presenter.of_type(TableClosed)] == ["idle"]
    assert (await store.get_game(game_id)).status == "settled"
    assert len((await store.get_game(game_id)).actions) < 200
    assert manager._tables.of_user(ALICE) is None
    await store.close()


async def test_a_deal_with_a_human_action_does_not_close(tmp_path) -> None:
    store = await open_store(tmp_path)
    manager, presenter, _ = make_manager(store)
    table = await _table(manager, CH, "happy", humans=(ALICE,))
    await manager.start(CH, ALICE)
    await play_out(manager, CH, {0: ALICE})
    assert table.status == "between" and not presenter.of_type(TableClosed)
    await manager.shutdown()
    await store.close()


ONLY_AUTOPASSES = 256  # classic, quick decider: an AI seat bids 3 at once, and seat 0
# never holds anything that beats, never leads (found by trying seeds with the engine)


async def _only_autopasses(tmp_path, *, timed_out: bool):
    store = await open_store(tmp_path)
    manager, presenter, _ = make_manager(store, seed_source=lambda: ONLY_AUTOPASSES)
    manager.turns.autopass_delay = 0.0
    await manager.set_autopass(ALICE, True)
    table = await _table(manager, CH, "classic", humans=(ALICE,))
    game_id = await manager.start(CH, ALICE)
    if timed_out:  # her last turn ran out: she is away, her 要不起 is the system's
        table.seats[0].timeouts = 1
    await run_until(lambda: presenter.of_type(DealEnded))
    record = await store.get_game(game_id)
    mine = [a for a in map(Action.from_json, record.actions) if a.seat == 0]
    assert mine and all(isinstance(a, Pass) for a in mine)
    return store, manager, presenter, table


async def test_a_human_who_only_autopasses_is_not_idle(tmp_path) -> None:
    """要不起 by the player's own setting is the player's choice: the deal is not one where
    nobody acted (before, every autopass was marked automatic and the table closed)."""
    store, manager, presenter, table = await _only_autopasses(tmp_path, timed_out=False)
    await run_until(lambda: table.status != "playing")
    assert not presenter.of_type(TableClosed) and CH in manager._tables
    assert table.game is not None and not any(a.auto for a in table.game.actions
                                              if a.seat == 0)
    await manager.shutdown()
    await store.close()


async def test_autopasses_after_a_timeout_are_automatic(tmp_path) -> None:
    """A player whose last turn timed out is away: the 要不起 the table passes for them is
    automatic, and a deal of nothing else closes the table as idle."""
    store, _, presenter, _ = await _only_autopasses(tmp_path, timed_out=True)
    await run_until(lambda: presenter.of_type(TableClosed))
    assert [e.reason for e in presenter.of_type(TableClosed)] == ["idle"]
    await store.close()


# ---------------------------------------------------------------- 5: ownership
async def test_the_owner_escaping_passes_the_table_on(tmp_path) -> None:
    store = await open_store(tmp_path)
    manager, _, _ = make_manager(store)
    table = await _table(manager, CH, humans=(ALICE, BOB))
    await manager.start(CH, ALICE)
    assert await manager.leave(CH, ALICE) == "escaped"
    assert table.owner_id == BOB
    await manager.close(CH, BOB)  # the new owner may close it
    assert CH not in manager._tables
    await store.close()


async def test_the_owner_leaving_passes_to_the_next_seated_human(tmp_path) -> None:
    store = await open_store(tmp_path)
    manager, presenter, _ = make_manager(store)
    await manager.create(CH, GUILD, BOB, "bob", Rules.preset("four"))
    for user in (ALICE, CAROL, DAN):
        await manager.join(CH, user, "x")
    await manager.leave(CH, ALICE)  # seat 1: not the owner
    await manager.leave(CH, BOB)  # seat 0 -> the next seated human is Carol (seat 2)
    assert manager._tables[CH].owner_id == CAROL
    assert presenter.of_type(SeatsChanged)[-1].reason == "left"
    await manager.shutdown()
    await store.close()


# ---------------------------------------------------------------- recovery
async def test_one_poisoned_table_does_not_stop_the_others(tmp_path) -> None:
    store = await open_store(tmp_path)
    manager, _, _ = make_manager(store)
    games = {}
    for n, user in enumerate((ALICE, BOB, CAROL)):
        await _table(manager, CH + n, humans=(user,))
        games[CH + n] = await manager.start(CH + n, user)
    await manager.shutdown()
    await store.close()
    conn = sqlite3.connect(tmp_path / "ddz.db")  # the middle table's log no longer replays
    with conn:
        conn.execute("UPDATE game_actions SET action_json = ? WHERE game_id = ? AND seq = 0",
                     (json.dumps({"type": "bid", "seat": 0, "points": 9}), games[CH + 1]))
    conn.close()
    store2 = await open_store(tmp_path)
    manager2, presenter2, _ = make_manager(store2)
    assert await manager2.recover() == 2
    assert set(manager2._tables) == {CH, CH + 2}
    assert manager2._tables.of_user(BOB) is None
    assert (await store2.get_game(games[CH + 1])).status == "abandoned"
    assert [e.reason for e in presenter2.of_type(TableClosed)] == ["restore_failed"]
    await manager2.create(CH + 5, GUILD, BOB, "bob", Rules.preset("classic"))  # freed
    await manager2.shutdown()
    await store2.close()

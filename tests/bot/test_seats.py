"""Seats after an escape (issue 39) and one live seat per player across guilds in one
process (issue 34, point 1), with the store's live-seat rows checked after every step:
they are always the seated humans of every table, escapers of a running deal excepted."""

from __future__ import annotations

import pytest

from bot.engine import Rules
from bot.store import SeatTakenError, Store
from bot.tables import TableClosed, TableError, TableManager
from bot.tables.status import TableStatus

from .helpers import make_manager, open_store, play_out, run_until

GUILD, OTHER_GUILD = 1, 2
CH = 10
ALICE, VIC, WEN, BOB = 101, 102, 103, 104
VARIANTS = ["classic", "happy", "laizi", "super", "four"]


def seated_humans(*managers: TableManager) -> dict[int, int]:
    """user -> channel for every seated human of every live table (an escaper of the deal
    being played holds no live seat)."""
    seats: dict[int, int] = {}
    for manager in managers:
        for table in manager._tables.values():
            running = table.status == TableStatus.PLAYING and table.game is not None
            escapers = table.game.escaped if running and table.game is not None else ()
            for i, entry in enumerate(table.seats):
                if entry is not None and entry.user_id is not None and i not in escapers:
                    assert entry.user_id not in seats, f"user {entry.user_id} seated twice"
                    seats[entry.user_id] = table.channel_id
    return seats


async def check_rows(store: Store, *managers: TableManager) -> None:
    rows = {user: channel for (_, user), channel in (await store.seated_players()).items()}
    assert rows == seated_humans(*managers)


async def fill(manager: TableManager, channel: int, owner: int, variant: str,
               *others: int, guild: int = GUILD) -> None:
    await manager.create(channel, guild, owner, f"user{owner}", Rules.preset(variant))
    for user in others:
        await manager.join(channel, user, f"user{user}")
    while not manager._tables[channel].is_full:
        await manager.add_ai(channel, owner)


async def deal_over(manager: TableManager, channel: int, humans: dict[int, int]) -> None:
    """Play the deal to its end (the humans of ``humans`` through the manager)."""
    await play_out(manager, channel, humans)
    await run_until(lambda: manager._tables.get(channel) is None or
                    manager._tables[channel].status != TableStatus.PLAYING)


@pytest.mark.parametrize("variant", VARIANTS)
async def test_a_player_taking_an_escapers_seat_is_an_ordinary_player(tmp_path,
                                                                      variant) -> None:
    """Vic escapes; once the deal is over Wen takes his seat: she holds a live seat at
    once (the escape was the deal's, not the seat's), and when the owner leaves she owns
    the table."""
    store = await open_store(tmp_path)
    manager, _, _ = make_manager(store)
    await fill(manager, CH, ALICE, variant, VIC)
    table = manager._tables[CH]
    await check_rows(store, manager)
    await manager.start(CH, ALICE)
    await check_rows(store, manager)
    assert await manager.leave(CH, VIC) == "escaped"
    await check_rows(store, manager)
    assert VIC not in seated_humans(manager)
    await deal_over(manager, CH, {0: ALICE})  # happy, laizi: the escape ended it already
    await check_rows(store, manager)
    assert table.seats[1] is None and table.owner_id == ALICE
    assert await manager.join(CH, WEN, "wen") == 1  # Vic's old seat
    assert not table.escaped(1)
    await check_rows(store, manager)
    assert await store.seated_players() == {(GUILD, ALICE): CH, (GUILD, WEN): CH}
    assert manager.table_of(WEN) is not None
    assert await manager.leave(CH, ALICE) == "left"
    assert table.owner_id == WEN  # the next seated human
    await check_rows(store, manager)
    await manager.close(CH, WEN)
    await check_rows(store, manager)
    assert await store.seated_players() == {}
    await manager.shutdown()
    await store.close()


@pytest.mark.parametrize("variant", VARIANTS)
async def test_an_owner_who_escapes_passes_the_table_on(tmp_path, variant) -> None:
    """In every variant (happy and laizi too, where the escape ends the deal at once) the
    owner who escapes hands the table to the next seated human: Bob may close it, the
    owner who left may not."""
    store = await open_store(tmp_path)
    manager, _, _ = make_manager(store)
    await fill(manager, CH, ALICE, variant, BOB)
    table = manager._tables[CH]
    await manager.start(CH, ALICE)
    assert await manager.leave(CH, ALICE) == "escaped"
    assert table.owner_id == BOB
    await check_rows(store, manager)
    await deal_over(manager, CH, {1: BOB})
    assert table.owner_id == BOB and table.seats[0] is None
    await check_rows(store, manager)
    with pytest.raises(TableError) as info:
        await manager.close(CH, ALICE)
    assert info.value.code == "not_owner"
    await manager.close(CH, BOB)
    assert CH not in manager._tables
    await check_rows(store, manager)
    await store.close()


async def test_one_seat_across_guilds_in_one_process(tmp_path) -> None:
    """A player seated in one guild cannot sit (or open a table) in another."""
    store = await open_store(tmp_path)
    manager, _, _ = make_manager(store)
    await manager.create(CH, GUILD, ALICE, "alice", Rules.preset("classic"))
    await manager.create(CH + 1, OTHER_GUILD, BOB, "bob", Rules.preset("classic"))
    with pytest.raises(TableError) as info:
        await manager.join(CH + 1, ALICE, "alice")
    assert info.value.code == "already_seated"
    with pytest.raises(TableError) as info:
        await manager.create(CH + 2, OTHER_GUILD, ALICE, "alice", Rules.preset("classic"))
    assert info.value.code == "already_seated"
    await check_rows(store, manager)
    assert manager.table_of(ALICE).channel_id == CH  # a DM command goes to her one table
    await manager.shutdown()
    await store.close()


@pytest.mark.parametrize("first", ["one", "two"])
async def test_one_seat_across_guilds_for_two_runtimes_on_one_database(tmp_path,
                                                                       first) -> None:
    """Two table runtimes on one SQLite file (as two processes, each with guilds of its
    own): the second seat of a player is refused by the store's join transaction, in
    either order, and nothing is kept of it."""
    store = await open_store(tmp_path)
    one, _, _ = make_manager(store)
    two, _, _ = make_manager(store)
    await one.create(CH, GUILD, BOB, "bob", Rules.preset("classic"))
    await two.create(CH + 1, OTHER_GUILD, WEN, "wen", Rules.preset("classic"))
    seated, refused = (one, two) if first == "one" else (two, one)
    channel = CH if seated is one else CH + 1
    await seated.join(channel, ALICE, "alice")
    with pytest.raises(SeatTakenError) as info:
        await refused.join(CH + 1 if channel == CH else CH, ALICE, "alice")
    assert info.value.code == "already_seated" and info.value.params["channel_id"] == channel
    assert refused.table_of(ALICE) is None
    await check_rows(store, one, two)
    assert (await store.seated_players())[(GUILD if channel == CH else OTHER_GUILD,
                                           ALICE)] == channel
    await one.shutdown()
    await two.shutdown()
    await store.close()


async def _seated_elsewhere(tmp_path, *, deal: bool):
    """What migration 010 leaves of a player seated in two guilds: Alice is in table A's
    seats (guild 1, she owns it) but her one live-seat row is at table B (guild 2)."""
    store = await open_store(tmp_path)
    manager, _, _ = make_manager(store)
    await fill(manager, CH, ALICE, "classic", BOB)
    game_id = await manager.start(CH, ALICE) if deal else None
    await manager.create(CH + 1, OTHER_GUILD, WEN, "wen", Rules.preset("classic"))
    await manager.shutdown()
    a, b = manager._tables[CH], manager._tables[CH + 1]
    await store.save_table(CH, GUILD, a.to_dict(), seated=[BOB])
    b.seats[1] = a.seats[0]
    await store.save_table(CH + 1, OTHER_GUILD, b.to_dict(), seated=[WEN, ALICE])
    again, presenter, _ = make_manager(store)
    await again.recover()
    return store, again, presenter, game_id


async def test_a_seat_freed_by_the_migration_is_freed_at_recovery(tmp_path) -> None:
    store, manager, _, _ = await _seated_elsewhere(tmp_path, deal=False)
    table = manager._tables[CH]
    assert table.seat_of(ALICE) is None and table.owner_id == BOB  # passed on
    assert manager.table_of(ALICE).channel_id == CH + 1
    await check_rows(store, manager)
    await manager.shutdown()
    await store.close()


async def test_a_running_deal_with_a_player_seated_elsewhere_is_closed_void(tmp_path) -> None:
    """One player in two running deals (possible only before migration 010): her seat is
    at the other table, so this one cannot go on: it is closed and its deal void."""
    store, manager, presenter, game_id = await _seated_elsewhere(tmp_path, deal=True)
    assert CH not in manager._tables
    assert [e.reason for e in presenter.of_type(TableClosed)] == ["restore_failed"]
    assert (await store.get_game(game_id)).status == "abandoned"
    assert manager.table_of(ALICE).channel_id == CH + 1
    await check_rows(store, manager)
    await manager.shutdown()
    await store.close()

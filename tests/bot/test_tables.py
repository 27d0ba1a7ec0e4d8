"""The table runtime: whole games, timers, 托管, escapes, concurrency, recovery."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest

from bot.engine import Game, IllegalActionError, NotYourTurnError, PlayCards, Rules
from bot.tables import (
    ActionTaken,
    DealEnded,
    HandChanged,
    ReadingNeeded,
    StaleActionError,
    TableError,
    TrusteeChanged,
    TurnStarted,
)

from .helpers import make_manager, open_store, play_out, run_until

GUILD = 1
CH = 10
ALICE, BOB, CAROL, DAN = 101, 102, 103, 104


async def _table_with_ai(manager, variant="classic", humans=(ALICE,), **room):
    await manager.create(CH, GUILD, humans[0], "alice", Rules.preset(variant, **room))
    for user in humans[1:]:
        await manager.join(CH, user, f"user{user}")
    table = manager._tables[CH]
    while not table.is_full:
        await manager.add_ai(CH, humans[0])
    return table


@pytest.mark.parametrize("variant", ["classic", "happy", "laizi", "super", "four"])
async def test_whole_game_one_human_and_ai(tmp_path, variant) -> None:
    store = await open_store(tmp_path)
    manager, presenter, _ = make_manager(store)
    table = await _table_with_ai(manager, variant)
    game_id = await manager.start(CH, ALICE)
    await play_out(manager, CH, {0: ALICE})
    ended = presenter.of_type(DealEnded)
    assert len(ended) == 1 and ended[0].game_id == game_id
    result = ended[0].result
    player = await store.get_player(GUILD, ALICE)
    assert player.balance == 10_000 + result.beans[0]
    assert player.games == 1
    assert table.status == "between"
    record = await store.get_game(game_id)
    assert record.finished and len(record.actions) == len(table.game.actions)
    assert not (await store.check_invariants()).problems
    # every hand message went to a human seat only
    assert all(e.seat == 0 for e in presenter.of_type(HandChanged))
    await store.close()


@pytest.mark.parametrize("variant", ["classic", "happy", "laizi", "super", "four"])
async def test_a_failing_ai_never_freezes_a_table(tmp_path, variant) -> None:
    def broken(view, level, seed):
        raise RuntimeError("the AI crashed")

    store = await open_store(tmp_path)
    manager, presenter, _ = make_manager(store, decide=broken)
    table = await _table_with_ai(manager, variant)
    await manager.start(CH, ALICE)
    await play_out(manager, CH, {0: ALICE})  # AI seats play safe moves instead
    assert table.status in ("between", "lobby")
    assert presenter.of_type(DealEnded), "the deal reached its end"
    assert not (await store.check_invariants()).problems
    await store.close()


async def test_three_humans_and_next_deal(tmp_path) -> None:
    store = await open_store(tmp_path)
    manager, presenter, _ = make_manager(store)
    await _table_with_ai(manager, "happy", humans=(ALICE, BOB, CAROL))
    await manager.start(CH, BOB)
    await play_out(manager, CH, {0: ALICE, 1: BOB, 2: CAROL})
    await manager.next_deal(CH, CAROL)
    await play_out(manager, CH, {0: ALICE, 1: BOB, 2: CAROL})
    results = [e.result for e in presenter.of_type(DealEnded)]
    assert len(results) == 2
    total = sum([await store.balance(GUILD, u) for u in (ALICE, BOB, CAROL)])
    house = await store.house_balance(GUILD)
    assert total + house == 30_000
    await store.close()


async def test_lobby_rules(tmp_path) -> None:
    store = await open_store(tmp_path)
    manager, _, _ = make_manager(store)
    await manager.create(CH, GUILD, ALICE, "alice", Rules.preset("classic"))
    with pytest.raises(TableError) as err:
        await manager.create(CH, GUILD, BOB, "bob", Rules.preset("classic"))
    assert err.value.code == "table_exists"
    with pytest.raises(TableError) as err:
        await manager.create(CH + 1, GUILD, ALICE, "alice", Rules.preset("classic"))
    assert err.value.code == "already_seated"
    with pytest.raises(TableError) as err:
        await manager.start(CH, ALICE)
    assert err.value.code == "seats_not_full"
    with pytest.raises(TableError) as err:
        await manager.add_ai(CH, BOB)
    assert err.value.code == "not_seated"
    with pytest.raises(TableError) as err:
        await manager.add_ai(CH, ALICE, "genius")
    assert err.value.code == "bad_ai_level"
    await manager.join(CH, BOB, "bob")
    await manager.add_ai(CH, ALICE)
    with pytest.raises(TableError) as err:
        await manager.join(CH, CAROL, "carol")
    assert err.value.code == "table_full"
    assert await manager.leave(CH, BOB) == "left"
    await manager.join(CH, CAROL, "carol")
    with pytest.raises(TableError) as err:
        await manager.close(CH, CAROL)
    assert err.value.code == "not_owner"
    await manager.close(CH, CAROL, admin=True)
    assert CH not in manager._tables
    await manager.create(CH, GUILD, CAROL, "carol", Rules.preset("classic"))  # free again
    await store.close()


async def test_low_balance_cannot_sit(tmp_path) -> None:
    store = await open_store(tmp_path)
    manager, _, _ = make_manager(store)
    with pytest.raises(TableError) as err:
        await manager.create(CH, GUILD, ALICE, "alice", Rules.preset("classic", min_balance=20_000))
    assert err.value.code == "low_balance" and err.value.params["needed"] == 20_000
    await store.close()


async def test_turn_timeouts_then_trusteeship(tmp_path) -> None:
    store = await open_store(tmp_path)
    manager, presenter, clock = make_manager(store)
    await _table_with_ai(manager, "happy", turn_bid_s=15, turn_play_s=30)
    await manager.start(CH, ALICE)
    table = manager._tables[CH]

    def mine() -> list[ActionTaken]:
        return [e for e in presenter.of_type(ActionTaken) if e.acted == 0]

    for expected_timeouts in (1, 2):
        await run_until(lambda: table.game.to_act == 0 and table.deadline is not None)
        seq, done = table.seq, len(mine())
        await clock.advance(14)
        assert table.seq == seq, "nothing happens before the deadline"
        await clock.advance(2)
        await run_until(lambda d=done: len(mine()) > d)
        last = mine()[-1]
        assert last.by == "timeout" and last.action.auto
        assert last.action.type == "show" and not last.action.show  # the safe default
        assert table.seats[0].timeouts == expected_timeouts
    # two timeouts in a row: 托管, and the AI acts at once from now on
    assert table.seats[0].trustee
    assert presenter.of_type(TrusteeChanged)[0].on
    await run_until(lambda: any(e.by == "trustee" for e in mine()) or table.status != "playing")
    await manager.resume(CH, ALICE)
    assert not table.seats[0].trustee and table.seats[0].timeouts == 0
    assert not presenter.of_type(TrusteeChanged)[-1].on
    await manager.close(CH, ALICE)
    await store.close()


async def test_stale_and_concurrent_clicks(tmp_path) -> None:
    store = await open_store(tmp_path)
    manager, _, _ = make_manager(store)
    await _table_with_ai(manager, "classic", humans=(ALICE, BOB))
    await manager.start(CH, ALICE)
    table = manager._tables[CH]
    await run_until(lambda: table.game.to_act is not None
                    and not table.seats[table.game.to_act].auto)
    seat = table.game.to_act
    user = (ALICE, BOB)[seat]
    seq = table.seq
    legal = table.game.legal_actions()[-1]

    def make(s):
        return type(legal)(**{**legal.__dict__, "seat": s})

    results = await asyncio.gather(manager.act(CH, user, make, seq=seq),
                                   manager.act(CH, user, make, seq=seq),
                                   return_exceptions=True)
    errors = [r for r in results if isinstance(r, Exception)]
    assert len(errors) == 1 and isinstance(errors[0], StaleActionError), results
    assert table.seq > seq
    with pytest.raises(StaleActionError):
        await manager.act(CH, user, make, seq=seq)
    await manager.close(CH, ALICE)
    await store.close()


async def test_a_player_cannot_act_for_another(tmp_path) -> None:
    store = await open_store(tmp_path)
    manager, _, _ = make_manager(store)
    await _table_with_ai(manager, "classic", humans=(ALICE, BOB))
    await manager.start(CH, ALICE)
    table = manager._tables[CH]
    await run_until(lambda: not table.seats[table.game.to_act].auto)
    waiting = (ALICE, BOB)[table.game.to_act]
    other = BOB if waiting == ALICE else ALICE
    before = table.seq
    legal = table.game.legal_actions()[0]  # a move that is legal for the waiting seat
    with pytest.raises(NotYourTurnError):
        await manager.act(CH, other, lambda s: type(legal)(**{**legal.__dict__, "seat": s}))
    with pytest.raises(TableError) as err:
        await manager.act(CH, DAN, lambda s: legal)
    assert err.value.code == "not_seated"
    assert table.seq == before
    await store.close()


@pytest.mark.parametrize("variant", ["happy", "laizi"])
async def test_escape_ends_happy_deals(tmp_path, variant) -> None:
    store = await open_store(tmp_path)
    manager, presenter, _ = make_manager(store)
    await _table_with_ai(manager, variant)
    await manager.start(CH, ALICE)
    assert await manager.leave(CH, ALICE) == "escaped"
    (ended,) = presenter.of_type(DealEnded)
    assert ended.result.outcome == "escape" and ended.result.escaper == 0
    assert await store.balance(GUILD, ALICE) == 10_000 + ended.result.beans[0] < 10_000
    assert manager._tables.of_user(ALICE) is None
    assert not (await store.check_invariants()).problems
    await store.close()


@pytest.mark.parametrize("variant", ["classic", "super", "four"])
async def test_escape_plays_on_in_points_variants(tmp_path, variant) -> None:
    store = await open_store(tmp_path)
    manager, presenter, _ = make_manager(store)
    await _table_with_ai(manager, variant, humans=(ALICE, BOB))
    await manager.start(CH, ALICE)
    assert await manager.leave(CH, BOB) == "escaped"
    table = manager._tables[CH]
    assert table.escaped(1) and not table.escaped(0)
    await play_out(manager, CH, {0: ALICE})
    (ended,) = presenter.of_type(DealEnded)
    assert ended.result.escaper == 1
    r = ended.result
    left = 10_000 + r.transfers[1]  # what the escaper holds after paying his stake
    penalty = min(3 * table.rules.beans_per_point, left)
    if variant == "super":  # the service fee is on winnings only
        fee = min(int(table.rules.fee_rate * max(r.transfers[1], 0)), left - penalty)
    else:
        fee = min(table.rules.table_fee, left - penalty)
    assert r.fees[1] == penalty + fee
    assert table.seats[1] is None  # the escaper is gone after the deal
    assert manager._tables.of_user(BOB) is None
    assert not (await store.check_invariants()).problems
    await store.close()


async def test_an_escape_that_was_not_stored_did_not_happen(tmp_path) -> None:
    """A failed store write during /ddz leave leaves the player seated and playing; the
    escape stored later is the one that counts, and a restart keeps it."""
    store = await open_store(tmp_path)
    manager, _, _ = make_manager(store)
    await _table_with_ai(manager, "classic", humans=(ALICE, BOB))
    await manager.start(CH, ALICE)
    table = manager._tables[CH]
    append = store.append_action

    async def broken(*args, **kwargs):
        raise OSError("disk full")

    store.append_action = broken
    with pytest.raises(OSError):
        await manager.leave(CH, BOB)
    assert not table.escaped(1) and manager._tables.of_user(BOB) is table
    store.append_action = append
    assert await manager.leave(CH, BOB) == "escaped"  # not "you have already left"
    assert table.escaped(1) and manager._tables.of_user(BOB) is None
    with pytest.raises(TableError) as err:
        await manager.leave(CH, BOB)
    assert err.value.code == "already_left"
    await manager.shutdown()
    await store.close()
    # a restart: the escape is read back from the game, and Bob may sit elsewhere
    store2 = await open_store(tmp_path)
    manager2, _, _ = make_manager(store2)
    assert await manager2.recover() == 1
    table2 = manager2._tables[CH]
    assert table2.escaped(1) and not table2.escaped(0)
    assert manager2._tables.of_user(BOB) is None and manager2._tables.of_user(ALICE) is table2
    # the beans he brought are held until that deal is settled; he may bring the rest
    assert await store2.held_beans(GUILD, BOB) == 10_000
    await store2.grant(GUILD, BOB, 2_000, "test", 1)
    await manager2.create(CH + 1, GUILD, BOB, "bob", Rules.preset("classic"))
    await manager2.shutdown()
    await store2.close()


async def test_an_escaper_seated_elsewhere_stays_there_after_a_restart(tmp_path) -> None:
    """Recovery order does not matter: Bob escaped the deal at CH and sat down at a table
    restored before it; he stays seated there."""
    store = await open_store(tmp_path)
    manager, _, _ = make_manager(store)
    await _table_with_ai(manager, "classic", humans=(ALICE, BOB))
    await manager.start(CH, ALICE)
    assert await manager.leave(CH, BOB) == "escaped"
    await store.grant(GUILD, BOB, 2_000, "test", 1)  # his 10 000 are held for that deal
    await manager.create(CH - 1, GUILD, BOB, "bob", Rules.preset("classic"))  # restored first
    await manager.shutdown()
    await store.close()
    store2 = await open_store(tmp_path)
    manager2, _, _ = make_manager(store2)
    assert await manager2.recover() == 2
    assert manager2._tables.of_user(BOB) is manager2._tables[CH - 1]
    assert manager2._tables.of_user(ALICE) is manager2._tables[CH]
    await manager2.shutdown()
    await store2.close()


async def test_shutdown_waits_for_the_running_action(tmp_path) -> None:
    """Stopping the bot mid-deal: the action being stored is finished, no timer is left
    running, nothing is played afterwards, and the next process continues the deal."""
    from .helpers import quick_decide

    store = await open_store(tmp_path)
    manager, _, _ = make_manager(store)
    await _table_with_ai(manager, "classic", humans=(ALICE,))
    table = manager._tables[CH]
    append = store.append_action
    writing = asyncio.Event()

    async def slow_append(*args, **kwargs):  # an AI action is caught while it is stored
        writing.set()
        await asyncio.sleep(0.05)
        return await append(*args, **kwargs)

    store.append_action = slow_append
    await manager.start(CH, ALICE)
    if table.game.to_act == 0:  # Alice answers first, then the AI seats act on their own
        action = quick_decide(table.game.view(0), "normal", 0)
        await manager.act(CH, ALICE, lambda s: type(action)(**{**action.__dict__, "seat": s}))
        writing.clear()
    await asyncio.wait_for(writing.wait(), 5)
    await manager.shutdown()
    assert table.timer is None
    done = len(table.game.actions)
    await asyncio.sleep(0.1)
    assert len(table.game.actions) == done, "nothing was played after the shutdown"
    assert len((await store.get_game(table.game_id)).actions) == done  # all of it stored
    await store.close()
    store2 = await open_store(tmp_path)
    manager2, _, _ = make_manager(store2)
    assert await manager2.recover() == 1
    assert manager2._tables[CH].game.actions[:done] == table.game.actions
    await manager2.shutdown()
    await store2.close()


async def test_ambiguous_wild_play_asks_for_the_reading(tmp_path) -> None:
    from tests.engine.game_helpers import cards

    store = await open_store(tmp_path)
    manager, presenter, _ = make_manager(store)
    users = (ALICE, BOB, CAROL)
    await _table_with_ai(manager, "super", humans=users)
    await manager.start(CH, ALICE)
    table = manager._tables[CH]
    landlord = table.game.to_act
    await manager.bid(CH, users[landlord], 3)  # the first bidder takes it at once
    assert table.game.phase == "play" and table.game.to_act == landlord
    table.game.hands[landlord] = cards("333F9")  # a crafted position
    status, options = await manager.play(CH, users[landlord], "333F")
    assert status == "reading"
    assert {p.kind for p in options} == {"bomb", "trio_single"}
    assert presenter.of_type(ReadingNeeded)[0].seat == landlord
    assert table.game.last is None, "nothing was played yet"
    status, _ = await manager.play(CH, users[landlord], "333F", kind="trio_single", main="3")
    assert status == "applied" and table.game.history[0][1].kind == "trio_single"
    nxt = (landlord + 1) % 3
    single = table.game.hand_text(nxt)[0]
    with pytest.raises(IllegalActionError) as err:  # a single does not beat a trio + single
        await manager.play(CH, users[nxt], single)
    assert err.value.code == "does_not_beat"
    await manager.close(CH, ALICE)
    await store.close()


async def test_restart_continues_the_same_game(tmp_path) -> None:
    store = await open_store(tmp_path)
    manager, _, _ = make_manager(store)
    await _table_with_ai(manager, "laizi", humans=(ALICE, BOB))
    await manager.start(CH, ALICE)
    table = manager._tables[CH]
    for _ in range(6):
        await run_until(lambda: not table.seats[table.game.to_act].auto)
        seat = table.game.to_act
        from .helpers import quick_decide
        a = quick_decide(table.game.view(seat), "normal", 0)
        await manager.act(CH, (ALICE, BOB)[seat],
                          lambda s, a=a: type(a)(**{**a.__dict__, "seat": s}))
    await manager.shutdown()
    state, done = table.game.state(), table.game.actions
    await store.close()
    # a new process: a new store and a new manager on the same file
    store2 = await open_store(tmp_path)
    manager2, presenter2, _ = make_manager(store2)
    assert await manager2.recover() == 1
    table2 = manager2._tables[CH]
    # the same game continues: what was played is there (an AI may already have moved)
    assert table2.game.actions[:len(done)] == done
    again = Game.from_log(replace(table2.game.log, actions=done))
    assert again.state() == state
    await play_out(manager2, CH, {0: ALICE, 1: BOB})
    (ended,) = presenter2.of_type(DealEnded)
    balances = [await store2.balance(GUILD, u) for u in (ALICE, BOB)]
    assert balances == [10_000 + ended.result.beans[0], 10_000 + ended.result.beans[1]]
    assert not (await store2.check_invariants()).problems
    await store2.close()


async def test_turns_are_announced_with_deadlines(tmp_path) -> None:
    store = await open_store(tmp_path)
    manager, presenter, clock = make_manager(store)
    await _table_with_ai(manager, "classic", turn_bid_s=15, turn_play_s=15)
    await manager.start(CH, ALICE)
    table = manager._tables[CH]
    def mine() -> list[TurnStarted]:  # the human's turns announced (bidding or play)
        return [t for t in presenter.of_type(TurnStarted) if t.to_act == 0]

    await run_until(lambda: bool(mine()))
    turn = mine()[-1]
    assert not turn.auto and turn.seq == table.seq
    assert turn.deadline == pytest.approx(clock.now() + 15, abs=1)
    record = await store.get_game(table.game_id)  # the deadline is stored with the game
    assert record.deadline == pytest.approx(turn.deadline)
    assert record.deadline_seq == table.seq
    # a restart re-arms the same deadline, not a fresh one
    await manager.shutdown()
    manager2, presenter2, _ = make_manager(store)
    assert await manager2.recover() == 1
    (again,) = [t for t in presenter2.of_type(TurnStarted) if t.to_act == 0]
    assert again.deadline == pytest.approx(turn.deadline) and again.seq == turn.seq
    await manager2.close(CH, ALICE)
    record = await store.get_game(table.game_id)
    assert record.status == "abandoned"
    await store.close()


def test_play_cards_type() -> None:
    assert PlayCards(0, "3").type == "play"


async def test_the_hint_is_thought_once_per_turn(tmp_path) -> None:
    from .helpers import quick_decide

    asked: list[tuple[int, int]] = []

    def counting(view, level, seed):
        asked.append((view.action_count, view.seat))
        return quick_decide(view, level, seed)

    store = await open_store(tmp_path)
    manager, presenter, _ = make_manager(store, decide=counting)
    await _table_with_ai(manager, "classic")
    await manager.start(CH, ALICE)
    table = manager._tables[CH]
    await run_until(lambda: any(t.to_act == 0 for t in presenter.of_type(TurnStarted)))
    before = len(asked)
    hints = [await manager.hint(CH, ALICE) for _ in range(3)]  # autocomplete keystrokes
    assert hints[0] == hints[1] == hints[2] is not None
    assert asked[before:] == [(table.seq, 0)], "one AI run for the three questions"
    await manager.close(CH, ALICE)
    await store.close()


async def test_the_autopass_wish_is_stored_and_read_by_a_new_manager(tmp_path) -> None:
    store = await open_store(tmp_path)
    try:
        first, _, _ = make_manager(store)
        await first.set_autopass(7, True)
        later, _, _ = make_manager(store)  # as after a restart: nothing in memory
        table = await later.create(1, 1, 7, "ann", Rules.preset("classic"))
        assert table.seats[0] is not None and table.seats[0].autopass
        await later.shutdown()
        await first.shutdown()
    finally:
        await store.close()


async def test_the_tables_give_the_ai_a_view_of_the_seat_to_act(tmp_path) -> None:
    from bot.engine import SeatView

    from .helpers import quick_decide

    seen: list[tuple[type, int | None, int | None, str]] = []

    def recording(view, level, seed):
        seen.append((type(view), view.seat, view.to_act, view.hand))
        return quick_decide(view, level, seed)

    store = await open_store(tmp_path)
    manager, _presenter, _ = make_manager(store, decide=recording)
    await _table_with_ai(manager, "happy")
    await manager.start(CH, ALICE)
    await play_out(manager, CH, {0: ALICE})
    assert len(seen) > 10 and all(kind is SeatView and seat == to_act
                                  for kind, seat, to_act, _ in seen)
    assert any(hand for *_, hand in seen)  # the seat's own hand, once dealt
    await store.close()

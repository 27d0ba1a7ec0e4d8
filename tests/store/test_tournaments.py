"""Tournaments in the store, on every backend: sign-up with buy-ins, rounds, results once
per game id, standings, and a payout (or a cancel) that moves beans once, exactly."""

from __future__ import annotations

import asyncio

import pytest

from bot.store import InsufficientBalanceError, InvalidInputError, SettlementConflictError, Store
from bot.tournaments import SeatScore, TournamentSettings

from .helpers import GUILD

CHANNEL = 555
SETTINGS = TournamentSettings("Cup", rounds=2, deals_per_round=1, buy_in=1_000,
                              prize_split=(50, 30, 20), house_percent=5)


async def _signed_up(store: Store, n: int = 4,
                     settings: TournamentSettings = SETTINGS) -> int:
    for user in range(1, n + 1):
        await store.ensure_player(GUILD, user, f"player {user}")
    t = await store.create_tournament(GUILD, CHANNEL, 1, settings, seed=42)
    for user in range(1, n + 1):
        await store.join_tournament(t.tournament_id, user)
    return t.tournament_id


async def _books(store: Store) -> tuple[int, int]:
    """Every balance of the guild, and the house."""
    total = 0
    for user in range(1, 10):
        player = await store.get_player(GUILD, user)
        total += player.balance if player else 0
    return total, await store.house_balance(GUILD)


async def test_sign_up_takes_buy_ins_and_leaving_returns_them(store: Store) -> None:
    tid = await _signed_up(store, 3)
    t = await store.get_tournament(tid)
    assert (t.status, t.pool, t.settings) == ("signup", 3_000, SETTINGS)
    assert (await store.get_player(GUILD, 2)).balance == 9_000  # type: ignore[union-attr]
    assert await store.leave_tournament(tid, 2) is True
    assert await store.leave_tournament(tid, 2) is False
    assert (await store.get_player(GUILD, 2)).balance == 10_000  # type: ignore[union-attr]
    assert await store.tournament_entrants(tid) == [1, 3]
    assert (await store.get_tournament(tid)).pool == 2_000
    with pytest.raises(InvalidInputError) as caught:
        await store.join_tournament(tid, 1)
    assert caught.value.code == "already_joined"
    with pytest.raises(InvalidInputError) as caught:
        await store.create_tournament(GUILD, CHANNEL, 1, SETTINGS, seed=1)
    assert caught.value.code == "tournament_here"
    (await store.check_invariants(GUILD)).raise_if_broken()


async def test_a_buy_in_above_the_balance_is_refused(store: Store) -> None:
    await store.ensure_player(GUILD, 1, "poor")
    await store.take(GUILD, 1, 9_500, "test", 7)
    t = await store.create_tournament(GUILD, CHANNEL, 1, SETTINGS, seed=1)
    with pytest.raises(InsufficientBalanceError):
        await store.join_tournament(t.tournament_id, 1)
    assert await store.tournament_entrants(t.tournament_id) == []


async def test_start_needs_a_table_of_entrants(store: Store) -> None:
    tid = await _signed_up(store, 2)
    with pytest.raises(InvalidInputError) as caught:
        await store.start_tournament(tid)
    assert caught.value.code == "too_few_entrants"
    await store.ensure_player(GUILD, 3, "three")
    await store.join_tournament(tid, 3)
    assert (await store.start_tournament(tid)).status == "running"
    with pytest.raises(InvalidInputError):
        await store.join_tournament(tid, 3)


async def _play(store: Store, tid: int) -> None:
    """Two rounds of one deal; round 1: 1 wins as landlord; round 2: farmers 2, 4 win."""
    first = ((1, 2, 3), (4, None, None))
    assert await store.save_round(tid, 1, first) is True
    assert await store.save_round(tid, 1, first) is False  # a restart re-saving it
    await store.record_result(tid, 1, 1, 1, "g1", [
        SeatScore(1, 4, "landlord", True), SeatScore(2, -2, "farmer", False),
        SeatScore(3, -2, "farmer", False)])
    await store.record_result(tid, 1, 2, 1, "g2", [
        SeatScore(4, -2, "farmer", False), SeatScore(None, 4, "landlord", True),
        SeatScore(None, -2, "farmer", False)])
    second = ((1, 4, 2), (3, None, None))
    await store.save_round(tid, 2, second)
    await store.record_result(tid, 2, 1, 1, "g3", [
        SeatScore(1, -6, "landlord", False), SeatScore(4, 3, "farmer", True),
        SeatScore(2, 3, "farmer", True)])
    await store.record_result(tid, 2, 2, 1, "g4", [
        SeatScore(3, 0, "", False), SeatScore(None, 0, "", False),
        SeatScore(None, 0, "", False)])


async def test_results_are_counted_once_per_game_id(store: Store) -> None:
    tid = await _signed_up(store, 4)
    await store.start_tournament(tid)
    await _play(store, tid)
    again = [SeatScore(1, 4, "landlord", True), SeatScore(2, -2, "farmer", False),
             SeatScore(3, -2, "farmer", False)]
    assert await store.record_result(tid, 1, 1, 1, "g1", again) is False
    with pytest.raises(SettlementConflictError):
        await store.record_result(tid, 1, 1, 1, "g1", again[::-1])
    with pytest.raises(SettlementConflictError):  # the same deal under another id
        await store.record_result(tid, 1, 1, 1, "g9", again)
    with pytest.raises(SettlementConflictError):  # players of another table
        await store.record_result(tid, 2, 2, 1, "g8", again)
    table = await store.tournament_standings(tid)
    # 2 and 4 tie on everything (the earlier entrant listed first); 1 and 3 have -2
    # points, 1 won a deal as the landlord: ahead
    assert [(s.user_id, s.points, s.rank) for s in table] == [
        (2, 1, 1), (4, 1, 1), (1, -2, 3), (3, -2, 4)]
    assert (table[2].landlord_wins, table[2].landlord_deals) == (1, 2)


async def test_prizes_are_paid_once_and_the_books_balance(store: Store) -> None:
    tid = await _signed_up(store, 4)
    before = await _books(store)
    await store.start_tournament(tid)
    await _play(store, tid)
    payout = await store.pay_prizes(tid)
    # pool 4 000, take 200, 3 800 split 50/30/20: 1 900, 1 140, 760; 2 and 4 tie for first
    # and share 1 900 + 1 140; 1 is third
    assert payout.done_now and payout.house_take == 200
    assert payout.prizes == {2: 1_520, 4: 1_520, 1: 760, 3: 0}
    assert sum(payout.prizes.values()) + payout.house_take == 4_000
    after = await _books(store)
    assert after[0] - before[0] + after[1] - before[1] == 0
    assert after[1] - before[1] == -3_800  # the pool it held, but its take
    second = await store.pay_prizes(tid)
    assert not second.done_now and second.prizes == {2: 1_520, 4: 1_520, 1: 760}
    assert await _books(store) == after
    t = await store.get_tournament(tid)
    assert (t.status, t.pool, t.paid) == ("finished", 0, True)
    with pytest.raises(InvalidInputError):
        await store.join_tournament(tid, 1)
    (await store.check_invariants(GUILD)).raise_if_broken()


async def test_two_payouts_at_once_pay_once(store: Store) -> None:
    tid = await _signed_up(store, 4)
    await store.start_tournament(tid)
    await _play(store, tid)
    results = await asyncio.gather(store.pay_prizes(tid), store.pay_prizes(tid))
    assert sorted(r.done_now for r in results) == [False, True]
    assert (await store.get_player(GUILD, 2)).balance == 10_520  # type: ignore[union-attr]


async def test_cancel_returns_every_buy_in_once(store: Store) -> None:
    tid = await _signed_up(store, 4)
    before = await _books(store)
    await store.start_tournament(tid)
    await store.save_round(tid, 1, ((1, 2, 3), (4, None, None)))
    payout = await store.cancel_tournament(tid)
    assert payout.done_now and payout.prizes == {1: 1_000, 2: 1_000, 3: 1_000, 4: 1_000}
    assert (await store.cancel_tournament(tid)).done_now is False
    for user in range(1, 5):
        assert (await store.get_player(GUILD, user)).balance == 10_000  # type: ignore[union-attr]
    after = await _books(store)
    assert after[0] - before[0] == 4_000 and after[1] - before[1] == -4_000
    t = await store.get_tournament(tid)
    assert (t.status, t.pool) == ("cancelled", 0)
    # the channel is free again
    await store.create_tournament(GUILD, CHANNEL, 2, SETTINGS, seed=2)
    (await store.check_invariants(GUILD)).raise_if_broken()


async def test_free_tournaments_move_no_beans(store: Store) -> None:
    free = TournamentSettings("Free", rounds=1, deals_per_round=1)
    tid = await _signed_up(store, 3, free)
    before = await _books(store)
    await store.start_tournament(tid)
    await store.save_round(tid, 1, ((1, 2, 3),))
    payout = await store.pay_prizes(tid)
    assert payout.prizes == {1: 0, 2: 0, 3: 0} and payout.house_take == 0
    assert await _books(store) == before


async def test_rounds_go_in_order(store: Store) -> None:
    tid = await _signed_up(store, 3)
    await store.start_tournament(tid)
    with pytest.raises(InvalidInputError):
        await store.save_round(tid, 2, ((1, 2, 3),))
    await store.save_round(tid, 1, ((1, 2, 3),))
    with pytest.raises(InvalidInputError):
        await store.save_round(tid, 1, ((3, 2, 1),))
    assert await store.round_tables(tid, 1) == [(1, 2, 3)]
    with pytest.raises(InvalidInputError):
        await store.record_result(tid, 1, 1, 2, "gx", [SeatScore(1, 0, "", False)] * 3)

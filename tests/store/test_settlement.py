"""Settling games: booked once, all or nothing, AI seats on the house."""

from __future__ import annotations

import asyncio
import json
import random

import pytest

from bot.engine import Game, Rules
from bot.engine.actions import Bid, Escape
from bot.store import (
    InsufficientBalanceError,
    InvalidInputError,
    SeatSettlement,
    Settlement,
    SettlementConflictError,
    Store,
    UnknownGuildError,
    UnknownPlayerError,
)
from bot.store.base import StoreBase

from .backends import Target
from .helpers import GUILD, OTHER_GUILD, play_random, snapshot, synthetic_settlement


def _simple(game_id: str = "g1", users: tuple[int | None, ...] = (1, 2, 3)) -> Settlement:
    return Settlement(game_id, GUILD, (
        SeatSettlement(users[0], 400, 5, 4, "landlord", True),
        SeatSettlement(users[1], -200, 5, -2, "farmer", False),
        SeatSettlement(users[2], -200, 5, -2, "farmer", False),
    ), json.dumps({"outcome": "landlord"}))


async def test_settle_moves_beans_points_and_counters(store: Store, players: list[int]) -> None:
    assert await store.settle(_simple())
    alice, bob, carol = [await store.get_player(GUILD, u) for u in (1, 2, 3)]
    assert alice is not None and bob is not None and carol is not None
    assert (alice.balance, bob.balance, carol.balance) == (10_395, 9_795, 9_795)
    assert (alice.points, bob.points) == (4, -2)
    assert (alice.games, alice.wins, alice.landlord_games, alice.landlord_wins) == (1, 1, 1, 1)
    assert (bob.games, bob.wins, bob.farmer_games, bob.farmer_wins) == (1, 0, 1, 0)
    assert await store.house_balance(GUILD) == 15
    rows = await store.game_ledger("g1")
    assert [(r.user_id, r.amount, r.reason) for r in rows] == [
        (1, 400, "transfer"), (1, -5, "fee"), (2, -200, "transfer"), (2, -5, "fee"),
        (3, -200, "transfer"), (3, -5, "fee"), (None, 5, "fee"), (None, 5, "fee"),
        (None, 5, "fee")]
    assert sum(r.amount for r in rows) == 0
    assert (await store.check_invariants()).ok


async def test_ai_seat_is_booked_on_the_house(store: Store, players: list[int]) -> None:
    # the AI landlord wins 400 from two humans: the house holds the AI's winnings
    settlement = Settlement("ai1", GUILD, (
        SeatSettlement(None, 400, 5, 4, "landlord", True),
        SeatSettlement(1, -200, 5, -2, "farmer", False),
        SeatSettlement(2, -200, 5, -2, "farmer", False)))
    assert await store.settle(settlement)
    assert await store.house_balance(GUILD) == 400 + 10
    assert settlement.house_delta == 410
    rows = await store.ledger_entries(GUILD, None)
    assert {(r.reason, r.amount) for r in rows} == {("ai_seat", 400), ("fee", 5)}
    # and loses 600 the next game: the house pays
    assert await store.settle(Settlement("ai2", GUILD, (
        SeatSettlement(1, 300, 0, 3, "farmer", True),
        SeatSettlement(None, -600, 0, -6, "landlord", False),
        SeatSettlement(2, 300, 0, 3, "farmer", True))))
    assert await store.house_balance(GUILD) == 410 - 600
    assert (await store.check_invariants()).ok


async def test_escape_penalty_is_booked_apart(store: Store, players: list[int]) -> None:
    settlement = Settlement("esc", GUILD, (
        SeatSettlement(1, 1000, 5, 10, "landlord", True),
        SeatSettlement(2, -1000, 305, -13, "farmer", False, penalty=300),
        SeatSettlement(3, 0, 5, 0, "farmer", False)))
    assert await store.settle(settlement)
    reasons = [(r.user_id, r.reason, r.amount) for r in await store.game_ledger("esc")]
    assert (2, "escape_penalty", -300) in reasons and (2, "fee", -5) in reasons
    assert (None, "escape_penalty", 300) in reasons
    assert await store.get_settlement("esc") == settlement


async def test_same_settlement_twice_moves_beans_once(store: Store, players: list[int]) -> None:
    settlement = _simple()
    assert await store.settle(settlement) is True
    after_first = await snapshot(store)
    assert await store.settle(settlement) is False
    assert await store.settle(_simple()) is False  # an equal value, not the same object
    assert await snapshot(store) == after_first


async def test_concurrent_duplicates_apply_once(store: Store, players: list[int]) -> None:
    settlement = _simple("dup")
    results = await asyncio.gather(*(store.settle(settlement) for _ in range(12)))
    assert sorted(results) == [False] * 11 + [True]
    assert await store.balance(GUILD, 1) == 10_395
    assert (await store.check_invariants()).ok


async def test_two_stores_on_one_database_apply_once(target: Target) -> None:
    """Two writers (as two processes would) race for the same game id."""
    async with Store.open(target) as a, Store.open(target) as b:
        for u in (1, 2, 3):
            await a.ensure_player(GUILD, u, f"p{u}")
        results = await asyncio.gather(*(s.settle(_simple("race")) for s in (a, b, a, b)))
        assert sorted(results) == [False, False, False, True]
        assert await b.balance(GUILD, 1) == 10_395
        assert (await b.check_invariants()).ok


async def test_reused_id_with_other_content_raises_and_writes_nothing(
        store: Store, players: list[int]) -> None:
    assert await store.settle(_simple("g9"))
    before = await snapshot(store)
    other = Settlement("g9", GUILD, (
        SeatSettlement(1, 600, 5, 6, "landlord", True),
        SeatSettlement(2, -300, 5, -3, "farmer", False),
        SeatSettlement(3, -300, 5, -3, "farmer", False)))
    with pytest.raises(SettlementConflictError) as info:
        await store.settle(other)
    assert info.value.code == "settlement_conflict" and "g9" in str(info.value)
    with pytest.raises(SettlementConflictError):
        await store.settle(Settlement("g9", GUILD, _simple().seats, '{"outcome": "other"}'))
    assert await snapshot(store) == before


@pytest.mark.parametrize(("seats", "error", "code"), [
    (((1, 100, 5), (2, -50, 5), (3, -40, 5)), InvalidInputError, "transfers_not_zero"),
    (((1, 100, -5), (2, -50, 5), (3, -50, 5)), InvalidInputError, "bad_fee"),
    (((1, 100, 5), (1, -50, 5), (3, -50, 5)), InvalidInputError, "duplicate_seat"),
    (((1, 100, 5), (2, -50, 5), (99, -50, 5)), UnknownPlayerError, "unknown_player"),
    (((1, 20_000, 5), (2, -10_000, 5), (3, -10_000, 5)), InsufficientBalanceError,
     "insufficient_balance"),
])
async def test_bad_settlements_write_nothing(store: Store, players: list[int],
                                             seats: tuple[tuple[int, int, int], ...],
                                             error: type[Exception], code: str) -> None:
    before = await snapshot(store)
    settlement = Settlement("bad", GUILD, tuple(
        SeatSettlement(u, t, f, 0, "farmer", False) for u, t, f in seats))
    with pytest.raises(error) as info:
        await store.settle(settlement)
    assert info.value.code == code  # type: ignore[attr-defined]
    assert await snapshot(store) == before
    assert await store.get_settlement("bad") is None


async def test_unknown_guild_and_malformed_settlements(store: Store, players: list[int]) -> None:
    before = await snapshot(store)
    with pytest.raises(UnknownGuildError):
        await store.settle(Settlement("x", OTHER_GUILD, _simple().seats))
    for bad in (
        Settlement("", GUILD, _simple().seats),
        Settlement("x", GUILD, _simple().seats, "not json"),
        Settlement("x", GUILD, _simple().seats[:1]),
        Settlement("x", GUILD, (SeatSettlement(1, 0, 0, 0, "king", True),
                                SeatSettlement(2, 0, 0, 0, "farmer", False))),
        Settlement("x", GUILD, (SeatSettlement(1, 0, 0, 0, "farmer", 1),  # type: ignore[arg-type]
                                SeatSettlement(2, 0, 0, 0, "farmer", False))),
        Settlement("x", GUILD, (SeatSettlement(1, 0.5, 0, 0, "", False),  # type: ignore[arg-type]
                                SeatSettlement(2, -0.5, 0, 0, "", False))),  # type: ignore[arg-type]
    ):
        with pytest.raises(InvalidInputError):
            await store.settle(bad)
    with pytest.raises(InvalidInputError):
        await store.settle({"game_id": "x"})  # type: ignore[arg-type]
    assert await snapshot(store) == before


async def test_a_failure_mid_transaction_rolls_everything_back(
        store: Store, players: list[int], monkeypatch: pytest.MonkeyPatch) -> None:
    """Balances, counters, the settlement and the house are written before the ledger
    rows; a failure at the ledger must undo them all."""
    before = await snapshot(store)

    async def broken(conn: object, rows: object) -> None:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(StoreBase, "_insert_ledger", staticmethod(broken))
    with pytest.raises(RuntimeError, match="disk on fire"):
        await store.settle(_simple("mid"))
    assert await snapshot(store) == before
    monkeypatch.undo()
    assert await store.settle(_simple("mid")) is True  # the retry applies it, once
    assert (await store.check_invariants()).ok


async def test_a_cancelled_settlement_writes_nothing(
        store: Store, players: list[int], monkeypatch: pytest.MonkeyPatch) -> None:
    before = await snapshot(store)
    reached = asyncio.Event()

    async def stuck(conn: object, rows: object) -> None:
        reached.set()
        await asyncio.Event().wait()

    monkeypatch.setattr(StoreBase, "_insert_ledger", staticmethod(stuck))
    task = asyncio.create_task(store.settle(_simple("cancel")))
    await reached.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert await snapshot(store) == before
    monkeypatch.undo()
    assert await store.settle(_simple("cancel")) is True
    assert (await store.check_invariants()).ok


async def test_settlement_from_engine_results(store: Store, players: list[int]) -> None:
    rng = random.Random(5)
    for variant in ("classic", "happy", "laizi", "super", "four"):
        rules = Rules.preset(variant)
        users: list[int | None] = [1, 2, 3, 4][:rules.players]
        users[rng.randrange(len(users))] = None
        for i in range(6):
            balances = [await store.balance(GUILD, u) if u else 10**6 for u in users]
            game = play_random(rules, i, balances, rng)
            result = game.result
            assert result is not None
            settlement = Settlement.from_result(f"{variant}-{i}", GUILD, result, users)
            assert settlement.house_delta + sum(
                result.beans[n] for n, u in enumerate(users) if u is not None) == 0
            assert await store.settle(settlement)
            assert json.loads((await store.get_settlement(settlement.game_id)
                               ).result_json)["beans"] == list(result.beans)  # type: ignore[union-attr]
    report = await store.check_invariants()
    assert report.ok, str(report)
    assert report.minted == report.held == 4 * 10_000


async def test_synthetic_stream_keeps_invariants(store: Store, players: list[int]) -> None:
    rng = random.Random(9)
    for i in range(200):
        users = rng.sample([1, 2, 3, 4, None], 3)
        await store.settle(synthetic_settlement(f"s{i}", GUILD, users, rng))
    report = await store.check_invariants(GUILD)
    assert report.ok and report.settlements == 200


async def test_a_void_deal_counts_no_game(store: Store, players: list[int]) -> None:
    """A dissolved deal (everyone passed three times) settles with nothing moved and no
    game on anyone's record; an escape before the landlord is fixed counts only for the
    escaper."""
    game = Game.new(Rules.preset("classic"), 1, balances=(10_000,) * 3)
    while not game.is_over:
        game.apply(Bid(game.to_act, 0))  # type: ignore[arg-type]
    assert game.result is not None and game.result.outcome == "dissolved"
    assert await store.settle(Settlement.from_result("void", GUILD, game.result, [1, 2, 3]))
    escape = Game.new(Rules.preset("happy"), 2, balances=(10_000,) * 3)
    escape.apply(Escape(0))
    assert escape.result is not None and escape.result.landlord is None
    assert await store.settle(Settlement.from_result("esc0", GUILD, escape.result, [1, 2, 3]))
    games = [(await store.get_player(GUILD, u)).games for u in (1, 2, 3)]  # type: ignore[union-attr]
    assert games == [1, 0, 0]
    assert (await store.check_invariants()).ok

"""Duplicate deals: every table of a round plays the same seeds; within a block each
player holds each hand once; the engine deals the same hands from the same seed."""

from __future__ import annotations

import pytest

from bot.engine import Game, Rules
from bot.tournaments import deal_plan, derive_seed, rotate


def test_rotation_moves_each_player_one_seat_on() -> None:
    assert rotate((1, 2, 3), 0) == (1, 2, 3)
    assert rotate((1, 2, 3), 1) == (3, 1, 2)  # player 1 (position 0) sits in seat 1
    assert rotate((1, 2, 3, 4), 3) == (2, 3, 4, 1)


@pytest.mark.parametrize("size", [3, 4])
def test_each_player_holds_each_hand_of_a_block_once(size: int) -> None:
    tables = [tuple(range(10 * t, 10 * t + size)) for t in range(1, 4)]
    for deal_no in range(1, 2 * size + 1):
        plans = [deal_plan(7, 2, t + 1, deal_no, players, True)
                 for t, players in enumerate(tables)]
        assert len({p.seed for p in plans}) == 1  # the same deal at every table
        # the player at position p holds the same seat at every table
        seats = [[plan.seats.index(players[p]) for p in range(size)]
                 for plan, players in zip(plans, tables, strict=True)]
        assert all(s == seats[0] for s in seats)
    for players in tables:
        for block in range(2):
            held = {p: set() for p in players}  # type: dict[int, set[int]]
            seeds = set()
            for j in range(size):
                plan = deal_plan(7, 2, 1, block * size + j + 1, players, True)
                seeds.add(plan.seed)
                for seat, p in enumerate(plan.seats):
                    assert p is not None
                    held[p].add(seat)
            assert len(seeds) == 1
            assert all(h == set(range(size)) for h in held.values())


def test_blocks_and_rounds_have_their_own_seeds() -> None:
    players = (1, 2, 3)
    seeds = {deal_plan(7, r, 1, d, players, True).seed for r in (1, 2) for d in (1, 4)}
    assert len(seeds) == 4
    assert derive_seed(7, "r", 1) != derive_seed(8, "r", 1)
    assert 0 <= derive_seed(7, "x") < 2**62


def test_without_duplicate_each_table_and_deal_differs_and_seats_stay() -> None:
    plans = [deal_plan(7, 1, t, d, (1, 2, None), False) for t in (1, 2) for d in (1, 2)]
    assert len({p.seed for p in plans}) == 4
    assert all(p.seats == (1, 2, None) for p in plans)
    assert deal_plan(7, 1, 2, 2, (1, 2, None), False) == plans[-1]  # restart-safe


def test_the_engine_deals_the_same_hands_for_the_same_seed() -> None:
    seed = deal_plan(99, 1, 1, 1, (1, 2, 3), True).seed
    a = Game.new(Rules.preset("classic"), seed)
    b = Game.new(Rules.preset("classic"), seed)
    assert [a.hands[s] for s in range(3)] == [b.hands[s] for s in range(3)]


def test_numbers_start_at_one() -> None:
    with pytest.raises(ValueError):
        deal_plan(1, 0, 1, 1, (1, 2, 3), True)

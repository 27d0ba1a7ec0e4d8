"""What kept a settlement below its full amounts: a short balance (whose) and the points cap."""

from __future__ import annotations

import pytest

from bot.ai.agent import decide
from bot.engine import Rules, settlement_limits
from bot.engine.game import Game
from bot.engine.scoring import LAIZI_CAP, Result
from bot.engine.states import Outcome


def _played(variant: str, seed: int, balances: tuple[int, ...]) -> Game:
    game = Game.new(Rules.preset(variant), seed, balances=balances)
    while not game.is_over:
        game.apply(decide(game.view(game.to_act), level="easy", seed=seed))
    return game


def test_rich_seats_are_never_limited() -> None:
    for seed in range(6):
        game = _played("classic", seed, (10**9,) * 3)
        limits = settlement_limits(game.rules, game.result, game.balances)
        assert limits.by == (None, None, None) and limits.stake_cap is None


@pytest.mark.parametrize("variant", ["classic", "happy", "four"])
def test_a_short_balance_is_named_where_it_cut_the_beans(variant: str) -> None:
    limited = 0
    for seed in range(12):
        n = Rules.preset(variant).players
        balances = (150, *([10**9] * (n - 1)))  # seat 0 can pay or take little
        game = _played(variant, seed, balances)
        r = game.result
        if r.outcome not in ("landlord", "farmers"):
            continue
        limits = settlement_limits(game.rules, r, balances)
        per = game.rules.beans_per_point
        for seat, by in enumerate(limits.by):
            full = r.stakes[seat] * per
            if by is None:
                assert abs(r.transfers[seat]) == full or (
                    r.escaper is not None and r.transfers[seat] == 0)
            else:  # cut, and by a seat that really was short: here only seat 0 is
                limited += 1
                assert by == 0 and abs(r.transfers[seat]) < full
                assert balances[0] < r.stakes[0] * per
    assert limited > 0  # the poor seat did cut some settlements


def test_laizis_points_cap_is_named() -> None:
    rules = Rules.preset("laizi")
    big = Result(outcome=Outcome.LANDLORD, landlord=0, winners=(0,), bid=1, multiplier=4096,
                 doubles=(True, False, False), stakes=(LAIZI_CAP, 5000, 5000),
                 transfers=(1_000_000, -500_000, -500_000))
    assert settlement_limits(rules, big, None).stake_cap == LAIZI_CAP
    small = Result(outcome=Outcome.LANDLORD, landlord=0, winners=(0,), bid=1, multiplier=8,
                   doubles=(False, False, False), stakes=(16, 8, 8),
                   transfers=(1600, -800, -800))
    assert settlement_limits(rules, small, None).stake_cap is None
    assert settlement_limits(rules, small, None).by == (None, None, None)

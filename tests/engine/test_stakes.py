"""The stakes the engine shows are the stakes it settles (bot/engine/stakes.py).

For every variant, random deals played to the end: the pair stake a seat is shown,
times the stake base, is what settlement charged between the landlord and each farmer.
The escape cost asked before leaving is what an escape then really costs: the whole
settlement in happy and laizi, the penalty in classic, super and four.
"""

from __future__ import annotations

import copy
import random

import pytest

from bot.engine import VARIANTS, Escape, Game, Outcome, Rules
from bot.engine.scoring import ESCAPE_POINTS, stake_base
from bot.engine.stakes import EscapeCost, escape_cost, pair_stake, seat_stakes

from .game_helpers import random_game

SEEDS = range(40)


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_pair_stake_shown_is_what_settlement_charges(variant: str) -> None:
    rules = Rules.preset(variant)
    doubled_pairs = 0
    for seed in SEEDS:
        game, _ = random_game(rules, seed)
        result = game.result
        assert result is not None
        if result.outcome not in (Outcome.LANDLORD, Outcome.FARMERS):
            continue
        landlord = result.landlord
        assert landlord is not None
        view = game.view(None)
        base = stake_base(game.play_rules, result.bid)
        farmers = [f for f in range(rules.players) if f != landlord]
        shown = seat_stakes(view, landlord)
        for f in farmers:
            stake = pair_stake(view, landlord, f)
            assert result.stakes[f] == base * stake, (seed, f)
            # the landlord loses or wins it from that farmer, the farmer the same
            sign = 1 if result.outcome == Outcome.FARMERS else -1
            assert result.points[f] == sign * result.stakes[f], (seed, f)
            if rules.has_show_and_double:  # 加倍: each seat is shown its pair stakes
                assert shown[f] == stake
                assert seat_stakes(view, f) == {landlord: stake}
                doubled_pairs += stake != view.multiplier
            else:  # no 加倍: the table multiplier is the stake of every pair
                assert shown == {} and stake == view.multiplier
        assert sum(result.stakes[f] for f in farmers) == result.stakes[landlord]
    if rules.has_show_and_double:
        assert doubled_pairs, "some deal had a 加倍 that changed a pair's stake"


@pytest.mark.parametrize("variant", ["happy", "laizi"])
def test_the_escape_cost_is_what_an_escape_settles(variant: str) -> None:
    """happy, laizi: leaving ends the deal; the cost asked first is its settlement, at
    every moment of the deal (the auction and the play), short balances included."""
    rules = Rules.preset(variant)
    asked = 0
    for seed in range(12):
        rng = random.Random(seed)
        balances = (rng.randrange(500, 40_000), rng.randrange(500, 40_000), 60_000)
        game = Game.new(rules, seed, balances=balances)
        while not game.is_over:
            if rng.random() < 0.3:
                seat = rng.randrange(rules.players)
                before = game.state()
                cost = escape_cost(game, seat)
                assert game.state() == before, "asking changes nothing"
                trial = copy.deepcopy(game)
                trial.apply(Escape(seat))
                result = trial.result
                assert result is not None and result.outcome == Outcome.ESCAPE
                assert cost == EscapeCost(-result.beans[seat], -result.points[seat], True)
                asked += 1
            game.apply(rng.choice(game.legal_actions()))
    assert asked > 50


@pytest.mark.parametrize("variant", ["classic", "super", "four"])
def test_the_escape_cost_is_the_penalty_charged_at_the_end(variant: str) -> None:
    """classic, super, four: the deal goes on after an escape; the cost told is the
    penalty that settlement charges the escaper at the end, and 3 points."""
    rules = Rules.preset(variant)
    for seed in range(8):
        rng = random.Random(seed)
        game = Game.new(rules, seed)
        for _ in range(rng.randrange(40)):
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
        if game.is_over:
            continue
        seat = rng.randrange(rules.players)
        cost = escape_cost(game, seat)
        assert cost == EscapeCost(ESCAPE_POINTS * rules.beans_per_point, ESCAPE_POINTS, False)
        game.apply(Escape(seat))
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        result = game.result
        assert result is not None
        if result.outcome == Outcome.DISSOLVED:
            continue
        assert result.escaper == seat and result.penalties[seat] == cost.beans


def test_a_short_balance_caps_the_escape_cost() -> None:
    game = Game.new(Rules.preset("classic"), 3, balances=(120, 10_000, 10_000))
    assert escape_cost(game, 0) == EscapeCost(120, ESCAPE_POINTS, False)

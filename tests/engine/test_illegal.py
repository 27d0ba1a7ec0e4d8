"""Illegal actions from random states: the right error, and nothing changes."""

from __future__ import annotations

import random

import pytest

from bot.engine import (
    CardsNotHeldError,
    IllegalActionError,
    InvalidCardsError,
    NotYourTurnError,
    RuleError,
    Rules,
    WrongPhaseError,
    legal_plays,
)
from bot.engine.actions import Bid, Call, Double, Escape, Grab, Pass, PlayCards, Show
from bot.engine.cards import RANK_CHARS, counts_of
from bot.engine.game import Game

VARIANTS = ["classic", "happy", "laizi", "super", "four"]


def _wrong_phase_action(g: Game, seat: int):
    if g.phase == "play":
        return Bid(seat, 1)
    return PlayCards(seat, "3")


def _illegal_tries(g: Game, rng: random.Random):
    """(action, expected error type) pairs for the current state."""
    seat = g.to_act
    other = (seat + 1) % g.players
    tries = [(_wrong_phase_action(g, seat), WrongPhaseError)]
    legal = g.legal_actions()
    if legal:
        tries.append((type(legal[0])(**{**legal[0].__dict__, "seat": other}), NotYourTurnError))
    if g.phase == "bid" and g.auction.high_bid:
        tries.append((Bid(seat, g.auction.high_bid), IllegalActionError))
    if g.phase == "bid":  # (Bid(seat, 4) cannot even be made: test_action_values)
        tries.append((Bid(other, 0), NotYourTurnError))
    if g.phase == "play":
        counts = counts_of(g.hands[seat])
        missing = [RANK_CHARS[r] for r in range(15) if counts[r] == 0]
        if missing:
            tries.append((PlayCards(seat, rng.choice(missing)), CardsNotHeldError))
        have = [RANK_CHARS[r] for r in range(15) if counts[r]]
        tries.append((PlayCards(seat, have[0] * (counts[RANK_CHARS.index(have[0])] + 1)),
                      InvalidCardsError))  # not held, or more than the deck has
        if g.last is not None:
            beating = {p.cards for p in legal_plays(g.hands[seat], g.last[1], g.play_rules)}
            weaker = [p for p in legal_plays(g.hands[seat], None, g.play_rules)
                      if p.cards not in beating]
            if weaker:
                p = rng.choice(weaker)
                tries.append((PlayCards(seat, p.cards), IllegalActionError))
        else:
            tries.append((Pass(seat), IllegalActionError))
        tries.append((PlayCards(seat, "x"), RuleError))
    return tries


@pytest.mark.parametrize("variant", VARIANTS)
def test_illegal_actions_change_nothing(variant: str) -> None:
    rules = Rules.preset(variant)
    checked = 0
    for seed in range(120):
        rng = random.Random(seed)
        g = Game.new(rules, seed)
        while not g.is_over:
            if rng.random() < 0.3:
                snapshot = g.state()
                for action, error in _illegal_tries(g, rng):
                    with pytest.raises(error):
                        g.apply(action)
                    assert g.state() == snapshot, (action, "changed the game")
                    checked += 1
            g.apply(rng.choice(g.legal_actions()))
        with pytest.raises(WrongPhaseError):
            g.apply(Escape(0))
        with pytest.raises(WrongPhaseError):
            g.apply(Pass(0))
    assert checked > 500


def test_every_action_type_round_trips_through_json() -> None:
    from bot.engine.actions import Action

    samples = [Bid(1, 2), Call(0, False), Grab(2, True), Show(1), Double(0, False),
               PlayCards(2, "3334F", "trio_single", "3"), Pass(1, auto=True), Escape(0)]
    for a in samples:
        b = Action.from_json(a.to_json())
        assert b == a and type(b) is type(a) and b.auto == a.auto
    with pytest.raises(ValueError):
        Action.from_dict({"t": "nope", "seat": 0})


def test_bad_inputs_to_new() -> None:
    with pytest.raises(RuleError):
        Game.new(Rules.preset("classic"), 1, balances=(1, 2))
    with pytest.raises(RuleError):
        Game.new(Rules.preset("classic"), 1, balances=(1, 2, -3))
    with pytest.raises(RuleError):
        Game.new(Rules.preset("four"), 1, seats=3)
    with pytest.raises(RuleError):
        Game.new(Rules.preset("super"), 1, first=5)
    for action in (Call(0), Grab(0), Double(0), Show(0)):
        g = Game.new(Rules.preset("classic"), 1)
        with pytest.raises(WrongPhaseError):
            g.apply(action)

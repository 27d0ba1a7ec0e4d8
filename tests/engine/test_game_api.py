"""The game's public API for the layers above: verify / can / apply, the current trick,
the legal readings of typed cards, and the log that rebuilds a game."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from bot.engine import (
    Bid,
    CardsNotHeldError,
    Escape,
    Game,
    GameLog,
    IllegalActionError,
    NotYourTurnError,
    Pass,
    PlayCards,
    RuleError,
    Rules,
    Show,
    Trick,
    WrongPhaseError,
)

from .game_helpers import force_hands, to_play

VARIANTS = ("classic", "happy", "laizi", "super", "four")


def _random_games(variant: str, count: int):
    rules = Rules.preset(variant)
    for seed in range(count):
        rng = random.Random(seed)
        game = Game.new(rules, seed, balances=(10_000,) * rules.players)
        yield game, rng


@pytest.mark.parametrize("variant", VARIANTS)
def test_verify_and_can_say_what_apply_does(variant: str) -> None:
    """For legal and illegal actions alike: can() is True exactly when apply() accepts,
    verify() raises the very error apply() raises, and neither changes the game."""
    for game, rng in _random_games(variant, 2):
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            candidates = [*game.legal_actions(), Pass(seat), Bid(seat, 2), Show(seat),
                          PlayCards(seat, "3"), PlayCards(seat, game.hand_text(seat)[:2]),
                          Pass((seat + 1) % game.players), Escape(seat)]
            for action in candidates:
                before = game.state()
                ok = game.can(action)
                try:
                    game.verify(action)
                    verified: RuleError | None = None
                except RuleError as e:
                    verified = e
                assert game.state() == before
                assert ok == (verified is None), action
                if verified is not None:
                    with pytest.raises(type(verified)) as info:
                        game.apply(action)
                    assert info.value.code == verified.code and str(info.value) == str(verified)
                    assert game.state() == before
            legal = [a for a in game.legal_actions()]
            assert all(game.can(a) for a in legal)
            game.apply(rng.choice(legal))


def test_verify_names_the_refusal() -> None:
    game = to_play(Game.new(Rules.preset("classic"), 3), landlord_wants=0)
    with pytest.raises(NotYourTurnError):
        game.verify(Pass(1))
    with pytest.raises(IllegalActionError) as lead:
        game.verify(Pass(0))
    assert lead.value.code == "must_lead"
    with pytest.raises(WrongPhaseError):
        game.verify(Bid(0, 1))
    assert not game.can(Bid(0, 1)) and game.can(PlayCards(0, game.hand_text(0)[0]))


def test_the_trick_follows_plays_passes_and_wins() -> None:
    game = Game.new(Rules.preset("classic"), 11)
    assert game.trick is None  # the auction: no card play yet
    to_play(game, landlord_wants=1)
    force_hands(game, ["3456", "789TJQ", "KKA"])
    assert game.trick == Trick(leader=1)
    game.apply(PlayCards(1, "7"))
    game.apply(PlayCards(2, "K"))
    game.apply(Pass(0))
    trick = game.trick
    assert trick is not None
    assert trick.leader == 1 and trick.to_beat_seat == 2 and trick.to_beat is not None
    assert trick.to_beat.cards == "K" and trick.passes == 1
    assert [(s, p.cards if p else None) for s, p in trick.plays] == [
        (1, "7"), (2, "K"), (0, None)]
    assert game.last == (2, trick.to_beat)
    game.apply(Pass(1))  # everyone else passed: seat 2 leads a new trick
    assert game.trick == Trick(leader=2) and game.to_act == 2 and game.last is None


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_trick_agrees_with_the_history(variant: str) -> None:
    for game, rng in _random_games(variant, 4):
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            if game.phase == "play" or (game.is_over and game.history):
                assert game.landlord is not None
                assert game.trick == Trick.after(game.landlord, game.history, game.players)
                last = game.trick.to_beat if game.trick else None
                if game.phase == "play" and last is None:
                    assert not any(isinstance(a, Pass) for a in game.legal_actions())


def test_a_pass_cannot_open_a_trick() -> None:
    with pytest.raises(IllegalActionError):
        Trick(leader=0).then(0, None, 3)


def test_readings_for_lists_the_legal_readings_now() -> None:
    rules = Rules.preset("laizi", laizi="7")
    game = to_play(Game.new(rules, 5), landlord_wants=0)
    force_hands(game, ["4455673", "89", "TJ"])
    kinds = sorted(p.kind for p in game.readings_for(0, "445567"))
    assert kinds == sorted({p.kind for p in game.readings_for(0, "4 4 5 5 6 7")})
    assert "pair_chain" in kinds
    assert game.readings_for(1, "89") == []  # not seat 1's turn
    with pytest.raises(CardsNotHeldError):
        game.readings_for(0, "99")
    game.apply(PlayCards(0, "3"))
    assert [p.cards for p in game.readings_for(1, "8")] == ["8"]
    game.apply(PlayCards(1, "8"))
    assert game.readings_for(2, "T") != [] and all(p.cards == "T" for p in
                                                     game.readings_for(2, "T"))


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_log_rebuilds_the_game_through_json(variant: str) -> None:
    for game, rng in _random_games(variant, 3):
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            if len(game.actions) % 7 == 0:
                log = GameLog.from_json(game.log.to_json())
                assert log == game.log
                assert Game.from_log(log) == game
        assert Game.from_log(game.log) == game


def test_the_log_keeps_a_fixed_first_bidder() -> None:
    game = Game.new(Rules.preset("super"), 5, balances=(1, 2, 3), first=2)
    log = game.log
    assert (log.rules, log.seed, log.balances, log.first, log.actions) == (
        Rules.preset("super"), 5, (1, 2, 3), 2, ())
    assert Game.from_log(GameLog.from_json(log.to_json())).auction.first == 2


@pytest.mark.parametrize(("make", "code"), [
    (lambda: GameLog(Rules.preset("classic"), True), "bad_seed"),
    (lambda: GameLog(Rules.preset("classic"), ""), "bad_seed"),
    (lambda: GameLog(Rules.preset("classic"), 1, (1, 2)), "bad_balances"),
    (lambda: GameLog(Rules.preset("classic"), 1, (1, -2, 3)), "bad_balances"),
    (lambda: GameLog(Rules.preset("classic"), 1, (1, True, 3)), "bad_balances"),
    (lambda: GameLog(Rules.preset("classic"), 1, first=3), "bad_seat"),
    (lambda: GameLog(Rules.preset("classic"), 1, first=True), "bad_seat"),
    (lambda: GameLog("classic", 1), "bad_rules"),  # type: ignore[arg-type]
    (lambda: GameLog(Rules.preset("classic"), 1, actions=("pass",)), "not_an_action"),
    (lambda: GameLog.from_json('{"rules": {"variant": "poker"}, "seed": 1}'),
     "unknown_variant"),
])
def test_a_log_cannot_be_made_wrong(make, code: str) -> None:
    with pytest.raises(RuleError) as info:
        make()
    assert info.value.code == code


def test_a_game_from_a_log_with_a_bad_action_is_refused() -> None:
    log = replace(Game.new(Rules.preset("classic"), 1).log, actions=(Pass(0),))
    with pytest.raises(RuleError):
        Game.from_log(log)

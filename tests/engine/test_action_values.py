"""Values that cannot lie: an action is checked when it is made, so the action a live game
applies and the one its stored JSON reads back are the same action, and replay the same."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import (
    Action,
    Bid,
    Call,
    Double,
    Escape,
    Game,
    GameLog,
    Grab,
    IllegalActionError,
    Pass,
    PlayCards,
    RuleError,
    Rules,
    Show,
)

VARIANTS = ("classic", "happy", "laizi", "super", "four")
ANY = st.one_of(st.none(), st.booleans(), st.integers(-2, 5), st.text(max_size=4))


@pytest.mark.parametrize("make", [
    lambda: Show(0, None),  # once read as "no show" live and as a show after its JSON
    lambda: Call(0, 1), lambda: Grab(0, "yes"), lambda: Double(0, None),
    lambda: Pass(True),  # once accepted as seat 1
    lambda: Bid(False, 1), lambda: Escape(-1), lambda: PlayCards(1.0, "3"),
    lambda: Bid(0, True), lambda: Bid(0, 4), lambda: PlayCards(0, 3),
    lambda: PlayCards(0, "33", kind=2), lambda: Pass(0, auto=None),
])
def test_a_wrong_field_is_refused_when_the_action_is_made(make) -> None:
    with pytest.raises(IllegalActionError):
        make()


@pytest.mark.parametrize("text", [
    '{"t": "pass"}', '{"t": "pass", "seat": 0, "extra": 1}', '{"t": "fly", "seat": 0}',
    '{"t": "show", "seat": 0, "show": null}', '{"t": "call", "seat": true}',
])
def test_bad_action_json_is_refused(text: str) -> None:
    with pytest.raises(RuleError):
        Action.from_json(text)


@pytest.mark.parametrize(("option", "value"), [
    ("A", 0), ("min_balance", 0), ("double_min", 0), ("beans_per_point", 0), ("m_init", 0),
    ("turn_play_s", -1), ("table_fee", True)])
def test_room_parameters_are_positive(option: str, value: int) -> None:
    with pytest.raises(RuleError) as info:
        Rules.preset("happy", **{option: value})
    assert info.value.code == "bad_option"


def _action(kind: type[Action], seat: object, value: object, auto: object) -> Action:
    if kind in (Pass, Escape):
        return kind(seat, auto=auto)  # type: ignore[arg-type]
    if kind is PlayCards:
        return PlayCards(seat, value, auto=auto)  # type: ignore[arg-type]
    return kind(seat, value, auto=auto)  # type: ignore[call-arg]


@settings(max_examples=60, deadline=None)
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 10**6),
       steps=st.lists(st.tuples(st.integers(0, 10**6), st.booleans(),
                                st.sampled_from([Bid, Call, Grab, Show, Double, PlayCards,
                                                 Pass, Escape]), ANY, ANY, st.booleans()),
                      max_size=60))
def test_every_actions_json_round_trip_replays_the_same_game(variant, seed, steps) -> None:
    """Legal actions and arbitrary ones alike: an action that can be made survives its
    JSON unchanged (``auto`` too), and the game applying it and the game applying its
    round trip accept or refuse it the same way and stay equal."""
    rules = Rules.preset(variant)
    live = Game.new(rules, seed, balances=(10_000,) * rules.players)
    for pick, legal, kind, seat, value, auto in steps:
        if live.is_over:
            break
        if legal:
            actions = live.legal_actions()
            action = actions[pick % len(actions)]
            if auto:
                action = type(action)(**{**action.__dict__, "auto": True})
        else:
            try:
                action = _action(kind, seat, value, auto)
            except RuleError:
                continue
        again = Action.from_json(action.to_json())
        assert again == action and again.auto == action.auto and type(again) is type(action)
        replayed = Game.from_log(GameLog.from_json(live.log.to_json()))
        try:
            live.apply(action)
            refused = None
        except RuleError as e:
            refused = e.code
        try:
            replayed.apply(again)
            refused_again = None
        except RuleError as e:
            refused_again = e.code
        assert refused == refused_again
        assert replayed == live
    assert Game.from_log(GameLog.from_json(live.log.to_json())) == live


def test_the_stored_json_of_every_action_of_random_games_replays_them() -> None:
    for variant in VARIANTS:
        rules = Rules.preset(variant)
        for seed in range(5):
            rng = random.Random(seed)
            game = Game.new(rules, seed)
            while not game.is_over:
                game.apply(rng.choice(game.legal_actions()))
            texts = [a.to_json() for a in game.actions]
            log = GameLog(rules, seed, actions=tuple(Action.from_json(t) for t in texts))
            assert Game.from_log(log) == game

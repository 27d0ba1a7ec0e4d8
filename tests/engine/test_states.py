"""Named states and shared shapes: the phase and the outcome are StrEnums that read,
compare and serialise as today's words; the yes/no actions share ``yes``; a table's rules
come from one function."""

from __future__ import annotations

import json

import pytest

from bot.engine import (
    ROOMS,
    Action,
    Call,
    Choice,
    Double,
    Grab,
    Outcome,
    Phase,
    RuleError,
    Rules,
    Show,
    table_rules,
)
from bot.engine.game import Game

from .game_helpers import random_game


def test_the_named_states_are_their_words() -> None:
    assert Phase.PLAY == "play" and f"{Phase.SHOW_DEAL}" == "show_deal"
    assert repr(Outcome.ESCAPE) == "'escape'" and json.dumps(Outcome.DISSOLVED) == '"dissolved"'
    assert {p.value for p in Phase} == {"bid", "show_start", "show_deal", "show_landlord",
                                        "call", "grab", "double", "play", "over"}
    assert [p for p in Phase if p.is_show] == [Phase.SHOW_START, Phase.SHOW_DEAL,
                                               Phase.SHOW_LANDLORD]


@pytest.mark.parametrize("variant", ["classic", "happy"])
def test_a_game_is_in_a_named_phase_and_ends_in_a_named_outcome(variant: str) -> None:
    game, _ = random_game(Rules.preset(variant), 5)
    assert game.phase is Phase.OVER and game.result is not None
    assert isinstance(game.result.outcome, Outcome)
    assert json.loads(json.dumps(game.result.to_dict()))["outcome"] == game.result.outcome
    assert Game.from_log(game.log) == game


@pytest.mark.parametrize("kind", [Call, Grab, Show, Double])
def test_every_yes_no_action_answers_yes(kind: type[Choice]) -> None:
    for yes in (True, False):
        action = kind.answer(1, yes)
        assert isinstance(action, kind) and action.yes is yes
        assert action.to_dict() == {"t": kind.type, "seat": 1, kind.type: yes}
        again = Action.from_json(action.to_json())
        assert isinstance(again, Choice) and again.yes is yes
    assert kind.answer(0, False, auto=True).auto


def test_a_tables_rules_come_from_one_function() -> None:
    server = {"beans_per_point": 200, "table_fee": 7, "min_balance": 500, "turn_play_s": 45,
              "turn_bid_s": 20}
    rules = table_rules("happy", "normal", server)
    assert rules == Rules.preset("happy", **server)
    high = table_rules("classic", "high", server)  # the room's stakes over the server's
    assert high == Rules.preset("classic", **{**server, **ROOMS["high"]})
    assert high.turn_play_s == 45
    fixed = table_rules("four", "novice", server, turn_seconds=3600)
    assert (fixed.turn_play_s, fixed.turn_bid_s, fixed.beans_per_point) == (3600, 3600, 10)
    assert table_rules("laizi") == Rules.preset("laizi")
    with pytest.raises(RuleError):
        table_rules("classic", "vip")

"""The cooperation rules' questions about a hand's plan."""

from __future__ import annotations

from bot.ai.cooperation import wins_from_here
from bot.ai.move import as_counts
from bot.ai.movegen import lead_moves
from bot.ai.position import turn_of
from bot.ai.situation import read_situation
from bot.engine import Rules

SUPER = Rules.preset("super")


def test_the_flower_riding_as_a_kicker_is_no_play_of_its_own() -> None:
    # after the rocket (sure: the seat holds both jokers and the flower), 6789TF plans as
    # the chain 6789T and the flower left as a kicker, which is no play: the chain goes out
    # last, the flower with it
    turn = turn_of(read_situation(SUPER, "BR6789TF", [], 0, 0))
    kinds = [g.kind for g in turn.planner.plan(as_counts("6789TF", SUPER)).groups]
    assert kinds == ["chain", "wild_kicker"]
    rocket = next(m for m in lead_moves(turn.hand, turn.v) if m.kind == "rocket"
                  and m.cards == tuple(as_counts("BR", SUPER)))
    assert wins_from_here(turn, rocket)

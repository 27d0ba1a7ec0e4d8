"""The AI's play held to the guards (bot.ai.guarded): win now, and a move that breaks a
guard replaced by the best play that breaks none; positions written by hand."""

from __future__ import annotations

import pytest

from bot.ai import choose_play, choose_play_reading
from bot.ai.guarded import guarded, view_of
from bot.ai.guards import violations
from bot.ai.position import turn_of
from bot.ai.situation import read_situation
from bot.engine import Pass, PlayCards, Rules, reading_of

CLASSIC = Rules.preset("classic")
# landlord 2 plays 18 cards, keeps 2 (报双); partner 0 wins the trick and leads a 9
TWO_LEFT = [(2, "3456789TJQKA"), (0, ""), (1, ""), (2, "777888"), (0, "JJJQQQ"), (1, ""),
            (2, ""), (0, "9")]


def test_the_issues_first_case_the_ai_does_not_let_a_weak_card_stand() -> None:
    sit = read_situation(CLASSIC, "5566R", TWO_LEFT, landlord=2, seat=1)
    view = view_of(sit)
    assert view.counts[2] == 2 and view.last is not None and view.last[0] == 0
    assert violations(view, Pass(1)) == ["let_stand_unsafe"]
    mended = guarded(view, turn_of(sit), None)
    assert mended is not None and mended.cards == "R"
    for level in ("easy", "normal", "hard"):
        for seed in range(4):
            play = choose_play_reading(CLASSIC, "5566R", TWO_LEFT, 2, 1, seed=seed,
                                       level=level, budget_ms=None)
            assert play is not None and play.cards == "R", (level, seed)


def test_a_pass_with_no_safe_answer_is_kept() -> None:
    # 5566A: an A could be beaten by the landlord's 2 or a joker: no play mends the pass
    sit = read_situation(CLASSIC, "5566A", TWO_LEFT, landlord=2, seat=1)
    view = view_of(sit)
    assert violations(view, Pass(1)) == []
    assert guarded(view, turn_of(sit), None) is None


def test_a_lead_into_the_landlords_one_card_gives_way() -> None:
    # landlord 0 has one card; I (farmer 1) lead after everyone passed on my B
    history = [(0, "3456789TJQKA"), (1, ""), (2, ""), (0, "777888"), (1, ""), (2, ""),
               (0, "2"), (1, "B"), (2, ""), (0, "")]
    sit = read_situation(CLASSIC, "69TT", history, landlord=0, seat=1)
    view = view_of(sit)
    assert view.counts[0] == 1 and view.last is None
    six = reading_of("6", CLASSIC)
    assert violations(view, PlayCards(1, "6")) == ["lead_single_into_one"]
    mended = guarded(view, turn_of(sit), six)
    assert mended is not None and mended.cards == "TT"
    for seed in range(6):
        assert choose_play(CLASSIC, "69TT", history, 0, 1, seed=seed, level="easy") == "TT"


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_the_whole_hand_is_played_at_every_level(level: str) -> None:
    for seed in range(8):
        assert choose_play(CLASSIC, "777K", [(0, "3"), (1, ""), (2, "")], 1, 0,
                           seed=seed, level=level) == "777K"
        assert choose_play(CLASSIC, "8899TT", [(0, "556677")], 0, 1, seed=seed,
                           level=level) == "8899TT"


def test_a_move_that_breaks_nothing_is_kept() -> None:
    sit = read_situation(CLASSIC, "5566R", [(2, "9")], landlord=2, seat=0)
    view = view_of(sit)
    nine = reading_of("R", CLASSIC)
    assert guarded(view, turn_of(sit), nine) is nine
    assert guarded(view, turn_of(sit), None) is None


"""The blunder suite: positions from self-play deals where the AI (before the cooperation
rules) made a mistake a player notices, each with the right answer.

``tests/data/ai_blunders.json`` holds them as hands and histories (classic, seat 0 the
landlord), each with the kind of mistake and the play that was made (``blunder``), found by
``python -m bench.blunders --dump`` (one, ``beat_partner``, is a tempting position: the
search already passed there; ``tempting`` is the mistake the hand could make): a farmer
bombing his partner's play in the second trick, a landlord leading a pair into a farmer's
报双, a farmer not feeding his partner's 报单... The AI at the default level must answer
every one rightly.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.ai import choose_play
from bot.ai.cooperation import blunders
from bot.ai.movegen import beating_moves
from bot.ai.reasons import move_for, position_of
from bot.engine import Rules, legal_plays, reading_of

CASES = json.loads((Path(__file__).parent.parent / "data" / "ai_blunders.json")
                   .read_text(encoding="utf-8"))
KINDS = {"bomb_partner", "beat_partner", "no_feed", "open_single", "open_pair"}


def _id(case: dict) -> str:
    return f"{case['kind']}-{case['hand']}-{len(case['history'])}"


def test_the_suite_covers_every_kind() -> None:
    assert {c["kind"] for c in CASES} == KINDS


@pytest.mark.parametrize("case", CASES, ids=_id)
def test_the_default_level_answers_rightly(case: dict) -> None:
    rules = Rules.preset(case["variant"])
    args = (rules, case["hand"], case["history"], case["landlord"], case["seat"],
            case["bottom"])
    answer = choose_play(*args, seed=case["seed"], budget_ms=None)
    p = position_of(*args)
    move = move_for(p, answer)
    assert blunders(p.turn, move, p.moves) == [], f"{case['kind']}: played {answer!r}"
    if case["blunder"] is not None:
        # the recorded play really was that mistake, and the answer is another play
        assert case["kind"] in blunders(p.turn, move_for(p, case["blunder"]), p.moves)
        assert answer != case["blunder"]
    if "tempting" in case:  # a play the hand could make that would be the mistake
        assert case["kind"] in blunders(p.turn, move_for(p, case["tempting"]), p.moves)
    last = p.sit.last
    if case["kind"] in ("bomb_partner", "beat_partner"):
        assert answer == "" or not reading_of(answer, rules, last=last).is_bomb
        if case["kind"] == "beat_partner":
            assert answer == "", "nobody can answer the partner's play: let it stand"
    elif case["kind"] == "no_feed":
        singles = [q for q in legal_plays(case["hand"], None, rules) if q.kind == "single"]
        assert answer == min(singles, key=lambda q: q.main_index).cards
    else:  # open_single / open_pair: an opponent with that many cards cannot go out on it
        n = 1 if case["kind"] == "open_single" else 2
        opp_counts = [p.sit.counts[o] for o in p.sit.opponents()]
        assert n in opp_counts
        kind = reading_of(answer, rules).kind
        assert len(answer) != n or kind not in ("single", "pair") or \
            not any(o.n == n for o in beating_moves(p.sit.unknown, move, p.sit.v)
                    if not o.cls), f"{answer!r} can be beaten by the cards out"


def test_the_rules_are_kept_by_every_level_in_the_suite() -> None:
    """The easy level (the heuristic with slips) keeps the partner rules too."""
    for case in CASES:
        if case["kind"] != "bomb_partner":
            continue
        rules = Rules.preset(case["variant"])
        answer = choose_play(rules, case["hand"], case["history"], case["landlord"],
                             case["seat"], case["bottom"], seed=1, level="easy")
        assert answer == "" or not reading_of(answer, rules,
                                              last=position_of(rules, case["hand"],
                                                               case["history"],
                                                               case["landlord"],
                                                               case["seat"]).sit.last
                                              ).is_bomb


"""The hint's reasons: each kind against positions where it holds and where it does not.

The positions (``tests/data/ai_reasons.json``) come from self-play deals (the seats' real
hands are kept in ``others``, so what a reason claims about the other hands is checked
against them) and a few written by hand. A reason must be true of the position: the kind's
own checker decides, and each kind's claim is checked again here independently where it
can be.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.ai.reasons import REASONS, explain, position_of, reason_holds
from bot.engine import Rules, legal_plays, parse_cards, reading_of
from bot.engine.cards import counts_of_text, text_of_counts

CASES = json.loads((Path(__file__).parent.parent / "data" / "ai_reasons.json")
                   .read_text(encoding="utf-8"))


def _id(case: dict) -> str:
    return f"{case['kind']}-{'holds' if case['holds'] else 'not'}-{case['hand']}-{case['play']}"


def test_every_kind_has_both_kinds_of_position() -> None:
    for kind in REASONS:
        assert {c["holds"] for c in CASES if c["kind"] == kind} == {True, False}, kind


def _last(history: list) -> tuple[int, str] | None:
    """The trick's play to beat (None when leading), read from the history."""
    last, passes = None, 0
    for seat, cards in history:
        if cards:
            last, passes = (seat, cards), 0
        elif last is not None:
            passes += 1
            if passes == 2:
                last, passes = None, 0
    return last


def _claim(case: dict, rules: Rules) -> None:
    """What the reason says, checked without the AI's code."""
    kind, hand, play = case["kind"], case["hand"], case["play"]
    last = _last(case["history"])
    last_play = reading_of(last[1], rules) if last else None
    if kind == "wins_now":
        assert len(play) == len(hand)
    elif kind == "bomb_win":
        bomb = reading_of(play, rules)
        assert bomb.is_bomb and len(play) < len(hand)
        if "others" in case:  # no opponent's real hand beats the bomb
            for o in range(3):
                if not _same_side(case, o):
                    assert not legal_plays(case["others"][o], bomb, rules)
    elif kind == "feed_partner":
        partner = (case["seat"] + 1) % 3
        assert partner != case["landlord"] and len(case["others"][partner]) == 1
        assert reading_of(play, rules).kind == "single"
        lowest = next(r for r, c in enumerate(counts_of_text(hand)) if c)
        assert counts_of_text(play).index(1) == lowest
    elif kind == "block":
        n = reason_count(case)
        opps = [s for s in range(3) if (s == case["landlord"]) != (case["seat"] ==
                                                                  case["landlord"])]
        assert any(len(case["others"][o]) == n for o in opps)
        assert len(play) != n or reading_of(play, rules).kind not in ("single", "pair")
    elif kind in ("partner_holds", "partner_ahead"):
        assert play == "" and last is not None
        assert last[0] != case["landlord"] and case["seat"] != case["landlord"]
        if kind == "partner_holds" and "others" in case:  # the landlord cannot beat it
            to_act = _still_to_act(case, last[0])
            if case["landlord"] in to_act:
                held = case["others"][case["landlord"]]
                assert not legal_plays(held, last_play, rules), held
    elif kind == "no_answer":
        assert play == "" and not legal_plays(hand, last_play, rules)
    elif kind == "keep_bomb":
        options = legal_plays(hand, last_play, rules)
        assert play == "" and options and all(p.is_bomb for p in options)
    elif kind == "keeps_chain":
        chain = explain_case(case).cards
        left = counts_of_text(hand)
        for ch in play:
            left[counts_of_text(ch).index(1)] -= 1
        assert all(left[r] >= c for r, c in enumerate(counts_of_text(chain)))
    elif kind == "top_card" and "others" in case:
        mine = reading_of(play, rules, last=last_play)
        pool = [0] * 16
        for i, h in enumerate(case["others"]):
            if i != case["seat"]:
                pool = [a + b for a, b in zip(pool, counts_of_text(h), strict=True)]
        for p in legal_plays(text_of_counts(pool), mine, rules):
            assert p.is_bomb, f"{p.cards} beats {play}"
    elif kind == "sheds_weakest":
        assert last is None and not reading_of(play, rules).is_bomb
    elif kind in ("breaks_hand", "saves_answer"):
        # a pass on an opponent's play, naming the lowest answer that is no bomb
        got = explain_case(case)
        assert play == "" and last is not None and not _same_side(case, last[0])
        assert got.cards == _lowest_plain_answer(case["hand"], last_play, rules)
        if kind == "breaks_hand":
            assert got.count >= 1
    elif kind == "partner_next":
        assert play == "" and last is not None and last[0] == case["landlord"]
        assert case["seat"] != case["landlord"] and (case["seat"] + 1) % 3 != case["landlord"]
        assert _lowest_plain_answer(case["hand"], last_play, rules) is not None
    elif kind == "lowest_beat":
        assert last is not None and not reading_of(play, rules, last=last_play).is_bomb
        assert sorted(play) == sorted(_lowest_plain_answer(case["hand"], last_play, rules) or "")
    elif kind == "bomb_back":
        assert last is not None and not _same_side(case, last[0])
        assert reading_of(play, rules, last=last_play).is_bomb
    elif kind in ("plan_group", "plays_left"):
        assert play and len(play) < len(case["hand"]) and explain_case(case).count >= 1


def _still_to_act(case: dict, last_seat: int) -> list[int]:
    """The seats after this one, up to the one who made the play to beat."""
    out, s = [], (case["seat"] + 1) % 3
    while s != last_seat:
        out.append(s)
        s = (s + 1) % 3
    return out


def _same_side(case: dict, seat: int) -> bool:
    landlord = case["landlord"]
    return seat == case["seat"] or (seat != landlord and case["seat"] != landlord)


def _lowest_plain_answer(hand: str, last_play, rules: Rules) -> str | None:  # type: ignore[no-untyped-def]
    """The cards of the lowest answer to ``last_play`` that is no bomb (None: none)."""
    plain = [p for p in legal_plays(hand, last_play, rules) if not p.is_bomb]
    if not plain:
        return None
    low = min(plain, key=lambda p: (p.main_index, len(p.cards)))
    return "".join(sorted(low.cards, key="3456789TJQKA2BR".index))


def explain_case(case: dict):  # type: ignore[no-untyped-def]
    rules = Rules.preset(case["variant"])
    p = position_of(rules, case["hand"], case["history"], case["landlord"], case["seat"],
                    case["bottom"])
    return reason_holds(case["kind"], p, case["play"])


def reason_count(case: dict) -> int:
    got = explain_case(case)
    assert got is not None
    return got.count


@pytest.mark.parametrize("case", CASES, ids=_id)
def test_a_reason_holds_exactly_where_it_is_true(case: dict) -> None:
    rules = Rules.preset(case["variant"])
    parse_cards(case["hand"], rules=rules)  # a well-formed hand
    got = explain_case(case)
    if not case["holds"]:
        assert got is None, f"{case['kind']} does not hold here, but the AI says {got}"
        return
    assert got is not None and got.kind == case["kind"]
    _claim(case, rules)
    # the hint's reason is this one or one earlier in the order, never a false one
    first = explain(rules, case["hand"], case["history"], case["landlord"], case["seat"],
                    case["play"], case["bottom"])
    assert first is not None
    assert REASONS.index(first.kind) <= REASONS.index(case["kind"])


def test_a_play_the_hand_cannot_make_has_no_reason() -> None:
    rules = Rules.preset("classic")
    assert explain(rules, "345", [], 0, 0, "3456") is None
    assert explain(rules, "345", [], 0, 0, "3") is not None

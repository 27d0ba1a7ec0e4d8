"""The auction's reasons: each kind against questions where it holds and where it does not.

The questions (``tests/data/ai_auction_reasons.json``) come from self-play auctions of every
variant and level. A reason holds only for the AI's own answer, and what it says is checked
here against the bidding model's functions directly: the answer is the model's choice, the
chance in the sentence is the model's estimate rounded to tenths, a reason for a bid or a yes
never calls the hand weak and one for a pass or a no never calls it strong.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.ai import bidding
from bot.ai.agent import decide, explain_action
from bot.ai.auction_reasons import (
    AUCTION_REASONS,
    YES_KINDS,
    Ask,
    auction_reason_holds,
    explain_auction,
    in_tenths,
)
from bot.engine import Rules
from bot.engine.actions import Bid, Call, Double, Grab, PlayCards, Show
from bot.engine.game import Game
from bot.words.reasons import AUCTION_WORDS, reason_words

CASES = json.loads((Path(__file__).parent.parent / "data" / "ai_auction_reasons.json")
                   .read_text(encoding="utf-8"))
STAGES = {"show_start": "start", "show_deal": "deal", "show_landlord": "landlord"}


def _id(case: dict) -> str:
    return f"{case['kind']}-{'holds' if case['holds'] else 'not'}-{case['variant']}-" \
           f"{case['phase']}-{case['answer']}"


def ask_of_case(case: dict) -> Ask:
    rules = Rules.preset(case["variant"])
    if case["laizi"]:
        rules = rules.with_laizi(case["laizi"])
    return Ask(rules=rules, phase=case["phase"], hand=case["hand"],
               bids=tuple((s, p) for s, p in case["bids"]), redeals=case["redeals"],
               declined=case["declined"], grabs=case["grabs"], multiplier=case["multiplier"],
               landlord=case["landlord"], bottom=case["bottom"], stake=case["stake"],
               shown=case["shown"], level=case["level"])


def _model(a: Ask) -> tuple[int | bool, float]:
    """The model's answer and the chance it rests on, from bot.ai.bidding alone."""
    r, h = a.rules, a.hand
    if a.phase == "bid":
        return bidding.choose_bid(r, h, a.bids, a.redeals), bidding.landlord_odds(r, h)
    if a.phase == "call":
        return bidding.choose_call(r, h, a.declined), bidding.landlord_odds(r, h)
    if a.phase == "grab":
        p = bidding.played_odds(r, "grab", bidding.landlord_odds(r, h))
        return bidding.choose_grab(r, h, a.grabs, a.multiplier), p
    if a.phase == "double":
        if a.landlord:
            p = bidding.played_odds(r, "landlord", bidding.landlord_odds(r, h, True))
        else:
            p = bidding.played_odds(r, "farmer", bidding.farmer_odds(r, h, a.bottom))
        return bidding.choose_double(r, h, a.landlord, a.bottom, a.multiplier), p
    choice = bidding.choose_show(r, h, STAGES[a.phase], a.stake, a.shown, a.level)
    return choice.show, bidding.show_odds(r, h, STAGES[a.phase])


def test_every_kind_has_both_kinds_of_question() -> None:
    for kind in AUCTION_REASONS:
        assert {c["holds"] for c in CASES if c["kind"] == kind} == {True, False}, kind


@pytest.mark.parametrize("case", CASES, ids=_id)
def test_an_auction_reason_holds_exactly_where_it_is_true(case: dict) -> None:
    ask = ask_of_case(case)
    answer = case["answer"]
    got = auction_reason_holds(case["kind"], ask, answer)
    if not case["holds"]:
        assert got is None, f"{case['kind']} does not hold here, but the AI says {got}"
        return
    assert got is not None and got.kind == case["kind"]
    model, p = _model(ask)
    assert answer == model, "a reason explains the model's own answer only"
    yes = bool(answer)
    assert (got.kind in YES_KINDS) == yes, "a yes is never explained as weak, a no as strong"
    if got.chance:
        assert got.chance == min(9, max(1, round(p * 10)))
    kind = got.kind
    if kind == "bid_odds":
        assert got.count == answer and p >= bidding.BID_ODDS[answer]
    elif kind in ("bid_table", "bid_redeal"):
        assert answer == 1 and not any(pts for _, pts in ask.bids)
        assert len(ask.bids) == ask.rules.players - 1 and p < bidding.BID_ODDS[1]
    elif kind == "bid_weak":
        assert answer == 0 and p < bidding.BID_ODDS[1] and got.chance <= 5
    elif kind == "bid_outbid":
        assert got.count == max(pts for _, pts in ask.bids) and p >= bidding.BID_ODDS[1]
    elif kind == "call_weak":
        assert p < 0.5  # "wins less than half the time"
    elif kind == "call_odds":
        assert p >= 0.5
    elif kind in ("grab_odds", "grab_weak"):
        assert got.count == 2 * ask.multiplier
    elif kind == "show_start":
        assert ask.phase == "show_start"
    elif kind == "show_outdone":
        assert got.count == ask.shown and ask.shown > 1
    elif kind == "double_bombs":
        assert got.count >= 1
    elif kind == "double_weak":
        assert got.count == ask.multiplier
    # the hint's reason is this one or one earlier in the order
    first = explain_auction(ask, answer)
    assert first is not None
    assert AUCTION_REASONS.index(first.kind) <= AUCTION_REASONS.index(kind)


@pytest.mark.parametrize("case", [c for c in CASES if c["holds"]], ids=_id)
def test_an_answer_the_ai_would_not_give_has_no_reason(case: dict) -> None:
    ask = ask_of_case(case)
    answer = case["answer"]
    others = [k for k in range(4) if k != answer] if ask.phase == "bid" else [not answer]
    for other in others:
        assert explain_auction(ask, other) is None, other


def test_in_tenths_rounds_and_keeps_within_one_to_nine() -> None:
    assert [in_tenths(p) for p in (0.0, 0.04, 0.26, 0.64, 0.66, 0.94, 0.99)] == \
        [1, 1, 3, 6, 7, 9, 9]


def test_every_language_words_every_auction_reason() -> None:
    from bot.ai.reasons import Reason
    for locale, words in AUCTION_WORDS.items():
        assert set(words) == set(AUCTION_REASONS), locale
        for kind in AUCTION_REASONS:
            text = reason_words(locale, Reason(kind, count=3, chance=7))
            assert "{" not in text and text
            if "{chance}" in words[kind]:
                assert "7" in text
    assert "7 in 10" in reason_words("en", Reason("bid_odds", count=3, chance=7))
    assert "bid 3" in reason_words("en", Reason("bid_odds", count=3, chance=7))
    assert "7成" in reason_words("zh-CN", Reason("call_odds", chance=7))
    tw = reason_words("zh-TW", Reason("call_weak", chance=4))
    assert tw != reason_words("zh-CN", Reason("call_weak", chance=4)) and "這樣" in tw


@pytest.mark.parametrize("variant", ["classic", "happy", "laizi", "four"])
def test_explain_action_answers_the_auction_from_a_seat_view(variant: str) -> None:
    game = Game.new(Rules.preset(variant), 11)
    seen = 0
    while game.phase != "play" and not game.is_over:
        view = game.view(game.to_act)
        action = decide(view, "easy", 11)
        reason = explain_action(view, action, "easy")
        assert reason is not None and reason.kind in AUCTION_REASONS
        # another seat's view, or an action of another phase, is not explained
        other = game.view((game.to_act + 1) % game.rules.players)
        assert explain_action(other, action, "easy") is None
        assert explain_action(view, PlayCards(view.seat or 0, "3"), "easy") is None
        wrong = Call(action.seat) if isinstance(action, Bid | Grab | Show | Double) else \
            Bid(action.seat, 1)
        assert explain_action(view, wrong, "easy") is None
        game.apply(action)
        seen += 1
    assert seen >= 3

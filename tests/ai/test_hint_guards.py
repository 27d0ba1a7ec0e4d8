"""The hint list's alternatives held to the guards (issue 55): those that break a rule are
left out, or, when every one does, kept with their risk said."""

from __future__ import annotations

from bot.ai.guarded import view_of
from bot.ai.hint_list import hint_list
from bot.ai.reasons import Reason
from bot.ai.situation import read_situation
from bot.engine import PlayCards, Rules
from bot.words.reasons import reason_words

CLASSIC = Rules.preset("classic")


def _hints(hand: str, history: list[tuple[int, str]], landlord: int, seat: int
           ) -> list[tuple[str, str | None]]:
    view = view_of(read_situation(CLASSIC, hand, history, landlord, seat))
    return [(s.action.cards if isinstance(s.action, PlayCards) else "",
             (s.reason.risk or s.reason.kind) if s.reason is not None else None)
            for s in hint_list(view, "easy", 1)]


ONE_LEFT = [(0, "3456789TJQKA"), (1, ""), (2, ""), (0, "777888"), (1, ""), (2, ""),
            (0, "2"), (1, "B"), (2, ""), (0, "")]


def test_alternatives_that_lead_into_one_card_are_left_out() -> None:
    hints = _hints("69TTJJ", ONE_LEFT, 0, 1)
    assert hints[0][0] in ("TT", "JJ")
    assert len(hints) >= 2
    assert all(len(cards) != 1 for cards, _ in hints)  # no single: the landlord has one card
    assert all(kind is None or not kind.startswith("risky") for _, kind in hints)


def test_when_every_alternative_breaks_a_rule_each_says_its_risk() -> None:
    hints = _hints("69TT", ONE_LEFT, 0, 1)
    assert hints[0][0] == "TT"
    assert [cards for cards, _ in hints[1:]] and all(len(c) == 1 for c, _ in hints[1:])
    assert {kind for _, kind in hints[1:]} == {"risky_one"}


def test_when_the_whole_hand_goes_out_the_others_are_risky() -> None:
    hints = _hints("777K", [(0, "3"), (1, ""), (2, "")], 1, 0)
    assert hints[0] == ("777K", "wins_now")
    assert hints[1:] and {kind for _, kind in hints[1:]} == {"risky_not_win"}


def test_risky_reasons_have_words() -> None:
    marked = Reason("sheds_weakest", risk="risky_one")
    assert reason_words("en", marked) == ("gets rid of your weakest cards first "
                                          "(risky: an opponent has 1 card left and could "
                                          "beat it)")
    assert reason_words("zh-CN", marked).endswith("（有风险：对手只剩1张牌，可能管上）")
    assert reason_words("en", Reason("risky_two", risk="risky_two")).startswith("risky")


# landlord 2 plays 18 cards, keeps 2 (报双); partner 0 wins the trick and leads
TWO_LEFT = [(2, "3456789TJQKA"), (0, ""), (1, ""), (2, "777888"), (0, "JJJQQQ"), (1, ""),
            (2, "")]


def test_let_it_stand_is_not_said_when_the_landlord_with_two_cards_could_beat_it() -> None:
    from bot.ai.reasons import explain
    # the first case: the partner's 9 before the landlord's two cards
    got = explain(CLASSIC, "5566R", [*TWO_LEFT, (0, "9")], 2, 1, None)
    assert got is None or got.kind != "partner_holds"
    # the partner's B, with the R in my hand: nothing beats it, let it stand
    got = explain(CLASSIC, "5566R", [*TWO_LEFT, (0, "B")], 2, 1, None)
    assert got is not None and got.kind == "partner_holds"
    # and the hint for the first case beats the 9 with the R
    view = view_of(read_situation(CLASSIC, "5566R", [*TWO_LEFT, (0, "9")], 2, 1))
    first = hint_list(view, "normal", 3, None)[0]
    assert isinstance(first.action, PlayCards) and first.action.cards == "R"

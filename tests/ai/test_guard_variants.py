"""The position suite of issue 55: each guard rule of :mod:`bot.ai.guards`, in every variant
(classic, happy, laizi, super, four), on positions where it must fire and where it must not.

Positions are played out as histories and read the way the AI reads them
(:func:`bot.ai.situation.read_situation`, then :func:`bot.ai.guarded.view_of`), so the
counts the guards see and the counts the AI sees agree. The landlord sheds cards by
leading (everyone passing) until he is down to one, two or three cards; the laizi
variant's wild rank is the 2, which no shed play uses. Where a rule must fire, the first
hint (:func:`bot.ai.hint_list.hint_list` at ``normal``, seed 0) and the AI's move
(:func:`bot.ai.agent.decide`, seeds 1 and 2 at ``normal``, and ``easy``) must break no
rule, and every hint alternative that breaks one must say its risk. Where it must not
fire (the single no one can beat, the partner's trick that holds, the opponent who
already passed, the hand that is no one play, the bomb that is the whole hand or a
defence), the natural action is checked clean of it. Variant-specific positions: a wild
card (laizi's 2, super's flower) that lets a two-card opponent beat a pair no natural
pair beats, the rocket a two-card opponent may hold against the big joker (super's flower
and a joker, four's second deck), the whole hand with a wild card, laizi's soft bomb and
super's super bomb, the four-player game's partners and its landlord against three
farmers; and the issue's three cases.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from bot.ai.agent import decide
from bot.ai.guarded import view_of
from bot.ai.guards import violations
from bot.ai.hint_list import Suggestion, hint_list
from bot.ai.situation import read_situation
from bot.engine import Action, Pass, PlayCards, Rules, SeatView
from bot.engine.rules import table_rules

VARIANTS = ("classic", "happy", "laizi", "super", "four")
WILD = "2"  # the laizi variant's wild rank in these positions
BUDGET = 40.0  # ms of search for each AI call: the positions are small
History = list[tuple[int, str]]


def _rules(variant: str, room: str = "normal") -> Rules:
    rules = table_rules(variant, room)
    return rules.with_laizi(WILD) if variant == "laizi" else rules


def _players(variant: str) -> int:
    return Rules.preset(variant).players


def _seq(n: int, start: int, moves: list[str]) -> History:
    """``moves`` made by consecutive seats from ``start`` (``""``: a pass)."""
    return [((start + k) % n, cards) for k, cards in enumerate(moves)]


def _shed(variant: str, lord: int, left: int) -> History:
    """The landlord leads, everyone passing, until he holds ``left`` cards; he leads next.
    Low trios, pairs and singles (6s, 4s, 3s) fill it: keep those out of the hands."""
    rules = Rules.preset(variant)
    n = rules.players
    leads = ["3456789TJQKA"] * rules.decks
    rest = rules.hand_size + rules.bottom_size - left - 12 * rules.decks
    for fill in ("666", "444", "33", "3"):
        if len(fill) <= rest:
            leads.append(fill)
            rest -= len(fill)
    assert rest == 0
    out: History = []
    for cards in leads:
        out += _seq(n, lord, [cards] + [""] * (n - 1))
    return out


def _view(variant: str, hand: str, history: History, *, landlord: int = 0, seat: int = 1,
          shown: Mapping[int, str] | None = None, room: str = "normal") -> SeatView:
    """``seat``'s view after ``history``, read as the AI reads it."""
    sit = read_situation(_rules(variant, room), hand, history, landlord, seat, "", shown)
    view = view_of(sit, "", shown)
    assert view.to_act == seat and view.seat == seat
    return view


def _play(view: SeatView, cards: str) -> PlayCards:
    assert view.seat is not None
    return PlayCards(view.seat, cards)


def _pass(view: SeatView) -> Pass:
    assert view.seat is not None
    return Pass(view.seat)


def _cards(action: Action) -> str:
    return action.cards if isinstance(action, PlayCards) else ""


def _ai_keeps_every_rule(view: SeatView, alternatives: bool = True) -> Suggestion:
    """The AI's moves and the first hint break no rule; a risky alternative says so
    (``alternatives``: the hint list must have some; not when one play answers).
    Returns the first hint."""
    hints = hint_list(view, "normal", 0, BUDGET)
    first = hints[0].action
    assert violations(view, first) == [], (_cards(first), violations(view, first))
    assert (len(hints) >= 2) is alternatives, [_cards(h.action) for h in hints]
    for alt in hints[1:]:
        broken = violations(view, alt.action)
        if broken:
            assert alt.reason is not None and alt.reason.risk, (_cards(alt.action), broken)
    for level, seed in (("normal", 1), ("normal", 2), ("easy", 0)):
        action = decide(view, level, seed, BUDGET)
        assert violations(view, action) == [], (level, _cards(action),
                                                violations(view, action))
    return hints[0]


# --- lead_single_into_one -------------------------------------------------------------------

def _one_card_lead(variant: str, hand: str) -> SeatView:
    """Farmer 1 leads; the landlord (seat 0) is down to one card."""
    n = _players(variant)
    history = _shed(variant, 0, 2) + _seq(n, 0, ["K", "A"] + [""] * (n - 1))
    view = _view(variant, hand, history)
    assert view.last is None and view.counts[0] == 1
    return view


@pytest.mark.parametrize("variant", VARIANTS)
def test_lead_single_into_one_fires(variant: str) -> None:
    v = _one_card_lead(variant, "579TTJJ")
    assert violations(v, _play(v, "5")) == ["lead_single_into_one"]
    assert violations(v, _play(v, "TT")) == []
    first = _ai_keeps_every_rule(v).action
    assert len(_cards(first)) != 1


@pytest.mark.parametrize("variant", VARIANTS)
def test_lead_single_into_one_spares_the_single_no_one_can_beat(variant: str) -> None:
    v = _one_card_lead(variant, "5TTJJR")
    assert violations(v, _play(v, "R")) == []
    assert violations(v, _play(v, "5")) == ["lead_single_into_one"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_lead_single_into_one_spares_the_partners_one_card(variant: str) -> None:
    # my partner (seat 2) wins a lead, sheds down to one card; I win the last trick
    n = _players(variant)
    history = _seq(n, 0, ["3", "", "A"] + [""] * (n - 1))
    sheds = ["3456789TJQKA", "3456789TJQ"] if n == 4 else ["3456789TJQKA", "55"]
    for cards in sheds:
        history += _seq(n, 2, [cards] + [""] * (n - 1))
    history += _seq(n, 2, ["7"] + [""] * (n - 3) + ["8"] + [""] * (n - 1))
    v = _view(variant, "579TTJJ", history)
    assert v.last is None and v.counts[2] == 1 and v.counts[0] > 2
    assert violations(v, _play(v, "5")) == []


def test_the_issues_single_5_is_left_out_of_the_hints_or_marked_risky() -> None:
    # case (b): the first hint is a pair; the single 5 would lead into the landlord's one card
    v = _one_card_lead("classic", "59TTJJ")
    hints = hint_list(v, "normal", 0, BUDGET)
    assert len(_cards(hints[0].action)) == 2
    assert len(hints) >= 2
    for alt in hints[1:]:
        if _cards(alt.action) == "5":
            assert alt.reason is not None and alt.reason.risk == "risky_one"


# --- lead_pair_into_two ---------------------------------------------------------------------

def _two_card_lead(variant: str, hand: str, shown: Mapping[int, str] | None = None
                   ) -> SeatView:
    """Farmer 1 leads; the landlord (seat 0) is down to two cards."""
    n = _players(variant)
    history = _shed(variant, 0, 3) + _seq(n, 0, ["K", "A"] + [""] * (n - 1))
    view = _view(variant, hand, history, shown=shown)
    assert view.last is None and view.counts[0] == 2
    return view


@pytest.mark.parametrize("variant", VARIANTS)
def test_lead_pair_into_two_fires(variant: str) -> None:
    v = _two_card_lead(variant, "55789TJQ")
    assert violations(v, _play(v, "55")) == ["lead_pair_into_two"]
    assert violations(v, _play(v, "7")) == []
    _ai_keeps_every_rule(v)


@pytest.mark.parametrize("variant", VARIANTS)
def test_lead_pair_into_two_spares_a_pair_the_shown_hand_cannot_beat(variant: str) -> None:
    v = _two_card_lead(variant, "55789TJQ", shown={0: "39"})
    assert violations(v, _play(v, "55")) == []


@pytest.mark.parametrize(("variant", "shown", "fires"), [
    ("classic", "2K", False), ("happy", "2K", False), ("four", "2K", False),
    ("super", "2K", False), ("super", "FK", True),  # the flower and a K: a pair of Ks
    ("laizi", "2K", True),  # the wild 2 and a K: a pair of Ks
])
def test_a_wild_card_makes_a_pair_beatable(variant: str, shown: str, fires: bool) -> None:
    v = _two_card_lead(variant, "QQ5789T", shown={0: shown})
    assert ("lead_pair_into_two" in violations(v, _play(v, "QQ"))) is fires
    if fires:
        assert violations(v, _play(v, "QQ")) == ["lead_pair_into_two"]
        first = _ai_keeps_every_rule(v).action
        assert _cards(first) != "QQ"


# --- pass_when_must_beat --------------------------------------------------------------------

def _one_card_follow(variant: str, hand: str, after: list[str] | None = None) -> SeatView:
    """The landlord (seat 0) leads a K with his second-last card; farmer 1 to act (after
    ``after``: the moves that come round to him)."""
    history = [*_shed(variant, 0, 2), (0, "K")]
    if after is not None:
        history += _seq(_players(variant), 1, after)
    view = _view(variant, hand, history)
    assert view.counts[0] == 1 and view.last is not None
    return view


@pytest.mark.parametrize("variant", VARIANTS)
def test_pass_when_must_beat_fires(variant: str) -> None:
    v = _one_card_follow(variant, "57R")
    assert violations(v, _pass(v)) == ["pass_when_must_beat"]
    assert violations(v, _play(v, "R")) == []
    first = _ai_keeps_every_rule(v, alternatives=False).action  # only R beats the K
    assert _cards(first) == "R"


@pytest.mark.parametrize("variant", VARIANTS)
def test_pass_when_must_beat_spares_the_partners_trick(variant: str) -> None:
    # I passed, my partner (seat 2) beat the K with the big joker, the rest passed
    n = _players(variant)
    v = _one_card_follow(variant, "57AA", ["", "R"] + [""] * (n - 2))
    assert v.last is not None and v.last[0] == 2
    assert violations(v, _pass(v)) == []


@pytest.mark.parametrize("variant", VARIANTS)
def test_pass_when_must_beat_spares_an_answer_that_could_be_beaten(variant: str) -> None:
    v = _one_card_follow(variant, "57A")  # a 2 or a joker may be his last card
    assert violations(v, _pass(v)) == []


# --- answer_into_one / answer_into_two ------------------------------------------------------

@pytest.mark.parametrize("variant", VARIANTS)
def test_answer_into_one_fires(variant: str) -> None:
    # the A answers the K, but a 2 or a joker may be the landlord's last card: the R cannot
    # be beaten back (a single card beats no card of its own rank, in four's two decks too)
    v = _one_card_follow(variant, "57AR")
    assert violations(v, _play(v, "A")) == ["answer_into_one"]
    assert violations(v, _play(v, "R")) == []
    first = _ai_keeps_every_rule(v).action
    assert _cards(first) == "R"


@pytest.mark.parametrize("variant", VARIANTS)
def test_answer_into_one_spares_an_answer_when_none_is_safe(variant: str) -> None:
    v = _one_card_follow(variant, "57AA")  # both answers could be beaten back
    assert violations(v, _play(v, "A")) == []


def test_pass_when_must_beat_fires_for_the_four_player_landlord() -> None:
    # I am the landlord (seat 0) against three farmers; farmer 1 led his second-last card
    history = _seq(4, 0, ["3", "A", "", "", ""])
    for cards in ("3456789TJQKA", "3456789TJQ"):
        history += _seq(4, 1, [cards, "", "", ""])
    history += [(1, "K"), (2, ""), (3, "")]
    v = _view("four", "57R", history, landlord=0, seat=0)
    assert v.last is not None and v.last[0] == 1 and v.counts[1] == 1
    assert violations(v, _pass(v)) == ["pass_when_must_beat"]
    first = _ai_keeps_every_rule(v, alternatives=False).action  # only R beats the K
    assert _cards(first) == "R"


# --- let_stand_unsafe -----------------------------------------------------------------------

def _partner_led_9(variant: str, hand: str) -> SeatView:
    """Farmers only: my partner leads a 9 and the landlord, down to two cards, acts right
    after me (three players: landlord 2, partner 0, me 1; four: landlord 0, partner 2,
    me 3, with partner 1 also still to act)."""
    n = _players(variant)
    if n == 3:
        history = _shed(variant, 2, 3) + _seq(3, 2, ["K", "A", "", "", "9"])
        view = _view(variant, hand, history, landlord=2, seat=1)
    else:
        history = _shed(variant, 0, 3) + _seq(4, 0, ["K", "", "A", "", "", "", "9"])
        view = _view(variant, hand, history, landlord=0, seat=3)
    assert view.last is not None and view.last[1].cards == "9"
    assert view.landlord is not None and view.counts[view.landlord] == 2
    return view


@pytest.mark.parametrize("variant", VARIANTS)
def test_let_stand_unsafe_fires(variant: str) -> None:
    v = _partner_led_9(variant, "5QBR")
    assert violations(v, _pass(v)) == ["let_stand_unsafe"]
    # the safe answer: the big joker (in four, with two decks, only the rocket)
    safe = "BR" if variant == "four" else "R"
    assert violations(v, _play(v, safe)) == []
    # overtaking with the Q, which the two-card landlord could beat, is no better
    assert violations(v, _play(v, "Q")) == ["answer_into_two"]
    first = _ai_keeps_every_rule(v)
    assert first.reason is None or first.reason.kind != "partner_holds"
    assert _cards(first.action) != "Q"


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_rocket_may_beat_the_big_joker_in_super_and_four(variant: str) -> None:
    # with the small joker unseen, super's landlord could hold it with the flower, and
    # four's (two decks) a small and a big joker: a rocket beats my big joker, no answer
    # is safe, and letting the 9 stand is no mistake there
    v = _partner_led_9(variant, "5QR")
    fires = variant in ("classic", "happy", "laizi")
    assert violations(v, _pass(v)) == (["let_stand_unsafe"] if fires else [])


def test_the_issues_let_it_stand_before_the_landlords_two_cards() -> None:
    # case (a): "your partner's play holds the trick, let it stand" must not be the hint
    v = _partner_led_9("classic", "5566R")
    assert violations(v, _pass(v)) == ["let_stand_unsafe"]
    first = hint_list(v, "normal", 0, BUDGET)[0]
    assert not isinstance(first.action, Pass)
    assert first.reason is None or first.reason.kind != "partner_holds"


@pytest.mark.parametrize("variant", VARIANTS)
def test_let_stand_unsafe_spares_the_trick_the_landlord_passed(variant: str) -> None:
    # partner (the seat before the landlord) leads 9, the landlord (two cards) passes
    n = _players(variant)
    moves = ["K", "", "A", "", "", "9", ""] if n == 3 else \
        ["K", "", "", "A", "", "", "", "9", ""]
    v = _view(variant, "5QR", _shed(variant, 0, 3) + _seq(n, 0, moves))
    assert v.last is not None and v.last[0] == n - 1 and v.counts[0] == 2
    assert violations(v, _pass(v)) == []


@pytest.mark.parametrize("variant", VARIANTS)
def test_let_stand_unsafe_spares_the_pass_when_no_answer_is_safe(variant: str) -> None:
    v = _partner_led_9(variant, "5QA")
    # no answer of mine is safe from the landlord's two cards (a 2 or a joker may be his)
    assert violations(v, _pass(v)) == []


# --- not_winning_now ------------------------------------------------------------------------

def _leading(variant: str, hand: str) -> SeatView:
    """Farmer 1 leads, the landlord far from going out."""
    n = _players(variant)
    view = _view(variant, hand, _seq(n, 0, ["3", "A"] + [""] * (n - 1)))
    assert view.last is None
    return view


@pytest.mark.parametrize("variant", VARIANTS)
def test_not_winning_now_fires(variant: str) -> None:
    v = _leading(variant, "9TJQK")
    assert violations(v, _play(v, "9")) == ["not_winning_now"]
    assert violations(v, _play(v, "9TJQK")) == []
    first = _ai_keeps_every_rule(v).action
    assert _cards(first) == "9TJQK"


@pytest.mark.parametrize(("variant", "hand"), [("laizi", "9TJQ2"), ("super", "9TJQF")])
def test_not_winning_now_with_a_wild_card(variant: str, hand: str) -> None:
    v = _leading(variant, hand)
    assert violations(v, _play(v, "9")) == ["not_winning_now"]
    assert violations(v, _play(v, hand)) == []
    first = _ai_keeps_every_rule(v).action
    assert _cards(first) == hand


@pytest.mark.parametrize("variant", VARIANTS)
def test_not_winning_now_spares_a_hand_that_is_no_one_play(variant: str) -> None:
    v = _leading(variant, "9TJQKK")
    assert violations(v, _play(v, "9")) == []


@pytest.mark.parametrize("variant", VARIANTS)
def test_not_winning_now_spares_a_whole_hand_that_cannot_beat(variant: str) -> None:
    v = _view(variant, "9TJQK", [(0, "TJQKA")])
    assert violations(v, _pass(v)) == []


# --- bomb_without_race ----------------------------------------------------------------------

def _bomb_the_ace(variant: str, hand: str, room: str = "normal") -> SeatView:
    """The landlord (seat 0) led an A at the start; farmer 1 to answer."""
    view = _view(variant, hand, [(0, "A")], room=room)
    assert view.last is not None
    return view


@pytest.mark.parametrize("variant", VARIANTS)
def test_bomb_without_race_fires(variant: str) -> None:
    v = _bomb_the_ace(variant, "3333569JQK")
    assert violations(v, _play(v, "3333")) == ["bomb_without_race"]
    assert violations(v, _pass(v)) == []
    first = _ai_keeps_every_rule(v).action
    assert isinstance(first, Pass)


@pytest.mark.parametrize(("variant", "bomb"), [("laizi", "5552"), ("super", "5555F")])
def test_bomb_without_race_fires_for_the_variants_own_bombs(variant: str, bomb: str) -> None:
    v = _bomb_the_ace(variant, bomb + "79JQK")
    assert violations(v, _play(v, bomb)) == ["bomb_without_race"]
    first = _ai_keeps_every_rule(v).action
    assert _cards(first) != bomb


def test_the_issues_four_player_novice_bomb() -> None:
    # case (c): a four-player novice-room farmer, a bomb that does not win the race
    v = _bomb_the_ace("four", "3333456799JQK", room="novice")
    assert violations(v, _play(v, "3333")) == ["bomb_without_race"]
    first = _ai_keeps_every_rule(v).action
    assert isinstance(first, Pass)
    assert isinstance(decide(v, "normal", 3, BUDGET), Pass)


@pytest.mark.parametrize("variant", VARIANTS)
def test_bomb_without_race_spares_the_whole_hand(variant: str) -> None:
    v = _bomb_the_ace(variant, "3333")
    assert violations(v, _play(v, "3333")) == []


@pytest.mark.parametrize("variant", VARIANTS)
def test_bomb_without_race_spares_the_defence_against_one_card(variant: str) -> None:
    v = _one_card_follow(variant, "BR579JQ")
    assert violations(v, _play(v, "BR")) == []


@pytest.mark.parametrize("variant", ["classic", "happy", "laizi", "super"])
def test_bomb_without_race_spares_the_rocket_that_wins_from_here(variant: str) -> None:
    v = _bomb_the_ace(variant, "BRKK")
    assert violations(v, _play(v, "BR")) == []

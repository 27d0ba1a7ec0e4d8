"""The guards of issue 55: each rule on positions where it must fire and where it must not.

Positions are written by hand as seat views (what the seat may see): the seat's hand, the
plays so far (each read by the engine), the counts. The other seats' cards are not needed:
the guards read only what the seat may know.
"""

from __future__ import annotations

import pytest

from bot.ai.guards import (
    RULES,
    applies,
    could_beat,
    partner_holds,
    still_to_act,
    unseen,
    violations,
)
from bot.engine import Pass, Play, PlayCards, Rules, SeatView, reading_of
from bot.engine.cards import counts_of_text
from bot.engine.states import Phase


def _view(hand: str, *, seat: int = 1, landlord: int = 0, counts: tuple[int, ...],
          plays: tuple[tuple[int, str], ...] = (), variant: str = "classic",
          shown: dict[int, str] | None = None, bottom: str = "",
          laizi: str | None = None) -> SeatView:
    """The view of ``seat`` to act, after ``plays`` (``""``: a pass)."""
    rules = Rules.preset(variant)
    if laizi is not None:
        rules = rules.with_laizi(laizi)
    read: list[tuple[int, Play | None]] = []
    last: tuple[int, Play] | None = None
    passes = 0
    for s, cards in plays:
        if not cards:
            read.append((s, None))
            passes += 1
            if last is not None and passes == len(counts) - 1:
                last, passes = None, 0
            continue
        play = reading_of(cards, rules, last=last[1] if last is not None else None)
        read.append((s, play))
        last, passes = (s, play), 0
    return SeatView(seat=seat, rules=rules, phase=Phase.PLAY, to_act=seat, deal=0, first=0,
                    hand=hand, counts=counts, landlord=landlord, bottom=bottom or None,
                    laizi=laizi, shown=shown or {}, plays=tuple(read), last=last)


def _play(view: SeatView, cards: str) -> PlayCards:
    assert view.seat is not None
    return PlayCards(view.seat, cards)


# --- 报单: leading a single into an opponent with one card -------------------------------

def test_a_farmer_leading_a_low_single_into_the_landlords_one_card_breaks_the_rule() -> None:
    # the second case: the landlord (seat 0) has one card; single 5 is led
    v = _view("5789TTJJ", counts=(1, 8, 9))
    assert "lead_single_into_one" in applies(v)
    assert violations(v, _play(v, "5")) == ["lead_single_into_one"]
    assert violations(v, _play(v, "TT")) == []  # a pair: the landlord cannot answer it
    assert violations(v, _play(v, "789TJ")) == []


def test_a_single_nobody_can_beat_may_be_led_into_one_card() -> None:
    # both jokers are in my hand and every 2 is played: R is the best single there is
    v = _view("5TTR", counts=(1, 4, 9),
              plays=((0, "2222"), (1, ""), (2, ""), (0, "33"), (1, "KK"), (2, ""),
                     (0, ""), (1, "B"), (2, ""), (0, "")))
    assert not v.last  # my lead after everyone passed on my B
    assert violations(v, _play(v, "R")) == []
    assert violations(v, _play(v, "5")) == ["lead_single_into_one"]


def test_when_every_lead_is_an_open_single_any_may_be_led() -> None:
    v = _view("59", counts=(1, 2, 9))
    assert violations(v, _play(v, "5")) == []


def test_no_short_opponent_no_rule() -> None:
    v = _view("5789TTJJ", counts=(5, 8, 9))
    assert applies(v) == []
    assert violations(v, _play(v, "5")) == []


def test_a_landlord_leading_into_a_farmer_with_one_card() -> None:
    v = _view("5789TTJJ", seat=0, counts=(8, 1, 9))
    assert violations(v, _play(v, "5")) == ["lead_single_into_one"]
    v = _view("5789TTJJ", seat=0, counts=(8, 9, 9))
    assert violations(v, _play(v, "5")) == []


def test_the_partner_with_one_card_is_no_danger() -> None:
    v = _view("5789TTJJ", seat=1, counts=(9, 8, 1))
    assert violations(v, _play(v, "5")) == []


# --- 报双: pairs -----------------------------------------------------------------------

def test_a_low_pair_into_two_cards_breaks_the_rule() -> None:
    v = _view("55789TJQ", counts=(2, 8, 9))
    assert "lead_pair_into_two" in applies(v)
    assert violations(v, _play(v, "55")) == ["lead_pair_into_two"]
    assert violations(v, _play(v, "5")) == []  # a single: two cards cannot go out on it
    assert violations(v, _play(v, "789TJQ")) == []


def test_a_shown_hand_decides_what_the_opponent_could_beat_with() -> None:
    # the landlord showed his two cards (明牌): a pair of 4s cannot beat a pair of 5s
    v = _view("55789TJQ", counts=(2, 8, 9), shown={0: "44"})
    assert violations(v, _play(v, "55")) == []
    v = _view("55789TJQ", counts=(2, 8, 9), shown={0: "BR"})  # the rocket beats anything
    assert violations(v, _play(v, "55")) == ["lead_pair_into_two"]


# --- following while an opponent has one card -----------------------------------------

def test_passing_when_a_card_the_one_card_landlord_cannot_beat_is_at_hand() -> None:
    # the landlord led K with one card left; I hold R, which nothing beats
    v = _view("56R", counts=(1, 3, 9), plays=((0, "K"),))
    assert "pass_when_must_beat" in applies(v)
    assert violations(v, Pass(1)) == ["pass_when_must_beat"]
    assert violations(v, _play(v, "R")) == []


def test_passing_is_fine_when_every_answer_could_be_beaten_back() -> None:
    # only an A to beat K, and a 2 or a joker may still be the landlord's one card
    v = _view("56A", counts=(1, 3, 9), plays=((0, "K"),))
    assert violations(v, Pass(1)) == []


def test_passing_is_fine_when_the_partner_holds_the_trick() -> None:
    # my partner (seat 2) played R; the landlord (one card) passed; I may let it stand
    v = _view("56A2", seat=1, counts=(1, 4, 5), plays=((1, "3"), (2, "R"), (0, "")))
    assert partner_holds(v)
    assert violations(v, Pass(1)) == []


def test_the_partners_low_card_does_not_hold_against_the_one_card_landlord() -> None:
    # seat 2 landlord with one card; my partner (seat 0) led 6; the landlord acts after me
    v = _view("9R", seat=1, landlord=2, counts=(5, 2, 1), plays=((0, "6"),))
    assert still_to_act(v) == [2]
    assert not partner_holds(v)
    assert "pass_when_must_beat" in violations(v, Pass(1))


# --- let it stand: the first case ------------------------------------------------

def test_letting_the_partners_card_stand_before_the_landlord_with_two_cards() -> None:
    # four seats would not change it; three: farmer 1 (me), landlord 2 acts next with two
    # cards (报双) and could beat my partner's (seat 0's) 9 with a 10 or better
    v = _view("5QR", seat=1, landlord=2, counts=(6, 3, 2), plays=((0, "9"),))
    assert still_to_act(v) == [2]
    assert "let_stand_unsafe" in applies(v)
    assert violations(v, Pass(1)) == ["let_stand_unsafe"]
    assert violations(v, _play(v, "R")) == []
    # beating the partner with a card the landlord could beat back helps nothing: with Q
    # and A (a 2 or a joker may be his) there is no safe answer, and passing is no mistake
    v2 = _view("5QA", seat=1, landlord=2, counts=(6, 3, 2), plays=((0, "9"),))
    assert violations(v2, Pass(1)) == []


def test_letting_it_stand_is_fine_when_the_landlord_cannot_beat_it() -> None:
    v = _view("5QA", seat=1, landlord=2, counts=(6, 3, 2), plays=((0, "R"),))
    assert violations(v, Pass(1)) == []
    v = _view("5Q2", seat=1, landlord=2, counts=(6, 3, 2), plays=((0, "A"),),
              shown={2: "KK"})  # his shown pair of Ks cannot beat A as a single
    assert violations(v, Pass(1)) == []
    # or when the landlord has many cards (no rule: overtaking a partner is the mistake)
    v = _view("5Q2", seat=1, landlord=2, counts=(6, 3, 12), plays=((0, "9"),))
    assert "let_stand_unsafe" not in applies(v)
    assert violations(v, Pass(1)) == []


def test_letting_it_stand_is_fine_when_the_landlord_has_already_passed() -> None:
    # landlord 0 passed on my partner's 9; nobody acts after me on this trick
    v = _view("5QR", seat=1, landlord=0, counts=(2, 3, 6), plays=((2, "9"), (0, "")))
    assert still_to_act(v) == []
    assert violations(v, Pass(1)) == []


# --- win now -----------------------------------------------------------------------------

def test_the_whole_hand_as_one_play_must_be_played() -> None:
    v = _view("777K", counts=(10, 4, 9))
    assert "not_winning_now" in applies(v)
    assert violations(v, _play(v, "777K")) == []
    assert violations(v, _play(v, "7")) == ["not_winning_now"]
    assert violations(v, _play(v, "777")) == ["not_winning_now"]
    following = _view("8899TT", counts=(10, 6, 9), plays=((0, "556677"),))
    assert violations(following, Pass(1)) == ["not_winning_now"]
    assert violations(following, _play(following, "8899TT")) == []


def test_no_win_now_when_the_hand_is_not_one_play() -> None:
    v = _view("777KA", counts=(10, 5, 9))
    assert "not_winning_now" not in applies(v)
    assert violations(v, _play(v, "7")) == []


def test_win_now_with_a_wild_card() -> None:
    # laizi 9: 5 and a wild 9 make a pair of 5s, the whole hand
    v = _view("59", counts=(10, 2, 9), variant="laizi", laizi="9")
    assert violations(v, _play(v, "5")) == ["not_winning_now"]
    assert violations(v, _play(v, "59")) == []


# --- what could beat ---------------------------------------------------------------------

def test_unseen_is_the_deck_less_what_this_seat_can_place() -> None:
    v = _view("5QA", seat=1, landlord=2, counts=(6, 3, 2), plays=((0, "9"),))
    left = unseen(v)
    assert sum(left) == 54 - 3 - 1
    assert left[counts_of_text("9").index(1)] == 3


def test_the_bottoms_unplayed_cards_are_the_landlords() -> None:
    # all four 2s and both jokers: three 2s unseen, one in the bottom (the landlord's)
    base = dict(seat=1, landlord=0, counts=(1, 3, 1),
                plays=((0, "2"), (1, ""), (2, ""), (0, "R"), (1, ""), (2, ""),
                       (0, "B"), (1, ""), (2, "")))
    v = _view("A5", bottom="2KQ", **base)  # type: ignore[arg-type]
    k = reading_of("K", v.rules)
    assert could_beat(v, 0, k)
    assert could_beat(v, 2, k)  # two 2s and As may be my partner's


def test_laizi_wild_cards_count_as_possible_answers() -> None:
    # laizi 3: a one-card opponent holding a 3 has only a 3 (a wild alone is its own rank)
    v = _view("KK5", counts=(1, 3, 9), variant="laizi", laizi="3")
    assert violations(v, _play(v, "5")) == ["lead_single_into_one"]


def test_rules_are_named_from_the_list() -> None:
    v = _view("5", counts=(1, 1, 9))
    assert set(applies(v)) <= set(RULES)


@pytest.mark.parametrize("variant", ["classic", "happy", "laizi", "super", "four"])
def test_every_variant_reads_a_position(variant: str) -> None:
    counts = (1, 8, 9, 9) if variant == "four" else (1, 8, 9)
    laizi = "9" if variant == "laizi" else None
    v = _view("5789TTJJ", counts=counts, variant=variant, laizi=laizi)
    assert violations(v, _play(v, "5")) == ["lead_single_into_one"]
    assert violations(v, _play(v, "TT")) == []

"""Bombs and rockets (issue 55's third case): what they do to the stake, said in their
reason, and the guard ``bomb_without_race`` on positions where it must fire and where it
must not, in the three-player game, the four-player game and the novice room."""

from __future__ import annotations

from dataclasses import replace

from bot.ai.agent import explain_action
from bot.ai.guarded import guarded
from bot.ai.guards import (
    applies,
    bomb_race,
    stake_after,
    stake_aware,
    turn_of_view,
    violations,
)
from bot.engine import Pass, Play, PlayCards, Rules, SeatView, reading_of
from bot.engine.rules import table_rules
from bot.engine.states import Phase
from bot.words.reasons import reason_words


def _view(hand: str, *, seat: int = 1, landlord: int = 0, counts: tuple[int, ...],
          plays: tuple[tuple[int, str], ...] = (), rules: Rules | None = None,
          multiplier: int = 1, bid: int = 0) -> SeatView:
    """The view of ``seat`` to act after ``plays`` (no pass among them)."""
    rules = rules or Rules.preset("classic")
    read: list[tuple[int, Play | None]] = []
    last: tuple[int, Play] | None = None
    for s, cards in plays:
        play = reading_of(cards, rules, last=last[1] if last is not None else None)
        read.append((s, play))
        last = (s, play)
    return SeatView(seat=seat, rules=rules, phase=Phase.PLAY, to_act=seat, deal=0, first=0,
                    hand=hand, counts=counts, landlord=landlord, bottom=None, laizi=None,
                    plays=tuple(read), last=last, multiplier=multiplier, bid=bid)


def _play(view: SeatView, cards: str) -> PlayCards:
    assert view.seat is not None
    return PlayCards(view.seat, cards)


def _bomb(view: SeatView, cards: str) -> Play:
    last = view.last[1] if view.last is not None else None
    return reading_of(cards, view.rules, last=last)


# --- the stake in the reason --------------------------------------------------------------

def test_a_bomb_doubles_the_table_multiplier_with_its_bid() -> None:
    # bid 2, one bomb already played (×2): the table stands at ×4, a bomb takes it to ×8
    v = _view("3333569JQ", counts=(15, 9, 17), plays=((0, "8"),), multiplier=2, bid=2)
    assert v.total_multiplier == 4
    assert stake_after(v, _bomb(v, "3333")) == (4, 8)
    assert stake_after(v, _bomb(v, "9")) == (4, 4)  # an ordinary play changes nothing


def test_the_variants_factors_and_the_super_cap() -> None:
    laizi = Rules.preset("laizi").with_laizi("5")
    # the call game has no bid: a grab (×2) so far, a hard bomb ×4
    v = _view("99995", counts=(15, 5, 17), plays=((0, "8"),), rules=laizi, multiplier=2)
    hard = _bomb(v, "9999")
    assert hard.kind == "hard_bomb" and stake_after(v, hard) == (2, 8)
    soft = _bomb(v, "9995")
    assert soft.kind == "soft_bomb" and stake_after(v, soft) == (2, 4)
    sup = Rules.preset("super")
    v = _view("9999", counts=(15, 4, 17), plays=((0, "8"),), rules=sup, multiplier=16,
              bid=1)
    assert stake_after(v, _bomb(v, "9999")) == (16, 24)  # capped at 24
    four = Rules.preset("four")
    v = _view("999999", counts=(20, 6, 20, 20), plays=((0, "8"),), rules=four, bid=3)
    assert stake_after(v, _bomb(v, "999999")) == (3, 6)  # any size: ×2


def test_the_bombs_reason_says_what_it_does_to_everyones_stake() -> None:
    # the issue's case: "bomb it and win the lead back" at ×4, now said with the stake
    v = _view("3333569JQK", counts=(15, 10, 17), plays=((0, "A"),), multiplier=2, bid=2)
    reason = explain_action(v, _play(v, "3333"))
    assert reason is not None and reason.stake == (4, 8)
    assert reason_words("en", reason).endswith("(×4 → ×8 for everyone)")
    assert reason_words("zh-CN", reason).endswith("（全桌倍数×4→×8）")
    assert "全桌倍數×4→×8" in reason_words("zh-TW", reason)
    plain = explain_action(v, Pass(1))
    assert plain is not None and plain.stake == (0, 0)
    assert "×" not in reason_words("en", plain)


# --- bomb_without_race ----------------------------------------------------------------------

def test_a_bomb_that_leaves_a_scattered_hand_does_not_win_the_race() -> None:
    # classic, a farmer bombs the landlord's A and is left with six loose singles
    v = _view("3333569JQK", counts=(15, 10, 17), plays=((0, "A"),))
    assert "bomb_without_race" in applies(v)
    assert violations(v, _play(v, "3333")) == ["bomb_without_race"]
    assert violations(v, Pass(1)) == []


def test_a_bomb_that_leaves_two_plays_may_race_in_the_three_player_game() -> None:
    v = _view("333356789JJ", counts=(15, 11, 17), plays=((0, "A"),))
    assert not stake_aware(v)
    assert violations(v, _play(v, "3333")) == []


def test_the_rocket_that_wins_from_here_is_no_mistake() -> None:
    # nothing beats the rocket; the pair of 2s left is the one play still to make
    v = _view("BR22", counts=(15, 4, 17), plays=((0, "A"),))
    assert violations(v, _play(v, "BR")) == []


def test_a_bomb_against_an_opponent_about_to_go_out_is_defence() -> None:
    v = _view("3333569JQK", counts=(2, 10, 17), plays=((0, "A"),))
    assert "bomb_without_race" not in applies(v)
    assert "bomb_without_race" not in violations(v, _play(v, "3333"))


def test_the_whole_hand_as_a_bomb_is_no_mistake() -> None:
    v = _view("3333", counts=(15, 4, 17), plays=((0, "A"),))
    assert violations(v, _play(v, "3333")) == []


def test_the_four_player_game_weighs_every_bomb_against_the_stake() -> None:
    # the same two plays left after the bomb: fine with three players, not with four
    four = Rules.preset("four")
    v = _view("333356789JJ", counts=(20, 11, 20, 20), plays=((0, "A"),), rules=four)
    assert stake_aware(v)
    assert violations(v, _play(v, "3333")) == ["bomb_without_race"]
    assert bomb_race(v, _bomb(v, "3333"))


def test_the_novice_room_weighs_every_bomb_against_the_stake() -> None:
    novice = table_rules("classic", "novice")
    v = _view("333356789JJ", counts=(15, 11, 17), plays=((0, "A"),), rules=novice)
    assert stake_aware(v)
    assert violations(v, _play(v, "3333")) == ["bomb_without_race"]
    # the rocket that wins from here stays fine in the novice room too
    v = _view("BR22", counts=(15, 4, 17), plays=((0, "A"),), rules=novice)
    assert violations(v, _play(v, "BR")) == []


def test_the_four_player_case_of_the_issue() -> None:
    # four players, the farmer's "bomb it and win the lead back" with a long hand left
    four = table_rules("four", "novice")
    v = _view("3333456799JQK", counts=(20, 13, 18, 20), plays=((0, "A"),), rules=four,
              multiplier=64, bid=3)
    assert violations(v, _play(v, "3333")) == ["bomb_without_race"]
    reason = explain_action(v, _play(v, "3333"))
    assert reason is not None and reason.stake == (192, 384)
    assert replace(reason, stake=(0, 0)) != reason


# --- the AI's move held to it (bot.ai.guarded) ------------------------------------------------

def test_a_bomb_without_race_gives_way_to_a_pass_when_following() -> None:
    v = _view("3333569JQK", counts=(15, 10, 17), plays=((0, "A"),))
    assert guarded(v, turn_of_view(v), _bomb(v, "3333")) is None  # nothing else beats the A


def test_a_bomb_without_race_gives_way_to_an_answer_that_breaks_no_rule() -> None:
    novice = table_rules("classic", "novice")
    v = _view("333356789JJ2", counts=(15, 12, 17), plays=((0, "A"),), rules=novice)
    got = guarded(v, turn_of_view(v), _bomb(v, "3333"))
    assert got is not None and got.cards == "2"
    # a bomb that wins from here is kept
    v = _view("BR22", counts=(15, 4, 17), plays=((0, "A"),), rules=novice)
    kept = _bomb(v, "BR")
    assert guarded(v, turn_of_view(v), kept) == kept


def test_a_four_player_lead_of_a_bomb_gives_way_to_an_ordinary_lead() -> None:
    four = Rules.preset("four")
    v = _view("3333456799JQK", counts=(20, 13, 18, 20), rules=four)
    got = guarded(v, turn_of_view(v), _bomb(v, "3333"))
    assert got is not None and not got.is_bomb
    assert violations(v, _play(v, got.cards)) == []

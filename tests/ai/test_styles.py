"""Reading from the history which opponents answer eagerly (their lowest play of the
kind): a card played later was held at every earlier turn."""

from __future__ import annotations

from bot.ai.search import Simulator
from bot.ai.situation import read_situation
from bot.ai.styles import read_styles
from bot.engine import Rules

CLASSIC = Rules.preset("classic")
HAND = "3344556677889TJQK"  # the seat's own hand: its cards do not matter here


def _eager(history: list[tuple[int, str]], seat: int = 0, landlord: int = 0
           ) -> frozenset[int]:
    return read_styles(read_situation(CLASSIC, HAND, history, landlord, seat)).eager


def test_an_answer_over_a_lower_single_he_held_shows_a_careful_player() -> None:
    # farmer 1 answers the 4 with a K and later plays a 9: he held the 9 then
    history = [(0, "4"), (1, "K"), (2, ""), (0, ""), (1, "9"), (2, "T"), (0, "")]
    assert _eager(history) == {2}
    # farmer 2's T over the 9 was his lowest, as far as anyone can tell; the 9 before the
    # answer proves nothing (it was played already)
    assert _eager([(0, "4"), (1, "9"), (2, "T")]) == {1, 2}
    # a card lower than the play answered, or higher than the answer, proves nothing either
    assert _eager([(0, "8"), (1, "T"), (2, ""), (0, ""), (1, "3"), (2, ""), (0, ""),
                   (1, "A")]) == {1, 2}


def test_pairs_count_only_when_he_later_plays_two_of_the_rank() -> None:
    history = [(0, "44"), (1, "QQ"), (2, ""), (0, ""), (1, "7"), (2, ""), (0, ""), (1, "7")]
    assert 1 not in _eager(history)  # he held 77 when he answered with QQ
    history = [(0, "44"), (1, "QQ"), (2, ""), (0, ""), (1, "7"), (2, ""), (0, "")]
    assert 1 in _eager(history)  # one 7 is no pair


def test_only_opponents_are_read_and_a_new_trick_is_a_lead() -> None:
    # the landlord (seat 0) seen from farmer 1: his partner 2 is never simulated eagerly
    history = [(2, "4"), (0, "K"), (1, ""), (2, ""), (0, "9")]
    assert _eager(history, seat=1) == frozenset()  # the landlord held 9 under his K
    # the K here leads a new trick (two passes ended the last): no answer to judge, and
    # the lead held his lowest card as far as the deal shows
    history = [(0, "4"), (1, ""), (2, ""), (0, "K"), (1, ""), (2, ""), (0, "A")]
    assert _eager(history, seat=1) == {0}


def test_a_lead_without_his_lowest_card_shows_a_careful_player() -> None:
    # the landlord leads KK and later plays a 9: an eager player leads his lowest card
    history = [(0, "KK"), (1, ""), (2, ""), (0, "9")]
    assert _eager(history, seat=1) == frozenset()
    # farmer 1 leads 55 and later a 5 and a 6: nothing lower than his lead, eager still
    history = [(1, "55"), (2, ""), (0, ""), (1, "5"), (2, ""), (0, ""), (1, "6")]
    assert _eager(history) == {1, 2}


def test_the_rollouts_simulate_exactly_the_eager_opponents() -> None:
    history = [(0, "4"), (1, "K"), (2, ""), (0, ""), (1, "9")]
    sim = Simulator(read_situation(CLASSIC, HAND, history, 0, 0))
    hands = [[1] * 13 + [0, 0, 0] for _ in range(3)]
    sim.begin_sample(hands)
    assert [sim._turn(s, hands, None, None).eager for s in range(3)] == [False, False, True]


def test_a_pass_on_what_he_could_beat_shows_a_careful_player() -> None:
    # farmer 2 passes on the 8 and later plays a J: he could have answered
    history = [(0, "8"), (1, ""), (2, ""), (0, "3"), (1, "4"), (2, "J")]
    assert _eager(history) == {1}
    # a pass on the pair of 8s while holding one J is no proof; the red joker beats a 2
    assert _eager([(0, "88"), (1, ""), (2, ""), (0, "3"), (1, "4"), (2, "J")]) == {1, 2}
    assert _eager([(0, "2"), (1, ""), (2, ""), (0, "3"), (1, "4"), (2, "R")]) == {1}


def _partner(history: list[tuple[int, str]], seat: int = 0, landlord: int = 0
             ) -> frozenset[int]:
    return read_styles(read_situation(CLASSIC, HAND, history, landlord, seat)).partner


def test_a_pass_on_his_partners_play_shows_only_how_he_answers_his_partner() -> None:
    # farmer 2 lets his partner's 3 stand though he later plays a J: he is read as eager
    # against the landlord still, and as leaving his partner's plays alone
    history = [(1, "3"), (2, ""), (0, ""), (1, "4"), (2, ""), (0, "5"), (1, ""), (2, "J")]
    assert _eager(history) == {1, 2}
    assert _partner(history) == {1}
    # the same pass on the landlord's 3 shows a careful player
    assert _eager([(0, "3"), (1, ""), (2, ""), (0, "4"), (1, ""), (2, "J")]) == {1}
    # a pass on his partner's 3 with 17 cards: he almost surely held a higher single;
    # a 2 only the jokers beat, a play he could beat only with a bomb: no proof
    assert _partner([(1, "3"), (2, ""), (0, "")]) == {1}
    assert _partner([(1, "2"), (2, ""), (0, "")]) == {1, 2}
    assert _partner([(1, "2"), (2, ""), (0, ""), (1, "4"), (2, "5555")]) == {1, 2}
    # seen from a farmer, the landlord's only partner is himself
    assert _partner([(0, "8"), (1, ""), (2, ""), (0, "3")], seat=1) == {0}


def test_rollouts_answer_a_partners_play_eagerly_until_the_deal_shows_otherwise() -> None:
    history = [(1, "3"), (2, ""), (0, ""), (1, "4"), (2, ""), (0, "5"), (1, ""), (2, "J")]
    sim = Simulator(read_situation(CLASSIC, HAND, history, 0, 0))
    hands = [[1] * 13 + [0, 0, 0] for _ in range(3)]
    sim.begin_sample(hands)
    turns = [sim._turn(s, hands, None, None) for s in range(3)]
    assert [t.eager for t in turns] == [False, True, True]
    assert [t.eager_partner for t in turns] == [False, True, False]

"""The search's simulated players (its rollouts) defend like players who see the cards:
they bomb with a bomb of their plan when they must, and know when an opponent's last cards
are one play (his next lead ends the deal). Position from an arena deal against the
uniformly random agent (seed 10, our AI the landlord)."""

from __future__ import annotations

import random

from bot.ai import choose_play
from bot.ai.move import as_counts, move_of_play
from bot.ai.movegen import beating_moves, lead_moves
from bot.ai.policy import choose_move, eager_answer
from bot.ai.search import Simulator
from bot.ai.situation import read_situation
from bot.engine import Rules, reading_of

CLASSIC = Rules.preset("classic")
HISTORY = [(0, "77799"), (1, ""), (2, "TTTKK"), (0, "JJQQQ"), (1, ""), (2, ""),
           (0, "K222"), (1, ""), (2, "")]
BOTTOM = "39Q"
FARMERS = ("44555668899TJQKA2", "34566788JABR")


def _simulator(landlord_hand: str) -> tuple[Simulator, list[list[int]]]:
    sit = read_situation(CLASSIC, landlord_hand + "AA", HISTORY, 0, 0, BOTTOM)
    hands = [as_counts(h, CLASSIC) for h in (landlord_hand, *FARMERS)]
    sim = Simulator(sit)
    sim.begin_sample(hands)
    return sim, hands


def test_a_simulated_farmer_rockets_the_landlord_who_would_go_out() -> None:
    # the landlord led AA and holds 3334: let the pair stand and he goes out next lead
    sim, hands = _simulator("3334")
    aces = move_of_play(reading_of("AA", CLASSIC), sim.v)
    turn = sim._turn(2, hands, aces, 0)
    assert turn.fast and turn.out_next == (0,)
    move = choose_move(turn)
    assert move is not None and move.kind == "rocket", move


def test_one_play_is_told_apart_from_two() -> None:
    sim, hands = _simulator("3345")  # a pair and two singles: not one play
    aces = move_of_play(reading_of("AA", CLASSIC), sim.v)
    assert sim._turn(2, hands, aces, 0).out_next == ()
    sim, hands = _simulator("3334")
    assert sim._turn(1, hands, aces, 0).out_next == (0,)  # the other farmer knows it too
    # a farmer is not the other farmer's opponent
    assert sim._turn(0, hands, None, None).out_next == ()


def test_the_landlord_leads_his_trio_before_the_aces_a_rocket_would_stop() -> None:
    # 3334 AA against a farmer with the rocket: AA first is bombed and 3334 never goes;
    # 3334 first leaves AA, which a farmer must bomb or lose
    for seed in range(12):  # the old rollouts led AA at seeds 5, 8 and 9 (and 29, the deal's)
        assert choose_play(CLASSIC, "3334AA", HISTORY, 0, 0, BOTTOM, seed=seed,
                           budget_ms=None) == "3334", seed


def test_the_quick_one_play_answers_agree_with_the_move_generator() -> None:
    rng = random.Random(7)
    for variant in ("classic", "four", "super"):
        rules = Rules.preset(variant)
        sim = Simulator(read_situation(rules, "3", [], 0, 0, ""))
        deck = [r for r, c in enumerate(sim.v.deck) for _ in range(c)]
        hands = [as_counts(h, rules) for h in ("3", "33", "333", "3334", "3333", "33344",
                                                "34567", "334455", "333444", "33334455",
                                                "3344", "34", "3345", "BR")]
        for _ in range(1500):
            hand = [0] * 16
            for r in rng.sample(deck, rng.randint(1, 8)):
                hand[r] += 1
            hands.append(hand)
        for hand in hands:
            total = sum(hand)
            expected = any(m.n == total for m in lead_moves(hand, sim.v))
            assert sim._is_one_play(hand) is expected, (variant, hand)


def test_the_searching_seats_opponents_are_simulated_as_eager_answerers() -> None:
    sim, hands = _simulator("3334")  # the landlord (seat 0) is searching
    aces = move_of_play(reading_of("AA", CLASSIC), sim.v)
    assert sim._turn(1, hands, aces, 0).eager and sim._turn(2, hands, aces, 0).eager
    assert not sim._turn(0, hands, None, None).eager
    sit = read_situation(CLASSIC, FARMERS[0], HISTORY, 0, 1, "")  # a farmer searching
    farmer = Simulator(sit)
    farmer.begin_sample(hands)
    assert farmer._turn(0, hands, None, None).eager  # the landlord
    assert not farmer._turn(2, hands, aces, 0).eager  # his partner plays the heuristic


def test_an_eager_answerer_plays_his_lowest_play_of_the_kind() -> None:
    sim, hands = _simulator("3334")
    # farmer 2 holds 34566788JABR: the landlord's 3 is answered with his 4 (out of his
    # chain; the heuristic plays his 6), a pair of 3s with his 66 (the heuristic: 88), a
    # trio with nothing of its kind (the heuristic's answer then: here the rocket)
    for play, answer in (("3", "4"), ("33", "66")):
        last = move_of_play(reading_of(play, CLASSIC), sim.v)
        turn = sim._turn(2, hands, last, 0)
        move = choose_move(turn)
        assert move is not None and move.cards == tuple(as_counts(answer, CLASSIC)), (play, move)
        turn.eager = False
        careful = choose_move(turn)
        assert careful is not None and careful.cards != move.cards, (play, careful)
    trio = move_of_play(reading_of("333", CLASSIC), sim.v)
    move = choose_move(sim._turn(2, hands, trio, 0))
    assert move is not None and move.kind == "rocket"


def test_an_eager_answer_takes_a_partners_trick_and_is_never_a_bomb() -> None:
    v = Simulator(read_situation(CLASSIC, "3", [], 0, 0, "")).v
    last = move_of_play(reading_of("9", CLASSIC), v)
    cands = beating_moves(as_counts("TK2222", CLASSIC), last, v)
    answer = eager_answer(last, cands)
    assert answer is not None and answer.cards == tuple(as_counts("T", CLASSIC))
    only_bombs = beating_moves(as_counts("2222", CLASSIC), last, v)
    assert [m for m in only_bombs if m.cls] and eager_answer(last, [m for m in only_bombs
                                                                   if m.cls]) is None


def test_super_stakes_stop_at_the_rules_cap() -> None:
    # docs/rules.md §6.1: super's multiplier stops at 24. Four bombs played make 16; a fifth in
    # the history, or played in a rollout, makes 32 uncapped
    rules = Rules.preset("super")
    bombs = [(0, "3333"), (1, "4444"), (2, "5555"), (0, "6666"), (1, ""), (2, "")]
    sit = read_situation(rules, "7777", bombs, 0, 0, "")
    assert sit.stake == 16
    sim = Simulator(sit)
    hands = [as_counts(h, rules) for h in ("7777", "889", "99T")]
    sim.begin_sample(hands)
    assert sim.rollout(hands, move_of_play(reading_of("7777", rules), sim.v)) == 24.0
    more = read_situation(rules, "8", [*bombs, (0, "7777"), (1, ""), (2, "")], 0, 0, "")
    assert more.stake == 24
    classic = read_situation(CLASSIC, "8", [*bombs, (0, "7777"), (1, ""), (2, "")], 0, 0, "")
    assert classic.stake == 32  # classic has no cap

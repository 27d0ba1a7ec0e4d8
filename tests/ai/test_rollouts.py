"""The search's simulated players (its rollouts) defend like players who see the cards:
they bomb with a bomb of their plan when they must, and know when an opponent's last cards
are one play (his next lead ends the deal). Position from an arena deal against the
uniformly random agent (seed 10, our AI the landlord)."""

from __future__ import annotations

import random

from bot.ai import choose_play
from bot.ai.move import as_counts, move_of_play
from bot.ai.movegen import lead_moves
from bot.ai.policy import choose_move
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

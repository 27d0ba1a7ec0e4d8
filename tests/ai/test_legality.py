"""The AI never returns an illegal play: random positions and whole games, every variant.

Positions come from random games (random legal moves, so the AI meets positions it
would not have made itself); at every turn the AI is asked for the seat to act, and its
answer is checked with the engine: cards held, a reading of those cards, a strict beat of
the play to answer, no pass on a lead, the flower never left alone.
"""

from __future__ import annotations

import random
import zlib

import pytest

from bot.ai import choose_play_reading
from bot.ai.agent import decide
from bot.ai.move import move_of_play, to_play, variant_of
from bot.ai.movegen import beating_moves, lead_moves
from bot.ai.policy import choose_move
from bot.ai.search import Simulator
from bot.ai.situation import read_situation
from bot.engine import Play, Rules, Trick, legal_plays
from bot.engine.cards import RANK_INDEX, counts_of, make_deck, text_of, text_of_counts
from bot.engine.game import Game

CONFIGS = [("classic", None), ("happy", None), ("laizi", "3"), ("laizi", "7"),
           ("laizi", "A"), ("laizi", "2"), ("super", None), ("four", None)]


def _rules(variant: str, laizi: str | None) -> Rules:
    return Rules.preset(variant, **({"laizi": laizi} if laizi else {}))


def check_answer(rules: Rules, hand: list[int], last: Play | None, play: Play | None) -> None:
    """The engine's word on the answer: never a pass on a lead, and a play (cards and
    declared reading) among the hand's legal plays, which are held, read, beat ``last``
    and never leave the flower alone."""
    if play is None:
        assert last is not None, "passed on a lead"
        return
    assert play in legal_plays(hand, last, rules), (play, text_of_counts(hand), last)


def random_game_positions(rules: Rules, rng: random.Random, level: str,
                          budget_ms: float | None, every: int = 1) -> int:
    """Play one random game; ask the AI at every ``every``-th turn. Returns positions."""
    v = variant_of(rules)
    deck = make_deck(rules.decks, rules.flower)
    rng.shuffle(deck)
    n, size = rules.players, rules.hand_size
    landlord = rng.randrange(n)
    hands = [counts_of(deck[i * size:(i + 1) * size]) for i in range(n)]
    bottom = text_of(deck[n * size:])
    for ch in bottom:
        hands[landlord][RANK_INDEX[ch]] += 1
    history: list[tuple[int, Play | str]] = []
    trick = Trick(leader=landlord)
    seat = landlord
    asked = 0
    for turn in range(400):
        last = trick.to_beat
        if turn % every == 0:
            play = choose_play_reading(rules, hands[seat], history, landlord, seat, bottom,
                                       {}, seed=turn, level=level, budget_ms=budget_ms)
            check_answer(rules, hands[seat], last, play)
            asked += 1
        # move on with a random legal move (sometimes the AI's own)
        if last is None:
            options = lead_moves(hands[seat], v)
        else:
            options = beating_moves(hands[seat], move_of_play(last, v), v)
        choices: list = list(options) + ([None] if last is not None else [])
        move = rng.choice(choices)
        p = None
        if move is None:
            history.append((seat, ""))
        else:
            p = to_play(move, v, last)
            assert p is not None, move
            for r, c in enumerate(move.cards):
                hands[seat][r] -= c
            history.append((seat, p))
            if not any(hands[seat]):
                return asked
        trick = trick.then(seat, p, n)
        seat = trick.leader if not trick.plays else (seat + 1) % n
    return asked


@pytest.mark.parametrize(("variant", "laizi"), CONFIGS)
def test_easy_answers_are_legal_in_random_games(variant: str, laizi: str | None) -> None:
    rules = _rules(variant, laizi)
    rng = random.Random(zlib.crc32(f"{variant}:{laizi}".encode()))  # stable across runs
    asked = 0
    while asked < 1500:
        asked += random_game_positions(rules, rng, "easy", None)


@pytest.mark.parametrize(("variant", "laizi"), CONFIGS)
def test_searching_answers_are_legal_in_random_games(variant: str, laizi: str | None) -> None:
    rules = _rules(variant, laizi)
    rng = random.Random(7 + len(variant))
    asked = 0
    while asked < 100:
        asked += random_game_positions(rules, rng, "normal", 8, every=2)
    asked = 0
    while asked < 10:
        asked += random_game_positions(rules, rng, "hard", 8, every=5)


@pytest.mark.parametrize("variant", ["classic", "happy", "laizi", "super", "four"])
def test_whole_games_through_the_adapter(variant: str) -> None:
    """Bidding, calls, shows, doubles and play: the engine refuses any illegal action."""
    rules = Rules.preset(variant)
    for seed in range(10):
        game = Game.new(rules, seed)
        rng = random.Random(seed)
        levels = ["easy", "normal", "random"]
        rng.shuffle(levels)
        steps = 0
        while not game.is_over:
            seat = game.to_act
            level = levels[seat % 3]
            if level == "random":
                action = rng.choice(game.legal_actions())
            else:
                action = decide(game.view(seat), level=level, seed=seed, budget_ms=8)
            game.apply(action)
            steps += 1
            assert steps < 3000
        assert game.result is not None


class _CheckingSimulator(Simulator):
    """A simulator whose every simulated move is checked with the engine."""

    def _turn(self, seat, hands, last, last_seat):
        turn = super()._turn(seat, hands, last, last_seat)
        move = choose_move(turn)
        if move is None:
            assert last is not None, "a simulated player passed on a lead"
        else:
            assert all(c <= h for c, h in zip(move.cards, hands[seat], strict=True))
            assert to_play(move, self.v, None if last is None else
                           to_play(last, self.v, None)) is not None, move
        return turn


@pytest.mark.parametrize(("variant", "laizi"), CONFIGS)
def test_simulated_deals_play_legal_moves_to_the_end(variant: str,
                                                     laizi: str | None) -> None:
    """The search's rollouts (cheaper heuristic paths, the end solver) stay legal."""
    rules = _rules(variant, laizi)
    rng = random.Random(31 + len(variant) * 7 + (ord(laizi) if laizi else 0))
    for _ in range(12):
        deck = make_deck(rules.decks, rules.flower)
        rng.shuffle(deck)
        size = rules.hand_size
        hand = text_of(deck[:size + rules.bottom_size])
        sit = read_situation(rules, hand, [], landlord=0, seat=0,
                             bottom=text_of(deck[size:size + rules.bottom_size]))
        sim = _CheckingSimulator(sit)
        for _ in range(3):
            hands = sit.sample_hands(rng)
            sim.begin_sample(hands)
            for move in lead_moves(sit.hand, sit.v)[:3]:
                assert sim.rollout(hands, move) != 0.0

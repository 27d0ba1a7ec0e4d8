"""Thousands of random games per variant: invariants at every step, replay, no leaks."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bot.engine import GameLog, Rules
from bot.engine.actions import Escape
from bot.engine.cards import make_deck
from bot.engine.game import Game

VARIANTS = ["classic", "happy", "laizi", "super", "four"]
GAMES = {"classic": 1200, "happy": 1200, "laizi": 1000, "super": 1200, "four": 1000}
CHUNKS = 4


def _deck_counter(rules: Rules) -> Counter:
    return Counter(make_deck(rules.decks, rules.flower))


def _balances(rules: Rules, rng: random.Random) -> tuple[int, ...] | None:
    kind = rng.random()
    if kind < 0.3:
        return None
    if kind < 0.6:
        return tuple(rng.randint(0, 3000) for _ in range(rules.players))
    return tuple(rng.randint(1000, 200_000) for _ in range(rules.players))


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("variant", VARIANTS)
def test_random_games(variant: str, chunk: int) -> None:
    rules = Rules.preset(variant)
    n = GAMES[variant] // CHUNKS
    deck = _deck_counter(rules)
    played_total = 0
    escapes = 0
    for i in range(n):
        seed = chunk * 100_000 + i
        rng = random.Random(seed)
        balances = _balances(rules, rng)
        g = Game.new(rules, seed, balances=balances)
        played: Counter = Counter()
        steps = 0
        while not g.is_over:
            actions = g.legal_actions()
            assert actions, "a live game always offers an action"
            action = rng.choice(actions)
            if i % 3 == 0 and rng.random() < 0.02:
                quitter = rng.randrange(rules.players)
                if quitter not in g.escaped:
                    action = Escape(quitter)  # someone leaves mid-deal
            before = sum(len(h) for h in g.hands)
            hand_before = Counter(g.hands[action.seat])
            g.apply(action)
            steps += 1
            assert steps < 2000, "the game always ends"
            if action.type == "escape":
                continue
            if action.type == "play":
                # the cards left the hand: conservation of cards
                assert sum(len(h) for h in g.hands) == before - len(action.cards)
                played.update(hand_before - Counter(g.hands[action.seat]))
            if g.phase not in ("show_start", "show_deal") and not g.is_over:
                # every card is in a hand, in the bottom or played: exactly the deck
                where = Counter(c for h in g.hands for c in h)
                if not g.bottom_revealed:
                    where.update(g._bottom)
                where.update(played)
                assert where == deck
        r = g.result
        assert r is not None
        assert sum(r.beans) + r.house == 0, "bean deltas plus fees sum to zero"
        assert all(f >= 0 for f in r.fees)
        if balances is not None:
            assert all(b + d >= 0 for b, d in zip(balances, r.beans, strict=True)), (balances, r)
        if r.outcome in ("landlord", "farmers"):
            penalty = 0 if r.escaper is None else 3
            assert sum(r.points) == -penalty, "points are zero-sum but for the escape penalty"
        if r.outcome == "escape":
            assert r.escaper is not None and r.points[r.escaper] < 0
            escapes += 1
        played_total += 1
        if i % 10 == 0:
            log = GameLog.from_json(g.log.to_json())
            assert log == g.log
            again = Game.from_log(log)
            assert again == g, "replay from the JSON log gives an identical game"
            assert again.events == g.events
    assert played_total == n
    if variant in ("happy", "laizi"):
        assert escapes > 0, "escapes were exercised"


@pytest.mark.parametrize("variant", VARIANTS)
def test_views_never_leak_hidden_cards(variant: str) -> None:
    """Swapping two other seats' hidden hands never changes a seat's view."""
    rules = Rules.preset(variant)
    for seed in range(40):
        rng = random.Random(seed)
        g = Game.new(rules, seed)
        stop = rng.randint(0, 60)
        while not g.is_over and len(g.actions) < stop:
            g.apply(rng.choice(g.legal_actions()))
        if g.is_over:
            continue
        shown = set(g.auction.shown_seats)
        for seat in range(rules.players):
            hidden = [s for s in range(rules.players) if s != seat and s not in shown]
            if len(hidden) < 2:
                continue
            a, b = hidden[0], hidden[1]
            other = Game.from_log(g.log)
            # give a and b a different split of their combined cards, same sizes
            pool = other.hands[a] + other.hands[b]
            rng.shuffle(pool)
            other.hands[a] = sorted(pool[: len(g.hands[a])])
            other.hands[b] = sorted(pool[len(g.hands[a]):])
            assert other.view(seat) == g.view(seat)
            assert g.view(seat).hand == g.hand_text(seat)
        spectator = g.view(None)
        assert spectator.hand == ""
        assert set(spectator.shown) == shown


@pytest.mark.parametrize("variant", VARIANTS)
def test_same_seed_same_game(variant: str) -> None:
    rules = Rules.preset(variant)
    a, b = Game.new(rules, 99), Game.new(rules, 99)
    assert a == b
    assert Game.new(rules, 100) != a

"""The AI plays from public information only, and plays with its partner."""

from __future__ import annotations

import random

import pytest

from bench.agents import OurAgent, Seat
from bot.ai import choose_play
from bot.ai.agent import decide
from bot.engine import Rules
from bot.engine.actions import PlayCards
from bot.engine.cards import counts_of_text as counts_of
from bot.engine.game import Game

CLASSIC = Rules.preset("classic")


def _to_play_phase(game: Game, plays: int, seed: int) -> None:
    """Advance a game with easy AI decisions until ``plays`` cards-plays were made."""
    made = 0
    while not game.is_over and (game.phase != "play" or made < plays):
        action = decide(game.view(game.to_act), level="easy", seed=seed)
        game.apply(action)
        if isinstance(action, PlayCards):
            made += 1


def _midgame(rules: Rules, plays: int, seed: int) -> Game:
    """The first deal from ``seed`` on (seed, seed + 1000, ...) still played after
    ``plays`` card-plays: a position to ask the AI about, never a skipped test."""
    for deal in range(seed, seed + 20_000, 1000):
        game = Game.new(rules, deal)
        _to_play_phase(game, plays, seed)
        if not game.is_over:
            return game
    raise AssertionError(f"no deal from seed {seed} lasts {plays} plays")


@pytest.mark.parametrize("seed", range(4))
def test_hidden_hands_do_not_change_the_decision(seed: int) -> None:
    """Swapping cards between the two other hands (same counts, same public history)
    leaves the AI's decision unchanged."""
    game = _midgame(CLASSIC, 4 + seed, seed)
    me = game.to_act
    before = decide(game.view(me), level="normal", seed=seed, budget_ms=None)
    a, b = [s for s in range(3) if s != me]
    rng = random.Random(seed)
    for _ in range(3):
        i = rng.randrange(len(game.hands[a]))
        j = rng.randrange(len(game.hands[b]))
        game.hands[a][i], game.hands[b][j] = game.hands[b][j], game.hands[a][i]
    after = decide(game.view(me), level="normal", seed=seed, budget_ms=None)
    assert before == after


def test_the_arena_agent_reads_only_its_own_hand() -> None:
    hands = [counts_of("33445566789TJQKA2BR"), counts_of("3456789TJQKA2"),
             counts_of("789TJQKA2")]
    other = [hands[0], counts_of("789TJQKA2"), counts_of("3456789TJQKA2")]
    history = [(0, "34567"), (1, ""), (2, "6789T")]
    from bot.engine import canonical
    last = canonical("6789T", CLASSIC)
    views = [Seat(CLASSIC, 0, 0, h, "2BR", history, last, 5) for h in (hands, other)]
    agent = OurAgent("normal", None)
    assert agent(views[0]) == agent(views[1])


@pytest.mark.parametrize("hand", ["4679JA2", "679JQKA22", "33A2B"])
def test_farmer_leaves_a_winning_trick_to_his_partner(hand: str) -> None:
    """Seat 2 (a farmer) led K, the landlord passed: seat 1 must not beat his partner."""
    history = [(0, "3"), (1, "5"), (2, "K"), (0, "")]
    for seed in range(3):
        assert choose_play(CLASSIC, hand, history, landlord=0, seat=1, bottom="9TJ",
                           seed=seed, budget_ms=None) == ""


def test_farmer_does_not_overtake_before_the_landlord_when_partner_is_strong() -> None:
    """Seat 1 played a 2 (only the jokers beat it); seat 2 holds the big joker: pass."""
    history = [(0, "3"), (1, "2")]
    for seed in range(3):
        assert choose_play(CLASSIC, "456R", history, landlord=0, seat=2, bottom="9TJ",
                           seed=seed, budget_ms=None) == ""


def test_landlord_does_not_lead_a_single_into_a_farmer_with_one_card() -> None:
    history = [(0, "34567"), (1, "56789"), (2, ""), (0, ""), (1, "TJQKA"), (2, ""), (0, ""),
               (1, "334455"), (2, ""), (0, "778899"), (1, ""), (2, "")]
    for seed in range(3):
        answer = choose_play(CLASSIC, "6TTJQQK2B", history, landlord=0, seat=0,
                             bottom="69K", seed=seed, budget_ms=None)
        assert len(answer) >= 2, answer


def test_determinism_of_the_game_adapter() -> None:
    game = _midgame(Rules.preset("laizi"), 3, 11)
    me = game.to_act
    assert decide(game.view(me), seed=3, budget_ms=None) == decide(game.view(me), seed=3,
                                                             budget_ms=None)


def test_the_ai_decides_from_a_view_only() -> None:
    """The adapter takes what a seat may know, never the game (so it cannot read hidden
    hands by construction), and only for the seat to act."""
    game = Game.new(CLASSIC, 5)
    with pytest.raises(TypeError):
        decide(game, level="easy")  # type: ignore[arg-type]
    other = (game.to_act + 1) % 3
    with pytest.raises(ValueError):
        decide(game.view(other), level="easy")
    with pytest.raises(ValueError):
        decide(game.view(None), level="easy")
    assert game.can(decide(game.view(game.to_act), level="easy"))


def test_the_ai_explains_from_a_view_only() -> None:
    """The hint's reason, like the decision, comes from what the seat may know: a Game is
    refused, a spectator's view has no reason, the seat's view gives the hint's reason."""
    from bot.ai.agent import explain_action

    explained = 0
    for seed in range(12):
        game = Game.new(CLASSIC, seed)
        _to_play_phase(game, 0, seed)
        seat = game.to_act
        action = decide(game.view(seat), level="easy", seed=seed)
        with pytest.raises(TypeError):
            explain_action(game, action)  # type: ignore[arg-type]
        assert explain_action(game.view(None), action) is None
        explained += explain_action(game.view(seat), action) is not None
    assert explained, "some seeded first leads have a reason"

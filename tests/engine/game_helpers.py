"""Helpers to drive games in tests."""

from __future__ import annotations

import random

from bot.engine import Rules
from bot.engine.actions import Action, Bid, Call, Double, Grab, Pass, PlayCards, Show
from bot.engine.cards import RANK_INDEX, Card
from bot.engine.game import Game


def cards(text: str) -> list[Card]:
    """Physical cards for notation (suits assigned in order, decks as needed)."""
    seen: dict[str, int] = {}
    out = []
    for ch in text:
        k = seen.get(ch, 0)
        seen[ch] = k + 1
        rank = RANK_INDEX[ch]
        if rank >= 13:
            out.append(Card(rank, "", k))
        else:
            out.append(Card(rank, "SHCD"[k % 4], k // 4))
    return sorted(out)


def to_play(game: Game, *, landlord_wants: int | None = None) -> Game:
    """Drive bidding phases with the simplest choices until the play phase."""
    while game.phase not in ("play", "over"):
        seat = game.to_act
        assert seat is not None
        phase = game.phase
        if phase.startswith("show"):
            game.apply(Show(seat, False))
        elif phase == "bid":
            game.apply(Bid(seat, 3 if landlord_wants in (None, seat) else 0))
        elif phase == "call":
            game.apply(Call(seat, landlord_wants in (None, seat)))
        elif phase == "grab":
            game.apply(Grab(seat, False))
        elif phase == "double":
            game.apply(Double(seat, False))
    return game


def force_hands(game: Game, hands: list[str]) -> None:
    """Replace the hands of a game in the play phase (a crafted position)."""
    game.hands = [cards(h) for h in hands]


def random_game(rules: Rules, seed: int, balances=None) -> tuple[Game, list[Action]]:
    """Play a whole game with uniformly random legal actions; return it and its log."""
    rng = random.Random(seed)
    game = Game.new(rules, seed, balances=balances)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game, list(game.actions)


def play(seat: int, text: str, kind: str | None = None, main: str | None = None) -> PlayCards:
    return PlayCards(seat, text, kind, main)


def pass_(seat: int) -> Pass:
    return Pass(seat)

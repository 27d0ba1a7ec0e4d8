"""Helpers for the store tests: random games and synthetic settlements, and a snapshot of
everything a refused call must leave untouched."""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.engine import Game, Rules
from bot.engine.actions import Escape
from bot.store import SeatSettlement, Settlement, Store

GUILD = 1001
OTHER_GUILD = 2002
CHANNEL = 3003
AI_BANKROLL = 1_000_000  # the beans an AI seat brings to a game (the house bankrolls it)


def play_random(rules: Rules, seed: int, balances: Sequence[int],
                rng: random.Random, *, escapes: bool = True) -> Game:
    """A random self-play game to the end (sometimes with an escape)."""
    game = Game.new(rules, seed, balances=tuple(balances))
    while not game.is_over:
        action = rng.choice(game.legal_actions())
        if escapes and rng.random() < 0.005:
            quitter = rng.randrange(rules.players)
            if quitter not in game.escaped:
                action = Escape(quitter)
        game.apply(action)
    return game


def synthetic_settlement(game_id: str, guild_id: int, users: Sequence[int | None],
                         rng: random.Random, *, fee: int = 5) -> Settlement:
    """A zero-sum settlement with a landlord and farmers (no engine game: fast)."""
    landlord = rng.randrange(len(users))
    landlord_won = rng.random() < 0.5
    stakes = [rng.randint(1, 4) * 50 for _ in range(len(users) - 1)]
    seats = []
    farmer = 0
    for n, user in enumerate(users):
        if n == landlord:
            transfer = sum(stakes) if landlord_won else -sum(stakes)
            seats.append(SeatSettlement(user, transfer, fee, transfer // 50, "landlord",
                                        landlord_won))
        else:
            transfer = -stakes[farmer] if landlord_won else stakes[farmer]
            farmer += 1
            seats.append(SeatSettlement(user, transfer, fee, transfer // 50, "farmer",
                                        not landlord_won))
    return Settlement(game_id, guild_id, tuple(seats), '{"outcome": "synthetic"}')


async def snapshot(store: Store, guild_ids: Sequence[int] = (GUILD,)) -> dict[str, object]:
    """Row counts, every balance and every house: what a refused call must not change."""
    out: dict[str, object] = {"counts": await store.table_counts()}
    for guild_id in guild_ids:
        board = await store.leaderboard(guild_id, per_page=100)
        out[f"players {guild_id}"] = [(e.user_id, e.balance, e.points, e.games)
                                      for e in board]
        try:
            out[f"house {guild_id}"] = await store.house_balance(guild_id)
        except ValueError:
            out[f"house {guild_id}"] = None
    return out

"""Positions for the offer tests: for every variant, the games of a few self-played deals
at every phase they reach (random legal actions, some escapes), and the phases each
variant must reach. The engine's test and the front-ends' parity tests read them."""

from __future__ import annotations

import random
from collections.abc import Iterator

from bot.engine import VARIANTS, Escape, Game, Phase, Rules

PHASES: dict[str, frozenset[Phase]] = {
    "points": frozenset({Phase.BID, Phase.PLAY}),
    "call": frozenset({Phase.SHOW_START, Phase.SHOW_DEAL, Phase.CALL, Phase.GRAB,
                       Phase.DOUBLE, Phase.SHOW_LANDLORD, Phase.PLAY}),
}
"""The phases a variant's deal passes through, by its bidding."""


def expected_phases(variant: str) -> frozenset[Phase]:
    return PHASES[Rules.preset(variant).bidding]


def positions(variant: str, games: int = 12) -> Iterator[Game]:
    """The game before every action of ``games`` self-played deals (the same game object,
    moved on after each yield: read it before the next)."""
    rules = Rules.preset(variant)
    for seed in range(games):
        rng = random.Random(seed)
        game = Game.new(rules, seed, balances=(50_000,) * rules.players if seed % 2 else None)
        while not game.is_over:
            yield game
            actions = game.legal_actions()
            action = rng.choice(actions)
            # a seat leaves now and then: its bids are 不叫 alone from then on
            if rules.bidding == "points" and seed % 3 == 0 and rng.random() < 0.05:
                quitter = rng.randrange(rules.players)
                if quitter not in game.escaped:
                    action = Escape(quitter)
            game.apply(action)


def one_per_phase(variant: str, games: int = 12) -> dict[Phase, Game]:
    """One position of each phase reached (a copy of the game, from its log)."""
    found: dict[Phase, Game] = {}
    for game in positions(variant, games):
        if game.phase not in found:
            found[game.phase] = Game.from_log(game.log)
    return found


__all__ = ["PHASES", "VARIANTS", "expected_phases", "one_per_phase", "positions"]

"""Random-play speed of the game state machine: games per second per variant.

Run: ``python -m bench.games [--games N]``. Every action is chosen uniformly from
``legal_actions()``, so this measures the engine (dealing, bidding, legal plays,
validation, settlement), not an AI.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from bot.engine import VARIANTS, Game, Rules


def play_random(rules: Rules, seed: int) -> tuple[Game, int]:
    rng = random.Random(seed)
    game = Game.new(rules, seed)
    steps = 0
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
        steps += 1
    return game, steps


def run(games: int = 500, out: Callable[[str], None] = print) -> dict[str, float]:
    figures: dict[str, float] = {}
    out(f"{'variant':<9}{'games/s':>10}{'actions/s':>12}{'actions/game':>14}")
    for variant in VARIANTS:
        rules = Rules.preset(variant)
        steps = 0
        start = time.perf_counter()
        for seed in range(games):
            steps += play_random(rules, seed)[1]
        elapsed = time.perf_counter() - start
        figures[variant] = games / elapsed
        out(f"{variant:<9}{games / elapsed:>10.1f}{steps / elapsed:>12.0f}{steps / games:>14.1f}")
    return figures


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    run(parser.parse_args(argv).games)


if __name__ == "__main__":
    main()

"""The AI pool's effect on the event loop: lag while the AI thinks, in a thread vs in
worker processes.

Run: ``python -m bench.ai_pool [--seconds S] [--tables N] [--workers W]``. N tables ask
the AI for a move over and over (play-phase positions of random classic and laizi deals,
the default 100 ms search budget) for S seconds, first with the AI in a thread of this
process (as with ``DDZ_AI_PROCESSES=0``), then in a pool of W worker processes. A probe
sleeps 5 ms at a time and records how late the loop wakes it: that lateness is what every
other table's timers, clicks and store writes wait too. Printed: decisions per second and
the loop's lag p50 / p99 / max for each.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.ai.agent import decide
from bot.engine import Action, Game, Rules
from bot.workers.ai_pool import AiPool

PROBE_S = 0.005


@dataclass(frozen=True)
class LagReport:
    mode: str
    decisions_per_s: float
    lag_p50_ms: float
    lag_p99_ms: float
    lag_max_ms: float

    def line(self) -> str:
        return (f"{self.mode:<28}{self.decisions_per_s:>10.1f}{self.lag_p50_ms:>10.2f}"
                f"{self.lag_p99_ms:>10.2f}{self.lag_max_ms:>10.2f}")


def positions(count: int, seed: int = 1) -> list[tuple[Game, int]]:
    """Play-phase positions of random classic and laizi deals."""
    rng = random.Random(seed)
    found: list[tuple[Game, int]] = []
    deal = 0
    while len(found) < count:
        variant = ("classic", "laizi")[deal % 2]
        game = Game.new(Rules.preset(variant), seed * 1000 + deal)
        deal += 1
        while not game.is_over:
            if game.phase == "play" and rng.random() < 0.3:
                assert game.to_act is not None  # the play phase always has a seat to act
                found.append((Game.from_log(game.log), game.to_act))
            game.apply(rng.choice(game.legal_actions()))
    return found[:count]


async def _measure(mode: str, ask: Callable[[Game, int, int], Awaitable[Action]],
                   spots: list[tuple[Game, int]], tables: int, seconds: float) -> LagReport:
    stop = time.perf_counter() + seconds
    done = 0
    lags: list[float] = []

    async def table(n: int) -> None:
        nonlocal done
        k = n
        while time.perf_counter() < stop:
            game, seat = spots[k % len(spots)]
            await ask(game, seat, k)
            done += 1
            k += tables

    async def probe() -> None:
        while time.perf_counter() < stop:
            start = time.perf_counter()
            await asyncio.sleep(PROBE_S)
            lags.append((time.perf_counter() - start - PROBE_S) * 1000)

    start = time.perf_counter()
    await asyncio.gather(probe(), *(table(n) for n in range(tables)))
    elapsed = time.perf_counter() - start
    lags.sort()
    return LagReport(mode, done / elapsed, statistics.median(lags),
                     lags[min(len(lags) - 1, int(len(lags) * 0.99))], lags[-1])


async def run(seconds: float = 10.0, tables: int = 8, workers: int | None = None,
              out: Callable[[str], None] | None = print) -> list[LagReport]:
    spots = positions(64)
    pool = AiPool(workers)
    try:
        game, seat = spots[0]
        await pool.decide(game.view(seat), "normal", 0)  # the workers are up before timing

        def in_thread(game: Game, seat: int, seed: int) -> Awaitable[Action]:
            return asyncio.to_thread(decide, game.view(seat), "normal", seed)

        def in_pool(game: Game, seat: int, seed: int) -> Awaitable[Action]:
            return pool.decide(game.view(seat), "normal", seed)

        reports = [await _measure("AI in a thread", in_thread, spots, tables, seconds),
                   await _measure(f"AI in {pool.workers} process"
                                  f"{'es' if pool.workers != 1 else ''}", in_pool, spots,
                                  tables, seconds)]
    finally:
        pool.close()
    if out is not None:
        out(f"AI pool: {tables} tables asking at once for {seconds:g} s each, "
            f"{os.cpu_count()} cores; loop lag of a {PROBE_S * 1000:g} ms sleep")
        out(f"{'':<28}{'moves/s':>10}{'lag p50':>10}{'p99 ms':>10}{'max':>10}")
        for report in reports:
            out(report.line())
    return reports


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args(argv)
    asyncio.run(run(args.seconds, args.tables, args.workers))


if __name__ == "__main__":
    main()

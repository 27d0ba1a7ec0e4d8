"""History queries of a player with many deals: the figures behind ``/ddz history``.

Run: ``python -m bench.history [--deals N] [--reads R] [--dir PATH]``. A fresh database
(a temporary folder, or ``--dir``) gets N deals (default 10,000) of one player against two
others, each recorded (``create_game``, its variant drawn from the five) and settled through
the store's own API, like a table does; then each query runs R times and its latency
(p50, p99, in ms) is printed:

- ``history``, page 1 (the command's first answer), a random page, and the last page;
- ``player_stats`` (the profile's counters) and ``find_deal`` (a short id typed back);
- ``leaderboard`` by streak.

The target is ≤ 50 ms for the history query at 10,000 deals.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

from bot.engine import VARIANTS, GameLog, Rules
from bot.store import SeatSettlement, Settlement, Store

GUILD = 1
PLAYER, OTHERS = 1, (2, 3)
TARGET_MS = 50.0


@dataclass
class HistoryReport:
    deals: int
    fill_s: float = 0.0
    reads: dict[str, tuple[float, float, int]] = field(default_factory=dict)  # p50, p99 ms, n

    def lines(self) -> list[str]:
        out = [f"history benchmark: {self.deals:,} deals of one player "
               f"(filled in {self.fill_s:.1f} s)",
               f"{'query latency (ms)':<30}{'p50':>8}{'p99':>8}{'reads':>8}"]
        for name, (p50, p99, n) in self.reads.items():
            out.append(f"  {name:<28}{p50:>8.3f}{p99:>8.3f}{n:>8}")
        worst = max(p99 for name, (_, p99, _) in self.reads.items() if name.startswith("hist"))
        verdict = "within" if worst <= TARGET_MS else "OVER"
        out.append(f"history p99 {worst:.3f} ms: {verdict} the {TARGET_MS:.0f} ms target")
        return out


def _settlement(game_id: str, rng: random.Random, variant: str) -> Settlement:
    landlord = rng.randrange(3)
    won = rng.random() < 0.5
    stake = rng.randint(1, 6) * 100
    spring = rng.choice(["", "", "", "", "spring" if won else "anti_spring"])
    seats = []
    for seat, user in enumerate((PLAYER, *OTHERS)):
        role = "landlord" if seat == landlord else "farmer"
        wins = won == (seat == landlord)
        transfer = (2 * stake if wins else -2 * stake) if seat == landlord else (
            stake if wins else -stake)
        seats.append(SeatSettlement(user, transfer, 5, transfer // 100, role, wins, 0,
                                    rng.choice([0, 0, 0, 1]), rng.choice([0, 0, 0, 0, 1]),
                                    spring))
    result = {"outcome": "landlord" if won else "farmers", "landlord": landlord,
              "bid": rng.randint(1, 3), "multiplier": rng.choice([1, 2, 4, 8]),
              "doubles": [rng.random() < 0.3 for _ in range(3)],
              "spring": spring == "spring", "anti_spring": spring == "anti_spring"}
    return Settlement(game_id, GUILD, tuple(seats), json.dumps(result, sort_keys=True))


async def fill(store: Store, deals: int, seed: int = 1) -> list[str]:
    """Record and settle ``deals`` three-player deals; returns their game ids."""
    rng = random.Random(seed)
    for user in (PLAYER, *OTHERS):
        await store.ensure_player(GUILD, user, f"player {user}")
        await store.grant(GUILD, user, 10**9, "bench", 1)
    rules = {v: Rules.preset(v) for v in VARIANTS if Rules.preset(v).players == 3}
    ids = []
    for n in range(deals):
        variant = rng.choice(sorted(rules))
        game_id = f"{rng.getrandbits(128):032x}"
        seats = [{"user_id": u, "name": f"player {u}"} for u in (PLAYER, *OTHERS)]
        await store.create_game(game_id, GUILD, 10, GameLog(rules[variant], n, (10**9,) * 3),
                                seats)
        await store.settle(_settlement(game_id, rng, variant))
        ids.append(game_id)
    return ids


async def _time(fn: Callable[[], Awaitable[object]], n: int) -> tuple[float, float, int]:
    samples = []
    for _ in range(n):
        start = time.perf_counter()
        await fn()
        samples.append((time.perf_counter() - start) * 1000)
    samples.sort()
    p99 = samples[min(len(samples) - 1, int(len(samples) * 0.99))]
    return statistics.median(samples), p99, n


async def run(path: Path, *, deals: int = 10_000, reads: int = 200,
              out: Callable[[str], None] = print) -> HistoryReport:
    report = HistoryReport(deals)
    async with Store.open(path, synchronous="OFF") as store:
        start = time.perf_counter()
        ids = await fill(store, deals)
        report.fill_s = time.perf_counter() - start
        rng = random.Random(2)
        pages = (await store.history(GUILD, PLAYER)).pages
        report.reads["history, page 1"] = await _time(
            lambda: store.history(GUILD, PLAYER), reads)
        report.reads["history, a random page"] = await _time(
            lambda: store.history(GUILD, PLAYER, page=rng.randint(1, pages)), reads)
        report.reads["history, the last page"] = await _time(
            lambda: store.history(GUILD, PLAYER, page=pages), reads)
        report.reads["player_stats"] = await _time(
            lambda: store.player_stats(GUILD, PLAYER), reads)
        report.reads["find_deal (8 characters)"] = await _time(
            lambda: store.find_deal(GUILD, rng.choice(ids)[:8]), reads)
        report.reads["leaderboard by streak"] = await _time(
            lambda: store.leaderboard(GUILD, by="streak"), reads)
        (await store.check_invariants()).raise_if_broken()
    for line in report.lines():
        out(line)
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--reads", type=int, default=200)
    parser.add_argument("--dir", type=Path, default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        asyncio.run(run(Path(folder) / "history.db", deals=args.deals, reads=args.reads))


if __name__ == "__main__":
    main()

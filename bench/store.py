"""Store speed against a real file: settlements per second and read latency under load.

Run: ``python -m bench.store [--settlements N] [--writers W] [--players P] [--dir PATH]
[--synchronous NORMAL|FULL]``. The database is a fresh file in a temporary folder (or in
``--dir``). Measured:

- settlements per second, one at a time (each awaited before the next), then from W
  concurrent asyncio writers sharing the store (they queue behind the one writer);
- read latency (p50, p99) of ``balance`` and ``leaderboard`` on an idle store, then while
  W writers settle as fast as they can (the reads run on the reader connections);
- at the end, :meth:`Store.check_invariants` must hold.

Settlements are synthetic (random landlord, stakes and fees, some AI seats) so the figures
are the store's, not the engine's.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

from bot.store import InsufficientBalanceError, SeatSettlement, Settlement, Store

GUILD = 1


@dataclass
class BenchReport:
    path: str
    synchronous: str
    players: int
    writers: int
    sequential: float = 0.0  # settlements per second
    concurrent: float = 0.0
    settled: int = 0
    refused: int = 0  # settlements refused for a short balance (a normal outcome)
    reads: dict[str, tuple[float, float, int]] = field(default_factory=dict)  # p50, p99 ms, n
    invariants: str = ""

    def lines(self) -> list[str]:
        out = [f"store benchmark: {self.path} (synchronous={self.synchronous}, SQLite "
               f"{sqlite3.sqlite_version}, {self.players} players)",
               f"{'settlements, sequential':<44}{self.sequential:>10,.0f} /s",
               f"{f'settlements, {self.writers} concurrent writers':<44}"
               f"{self.concurrent:>10,.0f} /s",
               f"{'read latency (ms)':<30}{'p50':>8}{'p99':>8}{'reads':>8}"]
        for name, (p50, p99, n) in self.reads.items():
            out.append(f"  {name:<28}{p50:>8.3f}{p99:>8.3f}{n:>8}")
        out.append(f"settled {self.settled:,}, refused for short balances {self.refused:,}")
        out.append(self.invariants)
        return out


def make_settlement(game_id: str, users: list[int], rng: random.Random) -> Settlement:
    """A zero-sum settlement: a landlord, two farmers, fees of 5, an AI seat now and then."""
    seated: list[int | None] = list(rng.sample(users, 3))
    if rng.random() < 0.2:
        seated[rng.randrange(3)] = None
    landlord = rng.randrange(3)
    won = rng.random() < 0.45
    stakes = [rng.choice((100, 200, 400, 800)) for _ in range(2)]
    seats, k = [], 0
    for n, user in enumerate(seated):
        if n == landlord:
            t = sum(stakes) if won else -sum(stakes)
            seats.append(SeatSettlement(user, t, 5, t // 100, "landlord", won))
        else:
            t = -stakes[k] if won else stakes[k]
            k += 1
            seats.append(SeatSettlement(user, t, 5, t // 100, "farmer", not won))
    return Settlement(game_id, GUILD, tuple(seats), '{"outcome": "bench"}')


async def _settle_all(store: Store, batch: list[Settlement], report: BenchReport) -> None:
    for settlement in batch:
        try:
            await store.settle(settlement)
            report.settled += 1
        except InsufficientBalanceError:
            report.refused += 1


async def _timed_reads(name: str, read: Callable[[], Awaitable[object]], report: BenchReport,
                       *, count: int | None = None, until: asyncio.Task[object] | None = None
                       ) -> None:
    times: list[float] = []
    while (count is not None and len(times) < count) or (until is not None and not until.done()):
        start = time.perf_counter()
        await read()
        times.append((time.perf_counter() - start) * 1000)
    if times:
        times.sort()
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
        report.reads[name] = (statistics.median(times), p99, len(times))


async def run(path: Path, *, settlements: int = 3000, writers: int = 8, players: int = 200,
              reads: int = 500, synchronous: str = "NORMAL", seed: int = 1,
              out: Callable[[str], None] | None = print) -> BenchReport:
    """Run every measurement on a fresh database at ``path``; print and return the report."""
    rng = random.Random(seed)
    report = BenchReport(str(path), synchronous, players, writers)
    users = list(range(1, players + 1))
    async with Store.open(path, synchronous=synchronous, start_balance=1_000_000) as store:
        for user in users:
            await store.ensure_player(GUILD, user, f"player {user}")
        batches = [[make_settlement(f"{phase}-{i}", users, rng) for i in range(settlements)]
                   for phase in ("seq", "conc", "busy")]

        start = time.perf_counter()
        await _settle_all(store, batches[0], report)
        report.sequential = settlements / (time.perf_counter() - start)

        shares = [batches[1][w::writers] for w in range(writers)]
        start = time.perf_counter()
        await asyncio.gather(*(_settle_all(store, share, report) for share in shares))
        report.concurrent = settlements / (time.perf_counter() - start)

        def balance() -> Awaitable[int]:
            return store.balance(GUILD, rng.choice(users))

        def board() -> Awaitable[object]:
            return store.leaderboard(GUILD, by=rng.choice(("balance", "points", "winrate")),
                                     page=rng.randint(1, max(1, players // 10)))

        await _timed_reads("balance, idle", balance, report, count=reads)
        await _timed_reads("leaderboard, idle", board, report, count=reads)
        shares = [batches[2][w::writers] for w in range(writers)]
        busy = asyncio.ensure_future(
            asyncio.gather(*(_settle_all(store, share, report) for share in shares)))
        await asyncio.gather(
            _timed_reads(f"balance, {writers} writers busy", balance, report, until=busy),
            _timed_reads(f"leaderboard, {writers} writers busy", board, report, until=busy))
        await busy
        invariants = await store.check_invariants()
        report.invariants = str(invariants)
        invariants.raise_if_broken()
    if out is not None:
        for line in report.lines():
            out(line)
    return report


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--settlements", type=int, default=3000)
    parser.add_argument("--writers", type=int, default=8)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--reads", type=int, default=500)
    parser.add_argument("--synchronous", default="NORMAL")
    parser.add_argument("--dir", type=Path, default=None, help="folder for the database file")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        asyncio.run(run(Path(folder) / "bench.db", settlements=args.settlements,
                        writers=args.writers, players=args.players, reads=args.reads,
                        synchronous=args.synchronous))


if __name__ == "__main__":
    main()

"""Store speed on both backends side by side: settlements per second and read latency.

Run: ``python -m bench.store [--settlements N] [--writers W] [--processes P] [--players N]
[--reads N] [--postgres URL | --no-postgres] [--dir PATH] [--synchronous NORMAL|FULL]``.

SQLite runs on a fresh file in a temporary folder (or in ``--dir``). PostgreSQL runs in a
fresh schema (dropped at the end) of the server at ``--postgres`` (or
``DDZ_BENCH_DATABASE_URL``); without one, a throwaway local server is started with
``.ci/postgres.sh`` when PostgreSQL's binaries are installed. Measured on each backend:

- settlements per second, one at a time (each awaited before the next), then from W
  concurrent asyncio writers sharing one store, then from P writer processes (each its
  own store, W / P writers each) settling together;
- read latency (p50, p99) of ``balance`` and ``leaderboard`` on an idle store, then while
  W writers settle as fast as they can;
- at the end, :meth:`Store.check_invariants` must hold.

Settlements are synthetic (random landlord, stakes and fees, some AI seats) so the figures
are the store's, not the engine's.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.store import InsufficientBalanceError, SeatSettlement, Settlement, Store
from bot.store.pg import redact_url
from bot.store.pg.scratch import scratch_schema

GUILD = 1
ROOT = Path(__file__).resolve().parents[1]
PG_SCRIPT = ROOT / ".ci" / "postgres.sh"
PG_BIN = Path("/usr/lib/postgresql/15/bin")


@dataclass
class BenchReport:
    backend: str
    location: str
    version: str
    players: int
    writers: int
    processes: int
    sequential: float = 0.0  # settlements per second
    concurrent: float = 0.0
    multiprocess: float = 0.0
    settled: int = 0
    refused: int = 0  # settlements refused for a short balance (a normal outcome)
    reads: dict[str, tuple[float, float, int]] = field(default_factory=dict)  # p50, p99 ms, n
    invariants: str = ""

    def lines(self) -> list[str]:
        """This backend alone (the side-by-side table is :func:`side_by_side`)."""
        return side_by_side([self])


def side_by_side(reports: list[BenchReport]) -> list[str]:
    """One table, a column per backend."""
    first = reports[0]
    width = 46
    out = [f"store benchmark: {first.players} players, {first.writers} concurrent writers, "
           f"{first.processes} writer processes",
           f"{'':<{width}}" + "".join(f"{r.backend:>22}" for r in reports)]

    def row(label: str, cells: list[str]) -> None:
        out.append(f"{label:<{width}}" + "".join(f"{c:>22}" for c in cells))

    row("settlements/s, sequential", [f"{r.sequential:,.0f}" for r in reports])
    row(f"settlements/s, {first.writers} concurrent writers",
        [f"{r.concurrent:,.0f}" for r in reports])
    row(f"settlements/s, {first.processes} writer processes",
        [f"{r.multiprocess:,.0f}" for r in reports])
    row("read latency ms (p50 / p99)", ["" for _ in reports])
    for name in sorted(first.reads, key=lambda n: ("busy" in n, not n.startswith("balance"))):
        row(f"  {name}", [f"{r.reads[name][0]:.3f} / {r.reads[name][1]:.3f}"
                          if name in r.reads else "-" for r in reports])
    for r in reports:
        out.append(f"{r.backend}: {r.location} ({r.version}); settled {r.settled:,}, refused "
                   f"for short balances {r.refused:,}; {r.invariants}")
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
                       *, count: int | None = None, until: asyncio.Future[Any] | None = None
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


# ---------------------------------------------------------------------------- processes
async def _worker(target: str, tag: str, count: int, writers: int, players: int,
                  seed: int) -> None:
    """One writer process: open the store, say ready, wait for go, settle, report."""
    rng = random.Random(f"{seed}-{tag}")
    users = list(range(1, players + 1))
    batch = [make_settlement(f"{tag}-{i}", users, rng) for i in range(count)]
    report = BenchReport("", "", "", players, writers, 1)
    async with Store.open(target) as store:
        print("ready", flush=True)
        await asyncio.to_thread(sys.stdin.readline)
        await asyncio.gather(*(_settle_all(store, batch[w::writers], report)
                               for w in range(writers)))
    print(f"done {report.settled} {report.refused}", flush=True)


async def _in_processes(target: str, settlements: int, writers: int, processes: int,
                        players: int, seed: int, report: BenchReport) -> None:
    """P writer processes settle ``settlements`` between them; time from go to the last."""
    share, per = settlements // processes, max(1, writers // processes)
    procs = [await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bench.store", "--worker", target, "--tag", f"proc{p}",
        "--settlements", str(share), "--writers", str(per), "--players", str(players),
        "--seed", str(seed), cwd=ROOT, stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE) for p in range(processes)]
    for proc in procs:
        assert proc.stdout is not None
        line = await asyncio.wait_for(proc.stdout.readline(), 60)
        if line.strip() != b"ready":
            raise RuntimeError(f"a writer process did not start: {line!r}")
    start = time.perf_counter()
    for proc in procs:
        assert proc.stdin is not None
        proc.stdin.write(b"go\n")
        await proc.stdin.drain()
    outs = [await proc.communicate() for proc in procs]
    report.multiprocess = share * processes / (time.perf_counter() - start)
    for proc, (out, _) in zip(procs, outs, strict=True):
        if proc.returncode != 0:
            raise RuntimeError(f"a writer process failed ({proc.returncode})")
        _, settled, refused = out.decode().split()
        report.settled += int(settled)
        report.refused += int(refused)


# ---------------------------------------------------------------------------- one backend
async def run(target: Path | str, *, settlements: int = 3000, writers: int = 8,
              processes: int = 2, players: int = 200, reads: int = 500,
              synchronous: str = "NORMAL", seed: int = 1,
              out: Callable[[str], None] | None = print) -> BenchReport:
    """Every measurement on a fresh store at ``target`` (a file or a URL); print (``out``)
    and return the report."""
    rng = random.Random(seed)
    users = list(range(1, players + 1))
    async with Store.open(target, synchronous=synchronous, start_balance=1_000_000) as store:
        version = (f"SQLite {sqlite3.sqlite_version}, synchronous={synchronous}"
                   if store.backend == "sqlite" else await _server_version(store))
        report = BenchReport(store.backend, store.location, version, players, writers,
                             processes)
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

        if processes > 0:
            await _in_processes(str(target), settlements, writers, processes, players, seed,
                                report)

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


async def _server_version(store: Store) -> str:
    row = await store._db.fetch_one("SHOW server_version")
    return f"PostgreSQL {row[0] if row else '?'}"


# ---------------------------------------------------------------------------- both
@asynccontextmanager
async def postgres_target(url: str | None) -> AsyncIterator[str | None]:
    """A fresh schema at ``url``; without a URL, on a throwaway local server if PostgreSQL
    is installed (else None: the run is SQLite only, and says so)."""
    if url is not None:
        async with scratch_schema(url, "bench") as target:
            yield target
        return
    if not (PG_BIN / "initdb").exists() or shutil.which("bash") is None:
        yield None
        return
    folder = tempfile.mkdtemp(prefix="ddz-bench-pg.")
    os.chmod(folder, 0o755)
    try:
        started = subprocess.run(["bash", str(PG_SCRIPT), "start", folder], check=True,
                                 capture_output=True, text=True)
        async with scratch_schema(started.stdout.strip(), "bench") as target:
            yield target
    finally:
        subprocess.run(["bash", str(PG_SCRIPT), "stop", folder], check=False,
                       capture_output=True)


async def run_both(args: argparse.Namespace) -> list[BenchReport]:
    kwargs = {"settlements": args.settlements, "writers": args.writers,
              "processes": args.processes, "players": args.players, "reads": args.reads,
              "synchronous": args.synchronous, "out": None}
    reports = []
    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        reports.append(await run(Path(folder) / "bench.db", **kwargs))
    if not args.no_postgres:
        async with postgres_target(args.postgres) as target:
            if target is None:
                print("PostgreSQL not measured: no --postgres URL and no local PostgreSQL 15")
            else:
                reports.append(await run(target, **kwargs))
    for line in side_by_side(reports):
        print(line.replace(args.postgres or "\0", redact_url(args.postgres or "")))
    return reports


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--settlements", type=int, default=3000)
    parser.add_argument("--writers", type=int, default=8)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--reads", type=int, default=500)
    parser.add_argument("--synchronous", default="NORMAL")
    parser.add_argument("--dir", type=Path, default=None, help="folder for the SQLite file")
    parser.add_argument("--postgres", default=os.environ.get("DDZ_BENCH_DATABASE_URL") or None,
                        help="a PostgreSQL server URL (default: a throwaway local one)")
    parser.add_argument("--no-postgres", action="store_true")
    parser.add_argument("--worker", help=argparse.SUPPRESS)  # a writer process's target
    parser.add_argument("--tag", help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=1, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        asyncio.run(_worker(args.worker, args.tag, args.settlements, args.writers,
                            args.players, args.seed))
        return
    asyncio.run(run_both(args))


if __name__ == "__main__":
    main()

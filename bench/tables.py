"""Load benchmark of the live-table runtime: N concurrent tables on a real SQLite file.

Run: ``python -m bench.tables [--tables 100 300 500] [--seconds 30]`` (one process on
SQLite), or ``python -m bench.tables --cluster [--tables 200] [--postgres URL]``: the same
load on SQLite in one process, on PostgreSQL in one cluster process and split over two
(each its own tables and guilds, as shards split them), side by side; then the event
loop's lag with the real AI thinking in a thread and in the AI pool, and with the table
pictures drawn in a thread and in the picture pool.

Each table has one player who never answers (its turn timers fire at once, so after two
timeouts it is in 托管) and AI seats. To measure the runtime (locks, timers, the store,
events) rather than the AI, automatic turns use a cheap decider; the real AI's thinking
time is measured apart on the same kind of positions and printed on its own line. Every
finished deal starts the next one at once. Reported: games per minute, p50/p99 time from
an action to its last event (validation, storing the action, announcing it), and memory
per table.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.engine import (
    VARIANTS,
    Action,
    Bid,
    Call,
    Double,
    Game,
    Grab,
    Pass,
    PlayCards,
    Rules,
    SeatView,
    Show,
)
from bot.store import Store
from bot.store.pg.scratch import scratch_schema
from bot.tables import DealEnded, SystemClock, TableError, TableEvent, TableManager

ROOT = Path(__file__).resolve().parents[1]


def cheap_decide(view: SeatView, level: str, seed: int) -> Action:
    """A fast stand-in for the AI: bid by seat luck, play the lowest play."""
    phase, seat = view.phase, view.seat
    assert seat is not None
    rng = random.Random(seed)
    if phase == "bid":
        points = (0,) if seat in view.escaped else (0, *range(view.bid + 1, 4))
        return rng.choice([Bid(seat, p) for p in points])
    if phase == "call":
        return Call(seat, rng.random() < 0.5)
    if phase == "grab":
        return Grab(seat, rng.random() < 0.3)
    if phase.startswith("show"):
        return Show(seat, False)
    if phase == "double":
        return Double(seat, False)
    plays = view.legal_plays()
    if not plays:
        return Pass(seat)
    best = min(plays, key=lambda p: (p.is_bomb, p.main_index, -len(p)))
    return PlayCards(seat, best.cards, best.kind, best.main_rank)


class InstantClock(SystemClock):
    """Real time, but every timer fires at once."""

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(0)


class Counter:
    def __init__(self) -> None:
        self.games = 0
        self.manager: TableManager | None = None
        self.running = True
        self.tasks: set[asyncio.Task[None]] = set()

    async def publish(self, event: TableEvent) -> None:
        if isinstance(event, DealEnded):
            self.games += 1
            if self.running and self.manager is not None:
                task = asyncio.create_task(self._next(event.channel_id))
                self.tasks.add(task)
                task.add_done_callback(self.tasks.discard)

    async def _next(self, channel_id: int) -> None:
        assert self.manager is not None
        table = self.manager.find(channel_id)
        if table is not None and table.status != "playing":
            with contextlib.suppress(TableError):  # a player lost every bean: it stops
                await self.manager.next_deal(channel_id, table.owner_id)


class LagProbe:
    """The event loop's lag: how late a 5 ms sleep wakes up, again and again."""

    def __init__(self) -> None:
        self.lags: list[float] = []
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def _run(self) -> None:
        while True:
            t = time.perf_counter()
            await asyncio.sleep(0.005)
            self.lags.append(time.perf_counter() - t - 0.005)

    def stop(self) -> float:
        """The p99 lag in ms."""
        if self._task is not None:
            self._task.cancel()
        lags = sorted(self.lags)
        return lags[int(len(lags) * 0.99)] * 1000 if lags else 0.0


class Drawer(Counter):
    """Counts deals and draws each table's picture after its actions, one drawing in
    flight per table (as the Discord presenter coalesces its edits), in a thread or in
    the picture pool."""

    def __init__(self, pool: object | None) -> None:
        super().__init__()
        self.pool = pool
        self.drawing: set[int] = set()
        self.drawn = 0

    async def publish(self, event: TableEvent) -> None:
        await super().publish(event)
        if (event.channel_id in self.drawing or event.table is None
                or event.table.game is None):
            return
        self.drawing.add(event.channel_id)
        task = asyncio.create_task(self._draw(event))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _draw(self, event: TableEvent) -> None:
        from bot.workers.picture_pool import draw
        from cogs.scenes import table_scene
        from render import render_table

        assert event.table is not None  # publish draws only events with a table
        try:
            scene = table_scene(event.table, title="bench", locale="en", avatars={})
            await draw(self.pool, render_table, scene)  # type: ignore[arg-type]
            self.drawn += 1
        finally:
            self.drawing.discard(event.channel_id)


def _rss_kib() -> int:
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


async def load(n_tables: int, seconds: float, db: Path | str, pace: float = 0.0, *,
               offset: int = 0, ai: str = "cheap", draw: str = "") -> dict[str, Any]:
    """Run ``n_tables`` tables for ``seconds``. ``pace`` 0: every turn at once (the
    runtime saturated); else each automatic turn waits ``pace`` seconds, and a player's
    turn timer is 1 s (a busy production server). ``offset`` numbers this process's
    tables and guilds apart from another's. ``ai``: ``cheap`` (the stand-in decider), or
    the real AI in a ``thread`` or in the AI ``pool``; ``draw``: draw the table pictures
    in a ``thread`` or in the picture ``pool`` (nothing drawn by default)."""
    from bot.workers.ai_pool import AiPool
    from bot.workers.picture_pool import PicturePool

    store = await Store.open(db)
    pictures = PicturePool(warm=_warm_render) if draw == "pool" else None
    counter = Drawer(pictures) if draw else Counter()
    clock = InstantClock() if pace == 0 else SystemClock()
    ai_pool = AiPool() if ai == "pool" else None
    manager = TableManager(store, counter, clock=clock,
                           decide=cheap_decide if ai == "cheap" else None, ai_pool=ai_pool,
                           ai_delay=pace, trustee_delay=pace,
                           ai_in_thread=pace > 0 or ai == "thread")
    counter.manager = manager
    manager.turns.latencies = []
    gc.collect()
    rss0 = _rss_kib()
    base = 10_000 + offset
    for i in range(n_tables):
        channel = base + i
        rules = Rules.preset(VARIANTS[i % 5], turn_bid_s=1, turn_play_s=1, min_balance=1)
        await manager.create(channel, 1 + offset + i % 7, channel, f"p{i}", rules)
        while not manager.snapshot(channel).is_full:
            await manager.add_ai(channel, channel)
    probe = LagProbe()
    probe.start()
    start = time.perf_counter()
    for i in range(n_tables):
        await manager.next_deal(base + i, base + i)
        if pace:  # tables open at different moments, as on a real server
            await asyncio.sleep(pace / n_tables)
    await asyncio.sleep(min(1.0, seconds))
    rss1 = _rss_kib()
    await asyncio.sleep(max(0.0, seconds - 1.0))
    counter.running = False
    elapsed = time.perf_counter() - start
    games = counter.games
    lat = sorted(manager.turns.latencies or [])
    for task in list(counter.tasks):
        task.cancel()
    lag_p99 = probe.stop()
    await manager.shutdown()
    report = await store.check_invariants()
    await store.close()
    for pool in (ai_pool, pictures):
        if pool is not None:
            await asyncio.to_thread(pool.close)
    return {
        "tables": n_tables, "games_per_min": games / elapsed * 60, "games": games,
        "actions": len(lat),
        "p50_ms": statistics.median(lat) * 1000 if lat else 0.0,
        "p99_ms": lat[int(len(lat) * 0.99)] * 1000 if lat else 0.0,
        "kib_per_table": (rss1 - rss0) / n_tables, "invariants_ok": float(report.ok),
        "lag_p99_ms": lag_p99, "elapsed": elapsed,
        "latencies_ms": [round(x * 1000, 3) for x in lat],
    }


def _warm_render() -> None:
    from render import warm_up

    warm_up()


def ai_thinking(decisions: int = 60, level: str = "normal") -> tuple[float, float]:
    """p50 and p95 ms of the real AI's decisions in random positions of all variants."""
    from bot.ai.agent import decide

    rng = random.Random(1)
    samples = []
    made = 0
    seed = 0
    while made < decisions:
        seed += 1
        game = Game.new(Rules.preset(VARIANTS[seed % 5]), seed)
        steps = rng.randint(5, 40)
        while not game.is_over and steps:
            game.apply(cheap_decide(game.view(game.to_act), "normal", seed + steps))
            steps -= 1
        if game.is_over or game.phase != "play":
            continue
        t = time.perf_counter()
        action = decide(game.view(game.to_act), level, seed)
        samples.append(time.perf_counter() - t)
        game.apply(action)
        made += 1
    samples.sort()
    return statistics.median(samples) * 1000, samples[int(len(samples) * 0.95)] * 1000


def run(tables: list[int], seconds: float, out: Callable[[str], None] = print,
        ai_decisions: int = 60, paces: tuple[float, ...] = (1.0, 0.0)
        ) -> list[dict[str, float]]:
    rows = []
    out(f"{'mode':<10}{'tables':>7}{'games/min':>11}{'actions':>9}{'p50 ms':>9}{'p99 ms':>9}"
        f"{'KiB/table':>11}  invariants")
    for pace in paces:
        mode = "saturated" if pace == 0 else f"paced {pace:g}s"
        for n in tables:
            with tempfile.TemporaryDirectory() as tmp:
                row = asyncio.run(load(n, seconds, Path(tmp) / "load.db", pace))
            rows.append(row)
            out(f"{mode:<10}{n:>7}{row['games_per_min']:>11.0f}{row['actions']:>9}"
                f"{row['p50_ms']:>9.2f}{row['p99_ms']:>9.2f}{row['kib_per_table']:>11.1f}  "
                f"{'ok' if row['invariants_ok'] else 'BROKEN'}")
    if ai_decisions:
        p50, p95 = ai_thinking(ai_decisions)
        out(f"AI thinking (real AI, normal level, not included above): p50 {p50:.1f} ms, "
            f"p95 {p95:.1f} ms per play decision")
    return rows


# ---------------------------------------------------------------------------- clusters
async def _process(target: str, tables: int, seconds: float, pace: float, offset: int
                   ) -> dict[str, Any]:
    """One cluster process's share of the load, in a child process."""
    child = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bench.tables", "--worker", target, "--tables", str(tables),
        "--seconds", str(seconds), "--pace", str(pace), "--offset", str(offset), cwd=ROOT,
        stdout=asyncio.subprocess.PIPE)
    out, _ = await child.communicate()
    if child.returncode != 0:
        raise RuntimeError(f"a bench process failed ({child.returncode})")
    return dict(json.loads(out.decode().strip().splitlines()[-1]))


async def cluster_row(target: str, processes: int, tables: int, seconds: float,
                      pace: float) -> dict[str, float]:
    """``tables`` tables split over ``processes`` processes on one database, together."""
    parts = await asyncio.gather(*(
        _process(target, tables // processes, seconds, pace, 1_000_000 * (n + 1))
        for n in range(processes)))
    lat = sorted(x for part in parts for x in part["latencies_ms"])
    return {"tables": tables, "processes": processes,
            "games_per_min": sum(p["games_per_min"] for p in parts),
            "actions": len(lat), "p50_ms": statistics.median(lat) if lat else 0.0,
            "p99_ms": lat[int(len(lat) * 0.99)] if lat else 0.0,
            "lag_p99_ms": max(p["lag_p99_ms"] for p in parts),
            "invariants_ok": float(all(p["invariants_ok"] for p in parts))}


def cluster(tables: int, seconds: float, paces: tuple[float, ...], postgres: str | None,
            out: Callable[[str], None] = print, lag_tables: int = 20
            ) -> list[dict[str, float]]:
    """SQLite in one process, PostgreSQL in one and in two cluster processes, side by
    side; then the loop's lag with the real AI and the pictures in threads or pools."""
    from .store import postgres_target

    rows: list[dict[str, float]] = []
    out(f"{'mode':<11}{'backend':<12}{'processes':>9}{'tables':>7}{'games/min':>11}"
        f"{'actions':>9}{'p50 ms':>8}{'p99 ms':>8}{'loop lag p99':>14}  invariants")

    def show(mode: str, backend: str, row: dict[str, float]) -> None:
        rows.append(row)
        out(f"{mode:<11}{backend:<12}{int(row.get('processes', 1)):>9}{int(row['tables']):>7}"
            f"{row['games_per_min']:>11.0f}{int(row['actions']):>9}{row['p50_ms']:>8.2f}"
            f"{row['p99_ms']:>8.2f}{row['lag_p99_ms']:>11.2f} ms  "
            f"{'ok' if row['invariants_ok'] else 'BROKEN'}")

    async def both() -> None:
        async with postgres_target(postgres) as target:
            for pace in paces:
                mode = "saturated" if pace == 0 else f"paced {pace:g}s"
                with tempfile.TemporaryDirectory() as tmp:
                    show(mode, "sqlite", await cluster_row(str(Path(tmp) / "load.db"), 1,
                                                           tables, seconds, pace))
                if target is None:
                    out("PostgreSQL not measured: no --postgres URL and no local server")
                    continue
                for processes in (1, 2):
                    async with scratch_schema(target, "tables") as schema:
                        async with Store.open(schema):  # migrated before the processes
                            pass
                        show(mode, "postgresql", await cluster_row(
                            schema, processes, tables, seconds, pace))

    asyncio.run(both())
    for ai, draw in (("thread", ""), ("pool", ""), ("cheap", "thread"), ("cheap", "pool")):
        with tempfile.TemporaryDirectory() as tmp:
            row = asyncio.run(load(lag_tables, seconds, Path(tmp) / "lag.db", 0.0, ai=ai,
                                   draw=draw))
        what = f"real AI in a {ai}" if ai != "cheap" else f"pictures in a {draw}"
        out(f"saturated, {lag_tables} tables, {what:<22}: loop lag p99 "
            f"{row['lag_p99_ms']:.2f} ms, {row['games_per_min']:.0f} games/min, action "
            f"p99 {row['p99_ms']:.2f} ms")
        rows.append(row)
    load_avg = os.getloadavg()
    out(f"load average {load_avg[0]:.2f} {load_avg[1]:.2f} {load_avg[2]:.2f} on "
        f"{os.cpu_count()} cores")
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[100, 300, 500])
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--pace", type=float, nargs="+", default=[1.0, 0.0],
                        help="seconds before each automatic turn; 0 saturates the runtime")
    parser.add_argument("--cluster", action="store_true",
                        help="SQLite and PostgreSQL with 1 and 2 cluster processes")
    parser.add_argument("--postgres", default=os.environ.get("DDZ_BENCH_DATABASE_URL") or None)
    parser.add_argument("--worker", help=argparse.SUPPRESS)  # a cluster process's database
    parser.add_argument("--offset", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        row = asyncio.run(load(args.tables[0], args.seconds, args.worker, args.pace[0],
                               offset=args.offset))
        print(json.dumps(row))
        return
    if args.cluster:
        cluster(args.tables[0], args.seconds, tuple(args.pace), args.postgres)
        return
    run(args.tables, args.seconds, paces=tuple(args.pace))


if __name__ == "__main__":
    main()

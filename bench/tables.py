"""Load benchmark of the live-table runtime: N concurrent tables on a real SQLite file.

Run: ``python -m bench.tables [--tables 100 300 500] [--seconds 30]``.

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
import gc
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

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
from bot.tables import DealEnded, SystemClock, TableEvent, TableManager


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
        table = self.manager.tables.get(channel_id)
        if table is not None and table.status != "playing":
            await self.manager.next_deal(channel_id, table.owner_id)


def _rss_kib() -> int:
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


async def load(n_tables: int, seconds: float, db: Path, pace: float = 0.0
               ) -> dict[str, float]:
    """Run ``n_tables`` tables for ``seconds``. ``pace`` 0: every turn at once (the
    runtime saturated); else each automatic turn waits ``pace`` seconds, and a player's
    turn timer is 1 s (a busy production server)."""
    store = await Store.open(db)
    counter = Counter()
    clock = InstantClock() if pace == 0 else SystemClock()
    manager = TableManager(store, counter, clock=clock, decide=cheap_decide,
                           ai_delay=pace, trustee_delay=pace, ai_in_thread=pace > 0)
    counter.manager = manager
    manager.latencies = []
    gc.collect()
    rss0 = _rss_kib()
    for i in range(n_tables):
        channel = 10_000 + i
        await manager.create(channel, 1 + i % 7, channel, f"p{i}", VARIANTS[i % 5],
                             turn_bid_s=1, turn_play_s=1, min_balance=1)
        while not manager.tables[channel].is_full:
            await manager.add_ai(channel, channel)
    start = time.perf_counter()
    for i in range(n_tables):
        await manager.next_deal(10_000 + i, 10_000 + i)
        if pace:  # tables open at different moments, as on a real server
            await asyncio.sleep(pace / n_tables)
    await asyncio.sleep(min(1.0, seconds))
    rss1 = _rss_kib()
    await asyncio.sleep(max(0.0, seconds - 1.0))
    counter.running = False
    elapsed = time.perf_counter() - start
    games = counter.games
    lat = sorted(manager.latencies or [])
    for task in list(counter.tasks):
        task.cancel()
    await manager.shutdown()
    report = await store.check_invariants()
    await store.close()
    return {
        "tables": n_tables, "games_per_min": games / elapsed * 60, "games": games,
        "actions": len(lat),
        "p50_ms": statistics.median(lat) * 1000 if lat else 0.0,
        "p99_ms": lat[int(len(lat) * 0.99)] * 1000 if lat else 0.0,
        "kib_per_table": (rss1 - rss0) / n_tables, "invariants_ok": float(report.ok),
    }


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


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[100, 300, 500])
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--pace", type=float, nargs="+", default=[1.0, 0.0],
                        help="seconds before each automatic turn; 0 saturates the runtime")
    args = parser.parse_args(argv)
    run(args.tables, args.seconds, paces=tuple(args.pace))


if __name__ == "__main__":
    main()

"""Benchmark of a whole tournament: N entrants played by the AI, every round to the prizes.

Run: ``python -m bench.tournament [--entrants 60] [--rounds 5] [--deals 3] [--duplicate]
[--ai cheap|normal] [--database-url postgresql://…]``. On SQLite (a temporary file) and,
with ``--database-url`` (or ``DDZ_TEST_DATABASE_URL``), also on PostgreSQL (a scratch
schema, dropped at the end).

The entrants are accounts whose seats are all away (托管) from the start, so the AI plays
every turn at once (no pause between turns or deals): the run measures the tournament
machinery (pairing, tables opened and closed, deals settled and counted in one
transaction each, standings, the payout) on the live-table runtime and the store. With
``--ai cheap`` (the default) automatic turns use :func:`bench.tables.cheap_decide`;
``--ai normal`` plays the real AI at its normal level (slower: its thinking dominates).

Printed: the wall time, deals played and deals per second, the store's figures (rows in
tournament_results and tournament_scores, settlements, the database's size, write
transactions per deal), and the invariants: the store's audit holds (every ledger row
balanced, beans only moved), the tournament's ledger rows sum to zero, and the prizes plus
the house's take are the pool.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.store import Store
from bot.store.pg.scratch import scratch_schema
from bot.store.tournaments import Payout, Tournament
from bot.tables import TableManager
from bot.tables.events import TableEvent
from bot.tournament_runner import TournamentRunner, settled_by
from bot.tournaments import Standing, TournamentSettings

from .tables import cheap_decide

GUILD = 38
BUY_IN = 100
HOUSE_PERCENT = 5


class Quiet:
    """A presenter that only counts events (the runtime's events cost what they cost)."""

    def __init__(self) -> None:
        self.events = 0

    async def publish(self, event: TableEvent) -> None:
        self.events += 1


class Host:
    """A tournament front-end that gives each table a channel and waits for the end."""

    def __init__(self) -> None:
        self.channels = 0
        self.rounds: list[int] = []
        self.final: tuple[list[Standing], Payout] | None = None
        self.done = asyncio.Event()

    async def open_table_place(self, t: Tournament, round_no: int, table_no: int) -> int:
        self.channels += 1
        return 900_000 + round_no * 1_000 + table_no

    async def round_over(self, t: Tournament, round_no: int, table: list[Standing]) -> None:
        self.rounds.append(round_no)

    async def tournament_over(self, t: Tournament, table: list[Standing],
                              payout: Payout) -> None:
        self.final = (table, payout)
        self.done.set()

    async def posted(self, t: Tournament, round_no: int) -> bool:
        return False  # one process: nothing was being posted before

    async def progress(self, t: Tournament) -> None:
        pass

    async def table_stopped(self, t: Tournament, round_no: int, table_no: int,
                            away: list[int]) -> None:
        pass


async def play(target: str, entrants: int, rounds: int, deals: int, *,
               duplicate: bool = False, variant: str = "classic", ai: str = "cheap",
               timeout: float = 3_600.0) -> dict[str, Any]:
    """Play one tournament on the store at ``target`` (a SQLite path or a PostgreSQL URL)
    and return its figures."""
    async with Store.open(target) as store:
        users = list(range(1_000, 1_000 + entrants))
        for u in users:
            await store.ensure_player(GUILD, u, f"entrant {u}")
        settings = TournamentSettings(name="bench", variant=variant, rounds=rounds,
                                      deals_per_round=deals, buy_in=BUY_IN,
                                      house_percent=HOUSE_PERCENT, duplicate=duplicate)
        t = await store.create_tournament(GUILD, 1, users[0], settings, seed=38)
        for u in users:
            await store.join_tournament(t.tournament_id, u)
        await store.set_tournament_away(t.tournament_id, users)  # the AI plays every seat
        writes: Counter[str] = Counter()

        def count(kind: str, seconds: float) -> None:
            writes[kind] += 1

        presenter, host = Quiet(), Host()
        runner: TournamentRunner | None = None
        manager = TableManager(store, presenter, decide=cheap_decide if ai == "cheap" else None,
                               ai_delay=0.0, trustee_delay=0.0, ai_in_thread=False,
                               on_tournament_settled=settled_by(lambda: runner))
        runner = TournamentRunner(store, manager, host, between_deals=0.0)
        store.time_writes(count)
        started = time.perf_counter()
        await runner.start(t.tournament_id)
        await asyncio.wait_for(host.done.wait(), timeout)
        wall = time.perf_counter() - started
        store.time_writes(None)
        await runner.shutdown()
        await manager.shutdown()
        counts = await store.table_counts()
        report = await store.check_invariants()
        ledger = await store._db.fetch_one(
            "SELECT COALESCE(SUM(amount), 0) FROM ledger WHERE tournament_id = ?",
            (t.tournament_id,))
        moved = await store._db.fetch_one(
            "SELECT COUNT(*) FROM settlement_seats WHERE transfer <> 0 OR fee <> 0")
        size = await _size(store, target)
    assert host.final is not None
    table, payout = host.final
    played = counts.get("tournament_results", 0)
    pool = BUY_IN * entrants
    invariants = (report.ok and report.minted == report.held and ledger is not None
                  and int(ledger[0]) == 0 and moved is not None and int(moved[0]) == 0
                  and sum(payout.prizes.values()) + payout.house_take == pool
                  and played == host.channels * deals and host.rounds == list(
                      range(1, rounds + 1)))
    return {"entrants": entrants, "rounds": rounds, "deals_per_round": deals,
            "tables": host.channels, "deals": played, "wall_s": wall,
            "deals_per_s": played / wall if wall else 0.0, "events": presenter.events,
            "results_rows": played, "scores_rows": counts.get("tournament_scores", 0),
            "settlements": counts.get("settlements", 0), "games": counts.get("games", 0),
            "size_kib": size / 1024,
            "transactions_per_deal": writes["transaction"] / played if played else 0.0,
            "statements_per_deal": writes["statement"] / played if played else 0.0,
            "pool": pool, "prizes": sum(payout.prizes.values()),
            "house_take": payout.house_take, "winner": table[0].user_id if table else None,
            "invariants_ok": float(invariants), "problems": list(report.problems)}


async def _size(store: Store, target: str) -> int:
    """The database's size in bytes: the SQLite file with its WAL, or PostgreSQL's
    tables in the store's schema."""
    if target.startswith("postgres"):
        row = await store._db.fetch_one(
            "SELECT COALESCE(SUM(pg_total_relation_size(c.oid)), 0) FROM pg_class c JOIN "
            "pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() "
            "AND c.relkind = 'r'")
        return int(row[0]) if row else 0
    return sum(p.stat().st_size for p in Path(target).parent.glob(Path(target).name + "*"))


def show(backend: str, row: dict[str, Any], out: Callable[[str], None]) -> None:
    out(f"{backend}: {row['entrants']} entrants, {row['rounds']} rounds x "
        f"{row['deals_per_round']} deals, {row['tables']} tables: {row['deals']} deals in "
        f"{row['wall_s']:.2f} s ({row['deals_per_s']:.1f} deals/s, {row['events']} events)")
    out(f"  store: {row['results_rows']} tournament_results, {row['scores_rows']} "
        f"tournament_scores, {row['settlements']} settlements, {row['games']} games, "
        f"{row['size_kib']:.0f} KiB, {row['transactions_per_deal']:.2f} transactions and "
        f"{row['statements_per_deal']:.2f} single statements per deal")
    out(f"  books: pool {row['pool']} = prizes {row['prizes']} + take {row['house_take']}; "
        f"invariants {'ok' if row['invariants_ok'] else 'BROKEN ' + str(row['problems'])}")


def run(entrants: int = 60, rounds: int = 5, deals: int = 3, *, duplicate: bool = False,
        variant: str = "classic", ai: str = "cheap", database_url: str | None = None,
        out: Callable[[str], None] = print) -> list[dict[str, Any]]:
    """The tournament on SQLite, and on PostgreSQL when a URL is given; the rows."""
    rows: list[dict[str, Any]] = []

    async def both() -> None:
        with tempfile.TemporaryDirectory() as tmp:
            row = await play(str(Path(tmp) / "tournament.db"), entrants, rounds, deals,
                             duplicate=duplicate, variant=variant, ai=ai)
            rows.append(row | {"backend": "sqlite"})
            show("sqlite", row, out)
        if database_url:
            async with scratch_schema(database_url, "tournament") as schema:
                row = await play(schema, entrants, rounds, deals, duplicate=duplicate,
                                 variant=variant, ai=ai)
                rows.append(row | {"backend": "postgresql"})
                show("postgresql", row, out)
        else:
            out("PostgreSQL not measured: no --database-url and no DDZ_TEST_DATABASE_URL")

    asyncio.run(both())
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--entrants", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--deals", type=int, default=3, help="deals per round")
    parser.add_argument("--duplicate", action="store_true", help="duplicate deals")
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--ai", choices=("cheap", "normal"), default="cheap",
                        help="the automatic turns' decider: cheap, or the real AI")
    parser.add_argument("--database-url",
                        default=os.environ.get("DDZ_TEST_DATABASE_URL") or None)
    args = parser.parse_args(argv)
    rows = run(args.entrants, args.rounds, args.deals, duplicate=args.duplicate,
               variant=args.variant, ai=args.ai, database_url=args.database_url)
    if not all(r["invariants_ok"] for r in rows):
        sys.exit(1)


if __name__ == "__main__":
    main()

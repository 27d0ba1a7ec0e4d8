"""Crash safety: a writer process is killed with SIGKILL at random moments; the database it
leaves always holds whole settlements only, and the books balance.

Each case runs two kill cycles on one database (the second resumes on the recovered file).
The first cycle of every fourth case is killed at a random moment from the start (during
imports, the migrations or the first accounts), the others at a random moment of the write
stream. The verification reads the file with plain sqlite3, independently of the store.
"""

from __future__ import annotations

import random
import select
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.store import Store

from .helpers import GUILD

CASES = 24
WRITER = Path(__file__).with_name("crash_writer.py")


def _run_and_kill(db: Path, seed: int, cycle: int, rng: random.Random, early: bool) -> None:
    """Start the writer, let it run a random moment, SIGKILL it. Plain ``subprocess`` with
    bounded waits (no asyncio child watcher), so a stuck child fails the test, never hangs."""
    proc = subprocess.Popen([sys.executable, str(WRITER), str(db), str(seed), str(cycle)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    try:
        if early:
            time.sleep(rng.uniform(0.05, 0.8))
        else:
            ready, _, _ = select.select([proc.stdout], [], [], 30)
            line = proc.stdout.readline() if ready else b""
            if line.strip() != b"ready":
                proc.kill()
                err = proc.stderr.read()
                pytest.fail(f"the writer did not start: {line!r} {err.decode()[-2000:]}")
            time.sleep(rng.uniform(0.02, 0.35))
            if proc.poll() is not None:
                pytest.fail(f"the writer died by itself: {proc.stderr.read().decode()[-2000:]}")
    finally:
        if proc.poll() is None:
            proc.kill()  # SIGKILL: no cleanup, no rollback, no close
        proc.wait(timeout=30)
        proc.stdout.close()
        proc.stderr.close()


def _verify_raw(db: Path) -> int:
    """Check the file with plain sqlite3; return the number of settled games."""
    conn = sqlite3.connect(db)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
        games = conn.execute(
            "SELECT g.game_id, g.status, (SELECT COUNT(*) FROM settlements s "
            "WHERE s.game_id = g.game_id), (SELECT COUNT(*) FROM settlement_seats s "
            "WHERE s.game_id = g.game_id), (SELECT COUNT(*) FROM game_seats s "
            "WHERE s.game_id = g.game_id), (SELECT COUNT(*) FROM ledger l "
            "WHERE l.game_id = g.game_id), (SELECT COALESCE(SUM(amount), 0) FROM ledger l "
            "WHERE l.game_id = g.game_id) FROM games g").fetchall()
        settled = 0
        for game_id, status, settlements, seats, seated, rows, total in games:
            assert seated == 3, (game_id, seated)
            if status == "settled":
                # settled: the settlement, all its seats and ledger rows that net to zero
                assert (settlements, seats) == (1, 3), game_id
                assert rows >= 3 and total == 0, (game_id, rows, total)
                settled += 1
            else:
                # live or abandoned: not a single bean moved for it
                assert (settlements, seats, rows) == (0, 0, 0), (game_id, status)
        # each ledger row of a game belongs to a settled game
        orphans = conn.execute(
            "SELECT COUNT(*) FROM ledger l LEFT JOIN games g ON g.game_id = l.game_id "
            "WHERE l.game_id IS NOT NULL AND (g.status IS NULL OR g.status <> 'settled')"
        ).fetchone()[0]
        assert orphans == 0
        # a balance is the sum of its rows; the players plus the house hold what was minted
        for user_id, balance, booked in conn.execute(
                "SELECT p.user_id, p.balance, (SELECT COALESCE(SUM(amount), 0) FROM ledger l "
                "WHERE l.guild_id = p.guild_id AND l.user_id = p.user_id) FROM players p"):
            assert balance == booked, (user_id, balance, booked)
        held = conn.execute("SELECT (SELECT COALESCE(SUM(balance), 0) FROM players) + "
                            "(SELECT COALESCE(SUM(house_balance), 0) FROM guilds)").fetchone()[0]
        minted = conn.execute("SELECT COALESCE(SUM(amount), 0) FROM ledger WHERE reason IN "
                              "('start', 'daily', 'relief', 'grant', 'take')").fetchone()[0]
        assert held == minted
        return settled
    finally:
        conn.close()


@pytest.mark.parametrize("case", range(CASES))
async def test_killed_writer_leaves_whole_settlements(tmp_path: Path, case: int) -> None:
    rng = random.Random(case)
    db = tmp_path / "crash.db"
    for cycle in range(2):
        _run_and_kill(db, case, cycle, rng, early=cycle == 0 and case % 4 == 0)
        if not db.exists():
            continue  # killed before the file was created
        async with Store.open(db) as store:  # recovery: the WAL is replayed or discarded
            report = await store.check_invariants()
            assert report.ok, str(report)
            for record in await store.unfinished_games(GUILD):
                assert await store.game_ledger(record.game_id) == []
                assert await store.get_settlement(record.game_id) is None
        settled = _verify_raw(db)
    assert settled > 0, "the writer never got to settle a game: the test proves nothing"

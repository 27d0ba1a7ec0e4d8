"""Restart after SIGKILL: a table process is killed at random moments; a new manager on
the same database continues the same game, and no bean is lost or doubled."""

from __future__ import annotations

import os
import random
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .helpers import make_manager, open_store, play_out

ROOT = Path(__file__).resolve().parents[2]
CH, GUILD, ALICE, BOB = 10, 1, 101, 102


def _run_and_kill(db: Path, seconds: float) -> None:
    proc = subprocess.Popen([sys.executable, "-m", "tests.bot.table_child", str(db)],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.stdout is not None
    ready, _, _ = select.select([proc.stdout], [], [], 60)  # never block the suite forever
    if not ready:
        proc.kill()
        pytest.fail("the table process did not start within 60 s")
    line = proc.stdout.readline()
    assert line.strip() == b"ready", proc.stderr.read() if proc.stderr else line
    time.sleep(seconds)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)


@pytest.mark.parametrize("run", range(6))
async def test_sigkill_then_recover(tmp_path, run) -> None:
    rng = random.Random(run)
    db = tmp_path / "ddz.db"
    for _ in range(2):  # killed twice, restarted each time
        _run_and_kill(db, rng.uniform(0.2, 0.8))
    store = await open_store(tmp_path)
    stored = {t.channel_id: t for t in await store.load_tables()}
    live = await store.unfinished_games()
    manager, _, _ = make_manager(store, seed_source=None)
    assert await manager.recover() == 1
    table = manager._tables[CH]
    # the recovered game is the stored one (an AI seat may already have moved on)
    recovered = [a.to_json() for a in table.game.actions] if table.game else []
    if table.status == "playing":
        record = next(r for r in live if r.game_id == table.game_id)
        assert record.game_id == table.game_id == stored[CH].data["game_id"]
        assert recovered[:len(record.actions)] == list(record.actions)
        await play_out(manager, CH, {0: ALICE, 1: BOB})
    assert table.status in ("between", "lobby")
    report = await store.check_invariants()
    assert report.ok, report.problems
    total = await store.balance(GUILD, ALICE) + await store.balance(GUILD, BOB)
    house = await store.house_balance(GUILD)
    assert total + house == 20_000, "no bean lost or doubled"
    for record in await store.unfinished_games():  # no orphan game is left live
        assert record.game_id == table.game_id and table.status == "playing"
    await manager.shutdown()
    await store.close()

"""Several processes on one database: each game id is settled once between them, and the
books balance (SQLite: one file; PostgreSQL: one server)."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from bot.store import Store

from .backends import Target
from .helpers import GUILD
from .race_writer import USERS, settlement_of

WRITER = Path(__file__).with_name("race_writer.py")
GAMES = 40


async def test_two_processes_settle_each_game_once(target: Target) -> None:
    async with Store.open(target):  # migrate first: the race is about settling
        pass
    procs = [await asyncio.create_subprocess_exec(
        sys.executable, str(WRITER), str(target), str(seed), str(GAMES),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE) for seed in (1, 2, 3)]
    outputs = [await asyncio.wait_for(p.communicate(), 120) for p in procs]
    for proc, (_, err) in zip(procs, outputs, strict=True):
        assert proc.returncode == 0, err.decode()
    applied = [int(out.decode().strip()) for out, _ in outputs]
    assert sum(applied) == GAMES, applied  # once each, between the three of them
    async with Store.open(target) as store:
        report = await store.check_invariants()
        assert report.ok and report.settlements == GAMES, str(report)
        for n in range(GAMES):
            assert await store.get_settlement(f"race-{n}") == settlement_of(n)
        expected = dict.fromkeys(USERS, 10_000)
        for n in range(GAMES):
            for seat in settlement_of(n).seats:
                if seat.user_id is not None:
                    expected[seat.user_id] += seat.transfer - seat.fee
        for user, beans in expected.items():
            assert await store.balance(GUILD, user) == beans

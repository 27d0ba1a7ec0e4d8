"""A quick smoke run of bench/store.py."""

from __future__ import annotations

from pathlib import Path

from bench import store as bench


async def test_store_benchmark_smoke(tmp_path: Path) -> None:
    lines: list[str] = []
    report = await bench.run(tmp_path / "bench.db", settlements=40, writers=3, players=12,
                             reads=10, out=lines.append)
    assert report.sequential > 0 and report.concurrent > 0
    assert report.settled + report.refused == 3 * 40
    assert set(report.reads) == {"balance, idle", "leaderboard, idle",
                                 "balance, 3 writers busy", "leaderboard, 3 writers busy"}
    assert all(p50 > 0 and p99 >= p50 for p50, p99, _ in report.reads.values())
    assert lines[0].startswith("store benchmark") and "invariants hold" in lines[-1]

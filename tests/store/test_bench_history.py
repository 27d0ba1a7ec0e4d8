"""A quick smoke run of bench/history.py."""

from __future__ import annotations

from pathlib import Path

from bench import history as bench


async def test_history_benchmark_smoke(tmp_path: Path) -> None:
    lines: list[str] = []
    report = await bench.run(tmp_path / "bench.db", deals=120, reads=5, out=lines.append)
    assert set(report.reads) == {"history, page 1", "history, a random page",
                                 "history, the last page", "player_stats",
                                 "find_deal (8 characters)", "leaderboard by streak"}
    assert all(p50 > 0 and p99 >= p50 and n == 5 for p50, p99, n in report.reads.values())
    assert lines[0].startswith("history benchmark: 120 deals")
    assert "target" in lines[-1]

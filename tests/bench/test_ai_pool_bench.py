"""A quick smoke run of bench/ai_pool.py."""

from __future__ import annotations

from bench import ai_pool


async def test_ai_pool_benchmark_smoke() -> None:
    lines: list[str] = []
    reports = await ai_pool.run(seconds=0.5, tables=2, workers=1, out=lines.append)
    assert [r.mode for r in reports] == ["AI in a thread", "AI in 1 process"]
    assert all(r.decisions_per_s > 0 and r.lag_max_ms >= r.lag_p99_ms >= r.lag_p50_ms
               for r in reports)
    assert len(lines) == 4 and lines[0].startswith("AI pool")

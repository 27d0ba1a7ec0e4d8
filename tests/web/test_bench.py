"""A smoke run of bench/activity.py (the figures come from running it)."""

from __future__ import annotations

from bench import activity


async def test_activity_benchmark_smoke() -> None:
    lines: list[str] = []
    report = await activity.run(pages=5, actions=12, variant="happy", out=lines.append)
    assert report.actions == 12 and len(report.everyone_ms) >= 1
    assert all(ms > 0 for ms in report.answer_ms)
    assert lines[0].startswith("Activity: 5 pages") and "p99" in lines[1]

"""A smoke run of bench/auth_flood.py (the figures come from running it)."""

from __future__ import annotations

from bench import auth_flood
from bot.web import ActivityLimits


async def test_auth_flood_benchmark_smoke() -> None:
    lines: list[str] = []
    report = await auth_flood.run(2.0, 1, 30, out=lines.append, sockets_total=20)
    assert lines[0].startswith("auth flood:")
    assert any("longest stall" in line for line in lines)
    assert any(line.strip().startswith("garbage collections:") for line in lines)
    assert 0 < report["invalid"] <= ActivityLimits().invalid_per_minute
    assert report["invalid_minute"] <= ActivityLimits().invalid_per_minute
    assert report["door"]["sockets_total"] > 0 and report["auth"]["shape"] > 0
    assert "tracebacks" not in report["log_lines"] and "ERROR" not in report["log_lines"]
    assert report["stall_ms"] > 0

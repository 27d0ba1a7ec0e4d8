"""A quick smoke run of bench/forward.py (forwarding latency between two processes)."""

from __future__ import annotations

from bench import forward


async def test_forward_benchmark_smoke(pg_url: str) -> None:
    lines: list[str] = []
    results = await forward.measure(pg_url, forwards=40, concurrency=4, out=lines.append,
                                    flood=2000)
    assert len(results) == 6 and len(lines) == 7
    assert all(0 < p50 <= p99 <= top for p50, p99, top in results.values())
    assert not any("not taken" in line for line in lines)  # every forward was taken
    assert "12 kB" in lines[-3] and "4 at once" in lines[-3]
    assert "under 2000/s forged" in lines[-1] and "forged/s sent" in lines[-1]

"""A quick smoke run of bench/store.py on each backend, and its side-by-side table."""

from __future__ import annotations

from bench import store as bench

from .backends import Target


async def test_store_benchmark_smoke(target: Target, backend: str) -> None:
    lines: list[str] = []
    report = await bench.run(target, settlements=40, writers=4, processes=2, players=12,
                             reads=10, out=lines.append)
    assert report.backend == backend
    assert report.sequential > 0 and report.concurrent > 0 and report.multiprocess > 0
    assert report.settled + report.refused == 4 * 40  # three phases here, one in 2 processes
    assert set(report.reads) == {"balance, idle", "leaderboard, idle",
                                 "balance, 4 writers busy", "leaderboard, 4 writers busy"}
    assert all(p50 > 0 and p99 >= p50 for p50, p99, _ in report.reads.values())
    assert lines[0].startswith("store benchmark") and "invariants hold" in lines[-1]
    assert "2 writer processes" in "\n".join(lines)


def test_the_backends_are_printed_side_by_side() -> None:
    reports = [bench.BenchReport(name, f"at {name}", "v", 10, 8, 2, sequential=s,
                                 concurrent=s, multiprocess=s,
                                 reads={"balance, idle": (0.1, 0.5, 10)},
                                 invariants="invariants hold")
               for name, s in (("sqlite", 900.0), ("postgresql", 250.0))]
    lines = bench.side_by_side(reports)
    assert lines[1].split() == ["sqlite", "postgresql"]
    assert lines[2].split()[-2:] == ["900", "250"]
    assert lines[-2].startswith("sqlite: at sqlite") and lines[-1].startswith("postgresql:")

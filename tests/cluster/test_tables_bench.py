"""A quick smoke run of bench/tables.py --cluster: SQLite in one process, PostgreSQL in one
and two cluster processes, then the loop's lag with the AI and the pictures in threads and
in their pools."""

from __future__ import annotations

from bench import tables


def test_cluster_benchmark_smoke(pg_url: str) -> None:
    lines: list[str] = []
    rows = tables.cluster(4, 0.5, (0.0,), pg_url, out=lines.append, lag_tables=2)
    assert [line.split()[1] for line in lines[1:4]] == ["sqlite", "postgresql", "postgresql"]
    assert [int(line.split()[2]) for line in lines[1:4]] == [1, 1, 2]  # processes
    assert all(row["invariants_ok"] == 1.0 for row in rows)
    assert all(row["actions"] > 0 and row["p99_ms"] >= row["p50_ms"] > 0 for row in rows[:3])
    assert [line.split(": loop lag")[0].split(", ")[-1].strip() for line in lines[4:8]] == [
        "real AI in a thread", "real AI in a pool", "pictures in a thread",
        "pictures in a pool"]
    assert lines[-1].startswith("load average")

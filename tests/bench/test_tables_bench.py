"""A quick smoke run of bench/tables.py (the load benchmark of the live tables)."""

from __future__ import annotations

from bench import tables


def test_tables_benchmark_smoke() -> None:
    lines: list[str] = []
    rows = tables.run([3], seconds=1.0, out=lines.append, ai_decisions=2, paces=(0.0,))
    assert len(rows) == 1
    row = rows[0]
    assert row["tables"] == 3
    assert row["games"] > 0 and row["actions"] > 0
    assert 0 < row["p50_ms"] <= row["p99_ms"]
    assert row["invariants_ok"] == 1.0, "the books must balance after the load"
    assert lines[-1].startswith("AI thinking") and len(lines) == 3

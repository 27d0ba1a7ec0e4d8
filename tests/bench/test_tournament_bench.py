"""A quick smoke run of bench/tournament.py (a whole tournament of AI players)."""

from __future__ import annotations

from bench import tournament


def test_tournament_benchmark_smoke() -> None:
    lines: list[str] = []
    rows = tournament.run(9, 1, 1, out=lines.append)
    assert [r["backend"] for r in rows] == ["sqlite"]
    row = rows[0]
    assert row["tables"] == 3 and row["deals"] == 3
    assert row["results_rows"] == 3 and row["scores_rows"] == 9 and row["settlements"] == 3
    assert row["deals_per_s"] > 0 and row["size_kib"] > 0
    assert 0 < row["transactions_per_deal"] < 20
    assert row["pool"] == 900 and row["prizes"] + row["house_take"] == 900
    assert row["invariants_ok"] == 1.0, row["problems"]
    assert lines[0].startswith("sqlite: 9 entrants") and "invariants ok" in lines[2]

"""A quick smoke run of bench/pairing.py (avoidable repeats before and after, the time)."""

from __future__ import annotations

from bench import pairing


def test_pairing_benchmark_smoke() -> None:
    lines: list[str] = []
    rows = pairing.run(tournaments=60, histories=1, entrants=12, out=lines.append)
    assert len(lines) == 10
    for size in (3, 4):
        for rounds in (3, 4):
            after = rows[f"after_{size}_{rounds}"]
            assert after["tournaments"] == 60
            assert after["spoiled"] == 0 and after["extra_repeats"] == 0
            assert rows[f"before_{size}_{rounds}"]["spoiled"] >= 0
    # the pairing before the exact search misses avoidable repeats with a short table
    assert rows["before_3_4"]["spoiled"] > 0
    for size in (3, 4):
        row = rows[f"time_{size}"]
        assert row["rounds"] == 9 and 0 < row["median_ms"] <= row["worst_ms"]
    assert lines[0].startswith("before 8 entrants, tables of 3, 3 rounds:")
    assert lines[-1].startswith("time   12 entrants, tables of 4, 9 rounds")

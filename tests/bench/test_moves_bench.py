"""A quick smoke run of bench/moves.py, so the benchmark keeps working."""

from __future__ import annotations

from bench import moves


def test_moves_benchmark_smoke() -> None:
    lines: list[str] = []
    results = moves.run(n=6, repeat=1, out=lines.append)
    assert len(lines) == 2 + len(moves.CASES) + 2
    for case in moves.CASES:
        ours, rl = results[case]["ours"], results[case]["rlcard"]
        assert ours[0] > 0 and rl[0] > 0
        assert ours[1] == rl[1], f"{case}: the same number of moves as RLCard"
    assert results["laizi"]["mean_moves"] > 100
    assert results["super"]["median_ms"] > 0

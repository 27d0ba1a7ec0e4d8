"""A quick smoke run of bench/games.py."""

from __future__ import annotations

from bench import games


def test_games_benchmark_smoke() -> None:
    lines: list[str] = []
    figures = games.run(3, out=lines.append)
    assert set(figures) == {"classic", "happy", "laizi", "super", "four"}
    assert all(v > 0 for v in figures.values())
    assert len(lines) == 6

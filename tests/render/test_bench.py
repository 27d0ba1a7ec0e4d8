"""The render benchmark keeps working (a tiny run, not a timing test)."""

from __future__ import annotations

import pytest

from bench import render as bench_render

from .helpers import decode


def test_bench_runs_and_reports_every_picture() -> None:
    results = bench_render.measure(repeat=1)
    names = [m.case for m in results]
    assert names == list(bench_render.cases())
    for needed in ("hand 17", "hand 20", "hand 21 (super, F)", "hand 33 (four)",
                   "table 3 seats", "table 4 seats", "result", "profile", "leaderboard"):
        assert needed in names
    for m in results:
        assert m.size > 1000 and m.median_ms > 0 and m.p95_ms >= m.median_ms
    text = bench_render.report(results)
    assert all(name in text for name in names)


def test_bench_scenes_are_valid_pictures() -> None:
    for make in bench_render.cases().values():
        assert decode(make()).width > 300


def test_bench_main_prints(capsys: pytest.CaptureFixture[str]) -> None:
    bench_render.main(["--repeat", "1"])
    out = capsys.readouterr().out
    assert "median ms" in out and "hand 33 (four)" in out

"""A quick smoke run of bench/review.py and bench/replay.py."""

from __future__ import annotations

import sys

import pytest

from bench import replay, review


def test_review_benchmark_smoke(monkeypatch: pytest.MonkeyPatch,
                                capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "argv", ["review", "--deals", "1", "--variant", "classic",
                                      "--min-plays", "0"])
    review.main()
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 and lines[0].startswith("classic seed 1:")
    assert "repeats: True" in lines[0] and lines[1].startswith("worst of 1:")


def test_replay_benchmark_smoke(monkeypatch: pytest.MonkeyPatch,
                                capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "argv", ["replay", "--deals", "1"])
    replay.main()
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 and "frames (result last)" in lines[0]
    assert lines[1].startswith("worst of 1:")

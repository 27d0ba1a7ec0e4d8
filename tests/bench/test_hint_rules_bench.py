"""Smoke run of bench/hint_rules.py (the figures come from running it)."""

from __future__ import annotations

import pytest

from bench.hint_rules import main, measure, table
from bot.ai.guards import RULES


def test_hint_rules_counts_every_play_turn_of_every_variant(
        capsys: pytest.CaptureFixture[str]) -> None:
    tallies = measure(("classic", "four"), 1, "easy", seed=2)
    for t in tallies.values():
        assert t.deals == 1 and t.turns > 5 and t.alternatives > 0
        # the deal ends with a whole hand played: win-now applied at least once
        assert t.applies["not_winning_now"] >= 1
        for r in RULES:
            assert t.move[r] <= t.applies[r] and t.first[r] <= t.applies[r]
            assert t.alts_open[r] <= t.alts[r] <= t.alts_seen[r]
    lines = table(tallies)
    assert lines[0].startswith("2 deals (classic, four)")
    assert [line.split()[0] for line in lines[2:2 + len(RULES)]] == list(RULES)
    assert main(["--smoke", "--variant", "happy"]) == 0
    out = capsys.readouterr().out
    assert "1 deals (happy)" in out and "not_winning_now" in out

"""Smoke run of bench/hint_rules.py (the figures come from running it)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bench.hint_rules import CLAIMS, claim_holds, main, measure, table
from bot.ai.guarded import view_of
from bot.ai.guards import RULES
from bot.ai.situation import read_situation
from bot.engine import Pass, PlayCards, Rules


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
    claims = [line for line in lines if line.startswith("reasons that claim")]
    assert len(claims) == 1 and "partner_holds" in claims[0]
    for t in tallies.values():
        assert all(t.false_claims[k] <= t.claims[k] for k in CLAIMS)


def test_a_claim_is_checked_against_the_real_hands() -> None:
    rules = Rules.preset("classic")
    view = view_of(read_situation(rules, "2569", [], 0, 1))
    lead = PlayCards(1, "2")
    hidden_joker = replace(view, shown={0: "3B", 2: "44"})
    no_answer = replace(view, shown={0: "33", 2: "44"})
    assert not claim_holds("top_card", view, hidden_joker, lead)
    assert claim_holds("top_card", view, no_answer, lead)
    # the partner's 7 does not hold with the landlord, still to act, holding an 8
    after = view_of(read_situation(rules, "5TJQ", [(0, "5"), (1, "7")], 0, 2))
    assert not claim_holds("partner_holds", after, replace(after, shown={0: "8", 1: "9"}),
                           Pass(2))
    assert claim_holds("partner_holds", after, replace(after, shown={0: "3", 1: "9"}),
                       Pass(2))

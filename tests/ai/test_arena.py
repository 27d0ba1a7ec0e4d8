"""Smoke runs of the arena (the full figures come from ``python -m bench.arena``)."""

from __future__ import annotations

import math

from bench.arena import describe, run_match, self_play_speed


def test_fifty_deals_against_the_rlcard_rule_agent() -> None:
    r = run_match(50, "classic", "normal", "rule", seed=3, workers=1, budget_ms=6)
    assert (r.deals, r.games) == (50, 100)
    assert 0.0 <= r.landlord_wp <= 1.0 and 0.0 <= r.farmer_wp <= 1.0
    assert r.wp_ci[0] <= r.wp <= r.wp_ci[1]
    assert r.adp_ci[0] <= r.adp <= r.adp_ci[1] and math.isfinite(r.adp)
    assert r.wp > 0.6, describe("vs rule agent", r)  # a broken AI loses about half
    assert r.adp > 0.0
    p50, p95, mx = r.time_stats()
    assert 0 < p50 <= p95 <= mx
    assert len(r.times_ms) > 100


def test_other_matches_run() -> None:
    r = run_match(4, "laizi", "hard", "easy", seed=1, workers=1, budget_ms=5)
    assert r.games == 8
    r = run_match(4, "super", "normal", "random", seed=1, workers=1, budget_ms=5)
    assert r.wp >= 0.5
    assert self_play_speed(1, "classic", "easy") > 0

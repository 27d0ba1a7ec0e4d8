"""Smoke runs of the arena (the full figures come from ``python -m bench.arena``)."""

from __future__ import annotations

import math

from bench.arena import dealt_bombs, describe, run_match, self_play_speed
from bot.engine.cards import counts_of_text


def test_fifty_deals_against_the_rlcard_rule_agent() -> None:
    r = run_match(50, "classic", "normal", "rule", seed=3, workers=1, budget_ms=6)
    assert (r.deals, r.games) == (50, 100)
    assert 0.0 <= r.landlord_wp <= 1.0 and 0.0 <= r.farmer_wp <= 1.0
    assert r.wp_ci[0] <= r.wp <= r.wp_ci[1]
    assert r.adp_ci[0] <= r.adp <= r.adp_ci[1] and math.isfinite(r.adp)
    assert r.wp > 0.6, describe("vs rule agent", r)  # a broken AI loses about half
    assert r.adp > 0.0
    # DouZero's count: the landlord's base score is 2, each farmer's 1 (the farmers' figure
    # doubled), so a game is worth twice the bench's base-1 points
    assert math.isclose(r.adp, 2 * r.points) and r.points_ci[0] <= r.points <= r.points_ci[1]
    assert 0 <= r.bomb_wins_cashed <= r.bomb_wins <= r.games
    assert "DouZero's count" in describe("x", r)
    p50, p95, mx = r.time_stats()
    assert 0 < p50 <= p95 <= mx
    assert len(r.times_ms) > 100
    c50, c95, cmx = r.cpu_stats()  # CPU time: never more than the wall clock's
    assert len(r.cpu_ms) == len(r.times_ms) and 0 < c50 <= c95 <= cmx
    assert sum(r.cpu_ms) <= sum(r.times_ms) * 1.05
    assert "decision CPU time" in describe("x", r)


def test_other_matches_run() -> None:
    r = run_match(4, "laizi", "hard", "easy", seed=1, workers=1, budget_ms=5)
    assert r.games == 8
    r = run_match(4, "super", "normal", "random", seed=1, workers=1, budget_ms=5)
    assert r.wp >= 0.5
    r = run_match(2, "four", "easy", "random", seed=1, workers=1, budget_ms=5)
    assert math.isclose(r.adp, 3 * r.points)  # a four-player landlord's base: 3 farmers


def test_dealt_bombs_counts_fours_and_rockets() -> None:
    assert dealt_bombs(counts_of_text("33334444567BR")) == 3
    assert dealt_bombs(counts_of_text("3334567B")) == 0
    assert self_play_speed(1, "classic", "easy") > 0

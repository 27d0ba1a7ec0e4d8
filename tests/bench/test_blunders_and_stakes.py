"""Smoke runs of bench/blunders.py and bench/stakes.py (the figures come from running them)."""

from __future__ import annotations

from bench.blunders import count
from bench.blunders import main as blunders_main
from bench.stakes import describe, run


def test_the_blunder_counter_checks_every_decision(capsys) -> None:
    decisions, found = count(2, "classic", "easy", seed=4)
    assert decisions > 20
    assert all(b["kind"] in ("bomb_partner", "beat_partner", "no_feed", "open_single",
                             "open_pair") for b in found)
    assert blunders_main(["--deals", "1", "--level", "easy", "--workers", "1"]) == 0
    assert "self-play deals" in capsys.readouterr().out


def test_stakes_plays_whole_deals_with_bidding() -> None:
    f = run("happy", 3, "easy", seed=2)
    assert f.deals == 3 and 0 <= f.landlords <= 3
    assert 0.0 <= f.win_rate <= 1.0
    assert "landlord wins" in describe(f)
    assert run("four", 2, "easy").deals == 2
    f = run("classic", 6, "easy", seed=1)
    assert sum(n for n, _, _ in f.by_bid.values()) == f.landlords  # every landlord bid
    assert all(b in (1, 2, 3) and 0 <= w <= n for b, (n, w, _) in f.by_bid.items())


def test_raises_plays_each_deal_both_ways() -> None:
    from bench.raises import describe as describe_raises
    from bench.raises import play_branch
    from bench.raises import run as run_raises
    rows = run_raises("happy", "landlord_double", 3, "easy", seed=5)
    assert len(rows) == 3  # every deal with a landlord reaches his 加倍
    assert all(0.0 < r.odds < 1.0 and r.stake >= 1 for r in rows)
    # doubling doubles whatever the landlord's deal scores, win or lose
    from bot.engine import Rules
    for s in range(3):
        yes = play_branch(Rules.preset("happy"), 5 * 1_000_003 + s, "easy",
                          "landlord_double", True)
        no = play_branch(Rules.preset("happy"), 5 * 1_000_003 + s, "easy",
                         "landlord_double", False)
        assert yes is not None and no is not None and yes[:2] == no[:2]
    lines = describe_raises(rows, (0.5,))
    assert lines[0].startswith("odds 0.00-1.00: 3 deals")

"""The counting tools behind the Activity's limits (bot/web/limits.py), on a hand clock."""

from __future__ import annotations

import logging

from bot.web.limits import Bucket, InvalidBudget, KeyedBuckets, QuietLog, TtlCache


class Hand:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_bucket_refills_at_its_rate() -> None:
    clock = Hand()
    bucket = Bucket(2, 4, clock)
    assert [bucket.allow() for _ in range(5)] == [True] * 4 + [False]
    clock.now += 1
    assert [bucket.allow() for _ in range(3)] == [True, True, False]


def test_keyed_buckets_hold_a_bounded_number_of_keys() -> None:
    clock = Hand()
    buckets: KeyedBuckets[int] = KeyedBuckets(1, 1, clock, max_keys=100)
    assert buckets.allow(1) and not buckets.allow(1)
    for key in range(2, 1000):
        buckets.allow(key)
    assert len(buckets._buckets) <= 100
    assert KeyedBuckets(0).allow("anyone") and KeyedBuckets(0).unlimited


def test_the_invalid_budget_counts_what_is_in_flight() -> None:
    clock = Hand()
    budget = InvalidBudget(3, 60, clock)
    assert [budget.reserve() for _ in range(4)] == [True, True, True, False]
    budget.settle(invalid=False)  # a success gives its reservation back
    assert budget.reserve()
    for _ in range(2):
        budget.settle(invalid=True)
    assert budget.left == 0 and not budget.reserve() and budget.refused == 2
    clock.now += 59
    budget.settle(invalid=True)  # the last one in flight ends a minute after the others
    assert budget.left == 0
    clock.now += 1.5
    assert budget.left == 2 and budget.invalid == 3


def test_a_ttl_cache_forgets() -> None:
    clock = Hand()
    cache: TtlCache[str, int] = TtlCache(10, clock, max_keys=2)
    cache.put("a", 1)
    cache.put("b", 2, ttl=20)
    cache.put("c", 3)
    assert cache.get("a") is None and cache.get("b") == 2  # the oldest went
    clock.now += 15
    assert "c" not in cache and cache.get("b") == 2


def test_a_quiet_log_says_a_limit_once_an_interval(caplog) -> None:
    clock = Hand()
    quiet = QuietLog(logging.getLogger("test.quiet"), 60, clock)
    with caplog.at_level(logging.WARNING, "test.quiet"):
        for _ in range(500):
            quiet.note("sockets", "refused a socket")
        quiet.note("frames", "refused a frame")
        clock.now += 61
        quiet.note("sockets", "refused a socket")
    assert [r.getMessage() for r in caplog.records] == [
        "refused a socket", "refused a frame",
        "refused a socket (500 times in the last 60 s)"]
    assert quiet.counts["sockets"] == 501

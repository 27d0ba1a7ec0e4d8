"""The REST pacer: a steady rate under Discord's global limit, by priority."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from bot.cluster import ShardPlan
from bot.config import ConfigError, Settings
from bot.pacing import BACKGROUND, NORMAL, URGENT, RestPacer, install, priority


async def test_a_burst_then_the_rate() -> None:
    pacer = RestPacer(rate=100, burst=5)
    stamps: list[float] = []

    async def one() -> None:
        await pacer.acquire()
        stamps.append(time.monotonic())

    started = time.monotonic()
    await asyncio.gather(*(one() for _ in range(45)))
    took = time.monotonic() - started
    assert 0.36 <= took < 1.0  # 5 at once, then 40 at 100 a second
    assert pacer.granted == 45 and pacer.waited == 40
    # no window of 0.1 s holds more than the burst plus 0.1 s of the rate
    for first in stamps:
        assert sum(first <= s < first + 0.1 for s in stamps) <= 5 + 10 + 1


async def test_waiting_requests_go_by_priority_then_arrival() -> None:
    pacer = RestPacer(rate=50, burst=1)
    await pacer.acquire()  # the bucket is empty now
    order: list[str] = []

    async def one(name: str, level: int) -> None:
        await pacer.acquire(level)
        order.append(name)

    tasks = [asyncio.create_task(one(n, lv)) for n, lv in
             (("bg1", BACKGROUND), ("n1", NORMAL), ("bg2", BACKGROUND), ("u1", URGENT),
              ("n2", NORMAL))]
    await asyncio.gather(*tasks)
    assert order == ["u1", "n1", "n2", "bg1", "bg2"]


async def test_the_context_says_the_priority() -> None:
    pacer = RestPacer(rate=50, burst=1)
    await pacer.acquire()
    order: list[str] = []

    async def one(name: str) -> None:
        await pacer.acquire()
        order.append(name)

    with priority(BACKGROUND):
        later = asyncio.create_task(one("background"))  # the task keeps the context
    sooner = asyncio.create_task(one("normal"))
    await asyncio.gather(later, sooner)
    assert order == ["normal", "background"]


async def test_a_cancelled_waiter_takes_no_turn() -> None:
    pacer = RestPacer(rate=20, burst=1)
    await pacer.acquire()
    gone = asyncio.create_task(pacer.acquire())
    await asyncio.sleep(0)
    gone.cancel()
    started = time.monotonic()
    await pacer.acquire()
    assert time.monotonic() - started < 0.09  # one interval, not two
    assert pacer.queued == 0
    await pacer.close()


async def test_install_paces_every_request() -> None:
    calls: list[tuple[Any, ...]] = []

    class Http:
        async def request(self, *args: Any, **kwargs: Any) -> str:
            calls.append(args)
            return "answer"

    http = Http()
    pacer = RestPacer(rate=1000, burst=2)
    install(http, pacer)
    answers = await asyncio.gather(*(http.request("route", n) for n in range(5)))
    assert answers == ["answer"] * 5 and len(calls) == 5
    assert pacer.granted == 5 and pacer.waited == 3


def test_bad_pacer_settings_are_refused() -> None:
    with pytest.raises(ValueError):
        RestPacer(rate=0)
    with pytest.raises(ValueError):
        RestPacer(burst=0)


def test_the_rate_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    monkeypatch.setenv("DDZ_REST_RATE", "25")
    assert Settings.from_env(env_file=None).rest_rate == 25
    for bad in ("0", "51", "fast"):
        monkeypatch.setenv("DDZ_REST_RATE", bad)
        with pytest.raises(ConfigError, match="DDZ_REST_RATE"):
            Settings.from_env(env_file=None)


def test_a_cluster_process_takes_its_share() -> None:
    assert ShardPlan().share == 1.0
    assert ShardPlan((0, 1), 4).share == 0.5
    assert ShardPlan((0, 1, 2, 3), 4).share == 1.0

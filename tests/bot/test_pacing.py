"""The REST pacer: a steady rate under Discord's global limit, by priority."""

from __future__ import annotations

import asyncio
import time

import aiohttp
import pytest

from bot.cluster import ShardPlan
from bot.config import ConfigError, Settings
from bot.pacing import (
    BACKGROUND,
    NORMAL,
    URGENT,
    RestPacer,
    bound_by_global_limit,
    priority,
    trace,
)


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


def test_what_the_global_limit_binds() -> None:
    api = "https://discord.com/api/v10"
    assert bound_by_global_limit(f"{api}/channels/1/messages/2", api)
    assert bound_by_global_limit(f"{api}/users/@me/channels", api)
    assert not bound_by_global_limit(f"{api}/interactions/1/tok/callback", api)
    assert not bound_by_global_limit(f"{api}/webhooks/1/tok/messages/@original", api)
    assert not bound_by_global_limit("https://cdn.discordapp.com/avatars/1/a.png", api)


async def test_the_trace_paces_api_requests_as_they_are_sent() -> None:
    from aiohttp import web

    async def answer(request: web.Request) -> web.Response:
        return web.Response(text="ok")

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", answer)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    base = f"http://127.0.0.1:{port}/api/v10"
    pacer = RestPacer(rate=10, burst=2)  # the third API request waits a tenth of a second
    try:
        async with aiohttp.ClientSession(trace_configs=[trace(pacer, lambda: base)]) as http:
            for path in ("/channels/1/messages", "/users/@me", "/channels/2/messages/3"):
                async with http.post(base + path) as response:
                    assert await response.text() == "ok"
            for path in ("/interactions/9/tok/callback", "/webhooks/1/tok"):
                async with http.post(base + path) as response:
                    assert response.status == 200
    finally:
        await runner.cleanup()
    assert pacer.granted == 3 and pacer.waited == 1  # the interaction endpoints went freely


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

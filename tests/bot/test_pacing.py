"""The REST pacer: a steady rate under Discord's global limit, by priority."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import aiohttp
import pytest

from bot.discord_api.cluster import ShardPlan
from bot.discord_api.pacing import (
    BACKGROUND,
    NORMAL,
    URGENT,
    Dropped,
    RestPacer,
    bound_by_global_limit,
    priority,
    trace,
    wanted_while,
    withdrawable,
)
from bot.process.config import ConfigError, Settings


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


async def test_a_request_no_longer_wanted_when_its_turn_comes_is_not_sent() -> None:
    """A turn ping waits behind the table edits; when the turn ended meanwhile it is
    dropped (Dropped) and takes no turn, instead of being sent and deleted again."""
    pacer = RestPacer(rate=20, burst=1)
    await pacer.acquire()  # the burst is spent: the next ones wait
    over = False
    with wanted_while(lambda: not over):
        stale = asyncio.create_task(pacer.acquire())
    later = asyncio.create_task(pacer.acquire())
    await asyncio.sleep(0.01)
    over = True  # the turn ended while the first waited
    started = time.monotonic()
    with pytest.raises(Dropped):
        await stale
    await later
    assert time.monotonic() - started < 0.09  # the dropped one took no interval
    assert pacer.dropped == 1 and pacer.granted == 2
    with wanted_while(lambda: False), pytest.raises(Dropped):
        await pacer.acquire()  # unwanted already: not even queued
    assert pacer.dropped == 2 and pacer.queued == 0
    await pacer.close()


def test_what_the_global_limit_binds() -> None:
    api = "https://discord.com/api/v10"
    assert bound_by_global_limit(f"{api}/channels/1/messages/2", api)
    assert bound_by_global_limit(f"{api}/users/@me/channels", api)
    assert not bound_by_global_limit(f"{api}/interactions/1/tok/callback", api)
    assert not bound_by_global_limit(f"{api}/webhooks/1/tok/messages/@original", api)
    assert not bound_by_global_limit("https://cdn.discordapp.com/avatars/1/a.png", api)


async def _serve(handler: Any) -> tuple[Any, str]:
    """A local HTTP server answering every path with ``handler``: its runner (to clean
    up) and its API base URL."""
    from aiohttp import web

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", handler)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    return runner, f"http://127.0.0.1:{port}/api/v10"


async def test_the_trace_paces_api_requests_as_they_are_sent() -> None:
    from aiohttp import web

    async def answer(request: web.Request) -> web.Response:
        return web.Response(text="ok")

    runner, base = await _serve(answer)
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
    # a request dropped by the pacer never reaches the server: aiohttp raises Dropped
    seen: list[str] = []

    async def count(request: web.Request) -> web.Response:
        seen.append(request.path)
        return web.Response(text="ok")

    runner, base = await _serve(count)
    try:
        async with aiohttp.ClientSession(trace_configs=[trace(pacer, lambda: base)]) as http:
            with wanted_while(lambda: False), pytest.raises(Dropped):
                await http.post(base + "/channels/1/messages")
            async with http.post(base + "/channels/1/messages") as response:
                assert response.status == 200
    finally:
        await runner.cleanup()
    assert seen == ["/api/v10/channels/1/messages"]


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


async def test_discord_py_lets_a_dropped_request_out_unsent(monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    """discord.py passes Dropped from the trace through to the caller (a turn ping's
    ``channel.send``), so the ping knows it was not sent."""
    from aiohttp import web
    from discord.http import HTTPClient, Route

    seen: list[str] = []

    async def answer(request: web.Request) -> web.Response:
        seen.append(request.path)
        if request.path.endswith("/users/@me"):
            return web.json_response({"id": "1", "username": "ddz", "discriminator": "0",
                                      "avatar": None})
        return web.json_response({"id": "5", "channel_id": "1", "content": "x"})

    runner, base = await _serve(answer)
    monkeypatch.setattr(Route, "BASE", base)
    http = HTTPClient(asyncio.get_running_loop(),
                      http_trace=trace(RestPacer(), lambda: Route.BASE))
    route = Route("POST", "/channels/{channel_id}/messages", channel_id=1)
    try:
        await http.static_login("token")
        with wanted_while(lambda: False), pytest.raises(Dropped):
            await http.request(route, json={"content": "your turn"})
        await http.request(route, json={"content": "your turn"})
    finally:
        await http.close()
        await runner.cleanup()
    assert seen == ["/api/v10/users/@me", "/api/v10/channels/1/messages"]


async def test_a_ticket_withdraws_a_request_only_while_it_waits_in_line() -> None:
    """Withdrawn in line: cancelled, never sent. Let through: left alone (a task cancelled
    after its answer, in discord.py's bucket bookkeeping, closes its route for seconds)."""
    pacer = RestPacer(rate=0.001, burst=1)
    await pacer.acquire()  # the next request waits ~1000 s
    with withdrawable() as ticket:
        waiting = asyncio.create_task(pacer.acquire())
    for _ in range(5):
        await asyncio.sleep(0)
    assert ticket.waiting and pacer.queued == 1
    assert ticket.withdraw() and not ticket.withdraw()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    assert pacer.queued == 0 and pacer.granted == 1

    pacer = RestPacer(rate=50, burst=1)
    await pacer.acquire()
    answered, let_through = asyncio.Event(), asyncio.Event()

    async def request() -> None:
        await pacer.acquire()  # waits ~20 ms for its turn, then "its answer"
        let_through.set()
        await answered.wait()

    with withdrawable() as ticket:
        sent = asyncio.create_task(request())
    await asyncio.wait_for(let_through.wait(), 5)
    assert not ticket.waiting and not ticket.withdraw()  # on its way: not cancelled
    answered.set()
    await sent
    assert not sent.cancelled() and not ticket.withdraw()

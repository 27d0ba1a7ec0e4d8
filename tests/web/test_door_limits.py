"""Issue 54, flaws 4 and 7: instance checks are paced as the bot, remembered and limited
per user, and a 429 or an outage is never taken for "left"; sockets and frames are
limited per user, per address and in total, with a clear refusal and no log flood."""

from __future__ import annotations

import asyncio
import logging
import time

import pytest
from aiohttp.test_utils import make_mocked_request

from bot.discord_api.pacing import RestPacer, trace
from bot.process.config import ConfigError, activity_limits
from bot.web import ActivityLimits
from bot.web.origins import client_address, trusted_networks
from bot.web.server import RECHECK

from .doors import activity_with, asked, auth_frame, handshake_status, knock
from .pages import CHANNEL, GUILD, INSTANCE

PROXY = {"trusted_proxies": ("127.0.0.1",)}  # the tests name their client's address
INSTANCES = "/activity-instances/"


async def test_made_up_instances_cost_discord_little(tmp_path) -> None:
    async with activity_with(tmp_path, failures_per_address=0) as act:  # per user alone
        token = await act.token(101, "Ann")
        limit = act.server.limits.instance_checks_per_user
        codes = []
        for i in range(3 * limit):
            page = await knock(act, auth_frame(token, f"i-made-up-{i}"))
            codes.append(page.of_type("error")[-1]["code"])
        assert asked(act, INSTANCES) == limit  # then refused here, per user
        assert codes[:limit] == ["bad_instance"] * limit
        assert set(codes[limit:]) == {"auth_limited"}
        # an id Discord did not know is not asked about again, nor a known one (a while)
        bob = await act.token(102, "Bob")
        for _ in range(5):
            await knock(act, auth_frame(bob, "i-made-up-0"))
        act.member(102)
        await act.page(102, "Bob", token=bob)
        await act.page(102, "Bob", token=bob)
        assert asked(act, INSTANCES) == limit + 1
        act.clock.advance(60)  # a minute on: Ann may have her instance checked again
        act.member(101)
        assert (await act.page(101, "Ann", token=token)).of_type("welcome")


async def test_instance_checks_wait_for_the_bots_pacing(activity) -> None:
    auth = activity.server.auth
    pacer = RestPacer(rate=1000, burst=50)
    auth.pace(trace(pacer, lambda: auth.api))
    activity.member(101)
    token = await activity.token(101, "Ann")
    assert pacer.granted == 0  # a user's token is not the bot's: not paced as the bot
    await activity.page(101, "Ann", token=token)
    assert pacer.granted == 1 == asked(activity, INSTANCES)
    await pacer.close()


async def test_the_bot_paces_its_activitys_instance_checks(tmp_path) -> None:
    import discord

    from bot.process.app import create_bot
    from cogs.transport.headless import use_api
    from tests.cluster.standin import DiscordStandIn

    from .pages import bot_settings

    stand = DiscordStandIn()
    base = await stand.start()
    before = discord.http.Route.BASE
    use_api(base)
    bot = await create_bot(bot_settings(tmp_path, base))
    try:
        server = bot.activity_server
        assert server is not None
        stand.open_instance(INSTANCE, GUILD, CHANNEL, [101])
        granted = bot.pacer.granted
        await server.auth.instance(INSTANCE)
        assert bot.pacer.granted == granted + 1
    finally:
        await bot.close()
        if not bot.store.closed:
            await bot.close_store()
        discord.http.Route.BASE = before
        await stand.close()


async def test_a_429_or_an_outage_is_never_taken_for_leaving(activity) -> None:
    ann = await activity.page(101, "Ann")
    assert (await ann.act("open", variant="classic"))["ok"]
    activity.stand.instance_status = 429
    activity.stand.retry_after = 30
    activity.clock.advance(RECHECK + 1)
    assert (await ann.act("cost"))["code"] != "not_in_instance" and not ann.closed
    assert activity.stand.statuses(lambda c: INSTANCES in c.path)[429] == 1
    for _ in range(5):  # within its Retry-After, Discord is not asked again
        assert (await ann.act("cost"))["code"] != "not_in_instance"
    assert asked(activity, INSTANCES) == 2  # the sign-in's, the 429's
    for status in (500, 503):  # Discord down
        activity.stand.instance_status = status
        activity.clock.advance(RECHECK + 1)
        assert (await ann.act("cost"))["code"] != "not_in_instance" and not ann.closed
    # Discord answers again: Ann left the call, and that is definite
    activity.stand.instance_status = None
    activity.stand.open_instance(INSTANCE, GUILD, CHANNEL, [102])
    await _closed_as_gone(activity, ann)


async def test_an_instance_that_ended_closes_its_pages(activity) -> None:
    ann = await activity.page(101, "Ann")
    del activity.stand.instances[INSTANCE]  # the Activity ended: Discord answers 404
    await _closed_as_gone(activity, ann)


async def _closed_as_gone(activity, page) -> None:
    """The page's next action, past the re-check's time, closes it: not in the instance."""
    activity.clock.advance(RECHECK + 1)
    await page.send({"type": "action", "id": 9, "action": "cost"})
    await page.wait(lambda: page.closed)
    assert page.of_type("error")[-1]["code"] == "not_in_instance"


async def _burst(pages) -> tuple[int, float]:
    """Twenty actions from each page at once: how many were served (not rate-limited) once
    every one was answered, and the seconds that took (the buckets refill meanwhile)."""
    began = time.monotonic()
    for page in pages:
        for i in range(20):
            await page.send({"type": "action", "id": i, "action": "cost"})
    for page in pages:
        await page.wait(lambda page=page: len(page.of_type("answer")) == 20)
    served = sum(a.get("code") != "rate_limited" for p in pages for a in p.of_type("answer"))
    return served, time.monotonic() - began


async def test_frames_are_limited_per_user_over_all_their_sockets(activity) -> None:
    token = await activity.token(101, "Ann")
    pages = [await activity.page(101, "Ann", token=token) for _ in range(4)]
    served, took = await _burst(pages)
    # one user's 20 a second (and what refilled meanwhile), not 4 x 20
    assert 20 <= served <= 21 + 20 * took, (served, took)


async def test_frames_are_limited_per_address(tmp_path) -> None:
    async with activity_with(tmp_path, frames_per_address=30, **PROXY) as act:
        pages = [await act.page(101 + i, address="203.0.113.9") for i in range(3)]
        other = await act.page(120, address="198.51.100.4")
        served, took = await _burst(pages)
        assert 30 <= served <= 31 + 30 * took, (served, took)  # the address's, not 3 x 20
        assert (await other.act("cost"))["code"] != "rate_limited"


async def test_sockets_are_capped_per_user(activity) -> None:
    cap = activity.server.limits.sockets_per_user
    token = await activity.token(101, "Ann")
    pages = [await activity.page(101, "Ann", token=token) for _ in range(cap)]
    extra = await activity.page(101, "Ann", token=token)
    assert extra.of_type("error")[-1]["code"] == "too_many_sockets"
    assert f"{cap} tables open" in extra.of_type("error")[-1]["error"]
    await extra.wait(lambda: extra.closed)
    assert all(not p.closed for p in pages)
    await pages[0].close()  # one closed: room for another
    await activity.stand.wait(lambda: activity.server.door.by_user[101] < cap)
    again = await activity.page(101, "Ann", token=token)
    assert again.of_type("welcome")


async def test_sockets_are_capped_per_address_and_in_total(tmp_path) -> None:
    async with activity_with(tmp_path, sockets_per_address=3, sockets_total=5, **PROXY) as act:
        door = act.server.door
        here = [await knock(act, address="203.0.113.5") for _ in range(3)]
        assert await handshake_status(act, "203.0.113.5") == 429
        assert [await knock(act, address="198.51.100.6") for _ in range(2)]
        assert await handshake_status(act, "192.0.2.1") == 503  # the server is full
        async with act.http.get(f"{act.url}/api/ws", headers=act.headers("192.0.2.1")
                                ) as response:
            assert response.status == 503
            assert (await response.json())["code"] == "server_full"
        await here[0].close()
        await act.stand.wait(lambda: door.open < 5)
        assert await handshake_status(act, "192.0.2.1") == 101
        assert door.refusals["sockets_address"] == 1 and door.refusals["sockets_total"] == 2


async def test_a_flood_at_the_cap_writes_a_line_not_a_traceback(tmp_path, caplog) -> None:
    caplog.set_level(logging.INFO)
    async with activity_with(tmp_path, sockets_total=3) as act:
        held = [await knock(act) for _ in range(3)]
        statuses = await asyncio.gather(*(handshake_status(act) for _ in range(100)))
        assert set(statuses) == {503}
        assert act.server.door.refusals["sockets_total"] == 100
        for page in held:
            await page.close()
    lines = [r for r in caplog.records if "sockets_total" in r.getMessage()]
    assert len(lines) == 1
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]


def test_the_client_address_is_the_peer_unless_a_proxy_is_trusted() -> None:
    def request(peer: str, forwarded: str | None):
        headers = {"X-Forwarded-For": forwarded} if forwarded else {}
        made = make_mocked_request("GET", "/api/ws", headers=headers)
        made._transport_peername = (peer, 4000)  # type: ignore[attr-defined]
        return made

    forged = request("203.0.113.1", "10.0.0.1")
    assert client_address(forged) == "203.0.113.1"  # nothing trusted by default
    proxy = trusted_networks(["127.0.0.1", "10.0.0.0/8"])
    assert client_address(forged, proxy) == "203.0.113.1"  # the peer is not a proxy
    behind = request("127.0.0.1", "6.6.6.6, 198.51.100.7, 10.1.2.3")
    assert client_address(behind, proxy) == "198.51.100.7"  # right-most untrusted hop
    assert client_address(request("127.0.0.1", None), proxy) == "127.0.0.1"


def test_the_limits_are_read_from_the_environment(monkeypatch) -> None:
    for name in ("DDZ_WS_PER_USER", "DDZ_WS_PER_ADDRESS", "DDZ_WS_TOTAL",
                 "DDZ_FRAMES_PER_USER", "DDZ_FRAMES_PER_ADDRESS", "DDZ_TRUSTED_PROXIES",
                 "DDZ_AUTH_FAILURES_PER_ADDRESS", "DDZ_INSTANCE_CHECKS_PER_USER",
                 "DDZ_AUTH_INVALID_PER_MINUTE"):
        monkeypatch.delenv(name, raising=False)
    assert activity_limits() == ActivityLimits()
    monkeypatch.setenv("DDZ_WS_PER_USER", "2")
    monkeypatch.setenv("DDZ_AUTH_INVALID_PER_MINUTE", "12")
    monkeypatch.setenv("DDZ_TRUSTED_PROXIES", "127.0.0.1, 10.0.0.0/8")
    limits = activity_limits()
    assert (limits.sockets_per_user, limits.invalid_per_minute) == (2, 12)
    assert limits.trusted_proxies == ("127.0.0.1", "10.0.0.0/8")
    monkeypatch.setenv("DDZ_TRUSTED_PROXIES", "my-proxy")
    with pytest.raises(ConfigError, match="DDZ_TRUSTED_PROXIES"):
        activity_limits()
    monkeypatch.delenv("DDZ_TRUSTED_PROXIES")
    monkeypatch.setenv("DDZ_WS_TOTAL", "0")
    with pytest.raises(ConfigError, match="DDZ_WS_TOTAL"):
        activity_limits()


async def test_a_socket_that_never_waits_is_closed(activity) -> None:
    from bot.web.sessions import STRIKES

    ann = await activity.page(101, "Ann")
    other = await activity.page(101, "Ann")
    for i in range(STRIKES + 40):
        await ann.send({"type": "action", "id": i, "action": "cost"})
    await ann.wait(lambda: ann.closed)
    assert ann.of_type("error")[-1]["code"] == "rate_limited"
    assert "closed" in ann.of_type("error")[-1]["error"]
    assert activity.server.door.refusals["frames_closed"] == 1
    await activity.stand.wait(lambda: activity.server.door.by_user[101] == 1)
    assert not other.closed  # the user's other page plays on, once the bucket refills
    await other.wait(lambda: activity.server.door.user_frames.ready(101))
    assert (await other.act("cost"))["code"] != "rate_limited"


def test_the_total_cap_stays_below_the_file_limit(monkeypatch, caplog) -> None:
    import resource

    from bot.web.door import FD_RESERVE, Door

    monkeypatch.setattr(resource, "getrlimit", lambda what: (1024, 4096))
    with caplog.at_level(logging.WARNING, "ddz.web"):
        door = Door(ActivityLimits(sockets_total=1000))
    assert door.total_cap == 1024 - FD_RESERVE
    assert "at most 896 sockets" in caplog.text
    assert Door(ActivityLimits(sockets_total=100)).total_cap == 100


async def test_pages_asking_together_make_one_request(tmp_path) -> None:
    """Pages reconnecting together (a restart) ask about their instance once, and the
    same made-up token sent by many sockets at once is one request too."""
    async with activity_with(tmp_path, failures_per_address=0) as act:  # one address
        await _together(act)


async def _together(activity) -> None:
    users = range(201, 221)
    tokens = [activity.stand.mint_token(u) for u in users]
    activity.stand.open_instance(INSTANCE, GUILD, CHANNEL, list(users))
    pages = await asyncio.gather(*(knock(activity, auth_frame(t)) for t in tokens))
    assert all(p.of_type("welcome") for p in pages)
    assert asked(activity, INSTANCES) == 1 and asked(activity, "/oauth2/@me") == 20
    made_up = "madeUpToken-together-0001"
    pages = await asyncio.gather(*(knock(activity, auth_frame(made_up)) for _ in range(10)))
    assert all(p.of_type("error")[-1]["code"] == "bad_token" for p in pages)
    assert asked(activity, "/oauth2/@me") == 21


async def test_a_closed_socket_holds_no_timer(activity) -> None:
    """aiohttp arms a closed socket's heartbeat again when the page's close frame comes
    after the server's; the socket and its request were then held 30 s each (a heap for
    the collector under a flood of connections)."""
    from aiohttp import web

    pages = [await knock(activity, auth_frame("not-a-token")) for _ in range(5)]
    for page in pages:
        await page.close()
    await activity.stand.wait(lambda: activity.server.door.open == 0)
    await asyncio.sleep(0)  # the close frames' own callbacks
    loop = asyncio.get_running_loop()
    held = [h for h in loop._scheduled  # type: ignore[attr-defined]
            if not h.cancelled() and isinstance(getattr(h._callback, "__self__", None),
                                                web.WebSocketResponse)]
    assert not held


async def test_an_addresss_refusals_hold_back_its_instance_checks_too(activity) -> None:
    cap = activity.server.limits.failures_per_address
    token = await activity.token(101, "Ann")
    codes = []
    for i in range(cap + 3):
        page = await knock(activity, auth_frame(token, f"i-made-up-{i}"))
        codes.append(page.of_type("error")[-1]["code"])
    assert codes == ["bad_instance"] * cap + ["auth_limited"] * 3
    assert asked(activity, INSTANCES) == cap < activity.server.limits.instance_checks_per_user

"""Metrics and health (issue 34, point 6): with ``metrics_port`` set (0 here: any free
port) the bot serves ``/metrics`` and ``/health``; both are read during a deal.

SimCord's bot has no real gateway: SimCord installs a stand-in websocket as the bot's ``ws``
(open, latency 0). ``/health`` reads it as discord.py's own websocket: connected while it
is open, disconnected once it is closed."""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

import pytest

from bot.metrics import health as health_module
from bot.process.app import create_bot
from tests.metrics_reading import health, scrape, total, value

from .helpers import human_turn, open_table, restart, setup, table_message, table_of, take_turn


@pytest.fixture
def settings(settings):
    return dataclasses.replace(settings, metrics_port=0)


async def test_both_endpoints_during_a_deal(simcord_env) -> None:
    env = simcord_env
    bot = env.bot
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    status, body = await health(bot)
    assert status == 200, body
    assert body["checks"]["gateway"] == {"ok": True, "state": "connected"}
    assert body["checks"]["store"]["ok"] and body["checks"]["store"]["state"] == "answering"
    assert body["checks"]["recovery"] == {"ok": True, "state": "finished"}

    table = await open_table(env, channel, alice, "classic", [alice, bob])
    members = {0: alice, 1: bob}
    await human_turn(env, channel, 0 if table.game.to_act == 0 else 1)
    to_act = table.game.to_act
    waiting = members[1 - to_act] if to_act in (0, 1) else bob
    refused = await waiting.slash(channel, "ddz pass")  # in the auction: a refusal
    assert refused.ephemeral and "not the time to pass" in refused.response.content
    await take_turn(env, channel, members[to_act])
    await env.settle()
    await bot.presenter.drain()

    during = await scrape(bot)
    assert value(during, "ddz_tables", variant="classic", status="playing") == 1
    assert value(during, "ddz_gateway_latency_seconds", shard="0") == 0.0
    assert total(during, "ddz_actions_total", by="player") >= 1
    assert total(during, "ddz_actions_total", kind="bid") >= 1
    assert value(during, "ddz_errors_total", code="wrong_phase") == 1
    assert total(during, "ddz_errors_total") == 1
    for kind in ("command", "component"):
        assert value(during, "ddz_interaction_answer_seconds_count", type=kind) >= 1, kind
    for kind in ("table", "hand"):
        assert value(during, "ddz_picture_seconds_count", kind=kind) >= 1, kind
    assert value(during, "ddz_store_write_seconds_count", kind="transaction") >= 1
    assert value(during, "ddz_store_write_seconds_count", kind="statement") >= 1
    assert total(during, "ddz_deals_finished_total") == 0
    status, body = await health(bot)
    assert status == 200 and body["healthy"] is True

    for _ in range(3000):  # the humans play on until the deal is over
        if table.status != "playing":
            break
        seat = table.game.to_act
        if seat in members and not table.seats[seat].auto and not table.game.is_over:
            await take_turn(env, channel, members[seat])
        else:
            await env.settle()
    await bot.presenter.drain()
    assert table.status != "playing"

    after = await scrape(bot)
    result = bot.presenter.tables.get(channel.id).result.result
    assert value(after, "ddz_deals_finished_total", variant="classic",
                 outcome=str(result.outcome)) == 1
    assert value(after, "ddz_tables", variant="classic", status="playing") == 0
    assert total(after, "ddz_tables", variant="classic") == 1  # between deals, or the lobby
    assert value(after, "ddz_picture_seconds_count", kind="result") >= 1
    assert total(after, "ddz_actions_total", kind="play") >= 1
    assert total(after, "ddz_actions_total", by="ai") >= 1
    played = sum(1 for _ in table.game.actions)
    assert total(after, "ddz_actions_total") == played  # every action of the deal, once


async def test_health_says_what_fails(simcord_env, monkeypatch) -> None:
    """Each check in both states: 200 when all hold, 503 with the failing one named."""
    bot = simcord_env.bot
    assert (await health(bot))[0] == 200

    bot.ws.open = False  # the gateway connection dropped
    status, body = await health(bot)
    assert status == 503 and body["healthy"] is False
    assert body["checks"]["gateway"] == {"ok": False, "state": "disconnected"}
    assert body["checks"]["store"]["ok"] and body["checks"]["recovery"]["ok"]
    bot.ws.open = True
    assert (await health(bot))[0] == 200

    async def broken() -> None:
        raise OSError("connection refused")

    monkeypatch.setattr(bot.store, "ping", broken)
    status, body = await health(bot)
    assert status == 503
    assert body["checks"]["store"]["ok"] is False
    assert body["checks"]["store"]["state"] == "failing: OSError"
    assert body["checks"]["gateway"]["ok"] and body["checks"]["recovery"]["ok"]
    monkeypatch.undo()
    assert (await health(bot))[0] == 200


async def test_a_store_that_does_not_answer_in_time(tmp_path, monkeypatch) -> None:
    """The store check gives the query ``STORE_TIMEOUT`` seconds (outside SimCord, whose
    clock stands still while a test waits)."""
    from bot.store import Store

    async def silent() -> None:
        await asyncio.Event().wait()  # never answers

    monkeypatch.setattr(health_module, "STORE_TIMEOUT", 0.05)
    check = await health_module.store_check(silent)
    assert (check.ok, check.state) == (False, "timeout") and 0.04 < (check.seconds or 0) < 1
    async with Store.open(tmp_path / "ddz.db") as store:
        check = await health_module.store_check(store.ping)
        assert (check.ok, check.state) == (True, "answering")
    check = await health_module.store_check(store.ping)  # closed
    assert (check.ok, check.state) == (False, "failing: StoreClosedError")


async def test_health_waits_for_the_recovery(simcord_env, settings) -> None:
    """A new bot (as after a restart) is unhealthy until its tables are recovered, and
    when the recovery failed; its metrics are its own (a registry per bot)."""
    env = simcord_env
    first = env.bot
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    await alice.slash(channel, "ddz new", variant="classic")
    await alice.click(table_message(env, channel), label="Add AI")
    assert total(await scrape(first), "ddz_actions_total") == 0
    assert total(await scrape(first), "ddz_tables") == 1

    release = asyncio.Event()
    for outcome in ("finished", "failed"):
        bot = await create_bot(settings)
        recover = bot.manager.recover

        async def held(recover: Any = recover, outcome: str = outcome) -> int:
            await env.external_wait(release.wait(), reason="the test lets the recovery go on")
            if outcome == "failed":
                raise RuntimeError("the saved tables could not be read")
            return await recover()

        bot.manager.recover = held
        release.clear()
        try:
            await restart(env, bot)
            status, body = await health(bot)
            assert status == 503
            assert body["checks"]["recovery"] == {"ok": False, "state": "running"}
            assert body["checks"]["gateway"]["ok"] and body["checks"]["store"]["ok"]
            release.set()
            await env.settle()
            status, body = await health(bot)
            assert body["checks"]["recovery"] == {"ok": outcome == "finished",
                                                  "state": outcome}
            assert status == (200 if outcome == "finished" else 503)
            if outcome == "finished":
                assert table_of(env, channel) is not None
                assert total(await scrape(bot), "ddz_tables") == 1
            assert total(await scrape(bot), "ddz_errors_total") == 0
        finally:
            await bot.close_store()
        assert bot.metrics_server is None  # stopped with the bot


async def test_nothing_is_served_without_a_port(tmp_path) -> None:
    from bot.process.config import Settings

    bot = await create_bot(Settings(db_path=tmp_path / "ddz.db"))
    try:
        assert bot.metrics is None and bot.metrics_server is None
    finally:
        await bot.close_store()

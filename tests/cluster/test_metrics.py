"""Metrics in a cluster (issue 34, point 6): the shard-0 process counts the DM interactions
it forwards and times them (taken by their owner, or not: "restarting"); the PostgreSQL
store's writes are timed; a headless process (no gateway, by choice) is healthy once it
has logged in and recovered."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from bot.process.app import DdzBot
from tests.metrics_reading import health, scrape, scrape_until, total, value

from .payloads import dm_component
from .standin import DiscordStandIn
from .test_forwarding import ALICE, CHANNEL_1, GUILD_1, answers, bot_pair, click, deal


@pytest.fixture
async def pair(pg_url: str, rest_to_standin: None) -> AsyncIterator[tuple[DdzBot, DdzBot]]:
    async with bot_pair(pg_url, metrics_port=0) as bots:
        yield bots


async def test_forwards_are_counted_and_timed(pair: tuple[DdzBot, DdzBot],
                                              standin: DiscordStandIn) -> None:
    first, second = pair
    for bot in pair:
        status, body = await health(bot)
        assert status == 200, body
        assert body["checks"]["gateway"] == {"ok": True, "state": "headless"}
    await deal(second, CHANNEL_1, GUILD_1, ALICE)

    hint = dm_component(ALICE, f"ddzh:{CHANNEL_1}:hint")
    click(first, hint)
    await standin.wait(lambda: len(answers(standin, hint)) >= 2)
    sent = await scrape_until(
        first, lambda s: value(s, "ddz_forwards_total", outcome="taken") >= 1)
    assert value(sent, "ddz_forwards_total", outcome="taken") == 1
    assert value(sent, "ddz_forward_seconds_count") == 1
    assert 0 < value(sent, "ddz_forward_seconds_sum") < 1
    assert total(sent, "ddz_tables") == 0  # the table is the owner's
    owner = await scrape(second)
    assert value(owner, "ddz_tables", variant="classic", status="playing") == 1
    assert value(owner, "ddz_store_write_seconds_count", kind="transaction") >= 1
    assert value(owner, "ddz_store_write_seconds_count", kind="statement") >= 1
    assert total(owner, "ddz_forwards_total") == 0  # only the shard-0 process forwards

    assert second.link is not None
    await second.link.close()  # the owner stops listening, as a killed process does
    second.link = None
    lost = dm_component(ALICE, f"ddzh:{CHANNEL_1}:hint")
    click(first, lost)
    await standin.wait(lambda: len(answers(standin, lost)) >= 2, timeout=10)
    await asyncio.sleep(0)
    sent = await scrape(first)
    assert value(sent, "ddz_forwards_total", outcome="not_taken") == 1
    assert value(sent, "ddz_forwards_total", outcome="taken") == 1
    assert value(sent, "ddz_forward_seconds_count") == 1  # the latency of those taken

"""Forwarding DM interactions between two cluster processes (here two bots in one event
loop, over one PostgreSQL and the Discord stand-in): the shard-0 bot defers a DM click for
a table of the other bot's guild and forwards it; the owner runs it through the same
controls and answers through the interaction's webhook. A dead owner's click is answered
"restarting" in the user's language."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
from collections.abc import AsyncIterator
from typing import Any

import asyncpg
import pytest

from bot.engine import Rules
from bot.process.app import DdzBot, create_bot
from bot.process.config import Settings
from bot.store.pg.forward import ForwardQueue, Notice

from .payloads import command, dm_component
from .standin import OWNER_ID, DiscordStandIn

GUILD_0 = 5 << 23  # shard 0 of 2: the first bot's
GUILD_1 = (5 << 23) | (1 << 22)  # shard 1 of 2: the second bot's
CHANNEL_0, CHANNEL_1 = 610_000_000_000_000_001, 610_000_000_000_000_002
ALICE, BOB = 520_000_000_000_000_011, 520_000_000_000_000_022


def settings(url: str, shards: str) -> Settings:
    return Settings(database_url=url, dev_guild_id=None, turn_seconds=120, ai_delay=0.0,
                    trustee_delay=0.0, edit_delay=0.0, ai_in_thread=False,
                    forward_timeout=1.0, token="test-token").with_shards(shards, 2)


async def start(url: str, shards: str, **changes: Any) -> DdzBot:
    """A cluster bot of ``shards`` (of 2), logged in headless; ``changes``: settings."""
    bot = await create_bot(dataclasses.replace(settings(url, shards), **changes),
                           seed_source=lambda: 11)
    await bot.login_headless("test-token")
    return bot


@contextlib.asynccontextmanager
async def bot_pair(url: str, **changes: Any) -> AsyncIterator[tuple[DdzBot, DdzBot]]:
    """The shard-0 and shard-1 bots, closed after."""
    first = await start(url, "0", **changes)
    second = await start(url, "1", **changes)
    try:
        yield first, second
    finally:
        for bot in (second, first):
            await bot.close()


@pytest.fixture
async def pair(pg_url: str, rest_to_standin: None) -> AsyncIterator[tuple[DdzBot, DdzBot]]:
    async with bot_pair(pg_url) as bots:
        yield bots


async def deal(bot: DdzBot, channel: int, guild: int, user: int) -> None:
    await bot.manager.create(channel, guild, user, "Alice", Rules.preset("classic"))
    await bot.manager.add_ai(channel, user)
    await bot.manager.add_ai(channel, user)
    await bot.manager.start(channel, user)


def click(bot: DdzBot, data: dict[str, Any]) -> None:
    """The gateway hands the bot an INTERACTION_CREATE."""
    bot._connection.parsers["INTERACTION_CREATE"](data)


def answers(standin: DiscordStandIn, data: dict[str, Any]) -> list[Any]:
    return standin.answers(int(data["id"]), data["token"])


async def test_a_dm_click_for_another_process_table_is_answered_by_its_owner(
        pair: tuple[DdzBot, DdzBot], standin: DiscordStandIn) -> None:
    first, second = pair
    assert first.link is not None and first.link.forwarder is not None
    assert second.link is not None and second.link.forwarder is None  # not shard 0
    await deal(second, CHANNEL_1, GUILD_1, ALICE)

    hint = dm_component(ALICE, f"ddzh:{CHANNEL_1}:hint")
    click(first, hint)
    await standin.wait(lambda: len(answers(standin, hint)) >= 2)
    callback, answer = answers(standin, hint)[:2]
    assert callback.path.startswith(f"/interactions/{hint['id']}/") and \
        callback.body["type"] == 6  # deferred by the shard-0 process, nothing shown
    assert answer.method == "POST" and answer.body["flags"] & 64  # an ephemeral follow-up
    assert answer.content.startswith("💡") or "Hint" in answer.content, answer.content
    # the courier records the round trip when the owner's reply is back, which may be just
    # after the owner's answer reached Discord: wait for it rather than race it
    courier = first.link.forwarder.courier
    await standin.wait(lambda: len(courier.latencies) >= 1)
    assert second.link.receiver.taken == 1 and len(courier.latencies) == 1

    # a click that changes the table: it changes on the owner, nowhere else
    trustee = dm_component(ALICE, f"ddzh:{CHANNEL_1}:trustee")
    click(first, trustee)
    await standin.wait(lambda: len(answers(standin, trustee)) >= 2)
    seat = second.manager._tables[CHANNEL_1].seat_of(ALICE)
    assert seat is not None and second.manager._tables[CHANNEL_1].seats[seat].trustee  # type: ignore[union-attr]
    assert CHANNEL_1 not in first.manager._tables

    # a slash command in the DM (no channel in it: the player's live seat says where)
    hand = command("hand", ALICE)
    click(first, hand)
    await standin.wait(lambda: len(answers(standin, hand)) >= 2)
    callback, answer = answers(standin, hand)[:2]
    assert callback.body["type"] == 5 and callback.body["data"]["flags"] == 64  # thinking
    assert answer.body.get("attachments"), answer.body  # the hand picture, as a follow-up
    assert second.link.receiver.taken == 3


async def test_a_dm_click_for_this_process_table_is_not_forwarded(
        pair: tuple[DdzBot, DdzBot], standin: DiscordStandIn) -> None:
    first, second = pair
    await deal(first, CHANNEL_0, GUILD_0, BOB)
    hint = dm_component(BOB, f"ddzh:{CHANNEL_0}:hint")
    click(first, hint)
    await standin.wait(lambda: len(answers(standin, hint)) >= 2)
    callback = answers(standin, hint)[0]
    assert callback.body["type"] == 5  # the control's own defer (thinking), not forwarding's
    assert second.link is not None and second.link.receiver.taken == 0
    assert first.link is not None and first.link.forwarder is not None
    assert not first.link.forwarder.courier.latencies


@pytest.mark.parametrize("locale, words", [("zh-CN", "这张牌桌正在重启，请稍后再试。"),
                                           ("en-US", "That table is restarting")])
async def test_a_dead_owner_gets_the_restarting_answer(
        pair: tuple[DdzBot, DdzBot], standin: DiscordStandIn, locale: str, words: str) -> None:
    first, second = pair
    await deal(second, CHANNEL_1, GUILD_1, ALICE)
    assert second.link is not None
    await second.link.close()  # the owner stops listening, as a killed process does
    second.link = None
    data = dm_component(ALICE, f"ddzh:{CHANNEL_1}:hint", locale=locale)
    click(first, data)
    await standin.wait(lambda: len(answers(standin, data)) >= 2, timeout=10)
    callback, answer = answers(standin, data)[:2]
    assert callback.body["type"] == 6
    assert words in answer.content and answer.body["flags"] & 64, answer.body
    assert first.link is not None and first.link.forwarder is not None
    assert first.link.forwarder.restarting == 1
    await asyncio.sleep(0.2)
    assert len(answers(standin, data)) == 2  # one answer, nothing after it


async def test_the_queue_hands_each_forward_to_one_side(pg_url: str) -> None:
    from bot.store import Store

    async with Store.open(pg_url):  # migrations
        pass
    queue = await ForwardQueue.open(pg_url)
    try:
        big = json.dumps({"d": "x" * 20_000})  # too large for a notification
        heard: list[Notice] = []
        await queue.listen_shards([3], heard.append)
        first = await queue.send(3, big)
        small = await queue.send(3, '{"d": 1}')
        for _ in range(100):
            if len(heard) == 2:
                break
            await asyncio.sleep(0.02)
        assert heard == [Notice(first, 3), Notice(small, 3)]  # ids only, whatever the size
        assert await queue.take(Notice(first, 4)) is None  # named for another shard: no
        assert await queue.take(heard[0]) == big  # read from the table
        assert await queue.take(heard[0]) is None  # once
        assert await queue.expire(first) is False  # taken: the sender does not answer
        assert await queue.expire(small) is True  # nobody took it: the sender answers
        assert await queue.take(heard[1]) is None  # too late for the owner
    finally:
        await queue.close()


async def test_owner_commands_run_only_in_the_shard_0_process(
        pair: tuple[DdzBot, DdzBot], standin: DiscordStandIn) -> None:
    first, second = pair
    elsewhere = command("sync", OWNER_ID, guild_id=GUILD_1, channel_id=CHANNEL_1)
    click(second, elsewhere)
    await standin.wait(lambda: len(answers(standin, elsewhere)) >= 1)
    assert "process of shard 0" in answers(standin, elsewhere)[0].content
    assert not standin.find(lambda c: c.path.endswith("/commands"))  # nothing synced
    here = command("sync", OWNER_ID)  # in a DM: the shard-0 process
    click(first, here)
    await standin.wait(lambda: len(answers(standin, here)) >= 2)
    assert standin.find(lambda c: c.method == "PUT" and c.path.endswith("/commands"))


def autocomplete(user_id: int, typed: str, *, locale: str = "en-US") -> dict[str, Any]:
    """Typing in /ddz play's cards option, in the DM."""
    data = command("play", user_id, locale=locale, options={"cards": typed})
    data["type"] = 4
    data["data"]["options"][0]["options"][0]["focused"] = True
    return data


async def test_an_autocomplete_is_answered_by_the_owner_itself(
        pair: tuple[DdzBot, DdzBot], standin: DiscordStandIn) -> None:
    first, second = pair
    await deal(second, CHANNEL_1, GUILD_1, ALICE)
    typing = autocomplete(ALICE, "3")
    click(first, typing)
    await standin.wait(lambda: len(answers(standin, typing)) >= 1)
    await asyncio.sleep(0.2)
    calls = answers(standin, typing)
    assert len(calls) == 1 and calls[0].body["type"] == 8  # no deferral: the owner's choices
    assert second.link is not None and second.link.receiver.taken == 1

    await second.link.close()  # the owner is gone: one choice says so
    second.link = None
    typing = autocomplete(ALICE, "3", locale="zh-CN")
    click(first, typing)
    await standin.wait(lambda: len(answers(standin, typing)) >= 1, timeout=10)
    (answer,) = answers(standin, typing)
    assert answer.body["type"] == 8
    assert "这张牌桌正在重启" in answer.body["data"]["choices"][0]["name"]


async def test_forwarding_listens_again_after_losing_its_connection(pg_url: str) -> None:
    from bot.store import Store

    async with Store.open(pg_url):
        pass
    owner, sender = await ForwardQueue.open(pg_url), await ForwardQueue.open(pg_url)
    try:
        heard: list[Notice] = []
        await owner.listen_shards([2], heard.append)
        pid = owner._listener.get_server_pid()
        admin = await asyncpg.connect(pg_url)
        try:
            assert await admin.fetchval("SELECT pg_terminate_backend($1)", pid)
        finally:
            await admin.close()
        for _ in range(100):  # the owner notices and listens on a new connection
            if owner.reconnects:
                break
            await asyncio.sleep(0.05)
        assert owner.reconnects == 1 and owner._listener.get_server_pid() != pid
        forward_id = await sender.send(2, '{"d": 2}')
        for _ in range(100):
            if heard:
                break
            await asyncio.sleep(0.02)
        assert [n.forward_id for n in heard] == [forward_id]
    finally:
        await owner.close()
        await sender.close()

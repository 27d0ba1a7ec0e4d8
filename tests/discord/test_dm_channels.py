"""Each person's DM channel is asked of Discord once, whatever discord.py's cache forgets
(it keeps the 128 DM channels used last: a busy bot wrote to more people than that)."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest

from cogs.dm_channels import DmChannels

from .helpers import open_table, play_to_the_end, setup, table_message


class FakeClient:
    """create_dm answers the channel ``user id + 1`` after ``gate`` opens, counting asks."""

    def __init__(self) -> None:
        self.asked: list[int] = []
        self.gate = asyncio.Event()
        self.gate.set()
        self.fail: Exception | None = None

    async def create_dm(self, user: discord.abc.Snowflake) -> Any:
        self.asked.append(user.id)
        await self.gate.wait()
        if self.fail is not None:
            raise self.fail
        return discord.Object(user.id + 1)

    def get_partial_messageable(self, channel_id: int, *,
                                type: discord.ChannelType | None = None) -> Any:
        return (channel_id, type)


async def test_a_channel_is_asked_once_then_remembered() -> None:
    client, dms = FakeClient(), DmChannels()
    first = await dms.channel(client, 10)  # type: ignore[arg-type]
    again = await dms.channel(client, 10)  # type: ignore[arg-type]
    assert first == again == (11, discord.ChannelType.private)
    assert client.asked == [10] and dms.asked == 1 and dms.known(10) == 11


async def test_two_sends_waiting_for_a_new_channel_share_one_ask() -> None:
    client, dms = FakeClient(), DmChannels()
    client.gate.clear()
    waiting = [asyncio.ensure_future(dms.channel(client, 7)) for _ in range(3)]  # type: ignore[arg-type]
    await asyncio.sleep(0)
    client.gate.set()
    assert [c[0] for c in await asyncio.gather(*waiting)] == [8, 8, 8]
    assert client.asked == [7]


async def test_a_refused_ask_reaches_every_waiter_and_is_asked_again_later() -> None:
    client, dms = FakeClient(), DmChannels()
    client.gate.clear()
    client.fail = RuntimeError("Discord said no")
    waiting = [asyncio.ensure_future(dms.channel(client, 7)) for _ in range(2)]  # type: ignore[arg-type]
    await asyncio.sleep(0)
    client.gate.set()
    results = await asyncio.gather(*waiting, return_exceptions=True)
    assert all(isinstance(r, RuntimeError) for r in results)
    assert dms.known(7) is None
    client.fail = None
    assert (await dms.channel(client, 7))[0] == 8  # type: ignore[arg-type]
    assert client.asked == [7, 7]


async def test_a_waiter_cancelled_does_not_cancel_the_ask_for_the_others() -> None:
    client, dms = FakeClient(), DmChannels()
    client.gate.clear()
    first = asyncio.ensure_future(dms.channel(client, 3))  # type: ignore[arg-type]
    second = asyncio.ensure_future(dms.channel(client, 3))  # type: ignore[arg-type]
    await asyncio.sleep(0)
    first.cancel()
    client.gate.set()
    assert (await second)[0] == 4
    assert first.cancelled() and client.asked == [3]


async def test_the_least_recently_written_to_is_forgotten_first() -> None:
    client, dms = FakeClient(), DmChannels(kept=2)
    for user in (1, 2, 1, 3):  # 1 written to again: 2 is the oldest when 3 comes
        await dms.channel(client, user)  # type: ignore[arg-type]
    assert (dms.known(1), dms.known(2), dms.known(3)) == (2, None, 4)
    with pytest.raises(ValueError):
        DmChannels(kept=0)


async def test_the_next_deals_hand_dm_does_not_ask_for_the_channel_again(simcord_env) -> None:
    """discord.py forgot the player's DM channel between two deals (as it does past 128
    people): the next deal's hand DM still reaches their DM, without asking Discord."""
    env = simcord_env
    bot = env.bot
    asks: list[int] = []
    create_dm = bot.create_dm

    async def counted(user: discord.abc.Snowflake) -> discord.DMChannel:
        asks.append(user.id)
        return await create_dm(user)

    bot.create_dm = counted
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    await open_table(env, channel, alice, "classic", [alice])
    await play_to_the_end(env, channel, {0: alice})
    await bot.presenter.drain()
    assert asks == [alice.id]
    first = alice.user.dm_channel.last_message
    state = bot._connection
    state._private_channels.clear()  # discord.py's cache, as after 128 other people
    state._private_channels_by_user.clear()
    await alice.click(table_message(env, channel), label="Next deal")
    await env.settle()
    await bot.presenter.drain()
    hand = alice.user.dm_channel.last_message
    assert hand.id != first.id, "the new deal's hand is a new DM"
    assert hand.attachments and hand.attachments[0].filename == "hand.png"
    assert asks == [alice.id], "its channel was not asked for again"

"""Whole deals through Discord: slash commands and buttons only, until settlement."""

from __future__ import annotations

import pytest

from .helpers import open_table, play_to_the_end, setup, table_message, table_of


@pytest.mark.parametrize("variant", ["classic", "happy", "laizi", "super", "four"])
async def test_one_human_and_ai_seats(simcord_env, variant) -> None:
    env = simcord_env
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    table = await open_table(env, channel, alice, variant, [alice])
    await play_to_the_end(env, channel, {0: alice})
    await env.bot.presenter.drain()
    # the hand came by DM as a picture; once the deal is over it says so, without controls
    dm = alice.user.dm_channel.last_message
    assert dm is not None and dm.attachments and dm.attachments[0].filename == "hand.png"
    assert not dm.components and "Deal over" in dm.content
    assert table.status in ("between", "lobby")
    result = table.last_result
    store = env.bot.store
    balance = await store.balance(guild.id, alice.id)
    assert balance == 10_000 + result.beans[0]
    message = table_message(env, channel)
    if result.outcome != "dissolved":
        assert message.attachments and message.attachments[0].filename == "result.png"
    assert (await store.check_invariants()).ok


async def test_three_humans(simcord_env) -> None:
    env = simcord_env
    guild, channel = await setup(env)
    members = [guild.add_member(env.create_user(n)) for n in ("ann", "ben", "cat")]
    table = await open_table(env, channel, members[0], "happy", members)
    seats = {table.seat_of(m.id): m for m in members}
    await play_to_the_end(env, channel, seats)
    result = table.last_result
    store = env.bot.store
    total = sum([await store.balance(guild.id, m.id) for m in members])
    assert total + await store.house_balance(guild.id) == 30_000
    for m in members:
        assert await store.balance(guild.id, m.id) == 10_000 + result.beans[table.seat_of(m.id)]
    # Next deal with the same players
    await members[1].click(table_message(env, channel), label="Next deal")
    assert table_of(env, channel).status == "playing"

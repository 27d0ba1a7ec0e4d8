"""The ephemeral "My hand" of a player whose DMs are closed follows the deal while
Discord lets the bot edit it (15 minutes), then says to press My hand again."""

from __future__ import annotations

import asyncio

from cogs.ephemeral import EDITABLE_FOR

from .helpers import buttons, human_turn, open_table, setup, table_message, table_of, take_turn


async def _closed_dms(env):
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    dm = alice.user.dm_channel
    env.inject_error("POST", f"/channels/{dm.id}/messages", status=403, code=50007,
                     message="Cannot send messages to this user", times=None)
    await open_table(env, channel, alice, "classic", [alice])
    await env.bot.presenter.drain()
    return channel, alice


def _shown(result):
    """The ephemeral hand of a My hand press, as it is now."""
    return result.followups[-1] if result.followups else result.response


def _live(message) -> set[str]:
    return {b.label for b in buttons(message) if getattr(b, "label", None) and not b.disabled}


async def test_my_hand_follows_the_deal(simcord_env) -> None:
    env = simcord_env
    channel, alice = await _closed_dms(env)
    table = table_of(env, channel)
    await human_turn(env, channel, 0)
    await env.bot.presenter.drain()
    result = await alice.click(table_message(env, channel), label="My hand")
    first = _shown(result)
    assert first.attachments[0].filename == "hand.png"
    assert "**Your turn**" in first.content
    await take_turn(env, channel, alice)  # her turn is over: the AI seats move next
    await env.bot.presenter.drain()
    now = _shown(result)
    if table.game.to_act != 0:
        assert "**Your turn**" not in now.content and "Waiting for" in now.content, \
            now.content
        assert not _live(now) & {"Pass", "Play selected", "Play hint"}
    await human_turn(env, channel, 0)  # her turn again: the same message says so
    await env.bot.presenter.drain()
    now = _shown(result)
    assert "**Your turn**" in now.content, now.content
    assert f"You {len(table.game.hand(0))}" in now.content, "her cards left, up to date"


async def test_my_hand_asks_to_be_pressed_again_before_its_token_ends(simcord_env) -> None:
    env = simcord_env
    assert EDITABLE_FOR < 15 * 60, "Discord's interaction tokens live 15 minutes"
    channel, alice = await _closed_dms(env)
    env.bot.presenter.ephemeral.editable_for = 10  # sooner than the 30 s turn
    result = await alice.click(table_message(env, channel), label="My hand")
    assert buttons(_shown(result)), "controls while it follows the deal"
    await env.advance_time(11)
    now = _shown(result)
    assert "press **My hand** on the table again" in now.content, now.content
    assert not buttons(now), "no controls that would not follow the deal"


async def test_closing_the_bot_cancels_the_my_hand_timers(simcord_env) -> None:
    env = simcord_env
    channel, alice = await _closed_dms(env)
    await alice.click(table_message(env, channel), label="My hand")
    hands = env.bot.presenter.ephemeral
    timers = list(hands._timers.values())
    assert len(timers) == 1 and not timers[0].done()
    await env.bot.close()
    await asyncio.sleep(0)
    assert timers[0].cancelled()
    assert not hands.shown and not hands._timers

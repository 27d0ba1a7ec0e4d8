"""The lobby: /ddz new opens one table per channel with its buttons and rules summary."""

from __future__ import annotations

from .helpers import setup


async def test_new_table_opens_a_lobby(simcord_env) -> None:
    env = simcord_env
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    result = await alice.slash(channel, "ddz new", variant="classic")
    assert result.ephemeral and "Table opened" in result.response.content
    lobby = channel.last_message
    labels = [c.label for row in lobby.components for c in row.children]
    assert {"Join", "Leave", "Add AI", "Start"} <= set(labels)
    assert all(c.custom_id.startswith("ddz:") for row in lobby.components
               for c in row.children if c.custom_id)
    assert "Classic" in lobby.embeds[0].title
    table = env.bot.manager._tables[channel.id]
    assert table.seat_of(alice.id) == 0
    # one table per channel
    again = await alice.slash(channel, "ddz new", variant="happy")
    assert again.ephemeral and "already" in again.response.content
    assert env.bot.manager._tables[channel.id] is table

"""Private tables: /ddz new private:true, the owner's invite select, Join refused to the
uninvited (checked at every click), a restart keeps the invitations."""

from __future__ import annotations

from bot.process.app import create_bot

from .helpers import restart, setup, table_message, table_of


async def test_a_private_table_refuses_an_uninvited_join(simcord_env, settings) -> None:
    env = simcord_env
    guild, channel = await setup(env)
    alice, bob, cat = (guild.add_member(env.create_user(n)) for n in ("alice", "bob", "cat"))
    await alice.slash(channel, "ddz new", variant="classic", private=True)
    lobby = table_message(env, channel)
    assert "Private table" in lobby.embeds[0].description

    refused = await bob.click(lobby, label="Join")
    assert refused.ephemeral and "private" in refused.response.content
    assert table_of(env, channel).seat_of(bob.id) is None

    # only the owner invites
    select = next(c for row in lobby.components for c in row.children
                  if getattr(c, "custom_id", "").startswith("ddzinv:"))
    denied = await bob.select(lobby, [cat], custom_id=select.custom_id)
    assert "owner" in denied.response.content and not table_of(env, channel).invited
    invited = await alice.select(lobby, [bob], custom_id=select.custom_id)
    assert invited.ephemeral and "bob" in invited.response.content
    await env.bot.presenter.drain()
    assert f"<@{bob.id}>" in table_message(env, channel).embeds[0].description

    joined = await bob.click(table_message(env, channel), label="Join")
    assert joined.ephemeral and table_of(env, channel).seat_of(bob.id) == 1
    again = await cat.click(table_message(env, channel), label="Join")  # still not invited
    assert "private" in again.response.content and table_of(env, channel).seat_of(
        cat.id) is None

    # after a restart the table is still private, and bob still invited
    new_bot = await create_bot(settings)
    try:
        await restart(env, new_bot)
        await env.settle()
        table = table_of(env, channel)
        assert table.private and table.invited == {bob.id}
        late = await cat.click(table_message(env, channel), label="Join")
        assert "private" in late.response.content
    finally:
        await new_bot.close_store()


async def test_an_open_table_has_no_invite_select(simcord_env) -> None:
    env = simcord_env
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    await alice.slash(channel, "ddz new", variant="classic")
    lobby = table_message(env, channel)
    assert not any(getattr(c, "custom_id", "").startswith("ddzinv:")
                   for row in lobby.components for c in row.children)
    joined = await bob.click(lobby, label="Join")
    assert joined.ephemeral and table_of(env, channel).seat_of(bob.id) == 1

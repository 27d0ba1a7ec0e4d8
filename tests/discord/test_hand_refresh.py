"""The hand message always shows the table as it is now, whatever the order in which its
first send, the AI's quick turns and the refreshes of those turns finish."""

from __future__ import annotations

import asyncio

from bot.tables import TurnStarted

from .helpers import ai_bids_three, buttons, open_table, setup


async def test_the_first_hand_dm_shows_the_turn_the_ai_reached_meanwhile(simcord_env,
                                                                        settings) -> None:
    """The AI bids 3 and leads while the players' first hand DM is still on its way (its
    stored settings are being read): the DM, once sent, shows the AI's lead and the
    player's live controls, not the bidding turn it was dealt in."""
    env = simcord_env
    bot = await ai_bids_three(env, settings)
    try:
        presenter = bot.presenter
        gate = asyncio.Event()
        read, publish = presenter.preferences.load, presenter.publish

        async def slow_read(user_id: int) -> None:  # a store that answers late
            await env.external_wait(gate.wait(), reason="the store answers late")
            await read(user_id)

        async def published(event) -> None:
            await publish(event)  # its refreshes are under way
            if isinstance(event, TurnStarted) and event.phase == "play" and not event.auto:
                gate.set()  # the store answers once a person's turn to follow has come

        presenter.preferences.load = slow_read
        presenter.publish = published
        guild, channel = await setup(env)
        alice = guild.add_member(env.create_user("alice"))
        bob = guild.add_member(env.create_user("bob"))
        table = await open_table(env, channel, alice, "classic", [alice, bob])
        await env.settle()
        assert gate.is_set() and table.game.landlord == 2, "the AI took it and led"
        await presenter.drain()
        to_act = table.game.to_act
        for member in (alice, bob):
            dm = member.user.dm_channel.last_message
            assert "bid" not in dm.content.lower(), dm.content
            live = {b.label for b in buttons(dm) if getattr(b, "label", None) and
                    not b.disabled}
            mine = table.seat_of(member.id) == to_act
            assert bool(live & {"Pass", "Can't beat", "Play selected"}) == mine, \
                (member.user.name, live)
    finally:
        await bot.close_store()

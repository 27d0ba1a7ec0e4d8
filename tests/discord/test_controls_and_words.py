"""Issue 36's controls and words: the hand DM's controls during the auction, level names
in the reader's language, a ping that names what to beat, and the small wrongs."""

from __future__ import annotations

import discord

from .helpers import buttons, open_table, setup, table_message

_PLAY_CONTROLS = ("Play selected", "Hint", "Play hint")


def _labels(message) -> dict[str, object]:
    return {b.label: b for b in buttons(message) if getattr(b, "label", None)}


def _selects(message) -> list[object]:
    return [b for b in buttons(message) if isinstance(b, discord.SelectMenu)]


async def _three(env, variant: str = "classic"):
    guild, channel = await setup(env)
    members = [guild.add_member(env.create_user(n)) for n in ("ann", "ben", "cat")]
    table = await open_table(env, channel, members[0], variant, members)
    return guild, channel, table, {table.seat_of(m.id): m for m in members}


async def test_the_hand_dm_plays_nothing_during_the_auction(simcord_env) -> None:
    """Bidding: the bidder's DM has its play buttons and card selects off; once the deal is
    played, the landlord's turn has them on."""
    env = simcord_env
    _guild, channel, table, seats = await _three(env)
    await env.bot.presenter.drain()
    bidder = table.game.to_act
    assert table.game.phase == "bid"
    dm = seats[bidder].user.dm_channel.last_message
    labels = _labels(dm)
    assert all(labels[k].disabled for k in _PLAY_CONTROLS), labels
    assert _selects(dm) and all(s.disabled for s in _selects(dm))
    await seats[bidder].click(table_message(env, channel), label="3 pt")
    await env.bot.presenter.drain()
    assert table.game.phase == "play" and table.game.to_act == bidder
    dm = seats[bidder].user.dm_channel.last_message
    labels = _labels(dm)
    assert not any(labels[k].disabled for k in _PLAY_CONTROLS), labels
    assert _selects(dm) and not any(s.disabled for s in _selects(dm))

"""The bot's own message with live controls in a channel, found again after a restart (a
table's message, a hand DM): read by the presenter and its hand DMs."""

from __future__ import annotations

import logging

import discord

__all__ = ["own_message"]

log = logging.getLogger("ddz.presenter")


async def own_message(client: discord.Client, channel: discord.abc.Messageable, prefix: str
                      ) -> discord.Message | None:
    """The bot's latest message in ``channel`` whose controls start with ``prefix`` (a
    table's message, a hand DM with live buttons), among the last few."""
    me = client.user
    try:
        async for message in channel.history(limit=25):
            if me is not None and message.author.id != me.id:
                continue
            ids = [getattr(c, "custom_id", None) or "" for row in message.components
                   for c in getattr(row, "children", [row])]
            if any(i.startswith(prefix) for i in ids):
                return message
    except discord.HTTPException:
        log.info("could not read the history of %s", getattr(channel, "id", "?"))
    return None

"""Each person's DM channel with the bot, found once.

discord.py's ``Client.create_dm`` looks in its own cache first, but that cache keeps only the
128 DM channels used last: with more people playing than that, every deal's first hand DM
and every DM turn ping asked Discord for the channel again (``POST /users/@me/channels``,
counted toward the global limit, one route). At 300 tables (450 people) in the load bench a
new hand's DM waited up to 12 s behind those requests.

A DM channel's id never changes, so :class:`DmChannels` keeps it by user id (a pair of ints
a person) and sends through a partial channel made from it, asking Discord only the first
time a person is written to (and once more after a restart). Two sends to a person who has no
channel yet share one request.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict

import discord

__all__ = ["DmChannels"]

KEPT = 200_000  # people remembered (the least recently written to are forgotten first)


class DmChannels:
    """DM channel ids by user id."""

    def __init__(self, kept: int = KEPT) -> None:
        if kept < 1:
            raise ValueError("keep at least one channel")
        self._kept = kept
        self._ids: OrderedDict[int, int] = OrderedDict()
        self._asking: dict[int, asyncio.Future[int]] = {}
        self.asked = 0  # channels asked of Discord

    def note(self, user_id: int, channel_id: int) -> None:
        """``channel_id`` is ``user_id``'s DM channel (learnt some other way)."""
        self._ids[user_id] = channel_id
        self._ids.move_to_end(user_id)
        while len(self._ids) > self._kept:
            self._ids.popitem(last=False)

    def known(self, user_id: int) -> int | None:
        """The id of ``user_id``'s DM channel if it is known."""
        return self._ids.get(user_id)

    async def channel(self, client: discord.Client, user_id: int) -> discord.PartialMessageable:
        """``user_id``'s DM channel, to send to (raises :class:`discord.HTTPException` as
        ``create_dm`` does when Discord cannot open one)."""
        channel_id = self._ids.get(user_id)
        if channel_id is None:
            asking = self._asking.get(user_id)
            if asking is None:
                asking = asyncio.ensure_future(self._ask(client, user_id))
                self._asking[user_id] = asking
                asking.add_done_callback(lambda done: self._asked(user_id, done))
            channel_id = await asyncio.shield(asking)
        else:
            self._ids.move_to_end(user_id)
        return client.get_partial_messageable(channel_id, type=discord.ChannelType.private)

    def _asked(self, user_id: int, done: asyncio.Future[int]) -> None:
        self._asking.pop(user_id, None)
        if not done.cancelled():
            done.exception()  # retrieved: each waiter (if any is left) raises it

    async def _ask(self, client: discord.Client, user_id: int) -> int:
        self.asked += 1
        dm = await client.create_dm(discord.Object(user_id))
        self.note(user_id, dm.id)
        return dm.id

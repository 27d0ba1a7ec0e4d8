"""Turn notifications: Discord notifies for a new message, never for an edit.

The table message and the hand DM are edited as the deal moves, and an edit that adds a
mention notifies nobody; so when a person's turn starts (not an AI's, not in 托管) a new
message mentions them: in the channel, its ``allowed_mentions`` limited to that user, or
by DM when the server turned channel pings off (``/ddz config turn_pings off``) or the
channel cannot be written. Exactly one per turn: it is deleted when the turn ends. Turns
are handled one at a time per table, and a turn already over when its ping would go out
gets none, so a burst of quick turns costs no messages.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any, Protocol

import discord

from bot.tables import TableEvent, TurnStarted

from .i18n import STRINGS, t

if TYPE_CHECKING:
    from bot.tables import TableSnapshot

log = logging.getLogger("ddz.pings")


def _pattern(template: str) -> str:
    parts = re.split(r"\{[a-z]+\}", template)
    return ".+".join(re.escape(p) for p in parts)


# a turn ping in any language (to find the ones an earlier run of the bot left)
PING = re.compile("|".join(_pattern(STRINGS[lang]["ping.channel"]) for lang in STRINGS))


class Speaker(Protocol):
    """What the pings need from the presenter they help (:class:`cogs.presenter.
    DiscordPresenter`): the tables it was shown, the languages, the client it speaks
    through."""

    user_locale: dict[int, str]
    dm_closed: set[int]
    _client: discord.Client | None

    @property
    def client(self) -> discord.Client: ...

    def locale(self, channel_id: int) -> str: ...

    def _table(self, channel_id: int) -> TableSnapshot | None: ...

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> asyncio.Task[None]: ...


class TurnPings:
    """The one turn notification of each table (the presenter's helper)."""

    def __init__(self, presenter: Speaker) -> None:
        self.presenter = presenter
        self.messages: dict[int, discord.Message] = {}  # table -> its ping now
        self._locks: dict[int, asyncio.Lock] = {}
        self.swept: set[int] = set()  # tables whose pings of an earlier run are gone

    def follow(self, event: TableEvent) -> None:
        """A turn started (ping the player) or an action was taken (remove the ping)."""
        if isinstance(event, TurnStarted) and not event.auto:
            self.presenter._spawn(self._ping(event))
        else:
            self.presenter._spawn(self._clear(event.channel_id))

    def _lock(self, channel_id: int) -> asyncio.Lock:
        return self._locks.setdefault(channel_id, asyncio.Lock())

    async def _clear(self, channel_id: int) -> None:
        async with self._lock(channel_id):
            await self._delete(channel_id)

    async def _delete(self, channel_id: int) -> None:
        message = self.messages.pop(channel_id, None)
        if message is not None:
            try:
                await message.delete()
            except discord.HTTPException:
                log.info("the turn ping in %s was already gone", channel_id)

    async def _sweep(self, channel_id: int) -> None:
        """After a restart: delete the pings the bot left in the channel before it."""
        self.swept.add(channel_id)
        client = self.presenter.client
        me = client.user
        try:
            async for message in client.get_partial_messageable(channel_id).history(limit=25):
                if me is not None and message.author.id == me.id and \
                        not message.components and PING.fullmatch(message.content or ""):
                    await message.delete()
        except discord.HTTPException:
            log.info("could not sweep the old pings in %s", channel_id)

    async def _ping(self, event: TurnStarted) -> None:
        channel_id = event.channel_id
        async with self._lock(channel_id):
            await self._delete(channel_id)
            if channel_id not in self.swept:
                await self._sweep(channel_id)
            presenter = self.presenter
            table = presenter._table(channel_id)
            game = table.game if table is not None else None
            if table is None or game is None or game.is_over or table.seq != event.seq \
                    or game.to_act != event.to_act:
                return  # that turn is over already
            entry = table.seats[event.to_act]
            if entry is None or entry.user_id is None or entry.auto:
                return
            user = entry.user_id
            locale = presenter.user_locale.get(user, presenter.locale(channel_id))
            phase = t(locale, f"phase.{event.phase}")
            when = f"<t:{int(event.deadline)}:R>" if event.deadline else "—"
            try:
                if await self._in_channel(table.guild_id, channel_id):
                    text = t(locale, "ping.channel", mention=f"<@{user}>", phase=phase,
                             when=when)
                    mentions = discord.AllowedMentions(everyone=False, roles=False,
                                                       users=[discord.Object(user)])
                    channel = presenter.client.get_partial_messageable(channel_id)
                    self.messages[channel_id] = await channel.send(
                        text, allowed_mentions=mentions)
                elif user not in presenter.dm_closed:
                    text = t(locale, "ping.dm", channel=f"<#{channel_id}>", phase=phase,
                             when=when)
                    dm = await presenter.client.create_dm(discord.Object(user))
                    self.messages[channel_id] = await dm.send(text)
            except discord.HTTPException:
                log.warning("could not ping %s in %s", user, channel_id)

    async def _in_channel(self, guild_id: int, channel_id: int) -> bool:
        """Ping in the channel (the default) unless the server turned that off."""
        store: Any = getattr(self.presenter._client, "store", None)
        if store is None:
            return True
        settings = await store.get_settings(guild_id, channel_id)
        return bool(getattr(settings, "turn_pings", True))

    def forget(self, channel_id: int) -> None:
        self._locks.pop(channel_id, None)


__all__ = ["TurnPings"]

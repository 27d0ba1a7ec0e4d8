"""Editing the bot's messages through a click's interaction token when one is at hand.

Discord counts ``PATCH /channels/{id}/messages/{id}`` toward the bot's global limit of 50
requests a second, but not the interaction endpoints: after a click on a message's button
is answered by updating that message (a deferred update, type 6, or an update, type 7), the
click's token edits that very message (``@original``) for 15 minutes, outside the global
limit. With hundreds of tables, that is what keeps the table messages and hand DMs moving:
every deal starts with a click on the table message (Start, Next deal, the auction), and a
player's hand DM gets one with their first play from it.

:class:`TokenEdits` remembers the latest clicks on each message (:meth:`note`, for every
interaction); :meth:`edit` edits a message through one that can still do it, else as the
bot (``message.edit``, paced by :mod:`bot.discord_api.pacing`). A token Discord refuses (expired,
unknown) is dropped and the edit made the usual way.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

import discord

__all__ = ["TOKEN_LIFETIME", "TokenEdits"]

log = logging.getLogger("ddz.presenter")
TOKEN_LIFETIME = 14 * 60.0  # seconds a click's token is used (Discord: 15 minutes)
KEPT = 3  # clicks remembered a message (the newest may have been answered otherwise)
_UPDATES = (discord.InteractionResponseType.deferred_message_update,
            discord.InteractionResponseType.message_update)


class TokenEdits:
    """The clicks that can edit each message, by message id."""

    def __init__(self, *, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._clicks: dict[int, list[tuple[float, discord.Interaction]]] = {}
        self.through_token = 0  # edits made through a token (not bound by the global limit)
        self.as_bot = 0  # edits made as the bot

    def note(self, interaction: discord.Interaction) -> None:
        """Remember a click on one of the bot's messages (any other interaction: nothing)."""
        message = interaction.message
        if interaction.type != discord.InteractionType.component or message is None:
            return
        clicks = self._clicks.setdefault(message.id, [])
        # a click answered otherwise (a private reply, a refusal) can never edit the
        # message: dropped, so a burst of them never pushes out one that can
        clicks[:] = [(at, i) for at, i in clicks
                     if not i.response.is_done() or i.response.type in _UPDATES]
        clicks.append((self._clock(), interaction))
        del clicks[:-KEPT]
        if len(self._clicks) > 20_000:  # messages long gone: keep the newest half
            for key in list(self._clicks)[:10_000]:
                del self._clicks[key]

    def forget(self, message_id: int) -> None:
        """The message is done with (deleted, or its deal is over)."""
        self._clicks.pop(message_id, None)

    def editor(self, message_id: int) -> discord.Interaction | None:
        """A click that can edit the message now: answered by updating it, under 14 minutes
        old (the newest such)."""
        clicks = self._clicks.get(message_id)
        if not clicks:
            return None
        now = self._clock()
        clicks[:] = [(at, i) for at, i in clicks if now - at < TOKEN_LIFETIME]
        for _, interaction in reversed(clicks):
            if interaction.response.type in _UPDATES:
                return interaction
        return None

    async def edit(self, message: discord.Message, **fields: Any) -> None:
        """Edit ``message`` (``content``, ``embed``, ``attachments``, ``view`` …) through a
        click's token when one can, else as the bot."""
        interaction = self.editor(message.id)
        if interaction is not None:
            try:
                await interaction.edit_original_response(**fields)
                self.through_token += 1
                return
            except discord.HTTPException as err:  # expired or unknown: the usual way
                log.info("a click's token could not edit message %s (%s)", message.id,
                         err.status)
                self._drop(message.id, interaction)
                for file in fields.get("attachments") or ():
                    if isinstance(file, discord.File):
                        file.reset()
        await message.edit(**fields)
        self.as_bot += 1

    def _drop(self, message_id: int, interaction: discord.Interaction) -> None:
        clicks = self._clicks.get(message_id, [])
        clicks[:] = [(at, i) for at, i in clicks if i is not interaction]

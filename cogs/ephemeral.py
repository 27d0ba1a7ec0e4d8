"""The ephemeral "My hand" (``/ddz hand``, the table's button), kept up to date.

A player whose DMs are closed follows the deal from an ephemeral message, which only the
interaction that made it can edit, and only while its token lives (15 minutes). The
presenter edits it like a hand DM (new picture, turn, controls, the deal's end) through
that token; a click on one of its buttons brings a fresh token. Shortly before the token
runs out, the message says to press **My hand** again and its controls go away.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Any

import discord

from bot.words.catalogue import t

log = logging.getLogger("ddz.ephemeral")
EDITABLE_FOR = 14 * 60.0  # seconds: an interaction's token lives 15 minutes


@dataclass
class Shown:
    """One ephemeral hand: the interaction whose token edits it (its original response:
    the message made after "thinking", or the message of a clicked button), and its id."""

    interaction: discord.Interaction
    message_id: int
    locale: str


class EphemeralHands:
    """The ephemeral hand of each (table, user), while it can be edited."""

    def __init__(self, editable_for: float = EDITABLE_FOR) -> None:
        self.editable_for = editable_for
        self.shown: dict[tuple[int, int], Shown] = {}
        self._timers: dict[tuple[int, int], asyncio.Task[None]] = {}

    def keep(self, key: tuple[int, int], interaction: discord.Interaction, message_id: int,
             locale: str) -> None:
        """Follow the deal on this message (``key``: table, user) through
        ``interaction``'s token, from now for :attr:`editable_for` seconds."""
        self._stop_timer(key)
        shown = Shown(interaction, message_id, locale)
        self.shown[key] = shown
        # not one of the presenter's tasks: waiting for it is no part of draining
        self._timers[key] = asyncio.create_task(self._expire(key, shown))

    def is_shown(self, key: tuple[int, int], message: discord.Message | None) -> bool:
        """Is ``message`` the ephemeral hand kept for ``key``?"""
        shown = self.shown.get(key)
        return shown is not None and message is not None and message.id == shown.message_id

    async def edit(self, key: tuple[int, int], **fields: Any) -> None:
        """Edit the ephemeral hand of ``key``, if there is one (forgotten if it is gone)."""
        shown = self.shown.get(key)
        if shown is None:
            return
        try:
            await shown.interaction.edit_original_response(**fields)
        except discord.HTTPException:  # dismissed, or the token ran out
            log.info("the ephemeral hand of %s is gone", key[1])
            self.forget(key)

    async def end(self, key: tuple[int, int], content: str) -> None:
        """The deal is over: the ephemeral hand says so, without controls, and is let go."""
        await self.edit(key, content=content, view=None)
        self.forget(key)

    async def _expire(self, key: tuple[int, int], shown: Shown) -> None:
        await asyncio.sleep(self.editable_for)
        if self.shown.get(key) is not shown:
            return
        self._timers.pop(key, None)
        await self.edit(key, content=t(shown.locale, "hand.ephemeral_expired"), view=None)
        self.shown.pop(key, None)

    def _stop_timer(self, key: tuple[int, int]) -> None:
        timer = self._timers.pop(key, None)
        if timer is not None and timer is not asyncio.current_task():
            timer.cancel()

    def forget(self, key: tuple[int, int]) -> None:
        self.shown.pop(key, None)
        self._stop_timer(key)

    def forget_table(self, channel_id: int) -> None:
        for key in [k for k in self.shown if k[0] == channel_id]:
            self.forget(key)

    def close(self) -> None:
        """The bot is shutting down: every timer is cancelled and every hand let go (the
        next run cannot edit them: their tokens belong to this one's interactions)."""
        for key in list(self.shown):
            self.forget(key)


__all__ = ["EDITABLE_FOR", "EphemeralHands"]

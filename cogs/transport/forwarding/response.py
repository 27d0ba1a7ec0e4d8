"""Answering a forwarded interaction: the sender deferred it, the owner answers through its
webhook.

The process holding shard 0 defers every interaction it forwards (Discord wants an answer
within 3 s): a component with ``deferred_message_update`` (nothing shows), a slash command
with an ephemeral "thinking". The owner then runs the same code as for a local interaction,
with :class:`ForwardedResponse` as ``interaction.response``: ``defer`` does nothing (done),
``send_message`` becomes a follow-up (after a "thinking" defer, Discord shows the first
follow-up in its place) and ``edit_message`` edits the original message (the one the
component is on). Both go to ``/webhooks/<application>/<token>``: any process can use them.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import InteractionResponseType, InteractionType
from discord.utils import MISSING

from bot.words.catalogue import t
from cogs.i18n import locale_of

COMPONENT_DEFER = InteractionResponseType.deferred_message_update.value  # 6
COMMAND_DEFER = InteractionResponseType.deferred_channel_message.value  # 5
NO_PINGS = discord.AllowedMentions.none()  # an answer pings no one unless it says whom
_FOLLOWUP_KEYS = ("embed", "embeds", "file", "files", "view", "tts", "allowed_mentions",
                  "suppress_embeds", "silent", "poll")


async def defer_for_forwarding(interaction: discord.Interaction) -> int | None:
    """Defer ``interaction`` before it is forwarded; the deferral's type (None for an
    autocomplete, which cannot be deferred: its owner answers it itself)."""
    if interaction.type is InteractionType.autocomplete:
        return None
    if interaction.type is InteractionType.application_command:
        await interaction.response.defer(ephemeral=True, thinking=True)
        return COMMAND_DEFER
    await interaction.response.defer()
    return COMPONENT_DEFER


async def say_restarting(interaction: discord.Interaction, default_locale: str = "en") -> None:
    """The answer when the owner of the interaction's table did not take it in time."""
    text = "⏳ " + t(locale_of(interaction, default_locale), "err.table_restarting")
    if interaction.type is InteractionType.autocomplete:
        # an autocomplete shows only choices: one that says it (choosing it plays nothing)
        await interaction.response.autocomplete(
            [discord.app_commands.Choice(name=text[:100], value="")])
        return
    await interaction.followup.send(text, ephemeral=True, allowed_mentions=NO_PINGS)


class ForwardedResponse(discord.InteractionResponse):
    """``interaction.response`` of an interaction another process deferred."""

    __slots__ = ()

    def __init__(self, parent: discord.Interaction, deferral: int) -> None:
        super().__init__(parent)
        self._response_type = InteractionResponseType(deferral)

    async def defer(self, *, ephemeral: bool = False, thinking: bool = False) -> None:
        """Deferred already, by the process that received it."""
        return None

    async def send_message(self, content: Any | None = None, *,  # type: ignore[override]
                           ephemeral: bool = False, delete_after: float | None = None,
                           **kwargs: Any) -> None:
        sent = {key: kwargs[key] for key in _FOLLOWUP_KEYS if key in kwargs}
        sent.setdefault("allowed_mentions", NO_PINGS)
        await self._parent.followup.send(MISSING if content is None else str(content),
                                        ephemeral=ephemeral, **sent)

    async def edit_message(self, *, content: Any | None = MISSING,  # type: ignore[override]
                           embed: discord.Embed | None = MISSING,
                           embeds: Any = MISSING, attachments: Any = MISSING,
                           view: discord.ui.View | None = MISSING,
                           allowed_mentions: discord.AllowedMentions | None = MISSING,
                           delete_after: float | None = None,
                           suppress_embeds: bool = MISSING) -> None:
        await self._parent.edit_original_response(
            content=content, embed=embed, embeds=embeds, attachments=attachments, view=view,
            allowed_mentions=NO_PINGS if allowed_mentions is MISSING else allowed_mentions)

    async def send_modal(self, modal: discord.ui.Modal, /) -> None:  # type: ignore[override]
        raise discord.InteractionResponded(self._parent)

    async def autocomplete(self, choices: Any) -> None:
        raise discord.InteractionResponded(self._parent)


__all__ = ["COMMAND_DEFER", "COMPONENT_DEFER", "ForwardedResponse", "defer_for_forwarding",
           "say_restarting"]

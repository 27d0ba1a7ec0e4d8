"""The "Play in the app" button of the table message: it opens the Discord Activity.

``ddzapp:<table>`` (:class:`LaunchButton`, a :class:`discord.ui.DynamicItem` registered in
``setup_hook`` with the other buttons, so it works after a restart) answers its click with
an interaction response of type 12 (``LAUNCH_ACTIVITY``, discord.py's
:meth:`discord.InteractionResponse.launch_activity`): Discord opens the Activity in the
message's channel, where the page shows that channel's table. Anyone may press it (a
spectator watches the table in the app). The button is shown only while the bot serves the
Activity and its page is built (:func:`add_launch`, offered by the presenter); a click on an
older message when it is off or its page is not built, or one Discord refuses (the app has no
Activity enabled, say), is answered with one ephemeral sentence in the user's language.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from bot.words.catalogue import t

from .controls import client_of, remember
from .errors import reply

log = logging.getLogger("ddz.launch")


class LaunchButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=(
        r"ddzapp:(?P<table>[0-9]+)")):
    """Play in the app: launch the Activity in this table's channel."""

    def __init__(self, table_id: int, *, label: str = "?", row: int | None = None) -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.primary,
                                           custom_id=f"ddzapp:{table_id}", row=row,
                                           emoji="🃏"))
        self.table_id = table_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> LaunchButton:
        label = item.label or "?" if isinstance(item, discord.ui.Button) else "?"
        return cls(int(match["table"]), label=label)

    async def callback(self, interaction: discord.Interaction) -> None:
        await launch(interaction)


async def launch(interaction: discord.Interaction) -> None:
    """Answer ``interaction`` by opening the Activity, or say why it cannot be opened."""
    locale = remember(client_of(interaction), interaction)
    server = getattr(interaction.client, "activity_server", None)
    if server is None or not server.page_built:  # an older message's button
        await reply(interaction, t(locale, "launch.off"))
        return
    try:
        await interaction.response.launch_activity()
    except discord.HTTPException as refused:
        log.warning("Discord did not launch the Activity in channel %s: %s %s",
                    interaction.channel_id, refused.status, refused.text)
        await reply(interaction, t(locale, "launch.failed"))


def add_launch(view: discord.ui.View, table_id: int, locale: str, row: int) -> None:
    """Put the Play in the app button on the table message's ``row``."""
    view.add_item(LaunchButton(table_id, label=t(locale, "btn.app"), row=row))


LAUNCH_ITEMS: tuple[Any, ...] = (LaunchButton,)

__all__ = ["LAUNCH_ITEMS", "LaunchButton", "add_launch", "launch"]

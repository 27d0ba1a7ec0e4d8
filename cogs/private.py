"""Private tables: the owner's user select in the lobby, and the lobby's private line.

``/ddz new private:true`` opens a table that only invited players may join (the table
runtime checks it at every Join click: :meth:`bot.tables.TableManager.join`); the channel
still sees and can watch the table message. The owner invites with :class:`InviteSelect`
(``ddzinv:<table>``, a DynamicItem: it works after a restart).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.words.catalogue import t

from .controls import client_of
from .errors import reply, send_error
from .i18n import locale_of
from .markdown import safe
from .names import shown_name

if TYPE_CHECKING:
    from bot.tables import TableSnapshot

MAX_INVITES = 10  # per pick; a table seats four at most


class InviteSelect(discord.ui.DynamicItem[discord.ui.UserSelect[discord.ui.View]], template=(
        r"ddzinv:(?P<table>[0-9]+)")):
    """The owner picks players to invite to a private table."""

    def __init__(self, table_id: int, placeholder: str | None = None,
                 row: int | None = None) -> None:
        super().__init__(discord.ui.UserSelect(custom_id=f"ddzinv:{table_id}",
                                               placeholder=placeholder, min_values=1,
                                               max_values=MAX_INVITES, row=row))
        self.table_id = table_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction,
                             item: discord.ui.Item[Any], match: re.Match[str]
                             ) -> InviteSelect:
        placeholder = item.placeholder if isinstance(item, discord.ui.UserSelect) else None
        return cls(int(match["table"]), placeholder)

    async def callback(self, interaction: discord.Interaction) -> None:
        locale = locale_of(interaction)
        try:
            manager = client_of(interaction).manager
            users = [u for u in self.item.values if not u.bot]
            await manager.invite(self.table_id, interaction.user.id, [u.id for u in users])
            names = ", ".join(safe(shown_name(u)) for u in users) or "—"
            await reply(interaction, t(locale, "private.ok", names=names))
        except Exception as error:
            await send_error(interaction, error)


def lobby_lines(table: TableSnapshot, locale: str) -> list[str]:
    """What a private lobby says above its seats (nothing for an open table)."""
    if not table.private:
        return []
    lines = [t(locale, "private.lobby")]
    if table.invited:
        lines.append(t(locale, "private.invited",
                       names=", ".join(f"<@{u}>" for u in sorted(table.invited))))
    return lines


def add_invite(view: discord.ui.View, table: TableSnapshot, locale: str) -> None:
    """The owner's invite select under a private lobby (a row of its own)."""
    if table.private:
        view.add_item(InviteSelect(table.channel_id, t(locale, "private.pick"), row=1))


PRIVATE_ITEMS: tuple[Any, ...] = (InviteSelect,)

__all__ = ["PRIVATE_ITEMS", "InviteSelect", "add_invite", "lobby_lines"]

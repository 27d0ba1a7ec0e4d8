"""``/ddz history``: a player's last deals in this server, ten a page, with ◀ ▶ buttons.

The ``/ddz`` cog's command answers through :class:`HistoryPages`, made with the store it
reads. The paging
buttons are :class:`HistoryButton`\\ s: DynamicItems (``ddzhi:<user>:<page>``) that work
after a restart, on the ephemeral reply they belong to. Anyone may look at anyone's history
in the same server: results are public at the table anyway.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol, cast

import discord

from bot.engine import Outcome
from bot.store import HistoryEntry, HistoryPage
from bot.tables import TableError
from bot.words.catalogue import t
from bot.words.names import variant_name

from .controls import label_of
from .errors import reply, send_error
from .i18n import locale_of
from .markdown import DESCRIPTION, FIELD_VALUE, TITLE, clip, safe
from .names import shown_name
from .tournament_text import history_line

if TYPE_CHECKING:
    from bot.store import PlayerStats

    from .readers import HistoryReader

PER_PAGE = 10
TOURNAMENTS_SHOWN = 5  # the last tournaments listed under the deals


def _when(entry: HistoryEntry) -> str:
    """A Discord timestamp: each reader sees it in their own time zone and language."""
    try:
        stamp = int(datetime.fromisoformat(entry.settled_at).timestamp())
    except ValueError:
        return entry.settled_at[:16]
    return f"<t:{stamp}:d> <t:{stamp}:t>"


def entry_line(entry: HistoryEntry, locale: str) -> str:
    """One deal as a line: when, variant, role, won or lost, multiplier, points, beans, id."""
    parts = [_when(entry)]
    if entry.variant:
        parts.append(variant_name(locale, entry.variant))
    if not entry.counted or not entry.role:
        parts.append(t(locale, "hist.void"))
    else:
        parts.append(t(locale, f"hist.{entry.role}"))
        parts.append(t(locale, "hist.won" if entry.won else "hist.lost"))
        mult = t(locale, "hist.mult", m=entry.multiplier)
        if entry.doubled:
            mult += " " + t(locale, "hist.doubled")
        parts.append(mult)
        if entry.spring:
            parts.append(t(locale, f"hist.{entry.spring}"))
        if entry.outcome == Outcome.ESCAPE:
            parts.append(t(locale, "hist.escape"))
        parts.append(t(locale, "hist.points", points=entry.points))
        parts.append(t(locale, "hist.beans", beans=entry.beans))
    parts.append(f"`{entry.short_id}`")
    return " · ".join(parts)


def history_embed(page: HistoryPage, name: str, locale: str) -> discord.Embed:
    embed = discord.Embed(title=clip(t(locale, "hist.title", name=safe(name)), TITLE),
                          description=clip("\n".join(entry_line(e, locale) for e in page),
                                           DESCRIPTION),
                          colour=discord.Colour.dark_green())
    embed.set_footer(text=t(locale, "hist.footer", page=page.page, pages=page.pages,
                            total=page.total))
    return embed


def history_view(page: HistoryPage, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(HistoryButton(page.user_id, page.page - 1, label=t(locale, "btn.prev"),
                                disabled=page.page <= 1))
    view.add_item(HistoryButton(page.user_id, page.page + 1, label=t(locale, "btn.next_page"),
                                disabled=page.page >= page.pages))
    return view


async def history_page(store: HistoryReader, guild_id: int, user_id: int, name: str, page: int,
                       locale: str) -> tuple[discord.Embed, discord.ui.View]:
    """The embed and buttons of one page; a page past the end is refused (nothing sent)."""
    result = await store.history(guild_id, user_id, page=page, per_page=PER_PAGE)
    if result.total == 0:
        embed = discord.Embed(description=t(locale, "hist.empty", name=safe(name)),
                              colour=discord.Colour.dark_green())
        await _add_tournaments(embed, store, guild_id, user_id, locale)
        return embed, discord.ui.View()
    if page > result.pages:
        raise TableError(f"There is no page {page}: {name} has {result.pages} page(s) of "
                         "deals.",
                         code="no_history_page", page=page, pages=result.pages, name=name)
    embed = history_embed(result, name, locale)
    await _add_tournaments(embed, store, guild_id, user_id, locale)
    return embed, history_view(result, locale)


async def _add_tournaments(embed: discord.Embed, store: HistoryReader, guild_id: int,
                           user_id: int, locale: str) -> None:
    """The player's last tournaments, a line each, under their deals."""
    lines = []
    for tour in await store.player_tournaments(guild_id, user_id, TOURNAMENTS_SHOWN):
        table = await store.tournament_standings(tour.tournament_id)
        mine = next((s for s in table if s.user_id == user_id), None)
        lines.append(history_line(tour, mine, len(table), locale))
    if lines:
        embed.add_field(name=t(locale, "tour.history_title"),
                        value=clip("\n".join(lines), FIELD_VALUE), inline=False)


class HistoryHost(Protocol):
    """What a history button reaches through ``interaction.client`` (the bot)."""

    @property
    def store(self) -> HistoryReader: ...


def _store_of(interaction: discord.Interaction) -> HistoryReader:
    return cast(HistoryHost, interaction.client).store


class HistoryButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=(
        r"ddzhi:(?P<user>[0-9]+):(?P<page>[0-9]+)")):
    """◀ or ▶ under a history page: shows page ``page`` of ``user``'s deals in place."""

    def __init__(self, user_id: int, page: int, *, label: str = "?",
                 disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"ddzhi:{user_id}:{max(page, 0)}",
                                           disabled=disabled))
        self.user_id, self.page = user_id, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> HistoryButton:
        return cls(int(match["user"]), int(match["page"]),
                   label=label_of(item))

    async def callback(self, interaction: discord.Interaction) -> None:
        locale = locale_of(interaction)
        try:
            assert interaction.guild_id is not None  # the buttons are on a server's reply
            name = await _name_of(interaction, self.user_id)
            embed, view = await history_page(_store_of(interaction), interaction.guild_id,
                                             self.user_id, name, self.page, locale)
            await interaction.response.edit_message(embed=embed, view=view)
        except Exception as error:
            await send_error(interaction, error)


async def _name_of(interaction: discord.Interaction, user_id: int) -> str:
    if interaction.guild_id is not None:
        player = await _store_of(interaction).get_player(interaction.guild_id, user_id)
        if player is not None:
            return player.name
    return str(user_id)


class HistoryPages:
    """``/ddz history``'s answer: a player's pages of deals, read from the store."""

    def __init__(self, store: HistoryReader) -> None:
        self.store = store

    async def show(self, interaction: discord.Interaction, user: discord.Member | None,
                   page: int) -> None:
        """Page ``page`` of ``user``'s deals here (the caller's without one)."""
        locale = locale_of(interaction)
        assert interaction.guild_id is not None
        target = user or interaction.user
        player = await self.store.get_player(interaction.guild_id, target.id)
        name = player.name if player is not None else shown_name(target)
        embed, view = await history_page(self.store, interaction.guild_id, target.id, name,
                                         page, locale)
        await reply(interaction, embed=embed, view=view)


def stats_line(s: PlayerStats, locale: str) -> str:
    """The profile's counters as a line of text (the picture draws them too): springs,
    bombs, streaks, best win."""
    return t(locale, "stats.line", springs=s.springs, anti=s.anti_springs, bombs=s.bombs,
             rockets=s.rockets, streak=s.streak, best=s.best_streak, biggest=s.biggest_win)


HISTORY_ITEMS: tuple[Any, ...] = (HistoryButton,)

__all__ = ["HISTORY_ITEMS", "HistoryButton", "HistoryPages", "entry_line",
           "history_embed", "history_page", "stats_line"]

"""Buttons and card selects, restart-proof: every custom id names its table.

``ddz:<table>:<action>[:<arg>][:<seq>]`` are the table message's buttons (join, bid, grab…);
``ddzh:<table>:<action>[:<seq>]`` the hand controls (play selected, hint, pass…);
``ddzs:<table>:<part>`` the card selects; ``ddzr:<table>:<kind>:<main>:<cards>`` the
buttons that choose a wild play's reading. They are :class:`discord.ui.DynamicItem`\\ s
registered in ``setup_hook``, so they work after a restart. Who may press what is decided
in each item's ``interaction_check``, which answers (ephemerally) before refusing.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.engine import Card, Play
from render import hand_order

from .errors import reply, send_error
from .i18n import kind_name, locale_of, t

if TYPE_CHECKING:
    from bot.tables import Table

    from .ddz import Ddz

SELECT_SIZE = 25  # Discord's limit on select options


async def _dispatch(interaction: discord.Interaction, handler: Any, item: Any) -> None:
    """Run a component's handler; any error becomes the one ephemeral error reply
    (discord.py would only log an error raised in a component callback)."""
    try:
        await handler(interaction, item)
    except Exception as error:
        await send_error(interaction, error)


def cog(interaction: discord.Interaction) -> Ddz:
    return interaction.client.get_cog("Ddz")  # type: ignore[attr-defined,return-value]


async def check_seated(interaction: discord.Interaction, channel_id: int, *,
                       turn: bool = False) -> bool:
    """Is the user seated at this table (and, with ``turn``, the seat to act)? Says why not."""
    ddz = cog(interaction)
    locale = locale_of(interaction)
    table = ddz.manager.tables.get(channel_id)
    if table is None:
        await reply(interaction, "❌ " + t(locale, "err.no_table_here"))
        return False
    seat = table.seat_of(interaction.user.id)
    if seat is None:
        await reply(interaction, "❌ " + t(locale, "err.not_at_table"))
        return False
    if turn and (table.game is None or table.game.to_act != seat):
        await reply(interaction, "❌ " + t(locale, "err.not_your_turn"))
        return False
    return True


# ---------------------------------------------------------------------------- table buttons
_TURN_ACTIONS = {"bid", "call", "grab", "show", "double"}


class TableButton(discord.ui.DynamicItem[discord.ui.Button], template=(
        r"ddz:(?P<table>[0-9]+):(?P<action>[a-z]+)(?::(?P<arg>[0-9a-z]+))?(?::(?P<seq>[0-9]+))?")):
    """A button of the public table message."""

    def __init__(self, table_id: int, action: str, arg: str | None = None,
                 seq: int | None = None, *, label: str = "?",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 disabled: bool = False, row: int | None = None,
                 emoji: str | None = None) -> None:
        parts = ["ddz", str(table_id), action]
        if arg is not None:
            parts.append(arg)
        if seq is not None:
            if arg is None:
                parts.append("x")
            parts.append(str(seq))
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=":".join(parts),
                                           disabled=disabled, row=row, emoji=emoji))
        self.table_id, self.action, self.arg, self.seq = table_id, action, arg, seq

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> TableButton:
        arg = match["arg"]
        seq = match["seq"]
        return cls(int(match["table"]), match["action"], None if arg == "x" else arg,
                   int(seq) if seq else None, label=item.label or "?")

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if self.action == "join":
            return True
        return await check_seated(interaction, self.table_id,
                                  turn=self.action in _TURN_ACTIONS)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _dispatch(interaction, cog(interaction).on_table_button, self)


# ---------------------------------------------------------------------------- hand controls
class HandButton(discord.ui.DynamicItem[discord.ui.Button], template=(
        r"ddzh:(?P<table>[0-9]+):(?P<action>[a-z]+)")):
    """Play selected / Hint / Play hint / Pass / Clear, under a hand picture."""

    def __init__(self, table_id: int, action: str, *, label: str = "?",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 row: int | None = None) -> None:
        super().__init__(discord.ui.Button(label=label, style=style, row=row,
                                           custom_id=f"ddzh:{table_id}:{action}"))
        self.table_id, self.action = table_id, action

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> HandButton:
        return cls(int(match["table"]), match["action"], label=item.label or "?")

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return await check_seated(interaction, self.table_id,
                                  turn=self.action in ("play", "playhint", "pass"))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _dispatch(interaction, cog(interaction).on_hand_button, self)


class HandSelect(discord.ui.DynamicItem[discord.ui.Select], template=(
        r"ddzs:(?P<table>[0-9]+):(?P<part>[0-9])")):
    """Choose cards (by their number in the hand picture); a 33-card hand has two."""

    def __init__(self, table_id: int, part: int, options: list[discord.SelectOption] | None
                 = None, placeholder: str | None = None, row: int | None = None) -> None:
        options = options or [discord.SelectOption(label="-", value="0")]
        super().__init__(discord.ui.Select(custom_id=f"ddzs:{table_id}:{part}",
                                           options=options, min_values=0,
                                           max_values=len(options), placeholder=placeholder,
                                           row=row))
        self.table_id, self.part = table_id, part

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str]) -> HandSelect:
        return cls(int(match["table"]), int(match["part"]), list(item.options) or None)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return await check_seated(interaction, self.table_id)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _dispatch(interaction, cog(interaction).on_hand_select, self)


class ReadingButton(discord.ui.DynamicItem[discord.ui.Button], template=(
        r"ddzr:(?P<table>[0-9]+):(?P<kind>[a-z_]+):(?P<main>[0-9TJQKA2BR]):(?P<cards>[0-9TJQKA2BRF]+)")):
    """One reading of an ambiguous wild play."""

    def __init__(self, table_id: int, play: Play, label: str) -> None:
        super().__init__(discord.ui.Button(
            label=label[:80], style=discord.ButtonStyle.primary,
            custom_id=f"ddzr:{table_id}:{play.kind}:{play.main_rank}:{play.cards}"))
        self.table_id, self.kind, self.main, self.cards = (table_id, play.kind, play.main_rank,
                                                           play.cards)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> ReadingButton:
        return cls(int(match["table"]), Play(match["kind"], match["main"], match["cards"]),
                   item.label or "?")

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return await check_seated(interaction, self.table_id, turn=True)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _dispatch(interaction, cog(interaction).on_reading, self)


DYNAMIC_ITEMS = (TableButton, HandButton, HandSelect, ReadingButton)


# ---------------------------------------------------------------------------- building views
def card_label(card: Card, index: int) -> str:
    return f"{index}. {card.label()}"


def hand_view(table_id: int, cards: list[Card], locale: str, *, laizi: str | None = None
              ) -> discord.ui.View:
    """Card select(s) and the play buttons for one hand (numbers match the picture)."""
    view = discord.ui.View(timeout=None)
    ordered = hand_order(cards, laizi=laizi)
    parts = [ordered[i:i + SELECT_SIZE] for i in range(0, len(ordered), SELECT_SIZE)]
    if len(parts) > 1:  # split evenly by rank range (a 33-card hand: 17 + 16)
        half = (len(ordered) + 1) // 2
        parts = [ordered[:half], ordered[half:]]
    start = 0
    for part_no, part in enumerate(parts):
        options = [discord.SelectOption(label=card_label(c, start + i + 1),
                                        value=str(start + i)) for i, c in enumerate(part)]
        placeholder = t(locale, "hand.select", lo=start + 1, hi=start + len(part))
        view.add_item(HandSelect(table_id, part_no, options, placeholder, row=part_no))
        start += len(part)
    row = len(parts)
    view.add_item(HandButton(table_id, "play", label=t(locale, "btn.play"),
                             style=discord.ButtonStyle.success, row=row))
    view.add_item(HandButton(table_id, "pass", label=t(locale, "btn.pass"), row=row))
    view.add_item(HandButton(table_id, "hint", label=t(locale, "btn.hint"), row=row))
    view.add_item(HandButton(table_id, "playhint", label=t(locale, "btn.playhint"),
                             style=discord.ButtonStyle.primary, row=row))
    view.add_item(HandButton(table_id, "clear", label=t(locale, "btn.clear"), row=row))
    return view


def reading_view(table_id: int, options: tuple[Play, ...], locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for play in options[:20]:
        name = kind_name(locale, play.kind)
        view.add_item(ReadingButton(table_id, play, f"{name} {play.main_rank} ({play.resolved})"))
    return view


def table_view(table: Table, locale: str) -> discord.ui.View:
    """The buttons of the public table message for the table's state now."""
    view = discord.ui.View(timeout=None)
    cid = table.channel_id
    game = table.game
    green, grey, blue = (discord.ButtonStyle.success, discord.ButtonStyle.secondary,
                         discord.ButtonStyle.primary)
    if table.status != "playing" or game is None or game.is_over:
        free = not table.is_full
        view.add_item(TableButton(cid, "join", label=t(locale, "btn.join"), style=green,
                                  disabled=not free))
        view.add_item(TableButton(cid, "addai", label=t(locale, "btn.addai"), style=grey,
                                  disabled=not free))
        action = "next" if table.status == "between" else "start"
        view.add_item(TableButton(cid, action, label=t(locale, f"btn.{action}"), style=blue,
                                  disabled=free))
        view.add_item(TableButton(cid, "leave", label=t(locale, "btn.leave"),
                                  style=discord.ButtonStyle.danger))
        return view
    seq = table.seq
    phase = game.phase
    if phase == "bid":
        view.add_item(TableButton(cid, "bid", "0", seq, label=t(locale, "btn.bid0"), row=0))
        for points in (1, 2, 3):
            view.add_item(TableButton(cid, "bid", str(points), seq, style=blue, row=0,
                                      label=t(locale, "btn.bid", n=points),
                                      disabled=points <= game.high_bid))
    elif phase in ("call", "grab", "double") or phase.startswith("show"):
        word = "show" if phase.startswith("show") else phase
        yes_label = t(locale, f"btn.{word}", n=game.show_factor)
        view.add_item(TableButton(cid, word, "y", seq, label=yes_label, style=blue, row=0))
        view.add_item(TableButton(cid, word, "n", seq, label=t(locale, f"btn.no{word}"),
                                  row=0))
    view.add_item(TableButton(cid, "hand", label=t(locale, "btn.hand"), style=green, row=1,
                              emoji="🂠"))
    if any(s is not None and s.trustee for s in table.seats):
        view.add_item(TableButton(cid, "resume", label=t(locale, "btn.resume"), row=1))
    view.add_item(TableButton(cid, "leave", label=t(locale, "btn.leave"),
                              style=discord.ButtonStyle.danger, row=1))
    return view


def selected_cards(cards: list[Card], indices: list[int], laizi: str | None = None) -> str:
    """The notation of the selected cards (indices into the picture's order)."""
    ordered = hand_order(cards, laizi=laizi)
    return "".join(ordered[i].char for i in sorted(set(indices)) if 0 <= i < len(ordered))


__all__: list[Any] = ["DYNAMIC_ITEMS", "HandButton", "HandSelect", "ReadingButton",
                      "TableButton", "hand_view", "reading_view", "selected_cards",
                      "table_view"]

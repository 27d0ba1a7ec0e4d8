"""Buttons and card selects, restart-proof: every custom id names its table.

``ddz:<table>:<action>[:<arg>][:<seq>]`` are the table message's buttons (join, bid, grab…);
``ddzh:<table>:<action>`` the hand controls (play selected, hint, pass…);
``ddzs:<table>:<part>`` the card selects; ``ddzr:<table>:<kind>:<main>:<cards>`` the
buttons that choose a wild play's reading. They are :class:`discord.ui.DynamicItem`\\ s
registered in ``setup_hook``, so they work after a restart.

Each item carries its own behaviour (discord.py's ``examples/views/persistent.py``): a
button's action names an entry of :data:`TABLE_CONTROLS` or :data:`HAND_CONTROLS`, which
says who may press it and which function runs (each calls its manager method by name, so
a renamed method fails type checking, not a click). To add a button: write its function,
add it to the map, and put the button on a view below. The items' templates accept only
the actions in the maps. Who may press what is decided in each item's
``interaction_check``, which answers (ephemerally) before refusing.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Literal, Protocol, TypeVar, cast

import discord

from bot.engine import Card, Pass, Play, PlayCards
from bot.tables import TableError
from render import hand_order

from .errors import reply, send_error
from .i18n import kind_name, locale_of, t

if TYPE_CHECKING:
    from bot.tables import Table, TableManager

SELECT_SIZE = 25  # Discord's limit on select options
Selection = tuple[str, dict[int, list[int]]]  # (the hand the numbers refer to, part -> numbers)


class Hands(Protocol):
    """What the controls need from the presenter: the languages it knows, the hand
    messages it keeps up to date, and each player's card selection."""

    default_locale: str
    user_locale: dict[int, str]
    hand_orders: dict[int, str]
    dm_messages: dict[tuple[int, int], discord.Message]
    selection: dict[tuple[int, int], Selection]

    async def hand_payload(self, table: Table, seat: int, locale: str
                           ) -> tuple[discord.File, discord.ui.View, str]: ...


class DdzClient(Protocol):
    """What a click reaches through ``interaction.client`` (the bot, or the cog)."""

    @property
    def manager(self) -> TableManager: ...

    @property
    def presenter(self) -> Hands: ...


def client_of(interaction: discord.Interaction) -> DdzClient:
    return cast(DdzClient, interaction.client)


def remember(client: DdzClient, interaction: discord.Interaction) -> str:
    """The user's language (kept: their hand DMs use it too)."""
    locale = locale_of(interaction, client.presenter.default_locale)
    client.presenter.user_locale[interaction.user.id] = locale
    return locale


async def check_seated(interaction: discord.Interaction, channel_id: int, *,
                       turn: bool = False) -> bool:
    """Is the user seated at this table (and, with ``turn``, the seat to act)? Says why not."""
    locale = locale_of(interaction)
    table = client_of(interaction).manager.tables.get(channel_id)
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


# ---------------------------------------------------------------------------- shared answers
async def send_hand(client: DdzClient, interaction: discord.Interaction, table: Table,
                    locale: str) -> None:
    """The player's hand with its controls, ephemerally (``/ddz hand``, "My hand")."""
    seat = table.seat_of(interaction.user.id)
    if seat is None or table.game is None or table.status != "playing":
        await reply(interaction, t(locale, "hand.none"))
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    file, view, variant = await client.presenter.hand_payload(table, seat, locale)
    await interaction.followup.send(variant, file=file, view=view, ephemeral=True)


async def hint_text(manager: TableManager, table: Table, user_id: int, locale: str) -> str:
    action = await manager.hint(table.channel_id, user_id)
    if isinstance(action, PlayCards):
        return t(locale, "hint.text", cards=action.cards)
    if isinstance(action, Pass):
        return t(locale, "hint.pass")
    return t(locale, "hint.none") if action is None else t(locale, "hint.text",
                                                            cards=action.type)


async def ask_reading(interaction: discord.Interaction, table_id: int, locale: str,
                      options: tuple[Play, ...]) -> None:
    """A wild play that reads several ways: nothing is played until one is chosen."""
    await reply(interaction, t(locale, "reading.ask", cards=options[0].cards),
                view=reading_view(table_id, options, locale))


# ---------------------------------------------------------------------------- controls
ItemT = TypeVar("ItemT")


@dataclass(frozen=True)
class Press:
    """One click: the bot's collaborators, the interaction and the clicker's language."""

    client: DdzClient
    interaction: discord.Interaction
    locale: str

    @property
    def manager(self) -> TableManager:
        return self.client.manager

    @property
    def user(self) -> int:
        return self.interaction.user.id


@dataclass(frozen=True)
class Control(Generic[ItemT]):
    """What a button does and who may press it: ``anyone``, a ``seated`` player, or only
    the seat whose ``turn`` it is."""

    run: Callable[[Press, ItemT], Awaitable[None]]
    who: Literal["anyone", "seated", "turn"] = "seated"


async def _join(p: Press, item: TableButton) -> None:
    seat = await p.manager.join(item.table_id, p.user, p.interaction.user.display_name)
    await reply(p.interaction, t(p.locale, "ok.joined", seat=seat + 1))


async def _leave(p: Press, item: TableButton) -> None:
    how = await p.manager.leave(item.table_id, p.user)
    await reply(p.interaction, t(p.locale, "ok.escaped" if how == "escaped" else "ok.left"))


async def _add_ai(p: Press, item: TableButton) -> None:
    await p.manager.add_ai(item.table_id, p.user)
    await reply(p.interaction, t(p.locale, "ok.ai"))


async def _start(p: Press, item: TableButton) -> None:
    await p.manager.start(item.table_id, p.user)
    await reply(p.interaction, t(p.locale, "ok.started"))


async def _resume(p: Press, item: TableButton) -> None:
    await p.manager.resume(item.table_id, p.user)
    await reply(p.interaction, t(p.locale, "ok.resumed"))


async def _my_hand(p: Press, item: TableButton) -> None:
    await send_hand(p.client, p.interaction, p.manager.table(item.table_id), p.locale)


async def _bid(p: Press, item: TableButton) -> None:
    await p.manager.bid(item.table_id, p.user, int(item.arg or 0), seq=item.seq)
    await p.interaction.response.defer()


async def _call(p: Press, item: TableButton) -> None:
    await p.manager.call(item.table_id, p.user, item.arg == "y", seq=item.seq)
    await p.interaction.response.defer()


async def _grab(p: Press, item: TableButton) -> None:
    await p.manager.grab(item.table_id, p.user, item.arg == "y", seq=item.seq)
    await p.interaction.response.defer()


async def _show(p: Press, item: TableButton) -> None:
    await p.manager.show(item.table_id, p.user, item.arg == "y", seq=item.seq)
    await p.interaction.response.defer()


async def _double(p: Press, item: TableButton) -> None:
    await p.manager.double(item.table_id, p.user, item.arg == "y", seq=item.seq)
    await p.interaction.response.defer()


TABLE_CONTROLS: dict[str, Control[TableButton]] = {
    "join": Control(_join, "anyone"), "leave": Control(_leave), "addai": Control(_add_ai),
    "start": Control(_start), "next": Control(_start), "resume": Control(_resume),
    "hand": Control(_my_hand), "bid": Control(_bid, "turn"), "call": Control(_call, "turn"),
    "grab": Control(_grab, "turn"), "show": Control(_show, "turn"),
    "double": Control(_double, "turn"),
}


def _chosen(p: Press, item: HandButton, hand: str) -> list[int]:
    """The card numbers selected for ``hand`` (none when the hand changed since)."""
    entry = p.client.presenter.selection.get((item.table_id, p.user))
    if entry is None or entry[0] != hand:
        return []
    return [i for part in entry[1].values() for i in part]


async def _refresh_hand(p: Press, item: HandButton, *, deferred: bool) -> None:
    """Show the hand as it is now on the message the button belongs to."""
    table = p.manager.table(item.table_id)
    seat = table.seat_of(p.user)
    interaction = p.interaction
    if seat is None or table.game is None or table.status != "playing":
        if not deferred:
            await interaction.response.defer()
        return
    tracked = p.client.presenter.dm_messages.get((table.channel_id, p.user))
    if deferred and interaction.message is not None and tracked is not None and \
            tracked.id == interaction.message.id:
        return  # the presenter updates the DM itself
    file, view, variant = await p.client.presenter.hand_payload(table, seat, p.locale)
    if deferred:
        await interaction.edit_original_response(content=variant, attachments=[file],
                                                 view=view)
    else:
        await interaction.response.edit_message(content=variant, attachments=[file],
                                                view=view)


async def _play_selected(p: Press, item: HandButton) -> None:
    table = p.manager.table(item.table_id)
    seat = table.seat_of(p.user)
    assert seat is not None and table.game is not None
    await p.interaction.response.defer()
    chosen = _chosen(p, item, table.game.hand_text(seat))
    cards = selected_cards(table.game.hand(seat), chosen, table.game.laizi,
                           selection_order(p.client.presenter, p.user))
    if not cards:
        raise TableError("select cards first", code="no_selection")
    status, options = await p.manager.play(item.table_id, p.user, cards)
    if status == "reading":
        await ask_reading(p.interaction, item.table_id, p.locale, options)
        return
    await _played(p, item)


async def _played(p: Press, item: HandButton) -> None:
    p.client.presenter.selection.pop((item.table_id, p.user), None)
    await _refresh_hand(p, item, deferred=True)


async def _pass(p: Press, item: HandButton) -> None:
    await p.interaction.response.defer()
    await p.manager.pass_turn(item.table_id, p.user)
    await _played(p, item)


async def _play_hint(p: Press, item: HandButton) -> None:
    await p.interaction.response.defer()
    hint = await p.manager.hint(item.table_id, p.user)
    if isinstance(hint, PlayCards):
        await p.manager.play(item.table_id, p.user, hint.cards, kind=hint.kind, main=hint.main)
    else:
        await p.manager.pass_turn(item.table_id, p.user)
    await _played(p, item)


async def _hint(p: Press, item: HandButton) -> None:
    await p.interaction.response.defer(ephemeral=True, thinking=True)
    table = p.manager.table(item.table_id)
    await reply(p.interaction, await hint_text(p.manager, table, p.user, p.locale))


async def _clear(p: Press, item: HandButton) -> None:
    p.client.presenter.selection.pop((item.table_id, p.user), None)
    await _refresh_hand(p, item, deferred=False)


HAND_CONTROLS: dict[str, Control[HandButton]] = {
    "play": Control(_play_selected, "turn"), "pass": Control(_pass, "turn"),
    "hint": Control(_hint), "playhint": Control(_play_hint, "turn"), "clear": Control(_clear),
}


async def _run(interaction: discord.Interaction, behaviour: Callable[[Press], Awaitable[None]]
               ) -> None:
    """Run a component's behaviour; any error becomes the one ephemeral error reply
    (discord.py would only log an error raised in a component callback)."""
    client = client_of(interaction)
    try:
        await behaviour(Press(client, interaction, remember(client, interaction)))
    except Exception as error:
        await send_error(interaction, error)


async def _check(interaction: discord.Interaction, control: Control[Any], table_id: int
                 ) -> bool:
    if control.who == "anyone":
        return True
    return await check_seated(interaction, table_id, turn=control.who == "turn")


def _actions(controls: dict[str, Any]) -> str:
    return "|".join(sorted(controls, key=len, reverse=True))


# ---------------------------------------------------------------------------- the items
class TableButton(discord.ui.DynamicItem[discord.ui.Button], template=(
        rf"ddz:(?P<table>[0-9]+):(?P<action>{_actions(TABLE_CONTROLS)})"
        r"(?::(?P<arg>[0-9a-z]+))?(?::(?P<seq>[0-9]+))?")):
    """A button of the public table message."""

    def __init__(self, table_id: int, action: str, arg: str | None = None,
                 seq: int | None = None, *, label: str = "?",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 disabled: bool = False, row: int | None = None,
                 emoji: str | None = None) -> None:
        self.control = TABLE_CONTROLS[action]
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
        return await _check(interaction, self.control, self.table_id)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _run(interaction, lambda p: self.control.run(p, self))


class HandButton(discord.ui.DynamicItem[discord.ui.Button], template=(
        rf"ddzh:(?P<table>[0-9]+):(?P<action>{_actions(HAND_CONTROLS)})")):
    """Play selected / Hint / Play hint / Pass / Clear, under a hand picture."""

    def __init__(self, table_id: int, action: str, *, label: str = "?",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 row: int | None = None) -> None:
        self.control = HAND_CONTROLS[action]
        super().__init__(discord.ui.Button(label=label, style=style, row=row,
                                           custom_id=f"ddzh:{table_id}:{action}"))
        self.table_id, self.action = table_id, action

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> HandButton:
        return cls(int(match["table"]), match["action"], label=item.label or "?")

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return await _check(interaction, self.control, self.table_id)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _run(interaction, lambda p: self.control.run(p, self))


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
        await _run(interaction, self.select)

    async def select(self, p: Press) -> None:
        """Remember the chosen card numbers and say which cards they are."""
        interaction = p.interaction
        values = [int(v) for v in interaction.data.get("values", [])]  # type: ignore[union-attr]
        table = p.manager.tables.get(self.table_id)
        seat = table.seat_of(p.user) if table is not None else None
        if table is None or table.game is None or seat is None:
            await interaction.response.edit_message(content=None)
            return
        hand = table.game.hand_text(seat)
        key = (self.table_id, p.user)
        selection = p.client.presenter.selection
        if key not in selection or selection[key][0] != hand:
            selection[key] = (hand, {})  # a new hand: the old numbers mean other cards
        selection[key][1][self.part] = values
        chosen = [i for part in selection[key][1].values() for i in part]
        cards = selected_cards(table.game.hand(seat), chosen, table.game.laizi,
                               selection_order(p.client.presenter, p.user))
        await interaction.response.edit_message(
            content=t(p.locale, "hand.selected", cards=" ".join(cards) or "—"))


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
        await _run(interaction, self.choose)

    async def choose(self, p: Press) -> None:
        """Play the cards as this reading."""
        await p.manager.play(self.table_id, p.user, self.cards, kind=self.kind, main=self.main)
        await reply(p.interaction, "✅ " + t(p.locale, "ok.played", cards=self.cards))


DYNAMIC_ITEMS = (TableButton, HandButton, HandSelect, ReadingButton)


# ---------------------------------------------------------------------------- building views
def card_label(card: Card, index: int) -> str:
    return f"{index}. {card.label()}"


def selection_order(hands: Hands, user_id: int) -> str:
    """The order ``user_id``'s hand picture is in (so card numbers mean the same cards)."""
    return hands.hand_orders.get(user_id, "desc")


def hand_view(table_id: int, cards: list[Card], locale: str, *, laizi: str | None = None,
              order: str = "desc") -> discord.ui.View:
    """Card select(s) and the play buttons for one hand (numbers match the picture)."""
    view = discord.ui.View(timeout=None)
    ordered = hand_order(cards, laizi=laizi, order=order)
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


def selected_cards(cards: list[Card], indices: list[int], laizi: str | None = None,
                   order: str = "desc") -> str:
    """The notation of the selected cards (indices into the picture's ``order``)."""
    ordered = hand_order(cards, laizi=laizi, order=order)
    return "".join(ordered[i].char for i in sorted(set(indices)) if 0 <= i < len(ordered))


__all__ = ["DYNAMIC_ITEMS", "HAND_CONTROLS", "TABLE_CONTROLS", "Control", "DdzClient",
           "HandButton", "HandSelect", "Press", "ReadingButton", "TableButton", "ask_reading",
           "hand_view", "hint_text", "reading_view", "selected_cards", "send_hand",
           "table_view"]

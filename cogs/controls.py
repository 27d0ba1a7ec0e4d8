"""The bot's buttons and what each does, restart-proof: every custom id names its table.

``ddz:<table>:<action>[:<arg>][:<seq>]`` are the table message's buttons (:class:`TableButton`:
join, bid, grab…), ``ddzh:<table>:<action>`` the hand controls (:class:`HandButton`: play
selected, hint, pass…), ``ddzr:<table>:<kind>:<main>:<cards>`` the buttons that choose a wild
play's reading (:class:`ReadingButton`). They are :class:`discord.ui.DynamicItem`\\ s
registered in ``setup_hook`` (with the card selects of :mod:`cogs.views`), so they work after
a restart.

Each item carries its own behaviour (discord.py's ``examples/views/persistent.py``): a
button's action names an entry of :data:`TABLE_CONTROLS` or :data:`HAND_CONTROLS`, which
says who may press it (``anyone``, a ``seated`` player, or the seat whose ``turn`` it is)
and which function runs; each calls its manager method by name, so a renamed method fails
type checking, not a click. The items' templates accept only the actions in the maps, and
each item's ``interaction_check`` answers (ephemerally) before refusing. To add a button:
write its function here, add it to the map, and put the button on a view in
:mod:`cogs.views`. The buttons live here, next to their maps, because some controls answer
with buttons of their own (leaving asks to confirm, a wild play asks for its reading): one
module, so no import circle. Also here: the answers a slash command and a button share (the
hand, the hint, a reading to choose, leaving with a confirmation).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Literal, Protocol, TypeVar, cast

import discord

from bot.engine import Play, PlayCards
from bot.engine.errors import CodedError
from bot.tables import PlayStatus, TableError, TableStatus
from bot.words.cards import cards_text, hint_words, play_phrase, play_text
from bot.words.catalogue import t
from bot.words.leaving import leave_text
from bot.words.names import kind_name
from bot.words.reasons import reason_line
from render import hand_order

from .ephemeral import EphemeralHands
from .errors import reply, send_error
from .i18n import locale_of
from .markdown import safe_seat
from .names import shown_name

if TYPE_CHECKING:
    from bot.engine import Card, SeatView
    from bot.tables import TableManager, TableSnapshot

    from .preferences import Preferences
    from .selection import Selection
    from .table_state import TableState, TableStates


class Hands(Protocol):
    """What the controls need from the presenter: the languages it knows, the hand
    messages it keeps up to date, each player's card selection and hint shown."""

    default_locale: str
    preferences: Preferences
    ephemeral: EphemeralHands
    tables: TableStates  # each table's state: the hint last shown to each player

    def hand_dm(self, channel_id: int, user_id: int) -> discord.Message | None: ...

    def selection(self, channel_id: int, user_id: int, hand: str) -> Selection: ...

    def clear_selection(self, channel_id: int, user_id: int) -> None: ...

    async def hand_payload(self, table: TableSnapshot, seat: int, hand: Sequence[Card],
                           locale: str, stage: Callable[[str], None] = ..., *,
                           own_view: bool = ...
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
    client.presenter.preferences.note_locale(interaction.user.id, locale)
    return locale


async def check_seated(interaction: discord.Interaction, channel_id: int, *,
                       turn: bool = False) -> bool:
    """Is the user seated at this table (and, with ``turn``, the seat to act)? Says why not,
    in the same words as a slash command's refusal."""
    try:
        client_of(interaction).manager.check_seated(channel_id, interaction.user.id, turn=turn)
    except CodedError as refusal:  # no_table, not_seated, no_game, not_your_turn
        await send_error(interaction, refusal)
        return False
    return True


def playing_view(manager: TableManager, channel_id: int,
                 user_id: int) -> tuple[TableSnapshot, SeatView] | None:
    """The table and what the user's seat may know of the deal being played there (its
    cards with it); None when the user is not seated or no deal is being played. Raises
    no_table."""
    table = manager.snapshot(channel_id)
    if table.seat_of(user_id) is None or table.game is None or \
            table.status != TableStatus.PLAYING:
        return None
    return manager.seat_view(channel_id, user_id)


# ---------------------------------------------------------------------------- shared answers
async def send_hand(client: DdzClient, interaction: discord.Interaction, channel_id: int,
                    locale: str) -> None:
    """The player's hand with its controls, ephemerally (``/ddz hand``, "My hand")."""
    playing = playing_view(client.manager, channel_id, interaction.user.id)
    if playing is None:
        await reply(interaction, t(locale, "hand.none"))
        return
    table, seat_view = playing
    assert seat_view.seat is not None
    await interaction.response.defer(ephemeral=True, thinking=True)
    file, view, variant = await client.presenter.hand_payload(
        table, seat_view.seat, seat_view.cards, locale, own_view=True)
    message = await interaction.followup.send(variant, file=file, view=view, ephemeral=True,
                                              wait=True)
    # the presenter keeps it up to date while the interaction's token lives
    client.presenter.ephemeral.keep((table.channel_id, interaction.user.id), interaction,
                                    message.id, locale)


async def hint_text(manager: TableManager, channel_id: int, user_id: int, locale: str,
                    state: TableState | None = None) -> str:
    """The AI's advice in words (``Hint: don't call``, ``Hint: QQQ + 3 — trio with …``),
    with its reason; pressed again at the same turn, its next suggestion (``2/4``)."""
    hints = await manager.suggestions(channel_id, user_id)  # worked out once a turn
    if not hints:
        return no_hint_text(manager.snapshot(channel_id), user_id, locale)
    table = manager.snapshot(channel_id)
    index = state.hints.step(user_id, table.seq, len(hints)) if state is not None else 0
    hint = hints[index]
    words = hint_words(hint.action, locale, manager.seat_view(channel_id, user_id)[1],
                       play=hint.play)  # its reading resolved with the list
    if len(hints) > 1:
        words += f" ({index + 1}/{len(hints)})"
    return words + reason_line(locale, hint.reason, hint.play)


def no_hint_text(table: TableSnapshot, user_id: int, locale: str) -> str:
    """Why there is no hint: whose turn it is (``No hint now: it is Ada's turn.``), or
    just none when no one's turn is being played."""
    game = table.game
    seat = game.to_act if game is not None and not game.is_over else None
    entry = table.seats[seat] if seat is not None else None
    if entry is None or entry.user_id == user_id:
        return t(locale, "hint.none")
    return t(locale, "hint.none.turn", name=safe_seat(entry, locale))


async def ask_reading(interaction: discord.Interaction, table_id: int, locale: str,
                      options: tuple[Play, ...]) -> None:
    """A wild play that reads several ways: nothing is played until one is chosen."""
    await reply(interaction, t(locale, "reading.ask", cards=cards_text(locale, options[0].cards)),
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
    seat = await p.manager.join(item.table_id, p.user, shown_name(p.interaction.user))
    await reply(p.interaction, t(p.locale, "ok.joined", seat=seat + 1))


async def ask_leave(manager: TableManager, interaction: discord.Interaction,
                    channel_id: int, locale: str) -> None:
    """Leave at once when it is free (between deals); otherwise say what leaving means
    (an escape and its cost, or a tournament seat stepping away) and ask first."""
    leaving = manager.leaving(channel_id, interaction.user.id)
    if not leaving.asks:
        how = await manager.leave(channel_id, interaction.user.id)
        await reply(interaction, t(locale, f"ok.{how}"))
        return
    table = manager.snapshot(channel_id)
    text = leave_text(locale, leaving.kind, leaving.cost)
    view = discord.ui.View(timeout=None)
    view.add_item(TableButton(table.channel_id, "leaveok", label=t(locale, "btn.leaveok"),
                              style=discord.ButtonStyle.danger))
    view.add_item(TableButton(table.channel_id, "stay", label=t(locale, "btn.stay"),
                              style=discord.ButtonStyle.success))
    await reply(interaction, text, view=view)


async def _leave(p: Press, item: TableButton) -> None:
    await ask_leave(p.manager, p.interaction, item.table_id, p.locale)


async def _leave_confirmed(p: Press, item: TableButton) -> None:
    # answered first: an escape waits for the table's lock, which an AI thinking at the
    # table holds (as _trustee); the question then says what happened
    await p.interaction.response.defer()
    how = await p.manager.leave(item.table_id, p.user)
    await p.interaction.edit_original_response(content=t(p.locale, f"ok.{how}"), view=None)


async def _stay(p: Press, item: TableButton) -> None:
    await p.interaction.response.edit_message(content=t(p.locale, "ok.stay"), view=None)


async def updated_then_told(p: Press, act: Callable[[], Awaitable[object]],
                            words: str) -> None:
    """Answer a click on the table message by updating it, at once (a deferred update:
    the presenter's edit shows what changed, and the click's token may make the next
    edits, outside Discord's global rate limit: cogs.edits); then ``act`` (a refusal is
    said privately as a follow-up) and tell the clicker privately."""
    await p.interaction.response.defer()
    await act()
    await reply(p.interaction, words)


async def _add_ai(p: Press, item: TableButton) -> None:
    await updated_then_told(p, lambda: p.manager.add_ai(item.table_id, p.user),
                            t(p.locale, "ok.ai"))


async def _start(p: Press, item: TableButton) -> None:
    await updated_then_told(p, lambda: p.manager.start(item.table_id, p.user),
                            t(p.locale, "ok.started"))


async def _resume(p: Press, item: TableButton) -> None:
    await updated_then_told(p, lambda: p.manager.resume(item.table_id, p.user),
                            t(p.locale, "ok.resumed"))


async def _my_hand(p: Press, item: TableButton) -> None:
    await send_hand(p.client, p.interaction, item.table_id, p.locale)


async def _bid(p: Press, item: TableButton) -> None:
    await p.interaction.response.defer()  # at once: storing the bid may wait under load
    await p.manager.bid(item.table_id, p.user, int(item.arg or 0), seq=item.seq)


def _yes_no(decide: Callable[[TableManager], Callable[..., Awaitable[object]]]
            ) -> Callable[[Press, TableButton], Awaitable[None]]:
    """A yes/no button (call, grab, show, double): the manager call that ``decide`` names,
    with the button's answer and the turn it was drawn for."""
    async def run(p: Press, item: TableButton) -> None:
        await p.interaction.response.defer()  # at once, as a bid
        await decide(p.manager)(item.table_id, p.user, item.arg == "y", seq=item.seq)
    return run


_call = _yes_no(lambda m: m.call)
_grab = _yes_no(lambda m: m.grab)
_show = _yes_no(lambda m: m.show)
_double = _yes_no(lambda m: m.double)


TABLE_CONTROLS: dict[str, Control[TableButton]] = {
    "join": Control(_join, "anyone"), "leave": Control(_leave), "addai": Control(_add_ai),
    "leaveok": Control(_leave_confirmed), "stay": Control(_stay),
    "start": Control(_start), "next": Control(_start), "resume": Control(_resume),
    "hand": Control(_my_hand), "bid": Control(_bid, "turn"), "call": Control(_call, "turn"),
    "grab": Control(_grab, "turn"), "show": Control(_show, "turn"),
    "double": Control(_double, "turn"),
}


def _chosen(p: Press, item: HandButton, hand: str) -> list[int]:
    """The card numbers selected for ``hand`` (none when the hand changed since)."""
    return p.client.presenter.selection(item.table_id, p.user, hand).chosen()


async def _refresh_hand(p: Press, item: HandButton, *, deferred: bool) -> None:
    """Show the hand as it is now on the message the button belongs to."""
    playing = playing_view(p.manager, item.table_id, p.user)
    interaction = p.interaction
    if playing is None:
        if not deferred:
            await interaction.response.defer()
        return
    table, seat_view = playing
    assert seat_view.seat is not None
    key = (table.channel_id, p.user)
    tracked = p.client.presenter.hand_dm(*key)
    if deferred and interaction.message is not None and tracked is not None and \
            tracked.id == interaction.message.id:
        return  # the presenter updates the DM itself
    shown = p.client.presenter.ephemeral
    if deferred and shown.is_shown(key, interaction.message):
        assert interaction.message is not None
        # the presenter updates it, now through this click's fresh token
        shown.keep(key, interaction, interaction.message.id, p.locale)
        return
    file, view, variant = await p.client.presenter.hand_payload(
        table, seat_view.seat, seat_view.cards, p.locale, own_view=True)
    if deferred:
        await interaction.edit_original_response(content=variant, attachments=[file],
                                                 view=view)
    else:
        await interaction.response.edit_message(content=variant, attachments=[file],
                                                view=view)


async def _play_selected(p: Press, item: HandButton) -> None:
    _, view = p.manager.seat_view(item.table_id, p.user)
    await p.interaction.response.defer()
    chosen = _chosen(p, item, view.hand)
    cards = selected_cards(list(view.cards), chosen, view.laizi,
                           selection_order(p.client.presenter, p.user))
    if not cards:
        raise TableError("select cards first", code="no_selection")
    status, options = await p.manager.play(item.table_id, p.user, cards)
    if status == PlayStatus.READING:
        await ask_reading(p.interaction, item.table_id, p.locale, options)
        return
    await _played(p, item)


async def _played(p: Press, item: HandButton) -> None:
    p.client.presenter.clear_selection(item.table_id, p.user)
    await _refresh_hand(p, item, deferred=True)


async def _pass(p: Press, item: HandButton) -> None:
    await p.interaction.response.defer()
    await p.manager.pass_turn(item.table_id, p.user)
    await _played(p, item)


async def _play_hint(p: Press, item: HandButton) -> None:
    """Plays the suggestion last shown (the AI's own when none was)."""
    await p.interaction.response.defer()
    hint = await p.manager.hint(item.table_id, p.user)  # the first suggestion (the AI's)
    state = p.client.presenter.tables.get(item.table_id)
    shown = state.hints.shown(p.user, p.manager.snapshot(item.table_id).seq) if state else 0
    if shown > 0:  # 提示 stepped past the first: the list (the AI's hint is not run again)
        hints = await p.manager.hints(item.table_id, p.user)
        hint = hints[shown] if shown < len(hints) else (hints[0] if hints else None)
    if isinstance(hint, PlayCards):
        await p.manager.play(item.table_id, p.user, hint.cards, kind=hint.kind, main=hint.main)
    else:
        await p.manager.pass_turn(item.table_id, p.user)
    await _played(p, item)


async def _hint(p: Press, item: HandButton) -> None:
    await p.interaction.response.defer(ephemeral=True, thinking=True)
    await reply(p.interaction, await hint_text(p.manager, item.table_id, p.user, p.locale,
                                               p.client.presenter.tables.get(item.table_id)))


async def _clear(p: Press, item: HandButton) -> None:
    p.client.presenter.clear_selection(item.table_id, p.user)
    await _refresh_hand(p, item, deferred=False)


async def _trustee(p: Press, item: HandButton) -> None:
    # answered first: the table's lock may be held by an AI thinking at that table, and
    # under load its queue can pass Discord's 3 s (issue 37's bench: resume p99 3.7 s)
    await p.interaction.response.defer()
    await p.manager.trustee(item.table_id, p.user)
    await reply(p.interaction, t(p.locale, "ok.trustee"))


async def _hand_resume(p: Press, item: HandButton) -> None:
    await p.interaction.response.defer()  # as _trustee: the lock may wait for the AI
    await p.manager.resume(item.table_id, p.user)
    await reply(p.interaction, t(p.locale, "ok.resumed"))


HAND_CONTROLS: dict[str, Control[HandButton]] = {
    "play": Control(_play_selected, "turn"), "pass": Control(_pass, "turn"),
    "hint": Control(_hint), "playhint": Control(_play_hint, "turn"), "clear": Control(_clear),
    "trustee": Control(_trustee), "resume": Control(_hand_resume),
}


async def run_control(interaction: discord.Interaction,
                      behaviour: Callable[[Press], Awaitable[None]]) -> None:
    """Run a component's behaviour; any error becomes the one ephemeral error reply
    (discord.py would only log an error raised in a component callback)."""
    client = client_of(interaction)
    try:
        await behaviour(Press(client, interaction, remember(client, interaction)))
    except Exception as error:
        await send_error(interaction, error)


async def check_control(interaction: discord.Interaction, control: Control[Any],
                        table_id: int) -> bool:
    if control.who == "anyone":
        return True
    return await check_seated(interaction, table_id, turn=control.who == "turn")


def actions_pattern(controls: dict[str, Any]) -> str:
    return "|".join(sorted(controls, key=len, reverse=True))


# ---------------------------------------------------------------------------- the buttons
def label_of(item: discord.ui.Item[Any]) -> str:
    """The label of the button a click rebuilds a dynamic item from ("?" if none)."""
    return item.label or "?" if isinstance(item, discord.ui.Button) else "?"


class TableButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=(
        rf"ddz:(?P<table>[0-9]+):(?P<action>{actions_pattern(TABLE_CONTROLS)})"
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
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> TableButton:
        arg = match["arg"]
        seq = match["seq"]
        return cls(int(match["table"]), match["action"], None if arg == "x" else arg,
                   int(seq) if seq else None, label=label_of(item))

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return await check_control(interaction, self.control, self.table_id)

    async def callback(self, interaction: discord.Interaction) -> None:
        await run_control(interaction, lambda p: self.control.run(p, self))


class HandButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=(
        rf"ddzh:(?P<table>[0-9]+):(?P<action>{actions_pattern(HAND_CONTROLS)})")):
    """Play selected / Hint / Play hint / Pass / Clear, under a hand picture."""

    def __init__(self, table_id: int, action: str, *, label: str = "?",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 row: int | None = None, disabled: bool = False) -> None:
        self.control = HAND_CONTROLS[action]
        super().__init__(discord.ui.Button(label=label, style=style, row=row,
                                           disabled=disabled,
                                           custom_id=f"ddzh:{table_id}:{action}"))
        self.table_id, self.action = table_id, action

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> HandButton:
        return cls(int(match["table"]), match["action"], label=label_of(item))

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return await check_control(interaction, self.control, self.table_id)

    async def callback(self, interaction: discord.Interaction) -> None:
        await run_control(interaction, lambda p: self.control.run(p, self))


class ReadingButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=(
        r"ddzr:(?P<table>[0-9]+):(?P<kind>[a-z_]+):(?P<main>[0-9TJQKA2BR]):(?P<cards>[0-9TJQKA2BRF]+)")):
    """One reading of an ambiguous wild play."""

    def __init__(self, table_id: int, play: Play, label: str) -> None:
        super().__init__(discord.ui.Button(
            label=label[:80], style=discord.ButtonStyle.primary,
            custom_id=f"ddzr:{table_id}:{play.kind}:{play.main_rank}:{play.cards}"))
        self.table_id, self.kind, self.main, self.cards = (table_id, play.kind, play.main_rank,
                                                           play.cards)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ReadingButton:
        return cls(int(match["table"]), Play(match["kind"], match["main"], match["cards"]),
                   label_of(item))

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return await check_seated(interaction, self.table_id, turn=True)

    async def callback(self, interaction: discord.Interaction) -> None:
        await run_control(interaction, self.choose)

    async def choose(self, p: Press) -> None:
        """Play the cards as this reading."""
        _, played = await p.manager.play(self.table_id, p.user, self.cards, kind=self.kind,
                                         main=self.main)
        await reply(p.interaction, "✅ " + t(p.locale, "ok.played",
                                            cards=play_text(p.locale, played[0])))


# ---------------------------------------------------------------------------- the selection
def selection_order(hands: Hands, user_id: int) -> str:
    """The order ``user_id``'s hand picture is in (so card numbers mean the same cards)."""
    return hands.preferences.hand_order(user_id)


def selected_cards(cards: list[Card], indices: list[int], laizi: str | None = None,
                   order: str = "desc") -> str:
    """The notation of the selected cards (indices into the picture's ``order``)."""
    ordered = hand_order(cards, laizi=laizi, order=order)
    return "".join(ordered[i].char for i in sorted(set(indices)) if 0 <= i < len(ordered))


def reading_view(table_id: int, options: tuple[Play, ...], locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for play in options[:20]:
        view.add_item(ReadingButton(table_id, play,
                                    play_phrase(locale, play, kind_name(locale, play.kind))))
    return view


__all__ = ["HAND_CONTROLS", "TABLE_CONTROLS", "Control", "DdzClient", "HandButton", "Hands",
           "Press", "ReadingButton", "TableButton", "ask_leave", "ask_reading", "check_seated",
           "client_of", "hint_text", "playing_view", "reading_view", "remember",
           "selected_cards", "selection_order", "send_hand"]

"""What each button does and who may press it: the controls of :mod:`cogs.views`.

A button's action names an entry of :data:`TABLE_CONTROLS` or :data:`HAND_CONTROLS`, which
says who may press it (``anyone``, a ``seated`` player, or the seat whose ``turn`` it is)
and which function runs; each calls its manager method by name, so a renamed method fails
type checking, not a click. To add a button: write its function here, add it to the map,
and put the button on a view in :mod:`cogs.views`. Also here: the answers a slash command
and a button share (the hand, the hint, a reading to choose, leaving with a confirmation).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Literal, Protocol, TypeVar, cast

import discord

from bot.engine import Play, PlayCards
from bot.engine.errors import NotYourTurnError
from bot.tables import TableError
from bot.tables.leaving import escape_cost

from .cardtext import cards_text, hint_words
from .errors import reply, send_error
from .i18n import locale_of, t
from .reasons_text import reason_line

if TYPE_CHECKING:
    from bot.engine import Card
    from bot.tables import Table, TableManager, TableSnapshot

    from .views import HandButton, TableButton

Selection = tuple[str, dict[int, list[int]]]  # (the hand the numbers refer to, part -> numbers)


class Hands(Protocol):
    """What the controls need from the presenter: the languages it knows, the hand
    messages it keeps up to date, and each player's card selection."""

    default_locale: str
    user_locale: dict[int, str]
    hand_orders: dict[int, str]
    dm_messages: dict[tuple[int, int], discord.Message]
    selection: dict[tuple[int, int], Selection]

    async def hand_payload(self, table: TableSnapshot, seat: int, hand: Sequence[Card],
                           locale: str) -> tuple[discord.File, discord.ui.View, str]: ...

    def note_locale(self, user_id: int, locale: str) -> None: ...


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
    client.presenter.note_locale(interaction.user.id, locale)
    return locale


async def check_seated(interaction: discord.Interaction, channel_id: int, *,
                       turn: bool = False) -> bool:
    """Is the user seated at this table (and, with ``turn``, the seat to act)? Says why not,
    in the same words as a slash command's refusal."""
    table = client_of(interaction).manager.tables.get(channel_id)
    refusal: Exception | None = None
    if table is None:
        refusal = TableError("there is no table in this channel", code="no_table",
                             channel_id=channel_id)
    elif table.seat_of(interaction.user.id) is None:
        refusal = TableError("you are not seated at this table", code="not_seated",
                             user_id=interaction.user.id)
    elif turn and table.game is None:
        refusal = TableError("no deal is being played", code="no_game")
    elif turn and table.game is not None and table.game.to_act != table.seat_of(
            interaction.user.id):
        refusal = NotYourTurnError("it is not your turn", code="not_your_turn",
                                   seat=table.seat_of(interaction.user.id),
                                   to_act=table.game.to_act)
    if refusal is None:
        return True
    await send_error(interaction, refusal)
    return False


# ---------------------------------------------------------------------------- shared answers
async def send_hand(client: DdzClient, interaction: discord.Interaction, table: Table,
                    locale: str) -> None:
    """The player's hand with its controls, ephemerally (``/ddz hand``, "My hand")."""
    seat = table.seat_of(interaction.user.id)
    if seat is None or table.game is None or table.status != "playing":
        await reply(interaction, t(locale, "hand.none"))
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    file, view, variant = await client.presenter.hand_payload(
        table.snapshot(), seat, table.game.hand(seat), locale)
    await interaction.followup.send(variant, file=file, view=view, ephemeral=True)


async def hint_text(manager: TableManager, table: Table, user_id: int, locale: str) -> str:
    """The AI's advice in words (``Hint: don't call``, ``Hint: QQQ + 3 — trio with …``)."""
    words = hint_words(await manager.hint(table.channel_id, user_id), locale, table.game)
    return words + reason_line(locale, await manager.hint_reason(table.channel_id, user_id))


async def ask_reading(interaction: discord.Interaction, table_id: int, locale: str,
                      options: tuple[Play, ...]) -> None:
    """A wild play that reads several ways: nothing is played until one is chosen."""
    await reply(interaction, t(locale, "reading.ask", cards=cards_text(locale, options[0].cards)),
                view=views.reading_view(table_id, options, locale))


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


async def ask_leave(manager: TableManager, interaction: discord.Interaction, table: Table,
                    locale: str) -> None:
    """Leave at once between deals; mid-deal (an escape) say what it costs and ask first."""
    seat = table.seat_of(interaction.user.id)
    game = table.game
    if seat is None or table.status != "playing" or game is None or game.is_over or \
            table.escaped(seat):
        how = await manager.leave(table.channel_id, interaction.user.id)
        await reply(interaction, t(locale, "ok.escaped" if how == "escaped" else "ok.left"))
        return
    cost = escape_cost(game, seat)
    text = t(locale, "leave.ask", beans=f"{cost.beans:,}", points=cost.points)
    if not cost.final:
        text += " " + t(locale, "leave.ask_more")
    view = discord.ui.View(timeout=None)
    view.add_item(views.TableButton(table.channel_id, "leaveok", label=t(locale, "btn.leaveok"),
                              style=discord.ButtonStyle.danger))
    view.add_item(views.TableButton(table.channel_id, "stay", label=t(locale, "btn.stay"),
                              style=discord.ButtonStyle.success))
    await reply(interaction, text, view=view)


async def _leave(p: Press, item: TableButton) -> None:
    await ask_leave(p.manager, p.interaction, p.manager.table(item.table_id), p.locale)


async def _leave_confirmed(p: Press, item: TableButton) -> None:
    how = await p.manager.leave(item.table_id, p.user)
    await p.interaction.response.edit_message(
        content=t(p.locale, "ok.escaped" if how == "escaped" else "ok.left"), view=None)


async def _stay(p: Press, item: TableButton) -> None:
    await p.interaction.response.edit_message(content=t(p.locale, "ok.stay"), view=None)


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
    "leaveok": Control(_leave_confirmed), "stay": Control(_stay),
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
    file, view, variant = await p.client.presenter.hand_payload(
        table.snapshot(), seat, table.game.hand(seat), p.locale)
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
    cards = views.selected_cards(table.game.hand(seat), chosen, table.game.laizi,
                                 views.selection_order(p.client.presenter, p.user))
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


async def _trustee(p: Press, item: HandButton) -> None:
    await p.manager.trustee(item.table_id, p.user)
    await reply(p.interaction, t(p.locale, "ok.trustee"))


async def _hand_resume(p: Press, item: HandButton) -> None:
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




# the items and views (imported last: they read the maps above when their class is made)
from . import views  # noqa: E402

__all__ = ["HAND_CONTROLS", "TABLE_CONTROLS", "Control", "DdzClient", "Hands", "Press",
           "ask_leave", "ask_reading", "check_seated", "client_of", "hint_text", "remember",
           "send_hand"]

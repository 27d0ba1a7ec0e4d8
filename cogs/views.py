"""The views of the table message and of a hand, and the card selects, restart-proof.

``ddzs:<table>:<part>`` are the card selects (:class:`HandSelect`, a
:class:`discord.ui.DynamicItem` registered in ``setup_hook`` with the buttons); the buttons
and what each does are in :mod:`cogs.controls`. :func:`table_view` and :func:`hand_view`
build the buttons for a table's state now; who may press what is decided in each item's
``interaction_check``, which answers (ephemerally) before refusing.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

import discord

from bot.engine import BID_POINTS, BidOffer, Card, ChoiceOffer, Phase
from bot.tables import TableStatus
from bot.words.cards import card_name, cards_text, wild_mark
from bot.words.catalogue import t
from render import hand_order

from .controls import (
    HandButton,
    Press,
    ReadingButton,
    TableButton,
    check_seated,
    run_control,
    selected_cards,
    selection_order,
)
from .launch import LAUNCH_ITEMS, add_launch
from .private import add_invite

if TYPE_CHECKING:
    from collections.abc import Sequence

    from bot.engine import Offer
    from bot.tables import TableSnapshot

SELECT_SIZE = 25  # Discord's limit on select options


class HandSelect(discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]], template=(
        r"ddzs:(?P<table>[0-9]+):(?P<part>[0-9])")):
    """Choose cards (by their number in the hand picture); a 33-card hand has two."""

    def __init__(self, table_id: int, part: int, options: list[discord.SelectOption] | None
                 = None, placeholder: str | None = None, row: int | None = None,
                 disabled: bool = False) -> None:
        options = options or [discord.SelectOption(label="-", value="0")]
        super().__init__(discord.ui.Select(custom_id=f"ddzs:{table_id}:{part}",
                                           options=options, min_values=0,
                                           max_values=len(options), placeholder=placeholder,
                                           row=row, disabled=disabled))
        self.table_id, self.part = table_id, part

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> HandSelect:
        options = list(item.options) if isinstance(item, discord.ui.Select) else []
        return cls(int(match["table"]), int(match["part"]), options or None)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return await check_seated(interaction, self.table_id)

    async def callback(self, interaction: discord.Interaction) -> None:
        await run_control(interaction, self.select)

    async def select(self, p: Press) -> None:
        """Remember the chosen card numbers and say which cards they are."""
        interaction = p.interaction
        values = [int(v) for v in interaction.data.get("values", [])]  # type: ignore[union-attr]
        table = p.manager.find(self.table_id)
        seat = table.seat_of(p.user) if table is not None else None
        if table is None or table.game is None or seat is None:
            await interaction.response.edit_message(content=None)
            return
        _, view = p.manager.seat_view(self.table_id, p.user)
        if view.phase != Phase.PLAY:  # an old select during the auction: nothing to choose yet
            await interaction.response.send_message(t(p.locale, "hand.select_later"),
                                                    ephemeral=True)
            return
        hand = view.hand
        selection = p.client.presenter.selection(self.table_id, p.user, hand)
        selection.choose(self.part, values)  # a new hand: the old numbers mean other cards
        chosen = selection.chosen()
        cards = selected_cards(list(view.cards), chosen, view.laizi,
                               selection_order(p.client.presenter, p.user))
        shown = cards_text(p.locale, cards, laizi=view.laizi) if cards else "—"
        await interaction.response.edit_message(content=t(p.locale, "hand.selected",
                                                          cards=shown))


DYNAMIC_ITEMS = (TableButton, HandButton, HandSelect, ReadingButton, *LAUNCH_ITEMS)


# ---------------------------------------------------------------------------- building views
def card_label(card: Card, index: int, locale: str, laizi: str | None = None) -> str:
    """A select option: ``3. ♠10``, ``17. 大王``, a laizi marked (``5. ♥7 (wild)``)."""
    name = card_name(locale, card.char) if card.char in "BRF" else card.label()
    return f"{index}. {wild_mark(locale, name) if card.char == laizi else name}"


class KeptView(discord.ui.View):
    """A view built once and sent unchanged with many edits (:class:`HandViews`): what it
    sends (its components as Discord's JSON) is worked out at the first edit only, so it
    must not be changed after that. discord.py never changes a sent view of
    :class:`discord.ui.DynamicItem` s: a click is dispatched to an item it builds afresh
    from the clicked message."""

    _sent: list[dict[str, Any]] | None = None

    def to_components(self) -> list[dict[str, Any]]:
        if self._sent is None:
            self._sent = super().to_components()
        return self._sent


def hand_view(table_id: int, cards: list[Card], locale: str, *, laizi: str | None = None,
              order: str = "desc", active: bool = True, leading: bool = False,
              cannot_beat: bool = False, trustee: bool = False,
              auction: bool = False, kept: bool = False) -> discord.ui.View:
    """Card select(s) and the play buttons for one hand (numbers match the picture).

    The turn's buttons are enabled only when ``active`` (the player's own turn in the play
    phase); Pass is off when ``leading``; when nothing beats the play (``cannot_beat``) one
    Can't beat button stands for them. During the ``auction`` (bidding, calling, grabbing,
    明牌, 加倍) the selects and every play button are off: only the auction's controls
    work. The last row lets the AI play (托管) or takes control back. ``kept``: a
    :class:`KeptView`, to be sent unchanged with every edit of the hand's DM."""
    active = active and not auction
    view = KeptView(timeout=None) if kept else discord.ui.View(timeout=None)
    ordered = hand_order(cards, laizi=laizi, order=order)
    parts = [ordered[i:i + SELECT_SIZE] for i in range(0, len(ordered), SELECT_SIZE)]
    if len(parts) > 1:  # split evenly by rank range (a 33-card hand: 17 + 16)
        half = (len(ordered) + 1) // 2
        parts = [ordered[:half], ordered[half:]]
    start = 0
    for part_no, part in enumerate(parts):
        options = [discord.SelectOption(label=card_label(c, start + i + 1, locale, laizi),
                                        value=str(start + i)) for i, c in enumerate(part)]
        placeholder = t(locale, "hand.select", lo=start + 1, hi=start + len(part))
        view.add_item(HandSelect(table_id, part_no, options, placeholder, row=part_no,
                                 disabled=auction))
        start += len(part)
    row = len(parts)
    if active and cannot_beat:
        view.add_item(HandButton(table_id, "pass", label=t(locale, "btn.cannot_beat"),
                                 style=discord.ButtonStyle.primary, row=row))
    else:
        off = not active
        view.add_item(HandButton(table_id, "play", label=t(locale, "btn.play"),
                                 style=discord.ButtonStyle.success, row=row, disabled=off))
        view.add_item(HandButton(table_id, "pass", label=t(locale, "btn.pass"), row=row,
                                 disabled=off or leading))
        view.add_item(HandButton(table_id, "hint", label=t(locale, "btn.hint"), row=row,
                                 disabled=off))
        view.add_item(HandButton(table_id, "playhint", label=t(locale, "btn.playhint"),
                                 style=discord.ButtonStyle.primary, row=row, disabled=off))
        view.add_item(HandButton(table_id, "clear", label=t(locale, "btn.clear"), row=row,
                                 disabled=auction))
    if trustee:
        view.add_item(HandButton(table_id, "resume", label=t(locale, "btn.resume"),
                                 style=discord.ButtonStyle.success, row=row + 1))
    else:
        view.add_item(HandButton(table_id, "trustee", label=t(locale, "btn.trustee"),
                                 row=row + 1))
    return view


def table_view(table: TableSnapshot, locale: str, *, app: bool = False) -> discord.ui.View:
    """The buttons of the public table message for the table's state now; with ``app``
    (the bot serves the Discord Activity) also Play in the app: on a row of its own in the
    lobby (under a private lobby's invite select), beside My hand during a deal. At most
    three rows of five, within Discord's five."""
    view = discord.ui.View(timeout=None)
    cid = table.channel_id
    game = table.game
    green, grey, blue = (discord.ButtonStyle.success, discord.ButtonStyle.secondary,
                         discord.ButtonStyle.primary)
    if table.status != TableStatus.PLAYING or game is None or game.is_over:
        free = not table.is_full
        view.add_item(TableButton(cid, "join", label=t(locale, "btn.join"), style=green,
                                  disabled=not free))
        view.add_item(TableButton(cid, "addai", label=t(locale, "btn.addai"), style=grey,
                                  disabled=not free))
        action = "next" if table.status == TableStatus.BETWEEN else "start"
        view.add_item(TableButton(cid, action, label=t(locale, f"btn.{action}"), style=blue,
                                  disabled=free))
        view.add_item(TableButton(cid, "leave", label=t(locale, "btn.leave"),
                                  style=discord.ButtonStyle.danger))
        add_invite(view, table, locale)
        if app:
            add_launch(view, cid, locale, row=2 if table.private else 1)
        return view
    add_offers(view, cid, table.seq, game.view.auction_offers(), locale)
    view.add_item(TableButton(cid, "hand", label=t(locale, "btn.hand"), style=green, row=1,
                              emoji="🂠"))
    if any(s is not None and s.trustee for s in table.seats):
        view.add_item(TableButton(cid, "resume", label=t(locale, "btn.resume"), row=1))
    if app:
        add_launch(view, cid, locale, row=1)
    # Leave on a row of its own, away from My hand (leaving mid-deal asks first)
    view.add_item(TableButton(cid, "leave", label=t(locale, "btn.leave"),
                              style=discord.ButtonStyle.danger, row=2))
    return view


def add_offers(view: discord.ui.View, cid: int, seq: int, offers: Sequence[Offer],
               locale: str) -> None:
    """The auction's buttons on the table message's first row, from the seat to act's
    offers (:meth:`bot.engine.SeatView.auction_offers`): No bid and every bid (those not
    offered turned off), or the question's yes and no (明牌 with its factor)."""
    for offer in offers:
        if isinstance(offer, BidOffer):
            if offer.no_bid:
                view.add_item(TableButton(cid, "bid", "0", seq, label=t(locale, "btn.bid0"),
                                          row=0))
            for points in BID_POINTS:
                view.add_item(TableButton(cid, "bid", str(points), seq,
                                          style=discord.ButtonStyle.primary, row=0,
                                          label=t(locale, "btn.bid", n=points),
                                          disabled=points not in offer.points))
        elif isinstance(offer, ChoiceOffer):
            word = offer.choice
            view.add_item(TableButton(cid, word, "y", seq, row=0,
                                      label=t(locale, f"btn.{word}", n=offer.factor),
                                      style=discord.ButtonStyle.primary))
            view.add_item(TableButton(cid, word, "n", seq, label=t(locale, f"btn.no{word}"),
                                      row=0))


class HandViews:
    """:func:`hand_view`'s views kept by what they are built from, the newest ``size``.

    A hand's controls are built again for every update of its DM (each action at the
    table), mostly from the same cards and turn: at 500 busy tables building them took ~7 %
    of the event loop's time (issue 37). Every item is a :class:`discord.ui.DynamicItem`,
    which discord.py dispatches by its custom id, so one view object can go out with
    every edit of the message it belongs to. A view is kept per table and cards, so it
    belongs to one player's hand; an ephemeral "My hand" builds its own
    (:func:`hand_view`), a message of its own."""

    def __init__(self, size: int = 2048) -> None:
        self._size = size
        self._views: OrderedDict[tuple[object, ...],
                                 tuple[discord.ui.View, tuple[object, ...]]] = OrderedDict()
        self.built = 0  # views built (not found kept)

    def get(self, table_id: int, cards: list[Card], locale: str, **options: Any
            ) -> tuple[discord.ui.View, tuple[object, ...]]:
        """:func:`hand_view`'s view for these arguments, and its :func:`view_key`."""
        key = (table_id, tuple(cards), locale, *sorted(options.items()))
        kept = self._views.get(key)
        if kept is not None:
            self._views.move_to_end(key)
            return kept
        view = hand_view(table_id, cards, locale, kept=True, **options)
        kept = self._views[key] = (view, view_key(view))
        self.built += 1
        if len(self._views) > self._size:
            self._views.popitem(last=False)
        return kept


def view_key(view: discord.ui.View) -> tuple[object, ...]:
    """What a view shows, as a value: two views with the same key look and act the same."""
    key: list[object] = []
    for item in view.children:
        inner = getattr(item, "item", item)  # a dynamic item wraps its button or select
        options = tuple((o.label, o.value) for o in getattr(inner, "options", ()))
        key.append((type(inner).__name__, getattr(inner, "custom_id", None),
                    getattr(inner, "label", None), str(getattr(inner, "emoji", None)),
                    getattr(inner, "disabled", None), getattr(inner, "style", None),
                    getattr(inner, "url", None), options, item.row))
    return tuple(key)


__all__ = ["DYNAMIC_ITEMS", "HandSelect", "HandViews", "KeptView", "add_offers", "card_label",
           "hand_view", "table_view", "view_key"]

"""The Activity as one more presenter of table events: every change of a table is pushed
to the pages open on it, the public table to everyone, a hand only to its owner's pages.

Like the Discord presenter it works from the events it is given and holds no reference to
the manager: the public table is the event's snapshot, and a seated user's own part is
that snapshot's deal with the seat's hand as its last :class:`~bot.tables.HandChanged`
told it. It only queues frames: a page's socket is written by its own task
(:mod:`bot.web.sessions`). A page that connects is sent the table as the manager reads it
now (:func:`state_frame`, by the server).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from bot.engine import Card, SeatView
from bot.engine.errors import CodedError
from bot.tables import (
    DealEnded,
    GameStarted,
    HandChanged,
    Presenter,
    ReadingNeeded,
    TableClosed,
    TableEvent,
    TableRestored,
    TableSnapshot,
    leave_kind,
)
from bot.words.locales import EN

from .legal_text import LEGAL, LegalTexts, ascii_json, you_text
from .protocol import dumps, leaving_json, open_choices, result_json, table_json
from .sessions import Connection, Sessions
from .wire import NoTableFrame, ResultFrame, YouJson

log = logging.getLogger(__name__)

SeatViews = Callable[[int], SeatView | None]
"""A seated user's view of the table's deal (None: no deal yet, a seat without cards)."""


class TableReader(Protocol):
    """The manager's read methods a page's first frame is made from."""

    def find(self, channel_id: int | None) -> TableSnapshot | None: ...

    def seat_view(self, channel_id: int, user_id: int) -> tuple[TableSnapshot, SeatView]: ...


def no_table_frame(reason: str | None = None) -> NoTableFrame:
    return {"type": "no_table", "reason": reason, "open": open_choices()}


def you_for(table: TableSnapshot, user_id: int, views: SeatViews,
            legal: LegalTexts = LEGAL, locale: str = EN) -> str | None:
    """The seated user's own part of the table frame as JSON text (None for a
    spectator); its legal plays made once a turn (:mod:`bot.web.legal_text`)."""
    seat = table.seat_of(user_id)
    if seat is None:
        return None
    view = views(user_id)
    if view is None:  # no deal yet: a seat without cards
        you: YouJson = {"seat": seat, "hand": "", "cards": [], "my_turn": False,
                        "phase": None, "seq": table.seq, "offers": [],
                           "leaving": leaving_json(leave_kind(table, seat)), "legal": [],
                        "cannot_beat": False, "is_leading": False}
        return ascii_json(you)
    return you_text(table, view, legal.of(table.channel_id, view), locale)


class TableFrames:
    """The table frame for each page of one table, the public part made once."""

    def __init__(self, table: TableSnapshot, views: SeatViews) -> None:
        self.table = table
        self.views = views
        self._public: dict[str, str] = {}  # by language, made once each
        self._spectators: dict[str, str] = {}

    def public(self, locale: str) -> str:
        if locale not in self._public:
            self._public[locale] = ascii_json(table_json(self.table, locale))
        return self._public[locale]

    def for_user(self, user_id: int, locale: str) -> str:
        you = you_for(self.table, user_id, self.views, locale=locale)
        if you is None:
            if locale not in self._spectators:
                self._spectators[locale] = self._frame(locale, "null")
            return self._spectators[locale]
        return self._frame(locale, you)

    def _frame(self, locale: str, you: str) -> str:
        """The frame's text, in ASCII: a 750 kB list of plays is copied and encoded at a
        byte a character (:func:`~bot.web.legal_text.ascii_json`)."""
        return f'{{"type":"table","table":{self.public(locale)},"you":{you}}}'


def state_frame(reader: TableReader, channel_id: int, user_id: int, locale: str = EN) -> str:
    """What a page is sent when it connects: the table now, or that there is none."""
    table = reader.find(channel_id)
    if table is None:
        return dumps(no_table_frame())

    def views(user: int) -> SeatView | None:
        try:
            return reader.seat_view(channel_id, user)[1]
        except CodedError:  # no deal yet
            return None

    return TableFrames(table, views).for_user(user_id, locale)


@dataclass(frozen=True)
class _Hand:
    """A seat's hand as its last :class:`HandChanged` told it, in the deal it was dealt."""

    deal: int | None  # the game's deal (a redeal is the next one)
    cards: tuple[Card, ...]


class _Hands:
    """The seats' hands of one table's game, from its events."""

    def __init__(self) -> None:
        self.kept: dict[int, _Hand] = {}
        self.waiting: set[int] = set()  # seats whose frame waits for their new hand

    def keep(self, event: HandChanged) -> None:
        game = event.table.game if event.table is not None else None
        self.kept[event.to_seat] = _Hand(game.view.deal if game is not None else None,
                                         event.hand)

    def pending(self, table: TableSnapshot, seat: int) -> bool:
        """The deal is being played and the seat's hand in it is still to be told (a new
        deal, or a play or the bottom changed it: its HandChanged comes next)."""
        game = table.playing
        if game is None:
            return False
        count = game.view.counts[seat]
        hand = self.kept.get(seat)
        return count > 0 and (hand is None or hand.deal != game.view.deal or
                              len(hand.cards) != count)

    def view(self, table: TableSnapshot, seat: int) -> SeatView | None:
        """The seat's view of the snapshot's deal (None: no deal yet)."""
        game = table.game
        if game is None:
            return None
        hand = self.kept.get(seat)
        # a hand played out is told by no event; a seat taken after its deal holds none
        known = hand is not None and len(hand.cards) == game.view.counts[seat]
        return game.view_of(seat, hand.cards if hand is not None and known else ())

    def views(self, table: TableSnapshot) -> SeatViews:
        def view(user_id: int) -> SeatView | None:
            seat = table.seat_of(user_id)
            return self.view(table, seat) if seat is not None else None
        return view


class WebPresenter:
    """Pushes every table event to the pages open on that table."""

    def __init__(self, sessions: Sessions | None = None) -> None:
        self.sessions = sessions if sessions is not None else Sessions()
        self._hands: dict[int, _Hands] = {}  # by table: each seat's hand, from its events
        # a table's frames go out in the order of its events, though an event may wait
        # for its legal plays to be made in a thread
        self._order: dict[int, asyncio.Lock] = {}

    async def publish(self, event: TableEvent) -> None:
        order = self._order.setdefault(event.channel_id, asyncio.Lock())
        async with order:
            await self._publish(event)
        if isinstance(event, TableClosed) and not order.locked():
            self._order.pop(event.channel_id, None)

    def _table_hands(self, event: TableEvent) -> _Hands:
        """The table's hands, forgotten when a new game starts (or the table is back)."""
        if isinstance(event, GameStarted | TableRestored) or \
                event.channel_id not in self._hands:
            self._hands[event.channel_id] = _Hands()
        return self._hands[event.channel_id]

    async def _publish(self, event: TableEvent) -> None:
        if isinstance(event, TableClosed):
            self._hands.pop(event.channel_id, None)
            for page in self.sessions.at(event.channel_id):
                page.send(no_table_frame(event.reason))
            return
        hands = self._table_hands(event)
        if isinstance(event, HandChanged):
            hands.keep(event)
        pages = self.sessions.at(event.channel_id)
        # a reading is asked in the play's answer
        if not pages or isinstance(event, ReadingNeeded):
            return
        if isinstance(event, DealEnded):
            results: dict[str, str] = {}
            for page in pages:
                if page.locale not in results:
                    frame: ResultFrame = {"type": "result",
                                          "result": result_json(event, page.locale)}
                    results[page.locale] = dumps(frame)
                page.send(results[page.locale])
        table = event.table
        if table is None:
            return
        if isinstance(event, HandChanged):  # the frame its seat's pages were waiting for
            if event.to_seat in hands.waiting:
                hands.waiting.discard(event.to_seat)
                await self._told(hands, table, event.to_seat, pages)
            return
        await self._legal_ready(hands, table, pages)
        self.send_table(hands, table, pages)

    async def _told(self, hands: _Hands, table: TableSnapshot, seat: int,
                    pages: list[Connection]) -> None:
        """The table frame of a seat's pages, now that its new hand is known."""
        entry = table.seats[seat]
        user = entry.user_id if entry is not None else None
        mine = [page for page in pages if page.user.user_id == user]
        if user is None or not mine:
            return
        await self._legal_ready(hands, table, mine)
        frames = TableFrames(table, hands.views(table))
        for page in mine:
            page.send(frames.for_user(user, page.locale))

    @staticmethod
    async def _legal_ready(hands: _Hands, table: TableSnapshot,
                           pages: list[Connection]) -> None:
        """The legal plays of the seat to act, when its user has a page open here, made
        in a thread when this turn's are not made yet (a 癞子 lead's 10,000 plays take
        tens of milliseconds: never on the event loop)."""
        game = table.playing
        seat = game.to_act if game is not None else None
        entry = table.seats[seat] if seat is not None else None
        user = entry.user_id if entry is not None else None
        if seat is None or user is None or hands.pending(table, seat) or \
                not any(page.user.user_id == user for page in pages):
            return
        view = hands.view(table, seat)
        if view is not None:
            await LEGAL.ready(table.channel_id, view)

    @staticmethod
    def send_table(hands: _Hands, table: TableSnapshot, pages: list[Connection]) -> None:
        """The table frame to every page; a seat whose new hand is still to be told has
        its frame sent with that hand (its HandChanged follows at once)."""
        frames = TableFrames(table, hands.views(table))
        hands.waiting.clear()
        for page in pages:
            user = page.user.user_id
            seat = table.seat_of(user)
            if seat is not None and hands.pending(table, seat):
                hands.waiting.add(seat)
                continue
            page.send(frames.for_user(user, page.locale))


class FanOutPresenter:
    """Several presenters as one (the Discord one and the Activity's): each is given
    every event; one failing does not keep the event from the others."""

    def __init__(self, *presenters: Presenter) -> None:
        self.presenters = presenters

    async def publish(self, event: TableEvent) -> None:
        for presenter in self.presenters:
            try:
                await presenter.publish(event)
            except Exception:
                log.exception("%s failed on %s", type(presenter).__name__,
                              type(event).__name__)


__all__ = ["FanOutPresenter", "SeatViews", "TableFrames", "TableReader", "WebPresenter",
           "no_table_frame", "state_frame", "you_for"]

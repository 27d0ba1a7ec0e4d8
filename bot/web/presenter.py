"""The Activity as one more presenter of table events: every change of a table is pushed
to the pages open on it, the public table to everyone, a hand only to its owner's pages.

The presenter reads the tables only through the manager's read methods (``find``,
``seat_view``: snapshots and seat views, issue 33), and only queues frames: a page's
socket is written by its own task (:mod:`bot.web.sessions`).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Protocol

from bot.engine import SeatView
from bot.engine.errors import CodedError
from bot.tables import (
    DealEnded,
    HandChanged,
    Presenter,
    ReadingNeeded,
    TableClosed,
    TableEvent,
    TableSnapshot,
)
from bot.words.locales import EN

from .legal_text import LEGAL, LegalTexts, ascii_json, you_text
from .protocol import dumps, open_choices, result_json, table_json
from .sessions import Connection, Sessions

log = logging.getLogger(__name__)


class TableReader(Protocol):
    """The manager's read methods the Activity uses."""

    def find(self, channel_id: int | None) -> TableSnapshot | None: ...

    def seat_view(self, channel_id: int, user_id: int) -> tuple[TableSnapshot, SeatView]: ...


def no_table_frame(reason: str | None = None) -> dict[str, Any]:
    return {"type": "no_table", "reason": reason, "open": open_choices()}


def you_for(reader: TableReader, table: TableSnapshot, user_id: int,
            legal: LegalTexts = LEGAL) -> str | None:
    """The seated user's own part of the table frame as JSON text (None for a
    spectator); its legal plays made once a turn (:mod:`bot.web.legal_text`)."""
    seat = table.seat_of(user_id)
    if seat is None:
        return None
    try:
        table, view = reader.seat_view(table.channel_id, user_id)
    except CodedError:  # no deal yet: a seat without cards
        return ascii_json({"seat": seat, "hand": "", "cards": [], "my_turn": False,
                           "phase": None, "seq": table.seq, "legal": [],
                           "cannot_beat": False, "is_leading": False})
    return you_text(table, view, legal.of(table.channel_id, view))


class TableFrames:
    """The table frame for each page of one table, the public part made once."""

    def __init__(self, reader: TableReader, table: TableSnapshot) -> None:
        self.reader = reader
        self.table = table
        self._public: dict[str, str] = {}  # by language, made once each
        self._spectators: dict[str, str] = {}

    def public(self, locale: str) -> str:
        if locale not in self._public:
            self._public[locale] = ascii_json(table_json(self.table, locale))
        return self._public[locale]

    def for_user(self, user_id: int, locale: str) -> str:
        you = you_for(self.reader, self.table, user_id)
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
    return TableFrames(reader, table).for_user(user_id, locale)


class WebPresenter:
    """Pushes every table event to the pages open on that table."""

    def __init__(self, sessions: Sessions) -> None:
        self.sessions = sessions
        self.reader: TableReader | None = None  # the manager, once it is made (attach)
        # a table's frames go out in the order of its events, though an event may wait
        # for its legal plays to be made in a thread
        self._order: dict[int, asyncio.Lock] = {}

    def attach(self, reader: TableReader) -> None:
        self.reader = reader

    async def publish(self, event: TableEvent) -> None:
        order = self._order.setdefault(event.channel_id, asyncio.Lock())
        async with order:
            await self._publish(event)
        if isinstance(event, TableClosed) and not order.locked():
            self._order.pop(event.channel_id, None)

    async def _publish(self, event: TableEvent) -> None:
        pages = self.sessions.at(event.channel_id)
        # a reading is asked in the play's answer; a new hand was in the table frame the
        # event before it already (each page's frame reads its seat's view then)
        if not pages or isinstance(event, ReadingNeeded | HandChanged):
            return
        if isinstance(event, TableClosed):
            for page in pages:
                page.send(no_table_frame(event.reason))
            return
        if isinstance(event, DealEnded):
            results: dict[str, str] = {}
            for page in pages:
                if page.locale not in results:
                    results[page.locale] = dumps({"type": "result",
                                                  "result": result_json(event, page.locale)})
                page.send(results[page.locale])
        table, reader = event.table, self.reader
        if table is None or reader is None:
            return
        await self._legal_ready(reader, table, pages)
        self.send_table(reader, table, pages)

    @staticmethod
    async def _legal_ready(reader: TableReader, table: TableSnapshot,
                           pages: list[Connection]) -> None:
        """The legal plays of the seat to act, when its user has a page open here, made
        in a thread when this turn's are not made yet (a 癞子 lead's 10,000 plays take
        tens of milliseconds: never on the event loop)."""
        game = table.playing
        seat = game.to_act if game is not None else None
        entry = table.seats[seat] if seat is not None else None
        user = entry.user_id if entry is not None else None
        if user is None or not any(page.user.user_id == user for page in pages):
            return
        try:
            table, view = reader.seat_view(table.channel_id, user)
        except CodedError:
            return
        await LEGAL.ready(table.channel_id, view)

    @staticmethod
    def send_table(reader: TableReader, table: TableSnapshot,
                   pages: list[Connection]) -> None:
        frames = TableFrames(reader, table)
        for page in pages:
            page.send(frames.for_user(page.user.user_id, page.locale))


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


__all__ = ["FanOutPresenter", "TableFrames", "TableReader", "WebPresenter",
           "no_table_frame", "state_frame", "you_for"]

"""A seat's legal plays as the page's JSON text, made once a turn.

The table frame lists every legal play of the seat to act (``you.legal``). A 癞子 lead of
twenty cards with wild ones reads 10,000 ways and more: its list is 750 kB of JSON and takes
30-50 ms to find and write, which every state frame paid again (a page may ask for the state
twenty times a second). :class:`LegalTexts` keeps each seat's list, as JSON text, for the
turn it was made at: a frame splices it in (:func:`you_text`), and the presenter makes a new
turn's list in a thread (:meth:`LegalTexts.ready`), not on the event loop.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections import OrderedDict
from dataclasses import dataclass, fields
from typing import Any

from bot.engine import Play, SeatView
from bot.tables import TableSnapshot

from .protocol import offer_json, play_json, you_json

MAX_BYTES = 32 << 20  # of JSON text kept, every table's together (the oldest go first)
MAX_ENTRIES = 4096


@dataclass(frozen=True)
class Legal:
    """A seat's legal plays at one turn and their JSON text."""

    plays: tuple[Play, ...]
    text: str


@dataclass(frozen=True)
class _Known(SeatView):
    """A seat view whose legal plays are known already (none are looked for again)."""

    known: tuple[Play, ...] = ()

    def legal_plays(self) -> list[Play]:
        return list(self.known)


def _knowing(view: SeatView, plays: tuple[Play, ...]) -> SeatView:
    return _Known(**{f.name: getattr(view, f.name) for f in fields(SeatView)}, known=plays)


def legal_of(view: SeatView) -> Legal:
    """The view's legal plays now, found and written out (any thread)."""
    plays = tuple(view.legal_plays())
    return Legal(plays, ascii_json([play_json(p) for p in plays]))


def ascii_json(value: Any) -> str:
    """JSON text as :func:`bot.web.protocol.dumps` writes it, but in ASCII (``\\u`` escapes):
    joined to a list of thousands of plays, one emoji in a name would make Python hold the
    whole frame at four bytes a character, and copy and encode it at that width."""
    return json.dumps(value, ensure_ascii=True, separators=(",", ":"))


def _turn(view: SeatView) -> tuple[Any, ...]:
    """What a seat's legal plays depend on: its hand, the play to beat, whose turn, the
    phase and the rules (the 癞子's rank with them)."""
    return (view.seat, view.to_act, str(view.phase), view.hand, view.last, view.rules)


class LegalTexts:
    """Each seat's legal plays at its turn now, by (table, seat); bounded in size."""

    def __init__(self, max_bytes: int = MAX_BYTES, max_entries: int = MAX_ENTRIES) -> None:
        self.max_bytes = max_bytes
        self.max_entries = max_entries
        self.made = 0  # lists made (for tests: once a turn)
        self._kept: OrderedDict[tuple[int, int | None], tuple[tuple[Any, ...], Legal]] = \
            OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def get(self, channel_id: int, view: SeatView) -> Legal | None:
        """The list of this turn when it was made, else None."""
        with self._lock:
            kept = self._kept.get((channel_id, view.seat))
            return kept[1] if kept is not None and kept[0] == _turn(view) else None

    def of(self, channel_id: int, view: SeatView) -> Legal:
        """The list of this turn, made now when it was not."""
        return self.get(channel_id, view) or self._keep(channel_id, view, legal_of(view))

    async def ready(self, channel_id: int, view: SeatView) -> None:
        """Make this turn's list in a thread, unless it is made."""
        if self.get(channel_id, view) is None:
            self._keep(channel_id, view, await asyncio.to_thread(legal_of, view))

    def _keep(self, channel_id: int, view: SeatView, legal: Legal) -> Legal:
        key = (channel_id, view.seat)
        with self._lock:
            self.made += 1
            old = self._kept.pop(key, None)
            if old is not None:
                self._bytes -= len(old[1].text)
            self._kept[key] = (_turn(view), legal)
            self._bytes += len(legal.text)
            while len(self._kept) > 1 and (self._bytes > self.max_bytes or
                                           len(self._kept) > self.max_entries):
                _, (_, gone) = self._kept.popitem(last=False)
                self._bytes -= len(gone.text)
        return legal


def you_text(table: TableSnapshot, view: SeatView, legal: Legal, locale: str = "en") -> str:
    """The table frame's ``you`` (:func:`bot.web.protocol.you_json`) as JSON text, with
    the legal plays already written out (``legal``)."""
    you = you_json(table, _knowing(view, ()), locale)  # every field but the plays (none looked for)
    known = _knowing(view, legal.plays)  # and those that read them, from the plays found
    you["cannot_beat"] = known.cannot_beat
    you["offers"] = [offer_json(o) for o in known.legal_actions()]
    rest = {key: value for key, value in you.items() if key != "legal"}  # spliced in last
    return f'{ascii_json(rest)[:-1]},"legal":{legal.text}}}'


LEGAL = LegalTexts()
"""The Activity's lists (one a seat to act of each table: the pages' frames share them)."""

__all__ = ["LEGAL", "Legal", "LegalTexts", "ascii_json", "legal_of", "you_text"]

"""The choices ``/ddz play``'s autocomplete offers as the player types: every legal play
of their turn, the AI's hint first, then the smallest, each as words.

Discord asks at every keystroke. A 癞子 lead reads 10,000 ways and more (finding and
ranking them: 15-20 ms), so a turn's ranked plays are kept (by seat view, a few turns of a
few players) and found, ranked and filtered in a thread, never on the event loop.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Any

from bot.engine import Play, SeatView
from bot.words.cards import play_phrase
from bot.words.names import kind_name

MAX_CHOICES = 25  # what Discord shows
KEPT = 64  # turns kept (the latest of as many players)


def _ranked(view: SeatView, first: str | None) -> tuple[Play, ...]:
    def score(p: Play) -> tuple[int, int, int, int]:
        return (p.cards != first, p.is_bomb, p.main_index, -len(p))

    return tuple(sorted(view.legal_plays(), key=score))


def _picked(ranked: tuple[Play, ...], typed: str, locale: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for p in ranked:
        if typed and typed not in p.cards:
            continue
        label = play_phrase(locale, p, kind_name(locale, p.kind))
        out.append((label[:100], f"{p.cards}|{p.kind}|{p.main_rank}"))
        if len(out) == MAX_CHOICES:
            break
    return out


class PlayChoices:
    """Each turn's ranked legal plays, kept for the keystrokes that follow."""

    def __init__(self, kept: int = KEPT) -> None:
        self.kept = kept
        self.ranked = 0  # turns ranked (once a turn, however many keystrokes)
        self._turns: OrderedDict[tuple[Any, ...], tuple[Play, ...]] = OrderedDict()

    async def choices(self, view: SeatView, first: str | None, typed: str,
                      locale: str) -> list[tuple[str, str]]:
        """(label, value) of the plays that hold ``typed`` (notation), the hint's
        (``first``) first, then by rank, at most :data:`MAX_CHOICES`."""
        key = (view.seat, view.to_act, str(view.phase), view.hand, view.last, view.rules,
               first)
        ranked = self._turns.get(key)
        if ranked is None:
            ranked = await asyncio.to_thread(_ranked, view, first)
            self.ranked += 1
            self._turns[key] = ranked
            while len(self._turns) > self.kept:
                self._turns.popitem(last=False)
        else:
            self._turns.move_to_end(key)
        return await asyncio.to_thread(_picked, ranked, typed, locale)


__all__ = ["MAX_CHOICES", "PlayChoices"]

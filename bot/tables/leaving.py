"""What leaving a table means for a seat now: one value every front-end reads before it
leaves (the Discord Leave button, the Activity's Leave, the terminal's ``quit``).

Leaving is free in the lobby and between deals; during a deal it is an escape (逃跑) that
costs the seat its stake with the escape penalty (:func:`bot.engine.escape_cost`); at a
tournament's table the seat steps away instead and the AI plays on for it. A front-end
asks before leaving when :attr:`Leaving.asks`, in the words of
:func:`bot.words.leaving.leave_text`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bot.engine import EscapeCost, SeatIndex

from .snapshot import TableSnapshot


class LeaveKind(StrEnum):
    """What leaving does: ``free`` (nothing at stake), ``escape`` (逃跑, at a cost) or
    ``away`` (a tournament seat steps away: the AI plays on)."""

    FREE = "free"
    ESCAPE = "escape"
    AWAY = "away"


@dataclass(frozen=True)
class Leaving:
    """What leaving means for one seat now; ``cost`` is an escape's (None otherwise)."""

    kind: LeaveKind
    cost: EscapeCost | None = None

    @property
    def asks(self) -> bool:
        """Ask before leaving: it costs something, or it ends a tournament seat's play."""
        return self.kind != LeaveKind.FREE


def leave_kind(table: TableSnapshot, seat: SeatIndex | None) -> LeaveKind:
    """The one rule of what leaving ``table`` does for ``seat`` now (None: not seated)."""
    if seat is None:
        return LeaveKind.FREE
    if table.tournament:
        return LeaveKind.AWAY
    game = table.playing
    if game is None or seat in game.escaped:
        return LeaveKind.FREE
    return LeaveKind.ESCAPE


__all__ = ["LeaveKind", "Leaving", "leave_kind"]

"""What leaving a deal costs, in words (asked before an escape is confirmed: the Discord
Leave button and the Activity's Leave say the same)."""

from __future__ import annotations

from bot.engine import EscapeCost

from .catalogue import t

__all__ = ["leave_cost_text", "leave_text"]


def leave_cost_text(locale: str, cost: EscapeCost) -> str:
    """``Leaving now is an escape: you lose 1,200 beans and 12 points…`` (and, when the
    deal goes on without the escaper, that the rest of the deal settles at its end)."""
    text = t(locale, "leave.ask", beans=f"{cost.beans:,}", points=cost.points)
    return text if cost.final else text + " " + t(locale, "leave.ask_more")


def leave_text(locale: str, kind: str, cost: EscapeCost | None = None) -> str:
    """The question asked before leaving, by what leaving does (``kind``, the tables'
    ``Leaving.kind``): an ``escape``'s ``cost``, or a tournament seat stepping ``away``;
    "" when leaving is ``free``."""
    if kind == "escape" and cost is not None:
        return leave_cost_text(locale, cost)
    return t(locale, "leave.ask_away") if kind == "away" else ""

"""What the heuristic needs to act for one seat (:class:`Turn`), shared by the policy, the
cooperation rules and the search."""

from __future__ import annotations

from dataclasses import dataclass

from .decompose import Planner
from .move import Counts, Move, Variant
from .opposition import Opposition


@dataclass
class Turn:
    """What the heuristic needs to act for one seat."""

    v: Variant
    seat: int
    landlord: int
    hand: Counts
    counts: list[int]  # cards left per seat
    last: Move | None
    last_seat: int | None
    opp: Opposition  # the opponents of ``seat``
    planner: Planner  # decomposes against ``opp``
    unknown: Counts  # cards whose place the seat does not know (for feeding odds)
    fast: bool = False  # the search's rollouts: cheaper estimates, fewer candidates
    # the opponent whose play is to beat, when his last cards are known to be one play (let
    # it stand and his next lead ends the deal); the search's rollouts know every hand, the
    # seat's own turn knows none
    out_next: tuple[int, ...] = ()
    # an opponent of the searching seat in its rollouts: he answers a play with his lowest
    # play of its kind whenever he holds one (see :func:`bot.ai.policy.eager_answer`)
    eager: bool = False
    # ... and answers his own partner's plays so too (else they are the heuristic's)
    eager_partner: bool = False

    def same_side(self, a: int, b: int) -> bool:
        return a == b or (a != self.landlord and b != self.landlord)

    def seats_after(self) -> list[int]:
        """Seats that act after this one before the trick comes back to its winner."""
        n = len(self.counts)
        out = []
        s = (self.seat + 1) % n
        stop = self.last_seat if self.last_seat is not None else self.seat
        while s != stop and s != self.seat:
            out.append(s)
            s = (s + 1) % n
        return out

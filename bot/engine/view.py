"""What one seat may know about a game (RULES.md: hands are private unless shown)."""

from __future__ import annotations

from dataclasses import dataclass, field

from .moves import legal_plays
from .play import Play
from .rules import Rules
from .states import Phase


@dataclass(frozen=True)
class SeatView:
    """A seat's (or a spectator's, ``seat=None``) view of a game. Nothing here reveals a
    hidden hand: ``hand`` is the seat's own, ``shown`` only holds hands shown by 明牌."""

    seat: int | None
    rules: Rules  # the rules in play (the laizi set once drawn)
    phase: Phase
    to_act: int | None
    deal: int
    first: int  # the first bidder or caller of this deal
    hand: str  # own cards ("" for a spectator)
    counts: tuple[int, ...]  # cards held by each seat
    landlord: int | None
    bottom: str | None  # once revealed
    laizi: str | None
    shown: dict[int, str] = field(default_factory=dict)  # seat -> cards still held, face up
    plays: tuple[tuple[int, Play | None], ...] = ()  # the play phase, in order (None: pass)
    last: tuple[int, Play] | None = None  # the play to beat and who made it
    bids: tuple[tuple[int, int], ...] = ()  # points bidding: (seat, points; 0 = 不叫)
    calls: tuple[tuple[int, str], ...] = ()  # call/grab: (seat, call|no_call|grab|no_grab)
    shows: tuple[tuple[int, int], ...] = ()  # (seat, factor) of each 明牌 so far
    doubles: tuple[bool | None, ...] = ()  # 加倍 choices this seat may see (None: unknown)
    multiplier: int = 1  # the table multiplier so far
    parts: tuple[tuple[str, int, int], ...] = ()
    bid: int = 0  # the current high bid (points variants)
    balances: tuple[int, ...] | None = None
    escaped: tuple[int, ...] = ()
    action_count: int = 0  # actions accepted so far (public: every action is announced)

    @property
    def is_leading(self) -> bool:
        return self.phase == Phase.PLAY and self.last is None

    def legal_plays(self) -> list[Play]:
        """This seat's legal plays now (none unless it is this seat's play turn)."""
        if self.phase != Phase.PLAY or self.seat is None or self.to_act != self.seat:
            return []
        return legal_plays(self.hand, self.last[1] if self.last else None, self.rules)

    def role(self, seat: int) -> str:
        """'landlord', 'farmer' or '' before the landlord is known."""
        if self.landlord is None:
            return ""
        return "landlord" if seat == self.landlord else "farmer"

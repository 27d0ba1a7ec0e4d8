"""What one seat may know about a game (docs/rules.md: hands are private unless shown)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .actions import SeatIndex
from .auction import auction_choices
from .cards import Card
from .moves import legal_plays
from .offers import Offer, PassOffer, PlayOffer, group_choices
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
    cards: tuple[Card, ...] = ()  # own cards with their suits (none for a spectator)
    show_factor: int = 0  # what 明牌 multiplies by now (5, 4, 3, 2; 0 outside the windows)

    @property
    def is_leading(self) -> bool:
        """The play phase, and nothing to beat: the trick is led with any play."""
        return self.phase == Phase.PLAY and self.last is None

    def legal_plays(self) -> list[Play]:
        """This seat's legal plays now (none unless it is this seat's play turn)."""
        return plays_now(self.phase, self.seat, self.to_act, self.hand, self.last, self.rules)

    def legal_actions(self) -> tuple[Offer, ...]:
        """Everything this seat may do now, as offers to render (none unless it is this
        seat's turn): in the play phase its legal plays (a :class:`PlayOffer`, left out
        when nothing beats) and a :class:`PassOffer` when it follows a play; in the
        auction its one question with its range (:meth:`auction_offers`). Their actions
        (:func:`bot.engine.offers.actions_of`) are the game's own ``legal_actions``."""
        if self.seat is None or self.to_act != self.seat:
            return ()
        if self.phase != Phase.PLAY:
            return self.auction_offers()
        plays = tuple(self.legal_plays())
        return ((PlayOffer(plays),) if plays else ()) + \
            ((PassOffer(),) if self.last is not None else ())

    def auction_offers(self) -> tuple[Offer, ...]:
        """What the seat to act may say in the auction now, public to every reader (the
        shared table message draws it): the points it may bid and 不叫, or yes or no to
        the phase's question (明牌 with its factor). None outside the auction."""
        if self.to_act is None or self.phase in (Phase.PLAY, Phase.OVER):
            return ()
        return group_choices(auction_choices(self.phase, self.to_act, self.escaped, self.bid),
                             self.show_factor)

    @property
    def alarm(self) -> dict[SeatIndex, int]:
        """报单 / 报双: the seats down to their last one or two cards in the play phase, with
        how many they hold (seat -> 1 or 2)."""
        if self.phase != Phase.PLAY:
            return {}
        return {seat: left for seat, left in enumerate(self.counts) if left in (1, 2)}

    @property
    def cannot_beat(self) -> bool:
        """要不起: this seat's turn to follow a play that nothing in its hand beats."""
        return (self.phase == Phase.PLAY and self.seat is not None and self.to_act == self.seat
                and self.last is not None and self.last[0] != self.seat
                and not self.legal_plays())

    def factors(self) -> tuple[tuple[str, int], ...]:
        """The table multiplier's parts as (label, factor) pairs, the base first (the bid
        of a points deal, the call game's initial ×)."""
        out: list[tuple[str, int]] = []
        if self.rules.bidding == "points" and self.bid:
            out.append(("base", self.bid))
        elif self.rules.bidding == "call" and self.rules.m_init > 1:
            out.append(("init", self.rules.m_init))
        out.extend(factor_list(self.parts))
        return tuple(out)

    @property
    def total_multiplier(self) -> int:
        """The table's multiplier with its base (what :meth:`factors` multiply out to)."""
        base = self.bid if self.rules.bidding == "points" and self.bid else 1
        return self.multiplier * base * (self.rules.m_init if self.rules.bidding == "call"
                                         else 1)

    def role(self, seat: int) -> str:
        """'landlord', 'farmer' or '' before the landlord is known."""
        if self.landlord is None:
            return ""
        return "landlord" if seat == self.landlord else "farmer"


def factor_list(parts: tuple[tuple[str, int, int], ...]) -> list[tuple[str, int]]:
    """The engine's (event, factor, count) parts as (label, factor) pairs, one per time
    (the super cap is not a factor)."""
    return [(name, factor) for name, factor, count in parts if name != "cap"
            for _ in range(max(count, 1))]


def plays_now(phase: Phase, seat: int | None, to_act: int | None, hand: str | Iterable[Card],
              last: tuple[int, Play] | None, rules: Rules) -> list[Play]:
    """The one rule of what ``seat`` may play now: in the play phase on its own turn,
    every play of ``hand`` that beats ``last`` (the play to beat and who made it), or any
    play when there is none; nothing otherwise. :class:`SeatView` and the game both ask
    here."""
    if phase != Phase.PLAY or seat is None or to_act != seat:
        return []
    return legal_plays(hand, last[1] if last else None, rules)

"""The auction of a deal: 明牌 windows, points bidding, call and grab, and 加倍
(docs/rules.md §5.2–§5.6).

A :class:`Game` holds one :class:`Auction` per deal (a redeal opens a new one). The
auction keeps what was said (bids, calls, shows, doubles), the high bid and the queue of
seats still to speak; the game keeps the cards, the phase and the seat to act. The auction
reaches the game only through :class:`AuctionHost`: it opens phases, asks for more cards
to be dealt, hands the bottom to the landlord, redeals or starts the play.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Protocol

from .actions import (
    Action,
    Bid,
    BidMade,
    Call,
    CallMade,
    Choice,
    Double,
    DoubleChosen,
    DoublesRevealed,
    Event,
    Grab,
    GrabMade,
    SeatIndex,
    Show,
    ShowChosen,
)
from .errors import IllegalActionError
from .rules import Rules
from .scoring import Tally
from .states import Phase

CHOICES: dict[Phase, type[Choice]] = {
    Phase.SHOW_START: Show, Phase.SHOW_DEAL: Show, Phase.SHOW_LANDLORD: Show, Phase.CALL: Call,
    Phase.GRAB: Grab, Phase.DOUBLE: Double,
}
"""The yes/no action each auction phase but bidding takes."""

PHASE_ACTIONS: dict[Phase, type[Action]] = {Phase.BID: Bid, **CHOICES}
"""The action each auction phase takes."""


def auction_choices(phase: Phase, seat: SeatIndex, escaped: Collection[SeatIndex],
                    high_bid: int) -> list[Action]:
    """The one rule of what ``seat`` may say in the auction ``phase``: yes or no to the
    phase's question, or a bid above ``high_bid`` (or 不叫; an escaped seat only passes).
    The game (:meth:`Auction.legal_actions`) and a seat's view
    (:meth:`bot.engine.SeatView.legal_actions`) both ask here."""
    if phase != Phase.BID:
        return [CHOICES[phase].answer(seat, True), CHOICES[phase].answer(seat, False)]
    if seat in escaped:
        return [Bid(seat, 0)]
    return [Bid(seat, p) for p in (0, *range(high_bid + 1, 4))]


class AuctionHost(Protocol):
    """What the auction needs from the game it runs in."""

    phase: Phase
    to_act: SeatIndex | None

    @property
    def landlord(self) -> SeatIndex | None:
        """The landlord once chosen."""
        ...

    @property
    def tally(self) -> Tally:
        """The deal's multiplier events (the auction adds grabs and shows)."""
        ...

    def hand_text(self, seat: SeatIndex) -> str:
        """The cards ``seat`` holds now."""
        ...

    def table_multiplier(self) -> tuple[int, tuple[tuple[str, int, int], ...]]:
        """The table multiplier so far and its parts."""
        ...

    def deal_rounds(self, rounds: int) -> list[Event]:
        """Deal each seat up to ``rounds`` cards."""
        ...

    def take_bottom(self, seat: SeatIndex, bid: int) -> list[Event]:
        """Make ``seat`` the landlord at ``bid`` points: it takes the bottom."""
        ...

    def redeal(self, reason: str) -> list[Event]:
        """Nobody took the landlord: deal again (or dissolve the game)."""
        ...

    def start_play(self) -> list[Event]:
        """The auction is over: the landlord leads."""
        ...


@dataclass
class Auction:
    """Everything said before the first play of one deal."""

    rules: Rules
    first: SeatIndex  # the first bidder or caller of this deal
    balances: tuple[int, ...] | None = None  # what each seat brought (None: ample)
    queue: list[SeatIndex] = field(default_factory=list)  # seats still to speak, in order
    show_factor: int = 0  # what 明牌 multiplies by now
    bids: list[tuple[SeatIndex, int]] = field(default_factory=list)  # (seat, points)
    high_bid: int = 0  # the highest bid so far; the landlord's once chosen (1 in call/grab)
    high_seat: SeatIndex | None = None  # who bid it
    calls: list[tuple[SeatIndex, str]] = field(default_factory=list)  # call|no_call|grab|no_grab
    caller: SeatIndex | None = None
    last_grabber: SeatIndex | None = None
    caller_regrab: bool = False  # the caller was asked again after a grab
    shows: list[tuple[SeatIndex, int]] = field(default_factory=list)  # (seat, factor)
    doubles: list[bool | None] = field(default_factory=list)  # 加倍 per seat (None: not yet)

    def __post_init__(self) -> None:
        if not self.doubles:
            self.doubles = [None] * self.rules.players

    @property
    def shown_seats(self) -> list[SeatIndex]:
        return [s for s, _ in self.shows]

    def legal_actions(self, phase: Phase, seat: SeatIndex,
                      escaped: Collection[SeatIndex]) -> list[Action]:
        """What ``seat`` may say in the auction ``phase`` (an escaped seat only passes):
        :func:`auction_choices` at this auction's high bid."""
        return auction_choices(phase, seat, escaped, self.high_bid)

    @staticmethod
    def timeout_action(phase: Phase, seat: SeatIndex) -> Action:
        """What a turn timer says for ``seat``: 不叫 / 不抢 / no show / 不加倍."""
        if phase == Phase.BID:
            return Bid(seat, 0, auto=True)
        return CHOICES[phase].answer(seat, False, auto=True)

    # ================================================================= opening
    def open(self, host: AuctionHost) -> None:
        """Open the deal's first window: bidding, or the 明牌 before the deal."""
        if self.rules.bidding == "points":
            self._open(host, Phase.BID, self._order_from(self.first))
        else:
            self._open(host, Phase.SHOW_START, self._order_from(self.first))
            self.show_factor = 5

    def _order_from(self, start: SeatIndex) -> list[SeatIndex]:
        players = self.rules.players
        return [(start + k) % players for k in range(players)]

    def _open(self, host: AuctionHost, phase: Phase, queue: list[SeatIndex]) -> None:
        host.phase = phase
        self.queue = queue
        host.to_act = queue[0] if queue else None

    def _next_in_queue(self, host: AuctionHost) -> bool:
        """Advance the queue; False when it is empty."""
        self.queue.pop(0)
        host.to_act = self.queue[0] if self.queue else None
        return bool(self.queue)

    # ================================================================= 明牌
    def show(self, host: AuctionHost, action: Show) -> list[Event]:
        seat = action.seat
        events: list[Event] = []
        if action.show:
            factor = self.show_factor
            self.shows.append((seat, factor))
            host.tally.show = max(host.tally.show, factor)
            events.append(ShowChosen(seat, True, factor, host.hand_text(seat)))
        else:
            events.append(ShowChosen(seat, False, 0, ""))
        if self._next_in_queue(host):
            return events
        if host.phase == Phase.SHOW_START:
            events += host.deal_rounds(self.rules.show_split - 1)
            self.show_factor = 4
            self._open(host, Phase.SHOW_DEAL, self._unshown_from(self.first))
            if self.queue:
                return events
        if host.phase == Phase.SHOW_DEAL and self.show_factor == 4:
            events += host.deal_rounds(self.rules.hand_size)
            self.show_factor = 3
            self._open(host, Phase.SHOW_DEAL, self._unshown_from(self.first))
            if self.queue:
                return events
        if host.phase == Phase.SHOW_DEAL:
            caller = self.shows[0][0] if self.shows else self.first
            self._open(host, Phase.CALL, self._order_from(caller))
            return events
        # the landlord's show before the first play
        return events + host.start_play()

    def _unshown_from(self, start: SeatIndex) -> list[SeatIndex]:
        shown = set(self.shown_seats)
        return [s for s in self._order_from(start) if s not in shown]

    # ================================================================= points bidding
    def verify_bid(self, action: Bid, escaped: list[SeatIndex]) -> None:
        """Raise unless ``action`` outbids the high bid (an escaped seat only passes)."""
        seat, points = action.seat, action.points  # a Bid is 0..3 (checked when made)
        if points and points <= self.high_bid:
            raise IllegalActionError(
                f"a bid must be higher than {self.high_bid}, not {points}",
                code="bid_too_low", points=points, high=self.high_bid)
        if points and seat in escaped:
            raise IllegalActionError("an escaped seat can only pass", code="escaped_seat")

    def bid(self, host: AuctionHost, action: Bid) -> list[Event]:
        seat, points = action.seat, action.points
        self.bids.append((seat, points))
        events: list[Event] = [BidMade(seat, points)]
        if points:
            self.high_bid, self.high_seat = points, seat
        if points == 3 or not self._next_in_queue(host):
            if self.high_seat is not None:
                return events + self._set_landlord(host, self.high_seat, self.high_bid)
            if self.rules.variant == "super":
                return events + self._set_landlord(host, self.first, 1)
            return events + host.redeal("no_bid")
        return events

    # ================================================================= call and grab
    def call(self, host: AuctionHost, action: Call) -> list[Event]:
        seat = action.seat
        self.calls.append((seat, "call" if action.call else "no_call"))
        events: list[Event] = [CallMade(seat, bool(action.call))]
        if action.call:
            self.caller = seat
            refused = {s for s, c in self.calls if c == "no_call"}
            queue = [s for s in self._order_from(seat)[1:] if s not in refused]
            self._open(host, Phase.GRAB, queue)
            if not queue:
                return events + self._landlord_from_grab(host)
            return events
        if self._next_in_queue(host):
            return events
        if self.shows:
            return events + self._set_landlord(host, self.shows[0][0], 1)
        return events + host.redeal("no_call")

    def grab(self, host: AuctionHost, action: Grab) -> list[Event]:
        seat = action.seat
        self.calls.append((seat, "grab" if action.grab else "no_grab"))
        if action.grab:
            host.tally.grabs += 1
            self.last_grabber = seat
        events: list[Event] = [GrabMade(seat, bool(action.grab), host.table_multiplier()[0])]
        if self._next_in_queue(host):
            return events
        caller = self.caller
        assert caller is not None
        if self.last_grabber is not None and not self.caller_regrab and seat != caller:
            self.caller_regrab = True
            self._open(host, Phase.GRAB, [caller])
            return events
        return events + self._landlord_from_grab(host)

    def _landlord_from_grab(self, host: AuctionHost) -> list[Event]:
        landlord = self.last_grabber if self.last_grabber is not None else self.caller
        assert landlord is not None
        return self._set_landlord(host, landlord, 1)

    # ================================================================= landlord and 加倍
    def _set_landlord(self, host: AuctionHost, seat: SeatIndex, bid: int) -> list[Event]:
        self.high_bid = bid
        events = host.take_bottom(seat, bid)
        if self.rules.has_show_and_double:
            queue = [s for s in self._order_from(seat) if self._may_double(s, seat)]
            self._open(host, Phase.DOUBLE, queue)
            if not queue:
                return events + self._after_doubles(host)
            return events
        return events + host.start_play()

    def _may_double(self, seat: SeatIndex, landlord: SeatIndex) -> bool:
        if self.balances is None:
            return True
        t = self.rules.double_min
        if seat == landlord:
            return all(b > t for b in self.balances)
        return self.balances[seat] > t and self.balances[landlord] > t

    def double(self, host: AuctionHost, action: Double) -> list[Event]:
        self.doubles[action.seat] = bool(action.double)
        events: list[Event] = [DoubleChosen(action.seat, bool(action.double))]
        if self._next_in_queue(host):
            return events
        return events + self._after_doubles(host)

    def _after_doubles(self, host: AuctionHost) -> list[Event]:
        self.doubles = [bool(d) for d in self.doubles]
        events: list[Event] = [DoublesRevealed(tuple(bool(d) for d in self.doubles))]
        landlord = host.landlord
        assert landlord is not None
        if landlord not in self.shown_seats:
            self.show_factor = 2
            self._open(host, Phase.SHOW_LANDLORD, [landlord])
            return events
        return events + host.start_play()

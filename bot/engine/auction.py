"""The auction of a deal: dealing, 明牌 windows, points bidding, call and grab, the
landlord taking the bottom, the laizi draw and 加倍 (RULES.md §5.2–§5.6).

A mixin of :class:`bot.engine.game.Game`: it reads and writes the game's state and
returns events; :mod:`bot.engine.game` holds the state, the play phase and settlement.
"""

from __future__ import annotations

import random

from .actions import (
    Bid,
    BidMade,
    Call,
    CallMade,
    CardsDealt,
    DealOpened,
    Double,
    DoubleChosen,
    DoublesRevealed,
    Event,
    GameOver,
    Grab,
    GrabMade,
    LaiziDrawn,
    LandlordChosen,
    Redealt,
    Show,
    ShowChosen,
)
from .cards import RANK_CHARS, TWO, Card, make_deck, text_of
from .errors import IllegalActionError
from .rules import Rules
from .scoring import Result, Tally


class Auction:
    """Everything before the first play. Mixed into :class:`Game`."""

    rules: Rules
    players: int
    balances: tuple[int, ...] | None
    _rng: random.Random
    _first_wanted: int | None
    deal: int
    all_pass_deals: int
    phase: str
    to_act: int | None
    first: int
    hands: list[list[Card]]
    _deck: list[Card]
    _bottom: list[Card]
    bottom_revealed: bool
    _queue: list[int]
    show_factor: int
    bids: list[tuple[int, int]]
    high_bid: int
    _high_seat: int | None
    calls: list[tuple[int, str]]
    _caller: int | None
    _last_grabber: int | None
    _caller_regrab: bool
    shows: list[tuple[int, int]]
    landlord: int | None
    laizi: str | None
    play_rules: Rules
    doubles: list[bool | None]
    tally: Tally
    escaped: list[int]
    result: Result | None

    def hand_text(self, seat: int) -> str:  # pragma: no cover - defined by Game
        raise NotImplementedError

    @property
    def shown_seats(self) -> list[int]:
        return [s for s, _ in self.shows]

    def table_multiplier(self) -> tuple[int, tuple[tuple[str, int, int], ...]]:
        raise NotImplementedError  # pragma: no cover - defined by Game

    def _start_play(self) -> list[Event]:
        raise NotImplementedError  # pragma: no cover - defined by Game

    # ================================================================= dealing
    def _order_from(self, start: int) -> list[int]:
        return [(start + k) % self.players for k in range(self.players)]

    def _start_deal(self) -> list[Event]:
        rules = self.rules
        self.deal += 1
        deck = make_deck(rules.decks, rules.flower)
        self._rng.shuffle(deck)
        first = self._rng.randrange(self.players)
        if self.deal == 1 and self._first_wanted is not None:
            first = self._first_wanted
        self.first = first
        self._deck = deck
        self.hands = [[] for _ in range(self.players)]
        self._bottom = deck[self.players * rules.hand_size:]
        self.bottom_revealed = False
        self.bids, self.high_bid, self._high_seat = [], 0, None
        self.calls, self._caller, self._last_grabber, self._caller_regrab = [], None, None, False
        self.shows = []
        self.tally = Tally()
        events: list[Event] = [DealOpened(self.deal, first)]
        if rules.bidding == "points":
            events += self._deal_rounds(rules.hand_size)
            self._open("bid", self._order_from(first))
        else:
            self._open("show_start", self._order_from(first))
            self.show_factor = 5
        return events

    def _deal_rounds(self, rounds: int) -> list[Event]:
        """Deal up to ``rounds`` cards per seat, one at a time in seat order from seat 0."""
        n = self.players
        events: list[Event] = []
        start = len(self.hands[0])
        for s in range(n):
            new = [self._deck[r * n + s] for r in range(start, rounds)]
            self.hands[s].extend(new)
            self.hands[s].sort()
            events.append(CardsDealt(s, text_of(new), text_of(self.hands[s])))
        return events

    def _open(self, phase: str, queue: list[int]) -> None:
        self.phase = phase
        self._queue = queue
        self.to_act = queue[0] if queue else None

    def _next_in_queue(self) -> bool:
        """Advance the phase queue; False when it is empty."""
        self._queue.pop(0)
        self.to_act = self._queue[0] if self._queue else None
        return bool(self._queue)

    # ================================================================= 明牌
    def _show(self, action: Show) -> list[Event]:
        seat = action.seat
        events: list[Event] = []
        if action.show:
            factor = self.show_factor
            self.shows.append((seat, factor))
            self.tally.show = max(self.tally.show, factor)
            events.append(ShowChosen(seat, True, factor, self.hand_text(seat)))
        else:
            events.append(ShowChosen(seat, False, 0, ""))
        if self._next_in_queue():
            return events
        if self.phase == "show_start":
            events += self._deal_rounds(self.rules.show_split - 1)
            self.show_factor = 4
            self._open("show_deal", self._unshown_from(self.first))
            if self._queue:
                return events
        if self.phase == "show_deal" and self.show_factor == 4:
            events += self._deal_rounds(self.rules.hand_size)
            self.show_factor = 3
            self._open("show_deal", self._unshown_from(self.first))
            if self._queue:
                return events
        if self.phase == "show_deal":
            caller = self.shows[0][0] if self.shows else self.first
            self._open("call", self._order_from(caller))
            return events
        # the landlord's show before the first play
        return events + self._start_play()

    def _unshown_from(self, start: int) -> list[int]:
        shown = set(self.shown_seats)
        return [s for s in self._order_from(start) if s not in shown]

    # ================================================================= points bidding
    def _verify_bid(self, action: Bid) -> None:
        seat, points = action.seat, action.points  # a Bid is 0..3 (checked when made)
        if points and points <= self.high_bid:
            raise IllegalActionError(
                f"a bid must be higher than {self.high_bid}, not {points}",
                code="bid_too_low", points=points, high=self.high_bid)
        if points and seat in self.escaped:
            raise IllegalActionError("an escaped seat can only pass", code="escaped_seat")

    def _bid(self, action: Bid) -> list[Event]:
        seat, points = action.seat, action.points
        self.bids.append((seat, points))
        events: list[Event] = [BidMade(seat, points)]
        if points:
            self.high_bid, self._high_seat = points, seat
        if points == 3 or not self._next_in_queue():
            if self._high_seat is not None:
                return events + self._set_landlord(self._high_seat, self.high_bid)
            if self.rules.variant == "super":
                return events + self._set_landlord(self.first, 1)
            self.all_pass_deals += 1
            events.append(Redealt("no_bid", self.all_pass_deals))
            if self.all_pass_deals >= self.rules.max_all_pass_deals:
                return events + self._dissolve()
            return events + self._start_deal()
        return events

    def _dissolve(self) -> list[Event]:
        n = self.players
        zeros = (0,) * n
        self.result = Result(outcome="dissolved", landlord=None, winners=(), points=zeros,
                             transfers=zeros, fees=zeros, penalties=zeros, beans=zeros,
                             stakes=zeros, doubles=(False,) * n)
        self.phase, self.to_act = "over", None
        return [GameOver("dissolved", ())]

    # ================================================================= call and grab
    def _call(self, action: Call) -> list[Event]:
        seat = action.seat
        self.calls.append((seat, "call" if action.call else "no_call"))
        events: list[Event] = [CallMade(seat, bool(action.call))]
        if action.call:
            self._caller = seat
            refused = {s for s, c in self.calls if c == "no_call"}
            queue = [s for s in self._order_from(seat)[1:] if s not in refused]
            self._open("grab", queue)
            if not queue:
                return events + self._landlord_from_grab()
            return events
        if self._next_in_queue():
            return events
        if self.shows:
            return events + self._set_landlord(self.shows[0][0], 1)
        events.append(Redealt("no_call", self.deal))
        return events + self._start_deal()

    def _grab(self, action: Grab) -> list[Event]:
        seat = action.seat
        self.calls.append((seat, "grab" if action.grab else "no_grab"))
        if action.grab:
            self.tally.grabs += 1
            self._last_grabber = seat
        events: list[Event] = [GrabMade(seat, bool(action.grab), self.table_multiplier()[0])]
        if self._next_in_queue():
            return events
        if self._last_grabber is not None and not self._caller_regrab \
                and seat != self._caller:
            self._caller_regrab = True
            self._open("grab", [self._caller])  # type: ignore[list-item]
            return events
        return events + self._landlord_from_grab()

    def _landlord_from_grab(self) -> list[Event]:
        landlord = self._last_grabber if self._last_grabber is not None else self._caller
        assert landlord is not None
        return self._set_landlord(landlord, 1)

    # ================================================================= landlord, laizi, 加倍
    def _set_landlord(self, seat: int, bid: int) -> list[Event]:
        self.landlord = seat
        self.high_bid = bid
        self.hands[seat].extend(self._bottom)
        self.hands[seat].sort()
        self.bottom_revealed = True
        self.all_pass_deals = 0
        events: list[Event] = [LandlordChosen(seat, bid, text_of(self._bottom))]
        if self.rules.variant == "laizi":
            rank = self.rules.laizi or RANK_CHARS[self._rng.randrange(TWO + 1)]
            self.laizi = rank
            self.play_rules = self.rules.with_laizi(rank)
            events.append(LaiziDrawn(rank))
        if self.rules.has_show_and_double:
            queue = [s for s in self._order_from(seat) if self._may_double(s)]
            self._open("double", queue)
            if not queue:
                return events + self._after_doubles()
            return events
        return events + self._start_play()

    def _may_double(self, seat: int) -> bool:
        if self.balances is None:
            return True
        t = self.rules.double_min
        landlord = self.landlord
        assert landlord is not None
        if seat == landlord:
            return all(b > t for b in self.balances)
        return self.balances[seat] > t and self.balances[landlord] > t

    def _double(self, action: Double) -> list[Event]:
        self.doubles[action.seat] = bool(action.double)
        events: list[Event] = [DoubleChosen(action.seat, bool(action.double))]
        if self._next_in_queue():
            return events
        return events + self._after_doubles()

    def _after_doubles(self) -> list[Event]:
        self.doubles = [bool(d) for d in self.doubles]
        events: list[Event] = [DoublesRevealed(tuple(bool(d) for d in self.doubles))]
        landlord = self.landlord
        assert landlord is not None
        if landlord not in self.shown_seats:
            self.show_factor = 2
            self._open("show_landlord", [landlord])
            return events
        return events + self._start_play()

"""The game state machine: one deal (with its redeals) from the shuffle to settlement.

A game moves only by validated actions::

    g = Game.new(Rules.preset("happy"), seed=42, balances=(10_000, 10_000, 10_000))
    while not g.is_over:
        events = g.apply(choose(g.legal_actions()))
    g.result.beans

:meth:`Game.verify` raises the :class:`RuleError` subclass that :meth:`Game.apply` would
(:meth:`Game.can` asks the same as a bool); :meth:`Game.apply` verifies, then carries the
action out, so on a bad action the game is untouched. The same log (rules, seed,
balances, first bidder, actions) always gives the same game (:meth:`Game.from_log`):
every random choice (the shuffle, the first bidder, the laizi) comes from
``random.Random(seed)``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from .actions import (
    Action,
    Bid,
    Call,
    CardsDealt,
    DealOpened,
    Double,
    Escape,
    Escaped,
    Event,
    GameOver,
    Grab,
    LaiziDrawn,
    LandlordChosen,
    Pass,
    Passed,
    PlayCards,
    Played,
    Redealt,
    SeatIndex,
    Show,
    TrickWon,
)
from .auction import PHASE_ACTIONS, Auction
from .cards import (
    FLOWER,
    RANK_CHARS,
    TWO,
    Card,
    counts_of,
    counts_of_text,
    make_deck,
    text_of,
)
from .compare import beats
from .errors import IllegalActionError, NotYourTurnError, RuleError, WrongPhaseError
from .log import GameLog
from .notation import parse_cards
from .play import Play
from .readings import reading_of, readings
from .rules import Rules
from .scoring import (
    Result,
    Settled,
    Tally,
    count_bomb,
    escape_multiplier,
    farmer_stakes,
    multiplier,
    settle,
    settle_escape,
)
from .states import Outcome, Phase
from .trick import Trick
from .view import SeatView, plays_now


class Game:
    """One game of Dou Dizhu. Create it with :meth:`new` or :meth:`from_log`.

    The game holds the cards, the phase, the seat to act and the play; what is said before
    the first play (bids, calls, shows, 加倍) is its :attr:`auction`, one per deal.
    """

    def __init__(self, start: GameLog) -> None:
        rules = start.rules
        self._start = start  # the log without its actions
        self.rules = rules
        self.seed = start.seed
        self.players = rules.players
        self.balances: tuple[int, ...] | None = start.balances
        self._first_wanted = start.first
        self._rng = random.Random(start.seed)
        self._actions: list[Action] = []
        self._events: list[Event] = []
        self.deal = 0
        self.all_pass_deals = 0
        self.phase = Phase.BID
        self.to_act: SeatIndex | None = None
        self.auction = Auction(rules, 0, self.balances)
        self.hands: list[list[Card]] = []
        self._deck: list[Card] = []
        self._bottom: list[Card] = []
        self.bottom_revealed = False
        self.landlord: SeatIndex | None = None
        self.laizi: str | None = None
        self.play_rules = rules
        self.tally = Tally()
        self._trick: Trick | None = None
        self.plays_made = [0] * self.players
        self.history: list[tuple[SeatIndex, Play | None]] = []
        self.escaped: list[SeatIndex] = []
        self.result: Result | None = None

    # ================================================================= construction
    @classmethod
    def new(cls, rules: Rules, seed: int | str, *, balances: Sequence[int] | None = None,
            first: SeatIndex | None = None, seats: int | None = None) -> Game:
        """Shuffle and deal a new game.

        ``balances`` (beans each seat brings) drive the floors and 加倍 eligibility; None
        means ample. ``first`` fixes the first bidder of the first deal (super rotates it
        from deal to deal; otherwise it is drawn). ``seats``, when given, must match the
        variant (3, or 4 for ``four``).
        """
        if seats is not None and seats != rules.players:
            raise RuleError(f"{rules.variant} is played by {rules.players}, not {seats}",
                            code="bad_seats", seats=seats)
        game = cls(GameLog.start(rules, seed, balances, first))
        game._events.extend(game._start_deal())
        return game

    @classmethod
    def from_log(cls, log: GameLog) -> Game:
        """Rebuild a game from its log: equal to the game that produced the log."""
        game = cls(replace(log, actions=()))
        game._events.extend(game._start_deal())
        for action in log.actions:
            game.apply(action)
        return game

    @property
    def log(self) -> GameLog:
        """What rebuilds this game (:meth:`from_log`): its start and every action."""
        return replace(self._start, actions=tuple(self._actions))

    # ================================================================= public state
    @property
    def actions(self) -> tuple[Action, ...]:
        """Every accepted action, in order."""
        return tuple(self._actions)

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event so far, in order (filter with :meth:`events_for`)."""
        return tuple(self._events)

    def events_for(self, seat: SeatIndex | None) -> list[Event]:
        """The events ``seat`` may see (None: a spectator)."""
        return [e for e in self._events if e.visible_to(seat)]

    @property
    def is_over(self) -> bool:
        return self.phase == Phase.OVER

    @property
    def bottom(self) -> str | None:
        """The bottom cards once revealed, else None."""
        return text_of(self._bottom) if self.bottom_revealed else None

    def hand(self, seat: SeatIndex) -> list[Card]:
        """The cards ``seat`` holds (private: show it only to that seat)."""
        return list(self.hands[seat])

    def hand_text(self, seat: SeatIndex) -> str:
        return text_of(self.hands[seat])

    @property
    def trick(self) -> Trick | None:
        """The current trick of the play phase (after the game, the last one); None
        before the play phase began."""
        return self._trick

    @property
    def last(self) -> tuple[SeatIndex, Play] | None:
        """The play to beat and who made it (None on a lead or outside the play phase)."""
        t = self._trick
        if t is None or t.to_beat is None or t.to_beat_seat is None:
            return None
        return t.to_beat_seat, t.to_beat

    def readings_for(self, seat: SeatIndex, cards: str) -> list[Play]:
        """The readings of ``cards`` (text as typed) that ``seat`` may play now: none when
        it is not that seat's play turn. Raises :class:`InvalidCardsError` when the text
        is not cards or the hand does not hold them."""
        if self.phase != Phase.PLAY or seat != self.to_act:
            return []
        rules = self.play_rules
        hand = self.hands[seat]
        text = parse_cards(cards, hand=hand, rules=rules)
        if self._strands_flower(hand, text):
            return []
        last = self.last[1] if self.last else None
        return [p for p in readings(text, rules) if last is None or beats(p, last, rules)]

    def table_multiplier(self) -> tuple[int, tuple[tuple[str, int, int], ...]]:
        """The multiplier so far and its parts (without 加倍)."""
        return multiplier(self.play_rules, self.tally)

    # ================================================================= legal actions
    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat to act (escapes aside): bids and plays alike."""
        seat = self.to_act
        if seat is None or self.is_over:
            return []
        if self.phase != Phase.PLAY:
            return self.auction.legal_actions(self.phase, seat, self.escaped)
        plays = self.legal_plays()
        out: list[Action] = [PlayCards(seat, p.cards, p.kind, p.main_rank) for p in plays]
        if self.last is not None:
            out.append(Pass(seat))
        return out

    def legal_plays(self) -> list[Play]:
        """The legal plays of the seat to act in the play phase (as :class:`Play`)."""
        seat = self.to_act
        return plays_now(self.phase, seat, seat, self.hands[seat] if seat is not None else "",
                         self.last, self.play_rules)

    def timeout_action(self) -> Action | None:
        """What a turn timer does for the seat to act: 不叫/不抢/no show/不加倍, or pass
        when passing is allowed; None when a play is required (the AI must choose)."""
        seat = self.to_act
        if seat is None:
            return None
        if self.phase != Phase.PLAY:
            return self.auction.timeout_action(self.phase, seat)
        return Pass(seat, auto=True) if self.last is not None else None

    # ================================================================= verify, can, apply
    def verify(self, action: Action) -> None:
        """Raise the :class:`RuleError` that :meth:`apply` would raise for ``action``;
        return None when it may be applied. Changes nothing."""
        self._verified(action)

    def can(self, action: Action) -> bool:
        """May ``action`` be applied now?"""
        try:
            self._verified(action)
        except RuleError:
            return False
        return True

    def apply(self, action: Action) -> tuple[Event, ...]:
        """Verify ``action`` (:meth:`verify`), then carry it out; return its events."""
        play = self._verified(action)
        if isinstance(action, Escape):
            events = self._escape(action)
        elif play is not None:
            assert isinstance(action, PlayCards)
            events = self._play(action.seat, play)
        else:
            events = self._dispatch(action)
        self._actions.append(action)
        self._events.extend(events)
        return tuple(events)

    def _verified(self, action: Action) -> Play | None:
        """Every check of :meth:`apply`; for a card play, the reading it will make."""
        if not isinstance(action, Action):
            raise IllegalActionError(f"not an action: {action!r}", code="not_an_action")
        if isinstance(action.seat, bool) or not isinstance(action.seat, int) or \
                not 0 <= action.seat < self.players:
            raise IllegalActionError(f"there is no seat {action.seat!r}", code="bad_seat",
                                     seat=action.seat)
        if self.is_over:
            raise WrongPhaseError("the deal is over", code="game_over")
        if isinstance(action, Escape):
            if self.rules.bidding != "call" and action.seat in self.escaped:
                raise IllegalActionError(f"seat {action.seat} has already left",
                                         code="already_escaped", seat=action.seat)
            return None
        phase = self.phase
        if phase == Phase.PLAY:
            if not isinstance(action, (PlayCards, Pass)):
                raise WrongPhaseError(
                    f"it is time to play cards, not to {action.type}", code="wrong_phase",
                    phase=phase, action=action.type)
        elif not isinstance(action, PHASE_ACTIONS[phase]):
            raise WrongPhaseError(f"it is the {phase} phase: {action.type} is not possible now",
                                  code="wrong_phase", phase=phase, action=action.type)
        if action.seat != self.to_act:
            raise NotYourTurnError(f"it is seat {self.to_act}'s turn, not seat {action.seat}'s",
                                   code="not_your_turn", seat=action.seat, to_act=self.to_act)
        if isinstance(action, Bid):
            self.auction.verify_bid(action, self.escaped)
        elif isinstance(action, Pass):
            if self.last is None:
                raise IllegalActionError("you lead this trick: play any cards, passing is "
                                         "not allowed", code="must_lead")
        elif isinstance(action, PlayCards):
            return self._verified_play(action)
        return None

    def _dispatch(self, action: Action) -> list[Event]:
        auction = self.auction
        if isinstance(action, Show):
            return auction.show(self, action)
        if isinstance(action, Bid):
            return auction.bid(self, action)
        if isinstance(action, Call):
            return auction.call(self, action)
        if isinstance(action, Grab):
            return auction.grab(self, action)
        if isinstance(action, Double):
            return auction.double(self, action)
        assert isinstance(action, Pass)
        return self._pass(action)

    # ================================================================= dealing
    def _start_deal(self) -> list[Event]:
        """Shuffle, choose the first bidder and open a new auction."""
        rules = self.rules
        self.deal += 1
        deck = make_deck(rules.decks, rules.flower)
        self._rng.shuffle(deck)
        first = self._rng.randrange(self.players)
        if self.deal == 1 and self._first_wanted is not None:
            first = self._first_wanted
        self._deck = deck
        self.hands = [[] for _ in range(self.players)]
        self._bottom = deck[self.players * rules.hand_size:]
        self.bottom_revealed = False
        self.tally = Tally()
        self.auction = Auction(rules, first, self.balances)
        events: list[Event] = [DealOpened(self.deal, first)]
        if rules.bidding == "points":
            events += self.deal_rounds(rules.hand_size)
        self.auction.open(self)
        return events

    # ================================================================= the auction's host
    # (AuctionHost: what the auction asks of the game)
    def deal_rounds(self, rounds: int) -> list[Event]:
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

    def take_bottom(self, seat: SeatIndex, bid: int) -> list[Event]:
        """``seat`` is the landlord at ``bid``: it takes the bottom (and, in laizi, the
        wild rank is drawn)."""
        self.landlord = seat
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
        return events

    def redeal(self, reason: str) -> list[Event]:
        """Nobody took the landlord: deal again. An all-pass of points bidding counts,
        and the last one allowed dissolves the game."""
        if reason == "no_call":
            return [Redealt(reason, self.deal), *self._start_deal()]
        self.all_pass_deals += 1
        events: list[Event] = [Redealt(reason, self.all_pass_deals)]
        if self.all_pass_deals >= self.rules.max_all_pass_deals:
            return events + self._dissolve()
        return events + self._start_deal()

    def _dissolve(self) -> list[Event]:
        n = self.players
        zeros = (0,) * n
        self.result = Result(outcome=Outcome.DISSOLVED, landlord=None, winners=(),
                             points=zeros, transfers=zeros, fees=zeros, penalties=zeros,
                             beans=zeros, stakes=zeros, doubles=(False,) * n)
        self.phase, self.to_act = Phase.OVER, None
        return [GameOver(Outcome.DISSOLVED, ())]

    def start_play(self) -> list[Event]:
        """The auction is over: the landlord leads the first trick."""
        self.phase = Phase.PLAY
        self.auction.queue = []
        self.to_act = self.landlord
        assert self.landlord is not None
        self._trick = Trick(self.landlord)
        return []

    # ================================================================= play
    def _verified_play(self, action: PlayCards) -> Play:
        """The reading ``action`` makes, or the error that forbids it."""
        hand = self.hands[action.seat]
        rules = self.play_rules
        text = parse_cards(action.cards, hand=hand, rules=rules)
        last = self.last[1] if self.last else None
        play = reading_of(text, rules, kind=action.kind, main_rank=action.main, last=last)
        if self._strands_flower(hand, text):
            raise IllegalActionError(
                f"playing {text!r} would leave the flower card alone, and it can never be "
                "played alone", code="strands_flower", cards=text)
        return play

    def _strands_flower(self, hand: list[Card], text: str) -> bool:
        """Would playing ``text`` from ``hand`` leave the flower card as the last card?"""
        return self.play_rules.flower and len(hand) - len(text) == 1 and \
            "F" not in text and any(c.rank == FLOWER for c in hand)

    def _play(self, seat: SeatIndex, play: Play) -> list[Event]:
        used = counts_of_text(play.cards)
        keep: list[Card] = []
        for card in self.hands[seat]:
            if used[card.rank]:
                used[card.rank] -= 1
            else:
                keep.append(card)
        self.hands[seat] = keep
        self.plays_made[seat] += 1
        self.history.append((seat, play))
        if play.is_bomb:
            count_bomb(self.tally, play.kind)
        assert self._trick is not None
        self._trick = self._trick.then(seat, play, self.players)
        events: list[Event] = [Played(seat, play.cards, play.kind, play.main_rank, play.wild_as,
                                      len(keep))]
        if not keep:
            return events + self._finish(seat)
        self.to_act = (seat + 1) % self.players
        return events

    def _pass(self, action: Pass) -> list[Event]:
        seat = action.seat
        self.history.append((seat, None))
        assert self._trick is not None
        self._trick = self._trick.then(seat, None, self.players)
        events: list[Event] = [Passed(seat)]
        if not self._trick.plays:  # everyone else passed: the trick is won
            leader = self._trick.leader
            self.to_act = leader
            events.append(TrickWon(leader))
        else:
            self.to_act = (seat + 1) % self.players
        return events

    def _finish(self, winner: int) -> list[Event]:
        landlord = self.landlord
        assert landlord is not None
        n = self.players
        landlord_won = winner == landlord
        farmers = [(landlord + k) % n for k in range(1, n)]
        spring = landlord_won and all(self.plays_made[f] == 0 for f in farmers)
        anti = not landlord_won and self.plays_made[landlord] == 1
        self.tally.spring = spring or anti
        doubled = [bool(d) for d in self.auction.doubles]
        stakes = farmer_stakes(self.play_rules, bid=self.auction.high_bid, tally=self.tally,
                               landlord_doubled=doubled[landlord],
                               farmers_doubled=[doubled[f] for f in farmers])
        escaper = self.escaped[0] if self.escaped else None
        points, transfers, fees, penalties = settle(
            self.play_rules, landlord=landlord, landlord_won=landlord_won, stakes=stakes,
            balances=self.balances, escaper=escaper)
        per_seat = [0] * n
        per_seat[landlord] = sum(stakes)
        for f, x in zip(farmers, stakes, strict=True):
            per_seat[f] = x
        mult, parts = self.table_multiplier()
        winners = (landlord,) if landlord_won else tuple(farmers)
        self.result = Result(
            outcome=Outcome.LANDLORD if landlord_won else Outcome.FARMERS, landlord=landlord,
            winners=winners, spring=spring, anti_spring=anti, bid=self.auction.high_bid,
            multiplier=mult, parts=parts, doubles=tuple(doubled), stakes=tuple(per_seat),
            points=tuple(points), transfers=tuple(transfers), fees=tuple(fees),
            penalties=tuple(penalties),
            beans=tuple(t - f for t, f in zip(transfers, fees, strict=True)), house=sum(fees),
            escaper=escaper)
        self.phase, self.to_act = Phase.OVER, None
        return [GameOver(self.result.outcome, winners)]

    # ================================================================= escapes
    def _escape(self, action: Escape) -> list[Event]:
        seat = action.seat
        if self.rules.bidding == "call":
            return self._escape_stop(seat)
        self.escaped.append(seat)
        return [Escaped(seat, len(self.escaped) == 1)]

    def escape_settlement(self, seat: SeatIndex) -> tuple[Settled, int]:
        """happy, laizi: what an escape by ``seat`` now settles (docs/rules.md §6.4), and M_esc."""
        m_esc = escape_multiplier(self.play_rules, self.tally,
                                  (counts_of(hand) for hand in self.hands))
        return settle_escape(self.play_rules, escaper=seat, landlord=self.landlord, m_esc=m_esc,
                             balances=self.balances), m_esc

    def _escape_stop(self, seat: SeatIndex) -> list[Event]:
        """happy, laizi: the deal ends at once (docs/rules.md §6.4)."""
        (points, transfers, fees, penalties), m_esc = self.escape_settlement(seat)
        n = self.players
        if self.landlord is None:
            winners: tuple[int, ...] = ()
        elif seat == self.landlord:
            winners = tuple(s for s in range(n) if s != seat)
        else:
            winners = (self.landlord,)
        mult, parts = self.table_multiplier()
        self.escaped.append(seat)
        self.result = Result(
            outcome=Outcome.ESCAPE, landlord=self.landlord, winners=winners,
            bid=self.auction.high_bid, multiplier=mult, parts=parts,
            doubles=tuple(bool(d) for d in self.auction.doubles), stakes=(0,) * n,
            points=tuple(points), transfers=tuple(transfers), fees=tuple(fees),
            penalties=tuple(penalties),
            beans=tuple(t - f for t, f in zip(transfers, fees, strict=True)),
            house=sum(fees), escaper=seat, escape_multiplier=m_esc)
        self.phase, self.to_act = Phase.OVER, None
        return [Escaped(seat, True), GameOver(Outcome.ESCAPE, winners)]

    # ================================================================= views
    def view(self, seat: int | None) -> SeatView:
        """What ``seat`` may know (None: a spectator): never another seat's hidden hand."""
        auction = self.auction
        shown = {s: self.hand_text(s) for s, _ in auction.shows}
        if seat is not None and not 0 <= seat < self.players:
            raise IllegalActionError(f"there is no seat {seat}", code="bad_seat", seat=seat)
        doubles: tuple[bool | None, ...]
        if self.phase == Phase.DOUBLE:
            doubles = tuple(d if s == seat else None for s, d in enumerate(auction.doubles))
        else:
            doubles = tuple(auction.doubles)
        mult, parts = self.table_multiplier()
        return SeatView(
            seat=seat, rules=self.play_rules, phase=self.phase, to_act=self.to_act,
            deal=self.deal, first=auction.first,
            hand=self.hand_text(seat) if seat is not None else "",
            counts=tuple(len(h) for h in self.hands), landlord=self.landlord,
            bottom=self.bottom, laizi=self.laizi, shown=shown,
            plays=tuple(self.history), last=self.last, bids=tuple(auction.bids),
            calls=tuple(auction.calls), shows=tuple(auction.shows), doubles=doubles,
            multiplier=mult, parts=parts, bid=auction.high_bid, balances=self.balances,
            escaped=tuple(self.escaped), action_count=len(self._actions),
            cards=tuple(self.hands[seat]) if seat is not None else (),
            show_factor=auction.show_factor if self.phase.is_show else 0,
        )

    # ================================================================= comparison
    def state(self) -> dict[str, Any]:
        """A plain snapshot of everything that defines the game (for equality and tests)."""
        auction = self.auction
        return {
            "rules": self.rules, "seed": self.seed, "balances": self.balances,
            "phase": self.phase, "to_act": self.to_act, "deal": self.deal,
            "first": auction.first, "hands": [text_of(h) for h in self.hands],
            "suits": [tuple(h) for h in self.hands], "bottom": text_of(self._bottom),
            "revealed": self.bottom_revealed, "queue": tuple(auction.queue),
            "bids": tuple(auction.bids), "calls": tuple(auction.calls),
            "shows": tuple(auction.shows), "landlord": self.landlord, "laizi": self.laizi,
            "doubles": tuple(auction.doubles),
            "tally": dict(self.tally.__dict__),
            "trick": None if self._trick is None else (
                self._trick.leader, tuple((s, p.key if p is not None else None)
                                    for s, p in self._trick.plays)),
            "plays_made": tuple(self.plays_made),
            "history": tuple((s, p.key if p is not None else None) for s, p in self.history),
            "escaped": tuple(self.escaped), "result": self.result,
            "actions": tuple(a.to_json() for a in self._actions),
            "events": tuple(repr(e) for e in self._events),
        }

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self.state() == other.state()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"<Game {self.rules.variant} seed={self.seed!r} deal={self.deal} "
                f"phase={self.phase} to_act={self.to_act}>")

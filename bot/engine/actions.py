"""Actions players take and events a game reports: small frozen records with a JSON form.

Every action names its ``seat``; ``auto`` marks an action chosen by the system (a turn
timer, 托管, an escaped seat) rather than by the player. Events are what the game tells
the table; :meth:`Event.visible_to` says who may see each one (a hand is private, a
加倍 choice stays hidden until everyone has chosen).
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self, TypeAlias

from .errors import IllegalActionError
from .states import Outcome

SeatIndex: TypeAlias = int
"""A seat at the table: 0 .. players - 1, in playing order."""


@dataclass(frozen=True)
class Action:
    """Base of all actions."""

    seat: SeatIndex
    auto: bool = field(default=False, kw_only=True, compare=False)
    type: ClassVar[str] = "action"

    def __post_init__(self) -> None:
        """Every field has its type: a seat is an int (not a bool), yes/no is a bool, so
        an action means one thing live and after its JSON round trip."""
        seat = self.seat
        if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
            raise IllegalActionError(f"a seat is a number 0, 1, 2…, not {seat!r}",
                                     code="bad_seat", seat=seat)
        _check_bool(self, "auto")

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"t": self.type}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name == "auto" and not value:
                continue
            if value is None:
                continue
            data[f.name] = value
        return data

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, sort_keys=True)

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Action:
        data = dict(data)
        cls = ACTION_TYPES.get(data.pop("t", ""))
        if cls is None:
            raise IllegalActionError(f"unknown action type in {data!r}", code="bad_action_data")
        names = {f.name for f in dataclasses.fields(cls)}
        if "seat" not in data or not set(data) <= names:
            raise IllegalActionError(f"a {cls.type} action has the fields {sorted(names)}, "
                                     f"not {sorted(data)}", code="bad_action_data")
        return cls(**data)

    @staticmethod
    def from_json(text: str) -> Action:
        return Action.from_dict(json.loads(text))


@dataclass(frozen=True)
class Bid(Action):
    """Points bidding (classic, four, super): 1, 2 or 3, or 0 for 不叫."""

    points: int = 0
    type: ClassVar[str] = "bid"

    def __post_init__(self) -> None:
        super().__post_init__()
        points = self.points
        if isinstance(points, bool) or not isinstance(points, int) or points not in (0, 1, 2, 3):
            raise IllegalActionError(f"a bid is 1, 2 or 3 points, or 0 to pass, not {points!r}",
                                     code="bad_bid", points=points)


@dataclass(frozen=True)
class Choice(Action):
    """A yes/no action: :class:`Call`, :class:`Grab`, :class:`Show` or :class:`Double`.
    Each keeps its answer in a field named after its type (the JSON form), read as
    :attr:`yes`."""

    def __post_init__(self) -> None:
        super().__post_init__()
        _check_bool(self, self.type)

    @property
    def yes(self) -> bool:
        """True for 叫 / 抢 / 明牌 / 加倍, False for the refusal."""
        answer: bool = getattr(self, self.type)
        return answer

    @classmethod
    def answer(cls, seat: SeatIndex, yes: bool, *, auto: bool = False) -> Self:
        """This choice by ``seat``: yes or no."""
        return cls(seat, **{cls.type: yes}, auto=auto)


@dataclass(frozen=True)
class Call(Choice):
    """叫地主 (True) or 不叫 (False): happy and laizi."""

    call: bool = True
    type: ClassVar[str] = "call"


@dataclass(frozen=True)
class Grab(Choice):
    """抢地主 (True) or 不抢 (False)."""

    grab: bool = True
    type: ClassVar[str] = "grab"


@dataclass(frozen=True)
class Show(Choice):
    """明牌 (True) or not (False), in whichever show window is open."""

    show: bool = True
    type: ClassVar[str] = "show"


@dataclass(frozen=True)
class Double(Choice):
    """加倍 (True) or 不加倍 (False)."""

    double: bool = True
    type: ClassVar[str] = "double"


@dataclass(frozen=True)
class PlayCards(Action):
    """Play cards; ``kind`` and ``main`` declare the reading (optional, for wild plays)."""

    cards: str = ""
    kind: str | None = None
    main: str | None = None
    type: ClassVar[str] = "play"

    def __post_init__(self) -> None:
        super().__post_init__()
        if not isinstance(self.cards, str):
            raise IllegalActionError(f"cards are text, not {self.cards!r}", code="bad_cards")
        for name in ("kind", "main"):
            value = getattr(self, name)
            if value is not None and not isinstance(value, str):
                raise IllegalActionError(f"{name} is text or None, not {value!r}",
                                         code="bad_action", field=name, value=value)


@dataclass(frozen=True)
class Pass(Action):
    """不出."""

    type: ClassVar[str] = "pass"


@dataclass(frozen=True)
class Escape(Action):
    """Leaving the table after the deal started (逃跑)."""

    type: ClassVar[str] = "escape"


def _check_bool(action: Action, name: str) -> None:
    value = getattr(action, name)
    if not isinstance(value, bool):
        raise IllegalActionError(f"{type(action).__name__}.{name} is True or False, not "
                                 f"{value!r}", code="bad_action", field=name, value=value)


ACTION_TYPES: dict[str, type[Action]] = {
    cls.type: cls for cls in (Bid, Call, Grab, Show, Double, PlayCards, Pass, Escape)
}


# ---------------------------------------------------------------------------- events
@dataclass(frozen=True)
class Event:
    """Base of all events."""

    type: ClassVar[str] = "event"

    def visible_to(self, seat: SeatIndex | None) -> bool:
        """May ``seat`` see this event? (None: a spectator.)"""
        return True

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"t": self.type}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if dataclasses.is_dataclass(value) and not isinstance(value, type):
                value = value.to_dict()  # type: ignore[attr-defined]
            elif isinstance(value, tuple):
                value = list(value)
            data[f.name] = value
        return data


@dataclass(frozen=True)
class DealOpened(Event):
    deal: int  # 1 for the first deal, 2+ after a redeal
    first: SeatIndex  # the first bidder or caller
    type: ClassVar[str] = "deal_opened"


@dataclass(frozen=True)
class CardsDealt(Event):
    seat: SeatIndex
    cards: str  # the cards dealt now
    hand: str  # the whole hand so far
    type: ClassVar[str] = "cards_dealt"

    def visible_to(self, seat: SeatIndex | None) -> bool:
        return seat == self.seat


@dataclass(frozen=True)
class ShowChosen(Event):
    seat: SeatIndex
    show: bool
    factor: int  # 5, 4, 3 or 2 when shown
    hand: str  # the shown hand ("" when not shown)
    type: ClassVar[str] = "show"


@dataclass(frozen=True)
class BidMade(Event):
    seat: SeatIndex
    points: int
    type: ClassVar[str] = "bid"


@dataclass(frozen=True)
class CallMade(Event):
    seat: SeatIndex
    call: bool
    type: ClassVar[str] = "call"


@dataclass(frozen=True)
class GrabMade(Event):
    seat: SeatIndex
    grab: bool
    multiplier: int  # the table multiplier after this choice
    type: ClassVar[str] = "grab"


@dataclass(frozen=True)
class LandlordChosen(Event):
    seat: SeatIndex
    bid: int  # the points bid (1 in call/grab variants)
    bottom: str  # revealed to everyone
    type: ClassVar[str] = "landlord"


@dataclass(frozen=True)
class LaiziDrawn(Event):
    rank: str
    type: ClassVar[str] = "laizi"


@dataclass(frozen=True)
class DoubleChosen(Event):
    """One 加倍 choice: only the chooser sees it until :class:`DoublesRevealed`."""

    seat: SeatIndex
    double: bool
    type: ClassVar[str] = "double"

    def visible_to(self, seat: SeatIndex | None) -> bool:
        return seat == self.seat


@dataclass(frozen=True)
class DoublesRevealed(Event):
    doubles: tuple[bool, ...]  # per seat
    type: ClassVar[str] = "doubles"


@dataclass(frozen=True)
class Played(Event):
    seat: SeatIndex
    cards: str
    kind: str
    main: str
    wild_as: str  # what the wild cards stand for ("" without wilds)
    left: int  # cards left in the hand
    type: ClassVar[str] = "played"


@dataclass(frozen=True)
class Passed(Event):
    seat: SeatIndex
    type: ClassVar[str] = "passed"


@dataclass(frozen=True)
class TrickWon(Event):
    """Everyone else passed: ``seat`` leads again."""

    seat: SeatIndex
    type: ClassVar[str] = "trick_won"


@dataclass(frozen=True)
class Redealt(Event):
    reason: str  # "no_bid" or "no_call"
    count: int  # all-pass deals in a row so far
    type: ClassVar[str] = "redeal"


@dataclass(frozen=True)
class Escaped(Event):
    seat: SeatIndex
    counted: bool  # only the first escaper is charged
    type: ClassVar[str] = "escaped"


@dataclass(frozen=True)
class GameOver(Event):
    outcome: Outcome
    winners: tuple[SeatIndex, ...]
    type: ClassVar[str] = "game_over"

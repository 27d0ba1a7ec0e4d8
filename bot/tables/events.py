"""What a table tells its presenters (Discord, the terminal, tests).

Each event names its table (the channel id) and is addressed either to the whole table
(``seat`` None) or privately to the player of one seat. A presenter implements
:class:`Presenter`; the manager awaits ``publish`` for every event, after the action that
caused it is safely stored.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from bot.engine import Action, Card, Event, Phase, Play, Result

from .snapshot import TableSnapshot
from .status import Actor, Closed, SeatChange


@dataclass(frozen=True)
class TableEvent:
    channel_id: int
    # the table as it is once the event happened (None after it closed): what a presenter
    # shows, so it needs no reference to the manager
    table: TableSnapshot | None = field(default=None, kw_only=True, compare=False,
                                        repr=False)
    type: ClassVar[str] = "table_event"

    @property
    def seat(self) -> int | None:
        """The seat this event is private to, or None for the whole table."""
        return None


@dataclass(frozen=True)
class TableOpened(TableEvent):
    owner_id: int
    type: ClassVar[str] = "opened"


@dataclass(frozen=True)
class SeatsChanged(TableEvent):
    reason: SeatChange
    seat_index: int
    type: ClassVar[str] = "seats"


@dataclass(frozen=True)
class GameStarted(TableEvent):
    """A new game began at the table (its ``deal``-th; not the engine's ``DealOpened``,
    which is every dealing of the cards inside one game, a redeal included)."""

    game_id: str
    deal: int  # the table's count of games, this one included
    type: ClassVar[str] = "game_started"


@dataclass(frozen=True)
class PrivateEvent(TableEvent):
    """An event for the player of one seat only."""

    to_seat: int

    @property
    def seat(self) -> int | None:
        return self.to_seat


@dataclass(frozen=True)
class HandChanged(PrivateEvent):
    """A player's hand, privately: after the deal, the bottom, or a play."""

    cards: str
    hand: tuple[Card, ...] = ()  # the same cards with their suits (for the picture)
    type: ClassVar[str] = "hand"


@dataclass(frozen=True)
class TurnStarted(TableEvent):
    to_act: int
    phase: Phase
    deadline: float | None  # epoch seconds; None when an AI or a trustee acts at once
    seq: int  # the number of actions so far: a stale click carries an older one
    auto: bool  # an AI seat, a trustee (托管) or an escaped seat will act
    type: ClassVar[str] = "turn"


@dataclass(frozen=True)
class ActionTaken(TableEvent):
    acted: int
    action: Action
    events: tuple[Event, ...]  # the engine's public events for this action
    by: Actor  # who acted: the player, an AI seat, 托管, the timer, 要不起 by itself…
    type: ClassVar[str] = "action"


@dataclass(frozen=True)
class ReadingNeeded(PrivateEvent):
    """A wild play with several legal readings of different kinds: ask which."""

    cards: str
    options: tuple[Play, ...]
    type: ClassVar[str] = "reading"


@dataclass(frozen=True)
class TrusteeChanged(TableEvent):
    seat_index: int
    on: bool
    voluntary: bool = False  # the player asked for it (not two timeouts)
    type: ClassVar[str] = "trustee"


@dataclass(frozen=True)
class DealEnded(TableEvent):
    game_id: str
    result: Result
    names: tuple[str, ...]
    levels_before: tuple[int | None, ...]  # points before, None for AI seats
    levels_after: tuple[int | None, ...]
    balances_after: tuple[int | None, ...]
    type: ClassVar[str] = "deal_ended"


@dataclass(frozen=True)
class TableClosed(TableEvent):
    reason: Closed
    type: ClassVar[str] = "closed"


@dataclass(frozen=True)
class SavingDelayed(TableEvent):
    """The store did not answer: the table waits and tries again by itself (told once
    per outage; the game is safe: nothing unstored is announced)."""

    type: ClassVar[str] = "saving_delayed"


@dataclass(frozen=True)
class TableRestored(TableEvent):
    """After a restart: re-announce the table (its buttons and timers work again)."""

    type: ClassVar[str] = "restored"


class Presenter(Protocol):
    """Receives table events."""

    async def publish(self, event: TableEvent) -> None:
        ...


class RecordingPresenter:
    """Keeps every event (tests and the load benchmark)."""

    def __init__(self) -> None:
        self.events: list[TableEvent] = []

    async def publish(self, event: TableEvent) -> None:
        self.events.append(event)

    def of_type(self, cls: type[Any]) -> list[Any]:
        return [e for e in self.events if isinstance(e, cls)]

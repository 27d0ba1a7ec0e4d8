"""Live tables: lobby, seats, AI seats, turn timers, 托管, escapes and restart recovery.

Independent of Discord: the cogs, the terminal front-end and the tests all drive the same
:class:`TableManager` and receive :mod:`events <bot.tables.events>` through a presenter.
"""

from .clock import Clock, ManualClock, SystemClock
from .errors import StaleActionError, TableError
from .events import (
    ActionTaken,
    DealEnded,
    GameStarted,
    HandChanged,
    Presenter,
    ReadingNeeded,
    RecordingPresenter,
    SavingDelayed,
    SeatsChanged,
    TableClosed,
    TableEvent,
    TableOpened,
    TableRestored,
    TrusteeChanged,
    TurnStarted,
)
from .leaving import LeaveKind, Leaving, leave_kind
from .manager import TableManager
from .snapshot import GameSnapshot, SeatSnapshot, TableSnapshot
from .state import Seat
from .status import Actor, Closed, Left, Played, PlayStatus, SeatChange, TableStatus
from .turns import AI_BALANCE, Decider

__all__ = [
    "AI_BALANCE",
    "ActionTaken",
    "Actor",
    "Clock",
    "Closed",
    "DealEnded",
    "Decider",
    "GameSnapshot",
    "GameStarted",
    "HandChanged",
    "LeaveKind",
    "Leaving",
    "Left",
    "ManualClock",
    "PlayStatus",
    "Played",
    "Presenter",
    "ReadingNeeded",
    "RecordingPresenter",
    "SavingDelayed",
    "Seat",
    "SeatChange",
    "SeatSnapshot",
    "SeatsChanged",
    "StaleActionError",
    "SystemClock",
    "TableClosed",
    "TableError",
    "TableEvent",
    "TableManager",
    "TableOpened",
    "TableRestored",
    "TableSnapshot",
    "TableStatus",
    "TrusteeChanged",
    "TurnStarted",
    "leave_kind",
]

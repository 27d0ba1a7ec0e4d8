"""What the Discord presenter keeps of one table, in one object: closing the table is one
removal (:class:`TableStates`)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import discord

from bot.discord_api.pacing import Ticket
from bot.tables.hint_cursor import HintCursor

from .selection import Selection

if TYPE_CHECKING:
    from bot.engine import Card
    from bot.tables import DealEnded, TableSnapshot

__all__ = ["HandDm", "TableState", "TableStates"]


@dataclass
class HandDm:
    """What the presenter keeps of one player's hand DM at a table."""

    message: discord.Message | None = None  # the hand DM, once it is out
    seat: int | None = None  # the seat it shows (until the deal ends)
    # the (words, controls) it shows: an edit that changes nothing is not sent
    shown: tuple[str, tuple[object, ...]] | None = None
    lock: asyncio.Lock | None = None  # one update at a time (made at the first)
    refreshing: bool = False  # an update of its words is waiting for the lock
    # its edit at idle priority (bot.discord_api.pacing), holding the lock: a newer update withdraws
    # it if it is still waiting for its turn (:meth:`TableState.supersede`)
    idle_edit: Ticket | None = None
    selection: Selection | None = None  # the cards chosen in the hand


@dataclass
class TableState:
    """One table as the presenter shows it."""

    snapshot: TableSnapshot | None = None  # the table as the last event showed it
    message: discord.Message | None = None  # the public table message
    adopt: bool = False  # restored: the table message of before is looked for
    adopt_dms: bool = False  # restored: so are the hand DMs (until the deal ends)
    pending: asyncio.Task[None] | None = None  # the coalesced edit of the table message
    edited_at: float = float("-inf")  # the loop's time of the last post or edit
    edit_lock: asyncio.Lock = field(default_factory=asyncio.Lock)  # one edit at a time
    notices: list[str] = field(default_factory=list)  # said with the next edit
    drawn: tuple[object, bytes] | None = None  # the last table picture's scene and PNG
    hand_pictures: dict[int, tuple[object, bytes]] = field(default_factory=dict)  # by seat
    shown: tuple[object, ...] | None = None  # what the table message shows (skip repeats)
    # the loop's time the table was read for the picture the message shows (a later
    # picture, drawn while the words went ahead, lands only if it is newer)
    pictured_at: float = float("-inf")
    worded_at: float = float("-inf")  # and for the words it shows
    later_picture: asyncio.Task[None] | None = None  # the picture behind the words
    # a person's own action (a click, a command) is not shown yet: only then do the words
    # go ahead of the picture when drawing is behind (the AI's moves wait for it)
    person_acted: bool = False
    # the loop's times of actions not yet shown in the message's words / picture (metrics)
    unshown: dict[str, list[float]] = field(
        default_factory=lambda: {"words": [], "picture": []})
    result: DealEnded | None = None  # the deal that ended, until the next starts
    hands: dict[int, tuple[Card, ...]] = field(default_factory=dict)  # seat -> cards sent
    hand_dms: dict[int, HandDm] = field(default_factory=dict)  # user -> their hand DM
    hints: HintCursor = field(default_factory=HintCursor)  # the hint shown to each user

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards of ``seat``'s hand as last sent to it."""
        return self.hands.get(seat, ())

    def dm(self, user_id: int) -> HandDm:
        """``user_id``'s hand DM at this table (what is kept of it, made when new)."""
        return self.hand_dms.setdefault(user_id, HandDm())

    def dm_users(self) -> set[int]:
        """The users whose hand DM is out or has been updated (its lock taken)."""
        return {user for user, dm in self.hand_dms.items()
                if dm.message is not None or dm.lock is not None}

    def hand_lock(self, user_id: int) -> asyncio.Lock:
        """One hand message update at a time for ``user_id``."""
        dm = self.dm(user_id)
        if dm.lock is None:
            dm.lock = asyncio.Lock()
        return dm.lock

    def supersede(self, user_id: int) -> None:
        """A newer update of ``user_id``'s hand DM is coming: an edit of theirs still
        waiting its turn at idle priority is withdrawn, so the newer one (their turn, their
        new hand) does not wait behind it for their lock; it shows a later state anyway.
        One already on its way is left to finish (cancelled there, it would close the DM's
        route in discord.py for up to 30 s); the newer one waits for it. Either way what
        the DM shows is known again only from the edit that finishes: the newer update is
        sent even if it matches what was shown before."""
        dm = self.hand_dms.get(user_id)
        if dm is not None and dm.idle_edit is not None:
            ticket, dm.idle_edit = dm.idle_edit, None
            ticket.withdraw()
            dm.shown = None

    def selection(self, user_id: int, hand: str) -> Selection:
        """``user_id``'s selection in ``hand`` (a new one when the hand changed: the old
        numbers mean other cards)."""
        dm = self.dm(user_id)
        if dm.selection is None or dm.selection.hand != hand:
            dm.selection = Selection(hand)
        return dm.selection

    def clear_selection(self, user_id: int) -> None:
        """Forget ``user_id``'s card selection."""
        dm = self.hand_dms.get(user_id)
        if dm is not None:
            dm.selection = None


class TableStates:
    """The state of every table the presenter shows, by channel id."""

    def __init__(self) -> None:
        self._states: dict[int, TableState] = {}

    def get(self, channel_id: int) -> TableState | None:
        return self._states.get(channel_id)

    def of(self, channel_id: int) -> TableState:
        """The table's state, made when it is new."""
        return self._states.setdefault(channel_id, TableState())

    def close(self, channel_id: int) -> TableState | None:
        """Forget the table (it closed): a later table in the channel starts afresh."""
        return self._states.pop(channel_id, None)

    def snapshot(self, channel_id: int) -> TableSnapshot | None:
        state = self._states.get(channel_id)
        return state.snapshot if state is not None else None

    def __contains__(self, channel_id: int) -> bool:
        return channel_id in self._states

"""What a table looks like at one moment, as its presenters may show it.

Every table event carries a :class:`TableSnapshot` (``event.table``), so a presenter (the
Discord one, the terminal, a test) draws from what it was told and holds no reference to
the manager or the live game. A snapshot is frozen and public: the game part is the
engine's spectator view (:meth:`bot.engine.Game.view` with no seat), so no hidden hand is
in it; the cards of a player travel only in the events private to that seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from bot.engine import Card, Phase, Rules, SeatIndex, SeatView, Trick
from bot.engine.cards import text_of

from .status import TableStatus


class _Sitter(Protocol):
    @property
    def user_id(self) -> int | None: ...

    @property
    def name(self) -> str: ...


class SeatLookup:
    """Who sits where, for a table and its snapshots alike."""

    seats: Sequence[_Sitter | None]

    @property
    def is_full(self) -> bool:
        return all(s is not None for s in self.seats)

    def seat_of(self, user_id: int) -> SeatIndex | None:
        for i, seat in enumerate(self.seats):
            if seat is not None and seat.user_id == user_id:
                return i
        return None

    def names(self) -> tuple[str, ...]:
        return tuple(s.name if s else "" for s in self.seats)


@dataclass(frozen=True)
class SeatSnapshot:
    """Who sits in a seat."""

    user_id: int | None  # None for an AI seat
    name: str
    trustee: bool  # 托管: the AI plays for the player
    ai_level: str | None = None
    autopass: bool = False  # 要不起: the player passes by themselves when nothing beats

    @property
    def is_ai(self) -> bool:
        return self.user_id is None

    @property
    def auto(self) -> bool:
        return self.is_ai or self.trustee


@dataclass(frozen=True)
class GameSnapshot:
    """The deal in progress (or just over) as everyone at the table may see it (what
    明牌 multiplies by now, as all the rest, is the view's: ``view.show_factor``)."""

    view: SeatView  # the engine's spectator view: phase, turn, counts, bids, multiplier…
    trick: Trick | None  # the current trick of the play phase
    hands: tuple[str, ...] | None  # every hand once the deal is over (None until then)

    @property
    def is_over(self) -> bool:
        return self.view.phase == Phase.OVER

    # the view's fields under the names a Game gives them
    @property
    def phase(self) -> Phase:
        return self.view.phase

    @property
    def to_act(self) -> SeatIndex | None:
        return self.view.to_act

    @property
    def landlord(self) -> SeatIndex | None:
        return self.view.landlord

    @property
    def laizi(self) -> str | None:
        return self.view.laizi

    @property
    def escaped(self) -> tuple[SeatIndex, ...]:
        return self.view.escaped

    @property
    def players(self) -> int:
        return len(self.view.counts)

    def view_of(self, seat: SeatIndex, hand: Sequence[Card]) -> SeatView:
        """What ``seat``, holding ``hand``, may know: the spectator's view with its own
        cards (its own 加倍 choice stays hidden here while the choices are being made)."""
        return replace(self.view, seat=seat, hand=text_of(list(hand)), cards=tuple(hand))


@dataclass(frozen=True)
class TableSnapshot(SeatLookup):
    """One table at one moment."""

    channel_id: int
    guild_id: int
    owner_id: int
    rules: Rules
    locale: str | None  # the table's language (None: the bot's default)
    status: TableStatus
    seats: tuple[SeatSnapshot | None, ...]
    deals: int
    seq: int  # actions so far in the current game (a button carries it)
    deadline: float | None  # the running turn's, epoch seconds
    game: GameSnapshot | None
    private: bool = False  # only the owner and the invited may sit down
    invited: frozenset[int] = frozenset()
    tournament: bool = False  # a tournament's table: leaving steps away (bot.tables.leaving)

    @property
    def playing(self) -> GameSnapshot | None:
        """The deal being played (None in the lobby, between deals or once it is over)."""
        game = self.game
        return game if self.status == TableStatus.PLAYING and game is not None and \
            not game.is_over else None


__all__ = ["GameSnapshot", "SeatLookup", "SeatSnapshot", "TableSnapshot"]

"""The state of one table: its seats, room rules, current game and timers."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from bot.engine import Action, Game, Result, Rules

from .place import TournamentPlace
from .snapshot import GameSnapshot, SeatLookup, SeatSnapshot, TableSnapshot
from .status import TableStatus

__all__ = ["AI_NAMES", "Seat", "Table"]

AI_NAMES = ("AI 🤖 Ada", "AI 🤖 Bo", "AI 🤖 Cai", "AI 🤖 Du")


@dataclass
class Seat:
    """Who sits in a seat: a player (``user_id``) or an AI (``ai_level``)."""

    user_id: int | None
    name: str
    ai_level: str | None = None
    timeouts: int = 0  # timeouts in a row
    trustee: bool = False  # 托管: the AI plays every turn until the player acts again
    autopass: bool = False  # 要不起: pass for the player when nothing in the hand beats

    @property
    def is_ai(self) -> bool:
        return self.user_id is None

    @property
    def auto(self) -> bool:
        """Does the system act for this seat? (So it does for a seat that escaped the deal:
        see :meth:`Table.escaped`.)"""
        return self.is_ai or self.trustee

    def to_dict(self) -> dict[str, Any]:
        return {"user_id": self.user_id, "name": self.name, "ai_level": self.ai_level,
                "timeouts": self.timeouts, "trustee": self.trustee, "autopass": self.autopass}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Seat:
        data = {k: v for k, v in data.items() if k != "left"}  # saved before escapes
        return cls(**data)  # were read from the game (they are its Escape actions)


@dataclass
class Table(SeatLookup):
    """One table in one channel."""

    channel_id: int
    guild_id: int
    owner_id: int
    rules: Rules
    seats: list[Seat | None]
    ai_level: str = "normal"
    locale: str | None = None  # the table's language, saved with it (None: the default)
    status: TableStatus = TableStatus.LOBBY
    game: Game | None = None
    game_id: str | None = None
    deals: int = 0
    last_first: int | None = None
    deadline: float | None = None  # the running turn's (stored with the game, not here)
    last_result: Result | None = None
    hint: tuple[tuple[str | None, int], Action] | None = None  # ((game id, seq), the AI's hint)
    private: bool = False  # only the owner and the invited may sit down
    invited: set[int] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)
    timer: asyncio.Task[None] | None = field(default=None, repr=False)
    # the game part of the last snapshot, by (game id, actions): one view per action
    _shown: tuple[tuple[str | None, int], GameSnapshot] | None = field(default=None,
                                                                        repr=False)
    _snapshot: tuple[tuple[Any, ...], TableSnapshot] | None = field(default=None, repr=False)
    tournament: TournamentPlace | None = None  # a tournament's table (bot.tables.tournament)
    delayed: bool = False  # the store did not answer; the table was told (once)
    failures: int = 0  # store failures in a row (the retry backoff)

    @property
    def size(self) -> int:
        return self.rules.players

    def may_sit(self, user_id: int) -> bool:
        """May ``user_id`` take a seat? Anyone at an open table; at a private one, the
        owner and the players the owner invited."""
        return not self.private or user_id == self.owner_id or user_id in self.invited

    def escaped(self, seat: int) -> bool:
        """Did ``seat`` escape the deal being played? (Its Escape is in the game, so this
        holds exactly when the escape was stored; the AI plays on for it to the end.) An
        escape is a fact of a deal: once the deal is over and settled (the table is between
        deals) the seat's occupant, who may be a new player, is an ordinary player."""
        return self.status == TableStatus.PLAYING and self.game is not None and \
            seat in self.game.escaped

    def absent(self, seat: int) -> bool:
        """Does ``seat``'s player hold no live seat here? An escaper of the running deal,
        or an entrant away from a tournament table (the AI plays on for them)."""
        return self.escaped(seat) or self.away(seat)

    def away(self, seat: int) -> bool:
        """Is ``seat`` a tournament entrant who is away (a trustee from deal to deal)?"""
        entry = self.seats[seat]
        return self.tournament is not None and entry is not None and \
            entry.user_id is not None and entry.user_id in self.tournament.away

    def free_seat(self, seat: int) -> None:
        """Empty ``seat``; when its player owned the table, the next seated human owns
        it (:meth:`pass_ownership`)."""
        entry = self.seats[seat]
        self.seats[seat] = None
        if entry is not None and entry.user_id is not None and entry.user_id == self.owner_id:
            self.pass_ownership(seat)

    def pass_ownership(self, seat: int) -> None:
        """The owner at ``seat`` left or escaped: the next seated human (in seat order
        after them, not escaped) owns the table; nobody left: it stays."""
        for k in range(1, self.size + 1):
            i = (seat + k) % self.size
            entry = self.seats[i]
            if entry is not None and entry.user_id is not None and i != seat and \
                    not self.escaped(i):
                self.owner_id = entry.user_id
                return

    @property
    def humans(self) -> list[int]:
        return [s.user_id for s in self.seats if s is not None and s.user_id is not None]

    @property
    def seq(self) -> int:
        """The number of actions applied to the current game."""
        return len(self.game.actions) if self.game is not None else 0

    def snapshot(self) -> TableSnapshot:
        """The table now, as its presenters may show it (frozen; no hidden hand). The
        events of one action share one snapshot: it is made again only on a change."""
        seats = tuple(None if s is None else (s.user_id, s.name, s.trustee, s.ai_level,
                                              s.autopass) for s in self.seats)
        game = self._game_shown()
        key = (self.owner_id, self.locale, self.status, self.deals, self.deadline, seats,
               id(game), self.private, frozenset(self.invited), self.tournament is not None)
        if self._snapshot is None or self._snapshot[0] != key:
            self._snapshot = key, TableSnapshot(
                channel_id=self.channel_id, guild_id=self.guild_id, owner_id=self.owner_id,
                rules=self.rules, locale=self.locale, status=self.status,
                seats=tuple(None if s is None else SeatSnapshot(*s) for s in seats),
                deals=self.deals, seq=self.seq, deadline=self.deadline, game=game,
                private=self.private, invited=frozenset(self.invited),
                tournament=self.tournament is not None)
        return self._snapshot[1]

    def _game_shown(self) -> GameSnapshot | None:
        game = self.game
        if game is None:
            return None
        key = (self.game_id, len(game.actions))
        if self._shown is None or self._shown[0] != key:
            hands = tuple(game.hand_text(i) for i in range(game.players)) \
                if game.is_over else None
            self._shown = key, GameSnapshot(game.view(None), game.trick, hands)
        return self._shown[1]

    def to_dict(self) -> dict[str, Any]:
        return {
            "owner_id": self.owner_id, "rules": self.rules.to_dict(),
            "seats": [s.to_dict() if s else None for s in self.seats],
            "ai_level": self.ai_level, "status": self.status, "game_id": self.game_id,
            "deals": self.deals, "last_first": self.last_first, "locale": self.locale,
        } | ({"private": True, "invited": sorted(self.invited)} if self.private else {}) | (
            {"tournament": self.tournament.to_dict()} if self.tournament is not None else {})

    @classmethod
    def from_dict(cls, channel_id: int, guild_id: int, data: dict[str, Any]) -> Table:
        return cls(
            channel_id=channel_id, guild_id=guild_id, owner_id=data["owner_id"],
            rules=Rules.from_dict(data["rules"]),
            seats=[Seat.from_dict(s) if s else None for s in data["seats"]],
            ai_level=data.get("ai_level", "normal"), status=TableStatus(data["status"]),
            game_id=data.get("game_id"), deals=data.get("deals", 0),
            last_first=data.get("last_first"), locale=data.get("locale"),
            private=bool(data.get("private", False)),
            invited={int(u) for u in data.get("invited", ())},
            tournament=TournamentPlace.from_dict(data["tournament"])
            if data.get("tournament") else None,
        )

"""The values the store takes and returns: frozen dataclasses, no SQL.

:class:`Settlement` (with its :class:`SeatSettlement`\\ s) is what a finished game hands to
:meth:`Store.settle`; :meth:`Settlement.from_result` builds one from an engine ``Result``.
:class:`Player`, :class:`GameRecord`, :class:`Rank`, :class:`Leaderboard`,
:class:`LedgerEntry` and :class:`InvariantReport` are what the store answers;
:class:`GameStatus` is where a stored game is.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import date
from enum import StrEnum
from typing import Any, NamedTuple

from bot.engine import Action, GameLog, Level, Play, Result, Rules, level_for
from bot.text_input import normalise_name

from .errors import InvalidInputError

ROLES = ("landlord", "farmer", "")
SPRINGS = ("spring", "anti_spring", "")
MAX_NAME = 100
MAX_ID = 2**63 - 1  # SQLite INTEGER; Discord snowflakes fit


# ---------------------------------------------------------------------------- players
@dataclass(frozen=True)
class Player:
    """A user's account in one guild's economy."""

    guild_id: int
    user_id: int
    name: str
    balance: int
    points: int  # lifetime 积分: the level
    games: int
    wins: int
    landlord_games: int
    landlord_wins: int
    farmer_games: int
    farmer_wins: int
    last_daily: date | None
    level: Level = field(init=False)
    last_relief: date | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "level", level_for(self.points))

    @property
    def win_rate(self) -> float:
        """Wins per game (0.0 before the first game)."""
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class LedgerEntry:
    """One bean movement. ``user_id`` None is the guild's house account."""

    entry_id: int
    guild_id: int
    user_id: int | None
    amount: int
    balance_after: int
    reason: str  # start, transfer, fee, escape_penalty, ai_seat, daily, relief, grant, take
    game_id: str | None
    seat: int | None
    note: str | None
    by_user_id: int | None
    created_at: str


# ---------------------------------------------------------------------------- settlement
@dataclass(frozen=True)
class SeatSettlement:
    """One seat's part of a settlement (the engine's ``Result`` tuples at that seat)."""

    user_id: int | None  # None: an AI seat, booked against the house
    transfer: int  # beans won or lost against other seats (Result.transfers[seat])
    fee: int  # beans paid to the house (Result.fees[seat]), >= 0
    points: int  # level points (Result.points[seat])
    role: str  # "landlord", "farmer" or "" (no landlord yet)
    won: bool
    penalty: int = 0  # the part of ``fee`` that is an escape penalty (booked on its own)
    bombs: int = 0  # bombs this seat played in the deal (rockets aside)
    rockets: int = 0
    spring: str = ""  # the deal's "spring" or "anti_spring", else ""

    @property
    def counts_as_game(self) -> bool:
        """False when the deal was void for this seat: no role, nothing moved."""
        return bool(self.role or self.transfer or self.fee or self.points or self.won)

    def to_dict(self) -> dict[str, Any]:
        data = {"user_id": self.user_id, "transfer": self.transfer, "fee": self.fee,
                "points": self.points, "role": self.role, "won": self.won,
                "penalty": self.penalty}
        # the statistics only when there are some: a settlement made before they existed
        # has the same content (settling it again after an upgrade is no conflict)
        for name in ("bombs", "rockets", "spring"):
            if getattr(self, name):
                data[name] = getattr(self, name)
        return data


@dataclass(frozen=True)
class Settlement:
    """The bean and point movements of one finished game, applied in one transaction."""

    game_id: str
    guild_id: int
    seats: tuple[SeatSettlement, ...]
    result_json: str = "{}"  # Result.to_dict() as JSON, stored with the game record

    @classmethod
    def from_result(cls, game_id: str, guild_id: int, result: Result,
                    user_ids: Sequence[int | None], *,
                    plays: Sequence[tuple[int, Play | None]] = ()) -> Settlement:
        """The settlement of an engine ``Result``; ``user_ids[seat]`` None for an AI seat.
        ``plays`` (``Game.history``: each play or pass of the deal) gives each seat's
        bombs and rockets for the statistics."""
        if len(user_ids) != len(result.beans):
            raise InvalidInputError(
                f"{len(result.beans)} seats in the result but {len(user_ids)} user ids",
                code="seat_count", seats=len(result.beans), user_ids=len(user_ids))
        bombs = [0] * len(user_ids)
        rockets = [0] * len(user_ids)
        for seat, play in plays:
            if play is not None and play.is_bomb and 0 <= seat < len(user_ids):
                (rockets if play.kind == "rocket" else bombs)[seat] += 1
        spring = "spring" if result.spring else "anti_spring" if result.anti_spring else ""
        seats = []
        for seat, user_id in enumerate(user_ids):
            role = "" if result.landlord is None else (
                "landlord" if seat == result.landlord else "farmer")
            penalty = result.penalties[seat] if result.penalties else 0
            seats.append(SeatSettlement(user_id, result.transfers[seat], result.fees[seat],
                                        result.points[seat], role, seat in result.winners,
                                        penalty, bombs[seat], rockets[seat], spring))
        return cls(game_id, guild_id, tuple(seats),
                   json.dumps(result.to_dict(), sort_keys=True, ensure_ascii=False))

    @property
    def house_delta(self) -> int:
        """What the house gains: the humans' fees, plus what the AI seats it bankrolls won
        (minus what they lost)."""
        return sum(s.fee if s.user_id is not None else s.transfer for s in self.seats)

    def canonical(self) -> str:
        """The content as canonical JSON: equal settlements give equal text."""
        return json.dumps({"game_id": self.game_id, "guild_id": self.guild_id,
                           "seats": [s.to_dict() for s in self.seats],
                           "result": json.loads(self.result_json)},
                          sort_keys=True, ensure_ascii=False, separators=(",", ":"))

    def validate(self) -> None:
        """Check the shape and the arithmetic; raise :class:`InvalidInputError` if wrong."""
        check_game_id(self.game_id)
        check_id(self.guild_id, "guild_id")
        if not isinstance(self.seats, tuple | list) or not 2 <= len(self.seats) <= 8:
            raise InvalidInputError(f"a settlement needs 2 to 8 seats, not "
                                    f"{self.seats!r}", code="bad_seats",
                                    seats=len(self.seats) if isinstance(self.seats, tuple | list)
                                    else None)
        humans: set[int] = set()
        for n, s in enumerate(self.seats):
            if not isinstance(s, SeatSettlement):
                raise InvalidInputError(f"seat {n} is not a SeatSettlement: {s!r}",
                                        code="bad_seat", seat=n)
            if s.user_id is not None:
                check_id(s.user_id, "user_id")
                if s.user_id in humans:
                    raise InvalidInputError(f"user {s.user_id} sits twice in game "
                                            f"{self.game_id!r}", code="duplicate_seat",
                                            user_id=s.user_id)
                humans.add(s.user_id)
            for name in ("transfer", "fee", "points", "penalty", "bombs", "rockets"):
                check_int(getattr(s, name), f"seat {n} {name}")
            if s.bombs < 0 or s.rockets < 0:
                raise InvalidInputError(f"seat {n}: bombs and rockets are counts, not "
                                        f"{s.bombs} and {s.rockets}", code="bad_counts", seat=n)
            if s.spring not in SPRINGS:
                raise InvalidInputError(f"seat {n}: spring must be spring, anti_spring or '', "
                                        f"not {s.spring!r}", code="bad_spring", seat=n)
            if s.fee < 0 or not 0 <= s.penalty <= s.fee:
                raise InvalidInputError(
                    f"seat {n}: fee must be >= 0 and penalty within 0..fee, got fee {s.fee}, "
                    f"penalty {s.penalty}", code="bad_fee", seat=n, fee=s.fee)
            if s.role not in ROLES:
                raise InvalidInputError(f"seat {n}: role must be landlord, farmer or '', not "
                                        f"{s.role!r}", code="bad_role", seat=n, role=s.role)
            if not isinstance(s.won, bool):
                raise InvalidInputError(f"seat {n}: won must be a bool, not {s.won!r}",
                                        code="bad_won", seat=n)
        total = sum(s.transfer for s in self.seats)
        if total != 0:
            raise InvalidInputError(f"the transfers of game {self.game_id!r} sum to {total}, "
                                    "not 0", code="transfers_not_zero", game_id=self.game_id,
                                    total=total)
        check_json_object(self.result_json, "result_json")


# ---------------------------------------------------------------------------- game records
@dataclass(frozen=True)
class SeatRecord:
    """Who sat where when the game began."""

    seat: int
    user_id: int | None  # None: an AI seat
    name: str
    ai_level: str | None = None


class GameStatus(StrEnum):
    """Where a stored game is (``games.status``: stored as these words)."""

    LIVE = "live"  # being played: it takes actions
    SETTLED = "settled"  # over, its beans moved
    ABANDONED = "abandoned"  # closed without settling: no beans moved


@dataclass(frozen=True)
class GameRecord:
    """A stored game: enough to rebuild it (rules, seed, balances, actions) and its fate."""

    game_id: str
    guild_id: int
    channel_id: int | None
    rules_json: str
    seed: int | str
    seats: tuple[SeatRecord, ...]
    balances: tuple[int, ...]
    actions: tuple[str, ...]  # Action JSON, in order (seq 0, 1, …)
    status: GameStatus
    result_json: str | None
    created_at: str
    finished_at: str | None
    deadline_seq: int | None = None
    deadline: float | None = None  # epoch seconds
    first: int | None = None  # the first bidder when it was fixed (Game.new's ``first``)

    @property
    def finished(self) -> bool:
        return self.status != GameStatus.LIVE

    @property
    def next_seq(self) -> int:
        """The sequence number the next action must carry."""
        return len(self.actions)

    def rules(self) -> Rules:
        return Rules.from_json(self.rules_json)

    @property
    def log(self) -> GameLog:
        """The game's log: :meth:`bot.engine.Game.from_log` rebuilds the game from it."""
        return GameLog(self.rules(), self.seed, self.balances, self.first,
                       tuple(Action.from_json(a) for a in self.actions))


class SavedTable(NamedTuple):
    """A live table's saved state: ``(channel_id, guild_id, data)``."""

    channel_id: int
    guild_id: int
    data: dict[str, Any]


# ---------------------------------------------------------------------------- queries
@dataclass(frozen=True)
class Rank:
    """A player's level and place on the guild's points board."""

    guild_id: int
    user_id: int
    player_name: str
    points: int
    level: Level
    position: int  # 1 = most points; ties share a position
    players: int  # players on the board

    @property
    def level_name(self) -> str:
        return self.level.name

    @property
    def level_number(self) -> int:
        return self.level.number

    @property
    def progress(self) -> float:
        return self.level.progress

    @property
    def to_next(self) -> int:
        return self.level.to_next


@dataclass(frozen=True)
class LeaderboardEntry:
    position: int  # 1 = first on the board; equal on its measure: one position (1, 2, 2, 4)
    user_id: int
    name: str
    balance: int
    points: int
    games: int
    wins: int
    level: Level
    streak: int = 0  # counted wins since the last loss
    best_streak: int = 0
    springs: int = 0
    anti_springs: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class Leaderboard:
    """One page of a guild's board (the house is never on it)."""

    guild_id: int
    by: str  # "balance", "points", "winrate", "streak" or "springs"
    page: int
    per_page: int
    total: int  # players on the whole board
    entries: tuple[LeaderboardEntry, ...]

    @property
    def pages(self) -> int:
        return max(1, -(-self.total // self.per_page))

    def __iter__(self) -> Iterator[LeaderboardEntry]:
        return iter(self.entries)

    def __len__(self) -> int:
        return len(self.entries)


@dataclass(frozen=True)
class InvariantReport:
    """What :meth:`Store.check_invariants` found. ``ok`` when ``problems`` is empty."""

    guilds: int
    accounts: int  # players and houses checked
    ledger_rows: int
    settlements: int
    minted: int  # beans ever created: start + daily + relief + grants - takes
    held: int  # beans held: every balance plus every house
    problems: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.problems

    def raise_if_broken(self) -> InvariantReport:
        from .errors import InvariantError

        if self.problems:
            raise InvariantError(self)
        return self

    def __str__(self) -> str:
        head = (f"{self.guilds} guilds, {self.accounts} accounts, {self.ledger_rows} ledger "
                f"rows, {self.settlements} settlements; minted {self.minted}, held {self.held}")
        if not self.problems:
            return f"invariants hold: {head}"
        lines = "\n".join(f"  - {p}" for p in self.problems[:50])
        more = f"\n  … and {len(self.problems) - 50} more" if len(self.problems) > 50 else ""
        return f"{len(self.problems)} invariant problems ({head}):\n{lines}{more}"


# ---------------------------------------------------------------------------- validation
def check_int(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInputError(f"{what} must be a whole number, not {value!r}",
                                code="not_an_int", what=what, value=value)
    return value


def check_id(value: object, what: str) -> int:
    """A Discord-style id: a positive whole number that fits SQLite's INTEGER."""
    check_int(value, what)
    assert isinstance(value, int)
    if not 0 < value <= MAX_ID:
        raise InvalidInputError(f"{what} must be a positive id, not {value!r}",
                                code="bad_id", what=what, value=value)
    return value


def check_name(name: object) -> str:
    """A display name, normalised (:func:`bot.text_input.normalise_name`: stripped, its
    controls and invisible characters removed, NUL among them, so both backends store the
    same text and PostgreSQL never sees a NUL), then 1..100 characters."""
    if not isinstance(name, str):
        raise InvalidInputError(f"a name must be text, not {name!r}", code="bad_name",
                                name=name)
    text = normalise_name(name)
    if not text:
        raise InvalidInputError("a name cannot be empty", code="empty_name", name=name)
    if len(text) > MAX_NAME:
        raise InvalidInputError(f"a name has at most {MAX_NAME} characters; "
                                f"{text[:20]!r}… has {len(text)}", code="name_too_long",
                                name=text[:MAX_NAME], length=len(text), limit=MAX_NAME)
    return text


def check_game_id(game_id: object) -> str:
    if not isinstance(game_id, str) or not 0 < len(game_id) <= 100 or game_id != game_id.strip():
        raise InvalidInputError(f"a game id must be 1..100 characters of text without outer "
                                f"spaces, not {game_id!r}", code="bad_game_id", game_id=game_id)
    return game_id


def check_json_object(text: object, what: str) -> dict[str, Any]:
    """Parse ``text`` as a JSON object (a dict)."""
    if not isinstance(text, str):
        raise InvalidInputError(f"{what} must be JSON text, not {text!r}", code="bad_json",
                                what=what)
    try:
        value = json.loads(text)
    except ValueError as e:
        raise InvalidInputError(f"{what} is not valid JSON ({e}): {text[:60]!r}",
                                code="bad_json", what=what) from None
    if not isinstance(value, dict):
        raise InvalidInputError(f"{what} must be a JSON object, not {text[:60]!r}",
                                code="bad_json", what=what)
    return value

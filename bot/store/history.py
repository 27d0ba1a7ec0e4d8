"""Deal history and the statistics kept with it.

A player's history is their settled seats in one guild, newest first: one range of the
``settlement_seats_history`` index (migration 008) per page, then the page's ten settlements
and game records by primary key. Deals are named by their game id; a short id (its first
characters, as a page shows them) finds the deal again within the guild.

:meth:`HistoryMixin.player_stats` reads the counters settlement keeps on the player row
(springs, anti-springs, bombs, rockets, streaks, the biggest win).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass

from .base import StoreBase
from .errors import InvalidInputError, UnknownGameError
from .records import check_id, check_int
from .sql import fetch, fetch_one

SHORT_ID = 8  # characters of a game id shown on a history page
MAX_PER_PAGE = 50


@dataclass(frozen=True)
class HistoryEntry:
    """One settled deal as one player saw it."""

    game_id: str
    settled_at: str  # ISO 8601, UTC
    variant: str  # "" when the deal has no game record (settled without one)
    seat: int
    role: str  # "landlord", "farmer" or "" (a void deal)
    won: bool
    counted: bool  # False: the deal was void for this seat
    bid: int  # 底分
    multiplier: int  # the table multiplier (bombs, spring, grabs, 明牌), without 加倍
    doubled: bool  # this seat doubled (加倍)
    points: int
    beans: int  # net beans of the deal (transfer minus fees)
    spring: str  # "spring", "anti_spring" or ""
    outcome: str  # the Result's outcome: "landlord", "farmers", "escape", "dissolved"

    @property
    def short_id(self) -> str:
        return self.game_id[:SHORT_ID]


@dataclass(frozen=True)
class HistoryPage:
    """One page of a player's deals, newest first."""

    guild_id: int
    user_id: int
    page: int
    per_page: int
    total: int  # the player's settled deals in the guild
    entries: tuple[HistoryEntry, ...]

    @property
    def pages(self) -> int:
        return max(1, -(-self.total // self.per_page))

    def __iter__(self) -> Iterator[HistoryEntry]:
        return iter(self.entries)

    def __len__(self) -> int:
        return len(self.entries)


@dataclass(frozen=True)
class PlayerStats:
    """The counters a profile shows beyond games and wins."""

    springs: int  # deals won as the landlord with a spring (春天)
    anti_springs: int  # deals won as a farmer with an anti-spring (反春)
    bombs: int  # bombs played (every bomb class but the rocket)
    rockets: int
    streak: int  # counted wins since the last counted loss
    best_streak: int
    biggest_win: int  # the largest net bean gain of one deal


# the page's keys come from the covering index alone (an OFFSET deep into 10,000 deals
# skips index entries, not rows), then each of its rows is read by primary key
_PAGE = (
    "SELECT s.game_id, t.settled_at, s.seat, s.role, s.won, s.counted, s.points, "
    "s.transfer - s.fee, s.spring, t.result_json, g.rules_json "
    "FROM (SELECT game_id, seat FROM settlement_seats WHERE guild_id = ? AND user_id = ? "
    "      ORDER BY deal_no DESC LIMIT ? OFFSET ?) k "
    "JOIN settlement_seats s ON s.game_id = k.game_id AND s.seat = k.seat "
    "JOIN settlements t ON t.game_id = s.game_id "
    "LEFT JOIN games g ON g.game_id = s.game_id "
    "ORDER BY s.deal_no DESC")


class HistoryMixin(StoreBase):
    """Histories, deal ids and statistics."""

    async def history(self, guild_id: int, user_id: int, page: int = 1,
                      per_page: int = 10) -> HistoryPage:
        """One page of the player's settled deals in the guild, newest first. A page past
        the end is an empty page (``page > pages``); a player with no deals has none."""
        check_id(guild_id, "guild_id")
        check_id(user_id, "user_id")
        for value, name, high in ((page, "page", 10**6), (per_page, "per_page", MAX_PER_PAGE)):
            check_int(value, name)
            if not 1 <= value <= high:
                raise InvalidInputError(f"{name} must be within 1..{high}, not {value}",
                                        code="bad_page", what=name, value=value)
        async with self._db.snapshot() as conn:
            row = await fetch_one(conn, "SELECT COUNT(*) FROM settlement_seats "
                                        "WHERE guild_id = ? AND user_id = ?",
                                  (guild_id, user_id))
            rows = await fetch(conn, _PAGE, (guild_id, user_id, per_page,
                                             (page - 1) * per_page))
        total = int(row[0]) if row else 0
        return HistoryPage(guild_id, user_id, page, per_page, total,
                           tuple(_entry(r) for r in rows))

    async def find_deal(self, guild_id: int, deal: str) -> str:
        """The game id of a deal of this guild named by its id or its first characters.
        :class:`UnknownGameError` when no deal of the guild matches (another guild's deal
        is unknown here too); :class:`InvalidInputError` when the prefix is ambiguous."""
        check_id(guild_id, "guild_id")
        text = deal.strip().lower() if isinstance(deal, str) else ""
        if not 4 <= len(text) <= 100 or not text.isalnum():
            raise UnknownGameError(f"There is no deal {str(deal)[:40]!r} in this server: "
                                   "choose one from the list.", code="unknown_deal",
                                   deal=str(deal)[:40])
        # a range on the primary key: the ids from ``text`` up to the next prefix after it
        # (ids are compared byte by byte: SQLite's BINARY, PostgreSQL's "C" collation)
        bounds = (text, text[:-1] + chr(ord(text[-1]) + 1), guild_id)
        rows = await self._db.fetch_all(
            "SELECT game_id FROM games WHERE game_id >= ? AND game_id < ? AND guild_id = ? "
            "ORDER BY game_id LIMIT 2", bounds)
        if not rows:  # settled without a game record
            rows = await self._db.fetch_all(
                "SELECT game_id FROM settlements WHERE game_id >= ? AND game_id < ? "
                "AND guild_id = ? ORDER BY game_id LIMIT 2", bounds)
        if not rows:
            raise UnknownGameError(f"There is no deal {text[:40]!r} in this server: "
                                   "choose one from the list.", code="unknown_deal",
                                   deal=text[:40])
        if len(rows) > 1 and rows[0][0] != text:
            raise InvalidInputError(f"{text[:40]!r} names more than one deal: type more of "
                                    "its id.",
                                    code="ambiguous_deal", deal=text[:40])
        return str(rows[0][0])

    async def player_stats(self, guild_id: int, user_id: int) -> PlayerStats:
        """The player's springs, bombs, streaks and biggest win (all 0 before any deal)."""
        check_id(guild_id, "guild_id")
        check_id(user_id, "user_id")
        row = await self._db.fetch_one(
            "SELECT springs, anti_springs, bombs, rockets, streak, best_streak, biggest_win "
            "FROM players WHERE guild_id = ? AND user_id = ?", (guild_id, user_id))
        if row is None:
            async with self._db.reader() as conn:
                raise await self._unknown(conn, guild_id, user_id)
        return PlayerStats(*(int(v) for v in row))


def _entry(row: tuple[object, ...]) -> HistoryEntry:
    (game_id, settled_at, seat, role, won, counted, points, beans, spring, result_json,
     rules_json) = row
    result = json.loads(str(result_json)) if result_json else {}
    variant = json.loads(str(rules_json)).get("variant", "") if rules_json else ""
    doubles = result.get("doubles") or []
    seat_no = int(seat)  # type: ignore[call-overload]
    return HistoryEntry(
        str(game_id), str(settled_at), str(variant), seat_no, str(role), bool(won),
        bool(counted), int(result.get("bid", 0) or 0), int(result.get("multiplier", 1) or 1),
        bool(doubles[seat_no]) if seat_no < len(doubles) else False,
        int(points), int(beans), str(spring),  # type: ignore[call-overload]
        str(result.get("outcome", "")))

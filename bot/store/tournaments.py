"""Tournaments in the store: sign-up, rounds, deal results, standings, and the payout.

Every method is one transaction. Beans: a buy-in moves from the player to the house, which
holds the pool (``tournaments.pool``); leaving during sign-up returns it. At the end,
:meth:`TournamentsMixin.pay_prizes` pays the prizes from the pool (the house keeps its take)
and :meth:`TournamentsMixin.cancel_tournament` returns every buy-in; either sets
``paid_at`` in its transaction, so it happens once (a second call, or a call after a
restart, pays nothing). Each movement is a pair of ledger rows (player and house, reasons
``buy_in``, ``prize``, ``refund``, with the tournament's id), so the ledger stays balanced
and ``prizes + house take = pool = buy-ins``.

Deal results are recorded once per game id (the same content again changes nothing; other
content raises :class:`SettlementConflictError`); standings are computed from them by
:func:`bot.tournaments.standings`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from bot.tournaments import (
    SeatScore,
    Standing,
    TournamentSettings,
    TournamentStatus,
    house_take,
    prizes_for,
    standings,
    tied_groups,
)

from .base import StoreBase
from .errors import InsufficientBalanceError, InvalidInputError, SettlementConflictError
from .records import check_id
from .sql import INTEGRITY_ERRORS, Connection, fetch, fetch_one

_LEDGER = ("INSERT INTO ledger (guild_id, user_id, amount, balance_after, reason, game_id, "
           "seat, note, by_user_id, created_at, tournament_id) "
           "VALUES (?, ?, ?, ?, ?, NULL, NULL, NULL, NULL, ?, ?)")
_COLUMNS = ("tournament_id, guild_id, channel_id, creator_id, settings_json, seed, status, "
            "round_no, pool, house_take, paid_at")


def tournament_of_row(row: Any) -> Tournament:
    """A stored tournament from a row of ``_COLUMNS``."""
    (tid, guild_id, channel_id, creator_id, settings_json, seed, status, round_no, pool,
     take, paid_at) = row
    return Tournament(int(tid), int(guild_id), int(channel_id), int(creator_id),
                      TournamentSettings.from_json(settings_json), int(seed),
                      TournamentStatus(status),
                      int(round_no), int(pool), None if take is None else int(take),
                      paid_at is not None)


@dataclass(frozen=True)
class Tournament:
    """A stored tournament."""

    tournament_id: int
    guild_id: int
    channel_id: int
    creator_id: int
    settings: TournamentSettings
    seed: int
    status: TournamentStatus
    round_no: int  # the round being played; 0 before the first
    pool: int  # the buy-ins the house holds for it
    house_take: int | None  # set by the payout
    paid: bool  # prizes paid or buy-ins returned


FINAL = 0
"""The round number of the final ranking's announcement (rounds count from 1)."""


class Announcement(StrEnum):
    """Where an announcement is (:meth:`TournamentsMixin.announcement`)."""

    DUE = "due"  # not posted yet
    POSTING = "posting"  # being posted when the process stopped, perhaps posted
    DONE = "done"  # posted: never again


@dataclass(frozen=True)
class Payout:
    """What a payout or a cancel moved: ``prizes`` per user (refunds on a cancel), the
    house's take, and whether it was done now (False: it had been done before)."""

    prizes: dict[int, int]
    house_take: int
    done_now: bool


class TournamentsMixin(StoreBase):
    """Tournaments: create, join, leave, start, rounds, results, standings, payout."""

    async def create_tournament(self, guild_id: int, channel_id: int, creator_id: int,
                                settings: TournamentSettings, seed: int) -> Tournament:
        """A new tournament in sign-up; refused when the channel has one open."""
        for value, name in ((guild_id, "guild_id"), (channel_id, "channel_id"),
                            (creator_id, "user_id")):
            check_id(value, name)
        async with self._db.transaction() as conn:
            await self._ensure_guild(conn, guild_id)
            busy = await fetch_one(conn, "SELECT tournament_id FROM tournaments WHERE "
                                         "channel_id = ? AND status IN ('signup', 'running')",
                                   (channel_id,))
            if busy is not None:
                raise InvalidInputError(f"channel {channel_id} already has tournament "
                                        f"{busy[0]}", code="tournament_here",
                                        tournament_id=int(busy[0]))
            row = await fetch_one(
                conn, "INSERT INTO tournaments (guild_id, channel_id, creator_id, name, "
                      "settings_json, seed, status, created_at) "
                      "VALUES (?, ?, ?, ?, ?, ?, 'signup', ?) RETURNING tournament_id",
                (guild_id, channel_id, creator_id, settings.name, settings.to_json(), seed,
                 self._now()))
            assert row is not None
            return await self._tournament_on(conn, int(row[0]))

    async def get_tournament(self, tournament_id: int) -> Tournament:
        async with self._db.snapshot() as conn:
            return await self._tournament_on(conn, tournament_id)

    async def tournament_entrants(self, tournament_id: int) -> list[int]:
        """The entrants' user ids in order of sign-up."""
        rows = await self._db.fetch_all("SELECT user_id FROM tournament_entrants WHERE "
                                        "tournament_id = ? ORDER BY entry_no", (tournament_id,))
        return [int(r[0]) for r in rows]

    async def join_tournament(self, tournament_id: int, user_id: int) -> int:
        """Sign a player up (their account must exist) and take the buy-in; returns the
        number of entrants. Refused outside sign-up, twice, or above the free balance."""
        async with self._db.transaction() as conn:
            t = await self._tournament_on(conn, tournament_id)
            _require_status(t, TournamentStatus.SIGNUP)
            player = await self._require_player(conn, t.guild_id, user_id)
            if await fetch_one(conn, "SELECT 1 FROM tournament_entrants WHERE "
                                     "tournament_id = ? AND user_id = ?",
                               (tournament_id, user_id)) is not None:
                raise InvalidInputError(f"user {user_id} is already in tournament "
                                        f"{tournament_id}", code="already_joined")
            fee = t.settings.buy_in
            free = player.balance - await self._held_on(conn, t.guild_id, user_id)
            if fee > free:
                raise InsufficientBalanceError(
                    f"the buy-in is {fee} beans; user {user_id} has {free} free",
                    guild_id=t.guild_id, user_id=user_id, amount=fee, balance=free)
            row = await fetch_one(conn, "SELECT COALESCE(MAX(entry_no), 0) + 1, COUNT(*) "
                                        "FROM tournament_entrants WHERE tournament_id = ?",
                                  (tournament_id,))
            assert row is not None
            await conn.execute(
                "INSERT INTO tournament_entrants (tournament_id, user_id, guild_id, entry_no, "
                "buy_in, joined_at) VALUES (?, ?, ?, ?, ?, ?)",
                (tournament_id, user_id, t.guild_id, int(row[0]), fee, self._now()))
            await self._move(conn, t, user_id, -fee, "buy_in")
            return int(row[1]) + 1

    async def leave_tournament(self, tournament_id: int, user_id: int) -> bool:
        """Take a player off the list during sign-up and return their buy-in; False when
        they were not on it."""
        async with self._db.transaction() as conn:
            t = await self._tournament_on(conn, tournament_id)
            _require_status(t, TournamentStatus.SIGNUP)
            row = await fetch_one(conn, "SELECT buy_in FROM tournament_entrants WHERE "
                                        "tournament_id = ? AND user_id = ?",
                                  (tournament_id, user_id))
            if row is None:
                return False
            await conn.execute("DELETE FROM tournament_entrants WHERE tournament_id = ? "
                               "AND user_id = ?", (tournament_id, user_id))
            await self._move(conn, t, user_id, int(row[0]), "refund")
            return True

    async def start_tournament(self, tournament_id: int) -> Tournament:
        """End the sign-up: at least a table's worth of entrants (3, 4 in ``four``)."""
        async with self._db.transaction() as conn:
            t = await self._tournament_on(conn, tournament_id)
            _require_status(t, TournamentStatus.SIGNUP)
            row = await fetch_one(conn, "SELECT COUNT(*) FROM tournament_entrants WHERE "
                                        "tournament_id = ?", (tournament_id,))
            count = int(row[0]) if row else 0
            if count < t.settings.table_size:
                raise InvalidInputError(f"{count} entrants; a tournament needs at least "
                                        f"{t.settings.table_size}", code="too_few_entrants",
                                        entrants=count, needed=t.settings.table_size)
            await conn.execute("UPDATE tournaments SET status = 'running', started_at = ? "
                               "WHERE tournament_id = ?", (self._now(), tournament_id))
            return await self._tournament_on(conn, tournament_id)

    async def save_round(self, tournament_id: int, round_no: int,
                         tables: Sequence[Sequence[int | None]],
                         byes: Sequence[int] = ()) -> bool:
        """Store the next round's seating and make it the current round. The same seating
        again is a no-op (False: a restart re-saving it); another one is refused."""
        seats = [json.dumps(list(table)) for table in tables]
        async with self._db.transaction() as conn:
            t = await self._tournament_on(conn, tournament_id)
            _require_status(t, TournamentStatus.RUNNING)
            stored = [r[0] for r in await fetch(
                conn, "SELECT seats_json FROM tournament_tables WHERE tournament_id = ? AND "
                      "round_no = ? ORDER BY table_no", (tournament_id, round_no))]
            if stored:
                if stored == seats:
                    return False
                raise InvalidInputError(f"round {round_no} was seated otherwise",
                                        code="round_seated", round_no=round_no)
            if round_no != t.round_no + 1 or round_no > t.settings.rounds or not tables:
                raise InvalidInputError(f"round {round_no} cannot start after round "
                                        f"{t.round_no} of {t.settings.rounds}",
                                        code="bad_round", round_no=round_no)
            await conn.executemany(
                "INSERT INTO tournament_tables (tournament_id, round_no, table_no, "
                "seats_json) VALUES (?, ?, ?, ?)",
                [(tournament_id, round_no, n, s) for n, s in enumerate(seats, 1)])
            await conn.executemany(
                "INSERT INTO tournament_byes (tournament_id, round_no, user_id) "
                "VALUES (?, ?, ?)", [(tournament_id, round_no, u) for u in byes])
            await conn.execute("UPDATE tournaments SET round_no = ? WHERE tournament_id = ?",
                               (round_no, tournament_id))
            return True

    async def round_tables(self, tournament_id: int, round_no: int
                           ) -> list[tuple[int | None, ...]]:
        """A round's tables (players by position, None an AI seat), table 1 first."""
        rows = await self._db.fetch_all("SELECT seats_json FROM tournament_tables WHERE "
                                        "tournament_id = ? AND round_no = ? ORDER BY table_no",
                                        (tournament_id, round_no))
        return [tuple(json.loads(r[0])) for r in rows]

    async def record_result(self, tournament_id: int, round_no: int, table_no: int,
                            deal_no: int, game_id: str, seats: Sequence[SeatScore]) -> bool:
        """Count one deal of a table (its seats in seat order). Once per game id: True when
        recorded now, False when the same result was recorded before."""
        async with self._db.transaction() as conn:
            return await self._record_on(conn, tournament_id, round_no, table_no, deal_no,
                                         game_id, seats)

    async def _record_on(self, conn: Connection, tournament_id: int, round_no: int,
                         table_no: int, deal_no: int, game_id: str,
                         seats: Sequence[SeatScore]) -> bool:
        """:meth:`record_result`'s writes in the caller's transaction."""
        content = json.dumps([tournament_id, round_no, table_no, deal_no,
                              [[s.user_id, s.points, s.role, bool(s.won)] for s in seats]],
                             separators=(",", ":"))
        row = await fetch_one(conn, "SELECT content FROM tournament_results "
                                    "WHERE game_id = ?", (game_id,))
        if row is not None:
            if row[0] == content:
                return False
            raise SettlementConflictError(f"game {game_id!r} was counted with another "
                                          "result", game_id=game_id)
        t = await self._tournament_on(conn, tournament_id)
        _require_status(t, TournamentStatus.RUNNING)
        table = await fetch_one(conn, "SELECT seats_json FROM tournament_tables WHERE "
                                      "tournament_id = ? AND round_no = ? AND "
                                      "table_no = ?", (tournament_id, round_no, table_no))
        if table is None or not 1 <= deal_no <= t.settings.deals_per_round:
            raise InvalidInputError(f"no deal {deal_no} at table {table_no} of round "
                                    f"{round_no}", code="bad_deal")
        if sorted(map(str, json.loads(table[0]))) != sorted(str(s.user_id) for s in seats):
            raise SettlementConflictError(f"game {game_id!r} seats other players than "
                                          f"table {table_no}", game_id=game_id)
        try:
            await conn.execute(
                "INSERT INTO tournament_results (game_id, tournament_id, round_no, "
                "table_no, deal_no, content, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game_id, tournament_id, round_no, table_no, deal_no, content,
                 self._now()))
        except INTEGRITY_ERRORS as e:
            raise SettlementConflictError(f"deal {deal_no} of table {table_no} was "
                                          "counted under another game id",
                                          game_id=game_id) from e
        await conn.executemany(
            "INSERT INTO tournament_scores (game_id, seat, tournament_id, user_id, "
            "points, role, won) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(game_id, n, tournament_id, s.user_id, s.points, s.role, int(s.won))
             for n, s in enumerate(seats)])
        return True

    async def running_tournaments(self) -> list[Tournament]:
        """Every running tournament (of every guild), oldest first: the runner's resume."""
        async with self._db.snapshot() as conn:
            ids = [int(r[0]) for r in await fetch(
                conn, "SELECT tournament_id FROM tournaments WHERE status = 'running' "
                      "ORDER BY tournament_id", ())]
            return [await self._tournament_on(conn, tid) for tid in ids]

    async def round_progress(self, tournament_id: int, round_no: int
                             ) -> dict[int, tuple[int | None, int]]:
        """Each table of a round: ``table_no -> (channel_id or None, deals recorded)``."""
        rows = await self._db.fetch_all(
            "SELECT t.table_no, t.channel_id, COUNT(r.game_id) FROM tournament_tables t "
            "LEFT JOIN tournament_results r ON r.tournament_id = t.tournament_id AND "
            "r.round_no = t.round_no AND r.table_no = t.table_no WHERE t.tournament_id = ? "
            "AND t.round_no = ? GROUP BY t.table_no, t.channel_id ORDER BY t.table_no",
            (tournament_id, round_no))
        return {int(n): (None if c is None else int(c), int(k)) for n, c, k in rows}

    async def set_table_channel(self, tournament_id: int, round_no: int, table_no: int,
                                channel_id: int) -> None:
        """Where a table of a round plays (set once it is opened)."""
        check_id(channel_id, "channel_id")
        async with self._db.transaction() as conn:
            await conn.execute("UPDATE tournament_tables SET channel_id = ? WHERE "
                               "tournament_id = ? AND round_no = ? AND table_no = ?",
                               (channel_id, tournament_id, round_no, table_no))

    async def tournament_away(self, tournament_id: int) -> set[int]:
        """The entrants who are away (the AI plays their seats: they left, or 托管)."""
        rows = await self._db.fetch_all("SELECT user_id FROM tournament_entrants WHERE "
                                        "tournament_id = ? AND away = 1", (tournament_id,))
        return {int(r[0]) for r in rows}

    async def set_tournament_away(self, tournament_id: int, user_ids: Sequence[int],
                                  away: bool = True) -> None:
        """Mark entrants away (or back)."""
        async with self._db.transaction() as conn:
            await self._mark_away_on(conn, tournament_id, user_ids, away)

    async def _mark_away_on(self, conn: Connection, tournament_id: int,
                            user_ids: Sequence[int], away: bool) -> None:
        if not user_ids:
            return
        await conn.executemany("UPDATE tournament_entrants SET away = ? WHERE "
                               "tournament_id = ? AND user_id = ? AND away <> ?",
                               [(int(away), tournament_id, u, int(away)) for u in user_ids])

    async def tournament_standings(self, tournament_id: int) -> list[Standing]:
        """The entrants ranked (:mod:`bot.tournaments.standings` says the tie-breaks)."""
        async with self._db.snapshot() as conn:
            return await self._standings_on(conn, tournament_id)

    async def pay_prizes(self, tournament_id: int) -> Payout:
        """Finish a running tournament: pay the prizes from the pool by the final standings,
        the house keeping its take, in one transaction. Once: a second call pays nothing and
        says what was paid."""
        async with self._db.transaction() as conn:
            t = await self._tournament_on(conn, tournament_id)
            if t.paid:
                return await self._paid_on(conn, t, "prize")
            _require_status(t, TournamentStatus.RUNNING)
            table = await self._standings_on(conn, tournament_id)
            take = house_take(t.pool, t.settings.house_percent)
            prizes = prizes_for(t.pool, t.settings.prize_split, tied_groups(table),
                                t.settings.house_percent)
            for user_id in await self._entrants_on(conn, tournament_id):
                await self._move(conn, t, user_id, prizes.get(user_id, 0), "prize")
            await self._close(conn, t, TournamentStatus.FINISHED, take)
            # the final ranking is to be announced: with the payout, so never lost
            await conn.execute("INSERT INTO tournament_announcements (tournament_id, "
                               "round_no) VALUES (?, ?) ON CONFLICT (tournament_id, "
                               "round_no) DO NOTHING", (tournament_id, FINAL))
            return Payout(prizes, take, True)

    async def cancel_tournament(self, tournament_id: int) -> Payout:
        """Cancel in sign-up or while running: every buy-in goes back, in one transaction,
        once (a second call returns nothing more)."""
        async with self._db.transaction() as conn:
            t = await self._tournament_on(conn, tournament_id)
            if t.paid:
                return await self._paid_on(conn, t, "refund")
            _require_status(t, TournamentStatus.SIGNUP, TournamentStatus.RUNNING)
            refunds: dict[int, int] = {}
            for user_id, fee in await fetch(
                    conn, "SELECT user_id, buy_in FROM tournament_entrants WHERE "
                          "tournament_id = ? ORDER BY entry_no", (tournament_id,)):
                refunds[int(user_id)] = int(fee)
                await self._move(conn, t, int(user_id), int(fee), "refund")
            await self._close(conn, t, TournamentStatus.CANCELLED, 0)
            return Payout(refunds, 0, True)

    # ----------------------------------------------------------------- announcements
    async def announcement(self, tournament_id: int, round_no: int) -> Announcement:
        """Where the announcement of a round's standings (``round_no``) or of the final
        ranking (:data:`FINAL`) is: not begun, being posted (a restart may find it posted
        or not), or announced."""
        row = await self._db.fetch_one("SELECT posting_at, announced_at FROM "
                                       "tournament_announcements WHERE tournament_id = ? "
                                       "AND round_no = ?", (tournament_id, round_no))
        if row is None or (row[0] is None and row[1] is None):
            return Announcement.DUE
        return Announcement.POSTING if row[1] is None else Announcement.DONE

    async def announcing(self, tournament_id: int, round_no: int) -> None:
        """Note that the announcement is about to be posted (before the post)."""
        async with self._db.transaction() as conn:
            await conn.execute(
                "INSERT INTO tournament_announcements (tournament_id, round_no, posting_at) "
                "VALUES (?, ?, ?) ON CONFLICT (tournament_id, round_no) DO UPDATE SET "
                "posting_at = excluded.posting_at WHERE "
                "tournament_announcements.announced_at IS NULL",
                (tournament_id, round_no, self._now()))

    async def announced(self, tournament_id: int, round_no: int) -> None:
        """Note that the announcement was posted (after the post): never again."""
        async with self._db.transaction() as conn:
            now = self._now()
            await conn.execute(
                "INSERT INTO tournament_announcements (tournament_id, round_no, posting_at, "
                "announced_at) VALUES (?, ?, ?, ?) ON CONFLICT (tournament_id, round_no) "
                "DO UPDATE SET announced_at = excluded.announced_at WHERE "
                "tournament_announcements.announced_at IS NULL",
                (tournament_id, round_no, now, now))

    async def unannounced_finals(self) -> list[Tournament]:
        """The finished tournaments whose final ranking is still to be announced (the
        process that paid the prizes stopped first), oldest first."""
        async with self._db.snapshot() as conn:
            ids = [int(r[0]) for r in await fetch(
                conn, "SELECT t.tournament_id FROM tournaments t JOIN "
                      "tournament_announcements a ON a.tournament_id = t.tournament_id "
                      "AND a.round_no = ? WHERE t.status = 'finished' AND "
                      "a.announced_at IS NULL ORDER BY t.tournament_id", (FINAL,))]
            return [await self._tournament_on(conn, tid) for tid in ids]

    # ----------------------------------------------------------------- steps
    async def _tournament_on(self, conn: Connection, tournament_id: int) -> Tournament:
        row = await fetch_one(conn, f"SELECT {_COLUMNS} FROM tournaments "
                                    "WHERE tournament_id = ?", (tournament_id,))
        if row is None:
            raise InvalidInputError(f"there is no tournament {tournament_id}",
                                    code="unknown_tournament", tournament_id=tournament_id)
        return tournament_of_row(row)

    async def _entrants_on(self, conn: Connection, tournament_id: int) -> list[int]:
        return [int(r[0]) for r in await fetch(
            conn, "SELECT user_id FROM tournament_entrants WHERE tournament_id = ? "
                  "ORDER BY entry_no", (tournament_id,))]

    async def _standings_on(self, conn: Connection, tournament_id: int) -> list[Standing]:
        entrants = await self._entrants_on(conn, tournament_id)
        rows = await fetch(conn, "SELECT game_id, user_id, points, role, won FROM "
                                 "tournament_scores WHERE tournament_id = ? "
                                 "ORDER BY game_id, seat", (tournament_id,))
        deals: dict[str, list[SeatScore]] = {}
        for game_id, user_id, points, role, won in rows:
            deals.setdefault(str(game_id), []).append(SeatScore(
                None if user_id is None else int(user_id), int(points), str(role), bool(won)))
        return standings(entrants, deals.values())

    async def _move(self, conn: Connection, t: Tournament, user_id: int, amount: int,
                    reason: str) -> None:
        """``amount`` beans to the player (negative: from them), the opposite to the house,
        with both ledger rows and the pool; nothing when 0."""
        if not amount:
            return
        now = self._now()
        row = await fetch_one(conn, "UPDATE players SET balance = balance + ?, updated_at = ? "
                                    "WHERE guild_id = ? AND user_id = ? RETURNING balance",
                              (amount, now, t.guild_id, user_id))
        house = await fetch_one(conn, "UPDATE guilds SET house_balance = house_balance - ? "
                                      "WHERE guild_id = ? RETURNING house_balance",
                                (amount, t.guild_id))
        assert row is not None and house is not None
        await conn.execute("UPDATE tournaments SET pool = pool - ? WHERE tournament_id = ?",
                           (amount, t.tournament_id))
        rows: list[tuple[Any, ...]] = [
            (t.guild_id, user_id, amount, int(row[0]), reason, now, t.tournament_id),
            (t.guild_id, None, -amount, int(house[0]), reason, now, t.tournament_id)]
        await conn.executemany(_LEDGER, rows)

    async def _close(self, conn: Connection, t: Tournament, status: TournamentStatus,
                     take: int) -> None:
        # the pool left is the house's take: it already holds it
        await conn.execute("UPDATE tournaments SET status = ?, house_take = ?, pool = 0, "
                           "paid_at = ?, finished_at = ? WHERE tournament_id = ?",
                           (status.value, take, self._now(), self._now(), t.tournament_id))

    async def _paid_on(self, conn: Connection, t: Tournament, reason: str) -> Payout:
        rows = await fetch(conn, "SELECT user_id, SUM(amount) FROM ledger WHERE "
                                 "tournament_id = ? AND reason = ? AND user_id IS NOT NULL "
                                 "GROUP BY user_id", (t.tournament_id, reason))
        return Payout({int(u): int(a) for u, a in rows}, t.house_take or 0, False)


def _require_status(t: Tournament, *allowed: TournamentStatus) -> None:
    if t.status not in allowed:
        raise InvalidInputError(f"tournament {t.tournament_id} is {t.status}, not "
                                f"{' or '.join(allowed)}", code="tournament_status",
                                tournament_id=t.tournament_id, status=t.status)

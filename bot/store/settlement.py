"""Settling a finished game: every bean and point of it in one transaction.

:meth:`SettlementMixin.settle` validates first (transfers sum to zero, fees >= 0, every
human has an account in the guild, no balance would go below zero, the seats match the
game record) and writes nothing when anything is wrong. Then, in one ``BEGIN IMMEDIATE``
transaction: the settlement row (the idempotence key: a game is settled once), its seats,
the players' balances, points and counters, the house, the ledger rows, and the game
record marked settled. A crash at any point leaves all of it or none of it.

Booking, per seat in seat order (amounts of 0 are not booked):

- a human: ``transfer`` (±), ``fee`` (−, the fee without the penalty), ``escape_penalty``
  (−); the house books the same fee and penalty (+) for that seat;
- an AI seat has no account: the house bankrolls it and books its transfer as ``ai_seat``.
  The fee an AI seat owes would go from the house to itself, so it is not booked.

So every settlement's ledger rows sum to zero, and ``sum(balances) + house`` only changes
by beans minted outside games.

A seat counts a game (``games``, and ``wins``, ``landlord_*`` or ``farmer_*`` by its role)
unless the deal was void for it: no role, and no beans or points moved (a dissolved deal,
or the others' seats when someone escaped before the landlord was fixed).
"""

from __future__ import annotations

from typing import Any

from .errors import (
    InsufficientBalanceError,
    InvalidInputError,
    SettlementConflictError,
    UnknownGuildError,
    UnknownPlayerError,
)
from .records import GameStatus, SeatSettlement, Settlement
from .seats import SeatsMixin
from .sql import Connection, execute_many, fetch, fetch_one

# the streak: a counted win adds one, a counted loss ends it, a void deal leaves it
# (the right-hand sides read the row as it was before this UPDATE)
_UPDATE_PLAYER = (
    "UPDATE players SET balance = ?, points = points + ?, games = games + ?, wins = wins + ?, "
    "landlord_games = landlord_games + ?, landlord_wins = landlord_wins + ?, "
    "farmer_games = farmer_games + ?, farmer_wins = farmer_wins + ?, "
    "springs = springs + ?, anti_springs = anti_springs + ?, bombs = bombs + ?, "
    "rockets = rockets + ?, "
    "biggest_win = CASE WHEN biggest_win < ? THEN ? ELSE biggest_win END, "
    "streak = CASE WHEN ? = 0 THEN streak WHEN ? = 1 THEN streak + 1 ELSE 0 END, "
    "best_streak = CASE WHEN ? = 1 AND streak + 1 > best_streak THEN streak + 1 "
    "ELSE best_streak END, "
    "updated_at = ? WHERE guild_id = ? AND user_id = ?")

_INSERT_SEAT = (
    "INSERT INTO settlement_seats (game_id, seat, guild_id, user_id, transfer, fee, penalty, "
    "points, role, won, counted, deal_no, bombs, rockets, spring) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")


class SettlementMixin(SeatsMixin):
    """Settling games."""

    async def settle(self, settlement: Settlement) -> bool:
        """Apply a finished game's settlement once. True when applied now; False when the
        same settlement was applied before (nothing changes). The same game id with other
        content raises :class:`SettlementConflictError`; bad input raises another
        :class:`StoreError`. Either way nothing is written."""
        if not isinstance(settlement, Settlement):
            raise InvalidInputError(f"settle() takes a Settlement, not {settlement!r}",
                                    code="bad_settlement")
        settlement.validate()
        async with self._db.transaction() as conn:
            return await self._settle_on(conn, settlement)

    async def _settle_on(self, conn: Connection, settlement: Settlement) -> bool:
        """:meth:`settle`'s writes in the caller's transaction (``settlement`` validated)."""
        content = settlement.canonical()
        game_id, guild_id = settlement.game_id, settlement.guild_id
        row = await fetch_one(conn, "SELECT content FROM settlements WHERE game_id = ?",
                              (game_id,))
        if row is not None:
            if row[0] == content:
                return False
            raise SettlementConflictError(
                f"game {game_id!r} was already settled with a different result",
                game_id=game_id)
        house_row = await fetch_one(conn, "SELECT house_balance FROM guilds "
                                          "WHERE guild_id = ?", (guild_id,))
        if house_row is None:
            raise UnknownGuildError(f"guild {guild_id} has no players yet",
                                    guild_id=guild_id)
        game_exists = await self._check_game(conn, settlement)
        balances = await self._human_balances(conn, settlement)
        now = self._now()
        ledger, house = _ledger_rows(settlement, balances, int(house_row[0]), now)
        number = await fetch_one(conn, "SELECT COALESCE(MAX(deal_no), 0) + 1 "
                                       "FROM settlements")
        assert number is not None
        deal_no = int(number[0])  # the writer's lock makes it the next number
        await conn.execute(
            "INSERT INTO settlements (game_id, guild_id, content, result_json, "
            "house_delta, settled_at, deal_no) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (game_id, guild_id, content, settlement.result_json, settlement.house_delta,
             now, deal_no))
        await execute_many(conn, _INSERT_SEAT, [
            (game_id, n, guild_id, s.user_id, s.transfer, s.fee, s.penalty, s.points,
             s.role, int(s.won), int(s.counts_as_game), deal_no, s.bombs, s.rockets,
             s.spring)
            for n, s in enumerate(settlement.seats)])
        await execute_many(conn, _UPDATE_PLAYER, [
            _player_update(s, balances[s.user_id], now, guild_id)
            for s in settlement.seats if s.user_id is not None])
        await conn.execute("UPDATE guilds SET house_balance = ? WHERE guild_id = ?",
                           (house, guild_id))
        await self._insert_ledger(conn, ledger)
        await conn.execute("DELETE FROM holds WHERE game_id = ?", (game_id,))
        if game_exists:
            await conn.execute(
                "UPDATE games SET status = 'settled', result_json = ?, finished_at = ?, "
                "deadline_seq = NULL, deadline_at = NULL WHERE game_id = ?",
                (settlement.result_json, now, game_id))
        return True

    async def get_settlement(self, game_id: str) -> Settlement | None:
        """The settlement stored for a game, or None if it was not settled."""
        row = await self._db.fetch_one("SELECT guild_id, result_json FROM settlements "
                                       "WHERE game_id = ?", (game_id,))
        if row is None:
            return None
        seats = await self._db.fetch_all(
            "SELECT user_id, transfer, fee, points, role, won, penalty FROM settlement_seats "
            "WHERE game_id = ? ORDER BY seat", (game_id,))
        return Settlement(game_id, int(row[0]), tuple(
            SeatSettlement(u, t, f, p, r, bool(w), pen) for u, t, f, p, r, w, pen in seats),
            row[1])

    # ----------------------------------------------------------------- checks
    async def _check_game(self, conn: Connection, settlement: Settlement) -> bool:
        """If the game was recorded, the settlement must fit it. True if recorded."""
        game_id = settlement.game_id
        row = await fetch_one(conn, "SELECT guild_id, status FROM games WHERE game_id = ?",
                              (game_id,))
        if row is None:
            return False
        if row[0] != settlement.guild_id:
            raise SettlementConflictError(f"game {game_id!r} belongs to guild {row[0]}, not "
                                          f"{settlement.guild_id}", game_id=game_id)
        if row[1] != GameStatus.LIVE:
            raise SettlementConflictError(f"game {game_id!r} is {row[1]}; it cannot be "
                                          "settled", code="game_finished", game_id=game_id,
                                          status=row[1])
        seated = [r[0] for r in await fetch(
            conn, "SELECT user_id FROM game_seats WHERE game_id = ? ORDER BY seat", (game_id,))]
        given = [s.user_id for s in settlement.seats]
        if seated != given:
            raise SettlementConflictError(f"game {game_id!r} seated {seated}, the settlement "
                                          f"names {given}", game_id=game_id)
        return True

    async def _human_balances(self, conn: Connection,
                              settlement: Settlement) -> dict[int, int]:
        """The humans' balances now; every one must exist and stay >= 0."""
        humans = [s.user_id for s in settlement.seats if s.user_id is not None]
        if not humans:
            return {}
        marks = ", ".join("?" for _ in humans)
        rows = await fetch(conn, f"SELECT user_id, balance FROM players WHERE guild_id = ? "
                                 f"AND user_id IN ({marks})", (settlement.guild_id, *humans))
        balances = {int(u): int(b) for u, b in rows}
        # beans held for other deals the player escaped stay untouched
        held = await self._holds_of(conn, settlement.guild_id, humans, settlement.game_id)
        for s in settlement.seats:
            if s.user_id is None:
                continue
            if s.user_id not in balances:
                raise UnknownPlayerError(f"user {s.user_id} has no account in guild "
                                         f"{settlement.guild_id}", guild_id=settlement.guild_id,
                                         user_id=s.user_id)
            after = balances[s.user_id] + s.transfer - s.fee
            if after < held.get(s.user_id, 0):
                raise InsufficientBalanceError(
                    f"game {settlement.game_id!r}: user {s.user_id} has "
                    f"{balances[s.user_id]} beans and cannot pay {s.fee - s.transfer}",
                    guild_id=settlement.guild_id, user_id=s.user_id,
                    amount=s.fee - s.transfer, balance=balances[s.user_id])
        return balances


def _player_update(s: SeatSettlement, balance: int, now: str, guild_id: int
                   ) -> tuple[Any, ...]:
    """The parameters of :data:`_UPDATE_PLAYER` for one human seat. The streak: a counted
    win adds one, a counted loss ends it, a void deal leaves it (the right-hand sides of an
    UPDATE read the row as it was)."""
    counted, won = int(s.counts_as_game), int(s.won)
    gain = max(0, s.transfer - s.fee)
    return (balance + s.transfer - s.fee, s.points, counted, won,
            int(s.role == "landlord"), int(s.role == "landlord" and s.won),
            int(s.role == "farmer"), int(s.role == "farmer" and s.won),
            int(s.won and s.spring == "spring"), int(s.won and s.spring == "anti_spring"),
            s.bombs, s.rockets, gain, gain, counted, won, counted * won, now, guild_id,
            s.user_id)


def _ledger_rows(settlement: Settlement, balances: dict[int, int], house: int,
                 now: str) -> tuple[list[tuple[Any, ...]], int]:
    """The ledger rows of a settlement (with running balances) and the house's new balance."""
    g, gid = settlement.guild_id, settlement.game_id
    rows: list[tuple[Any, ...]] = []
    house_rows: list[tuple[Any, ...]] = []
    for n, s in enumerate(settlement.seats):
        if s.user_id is None:
            if s.transfer:
                house += s.transfer
                house_rows.append((g, None, s.transfer, house, "ai_seat", gid, n, None, None,
                                   now))
            continue
        balance = balances[s.user_id]
        for amount, reason in ((s.transfer, "transfer"), (s.fee - s.penalty, "fee"),
                               (s.penalty, "escape_penalty")):
            if not amount:
                continue
            signed = amount if reason == "transfer" else -amount
            balance += signed
            rows.append((g, s.user_id, signed, balance, reason, gid, n, None, None, now))
            if reason != "transfer":
                house += amount
                house_rows.append((g, None, amount, house, reason, gid, n, None, None, now))
    return rows + house_rows, house

"""Live seats and escape holds: the database's side of "one seat per player" and "an
escaper can always pay".

- ``table_seats`` has one row per seated human (primary key: the user, across every guild
  and so every process of a cluster; migration 010), kept by :meth:`GamesMixin.save_table`
  in the same transaction as the table itself: a second live seat for the same player,
  at any table of any guild, is refused with :class:`SeatTakenError` and nothing is
  saved. An escaper of a running deal holds no row (the escape's transaction deletes it).
- ``holds`` keeps what an escaper (classic, super, four) may still owe: the beans they
  brought, up to what they have free. The hold is written in the escape's own
  transaction and released by the deal's settlement (or its voiding); held beans cannot
  be brought to another table, so the escaped deal's settlement never lacks beans.
- :meth:`SeatsMixin.close_table` voids a live game and forgets its table in one
  transaction: a kill in the middle can no longer leave a table whose game is void.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from .base import StoreBase
from .errors import SeatTakenError
from .records import check_game_id, check_id
from .sql import INTEGRITY_ERRORS, Connection, fetch, fetch_one


class SeatsMixin(StoreBase):
    """Seat claims, escape holds, closing a table in one transaction."""

    async def held_beans(self, guild_id: int, user_id: int) -> int:
        """Beans of the player held for deals they escaped and that are not settled yet."""
        check_id(guild_id, "guild_id")
        check_id(user_id, "user_id")
        async with self._db.reader() as conn:
            return await self._held_on(conn, guild_id, user_id)

    async def seated_players(self, guild_id: int | None = None) -> dict[tuple[int, int], int]:
        """Every live seat: ``{(guild_id, user_id): channel_id}``."""
        where = "" if guild_id is None else " WHERE guild_id = ?"
        params = () if guild_id is None else (check_id(guild_id, "guild_id"),)
        rows = await self._db.fetch_all(
            f"SELECT guild_id, user_id, channel_id FROM table_seats{where}", params)
        return {(int(g), int(u)): int(c) for g, u, c in rows}

    async def close_table(self, channel_id: int, game_id: str | None = None,
                          reason: str = "abandoned") -> bool:
        """Void ``game_id`` (when it is still live: no beans move, its holds are released)
        and forget the channel's table and seats, all in one transaction. Returns whether
        a table was saved."""
        check_id(channel_id, "channel_id")
        if game_id is not None:
            check_game_id(game_id)
        async with self._db.transaction() as conn:
            if game_id is not None:
                await self._void_game(conn, game_id, reason)
            cursor = await conn.execute("DELETE FROM live_tables WHERE channel_id = ?",
                                        (channel_id,))
            await conn.execute("DELETE FROM table_seats WHERE channel_id = ?", (channel_id,))
            return cursor.rowcount > 0

    # ----------------------------------------------------------------- helpers
    async def _void_game(self, conn: Connection, game_id: str, reason: str) -> bool:
        """Mark a live game abandoned and release its holds (False when not live)."""
        cursor = await conn.execute(
            "UPDATE games SET status = 'abandoned', result_json = ?, finished_at = ?, "
            "deadline_seq = NULL, deadline_at = NULL WHERE game_id = ? AND status = 'live'",
            (json.dumps({"outcome": "abandoned", "reason": str(reason)[:200]}), self._now(),
             game_id))
        await conn.execute("DELETE FROM holds WHERE game_id = ?", (game_id,))
        return cursor.rowcount > 0

    async def _sync_seats(self, conn: Connection, channel_id: int, guild_id: int,
                          seated: Iterable[int]) -> None:
        """Make the channel's seat rows exactly ``seated`` (raises :class:`SeatTakenError`
        when one of them is seated at another table, of any guild; the caller's
        transaction rolls back). The writers' transactions run one at a time (SQLite's
        one writer, PostgreSQL's advisory lock), so the look-up and the insert are one
        step; the primary key (the user) is the last word."""
        users = sorted({check_id(u, "user_id") for u in seated})
        here = {int(r[0]) for r in await fetch(
            conn, "SELECT user_id FROM table_seats WHERE channel_id = ?", (channel_id,))}
        new = [u for u in users if u not in here]  # a seat here is the player's only one
        if new:
            marks = ", ".join("?" for _ in new)
            taken = await fetch_one(conn, f"SELECT channel_id FROM table_seats WHERE "
                                          f"user_id IN ({marks}) ORDER BY user_id LIMIT 1",
                                    tuple(new))
            if taken is not None:
                raise _seat_taken(int(taken[0]))
        gone = sorted(here - set(users))
        if gone:
            marks = ", ".join("?" for _ in gone)
            await conn.execute(f"DELETE FROM table_seats WHERE channel_id = ? "
                               f"AND user_id IN ({marks})", (channel_id, *gone))
        for user in new:
            try:
                await conn.execute("INSERT INTO table_seats (guild_id, user_id, channel_id) "
                                   "VALUES (?, ?, ?)", (guild_id, user, channel_id))
            except INTEGRITY_ERRORS:
                raise _seat_taken(0) from None

    async def _hold_escaper(self, conn: Connection, game_id: str, seat: int) -> int:
        """Hold what the escaper of ``seat`` may still owe and free their seat. Returns
        the beans held (0 for an AI seat)."""
        row = await fetch_one(
            conn, "SELECT s.user_id, g.guild_id, g.balances_json, g.channel_id FROM "
                  "game_seats s JOIN games g ON g.game_id = s.game_id "
                  "WHERE s.game_id = ? AND s.seat = ?", (game_id, seat))
        if row is None or row[0] is None:
            return 0
        user_id, guild_id, balances_json, channel_id = int(row[0]), int(row[1]), row[2], row[3]
        brought = int(json.loads(balances_json)[seat])
        balance_row = await fetch_one(conn, "SELECT balance FROM players WHERE guild_id = ? "
                                            "AND user_id = ?", (guild_id, user_id))
        balance = int(balance_row[0]) if balance_row else 0
        free = balance - await self._held_on(conn, guild_id, user_id, game_id)
        amount = max(0, min(brought, free))
        await conn.execute("INSERT INTO holds (game_id, guild_id, user_id, amount, created_at) "
                           "VALUES (?, ?, ?, ?, ?) ON CONFLICT (game_id, user_id) DO NOTHING",
                           (game_id, guild_id, user_id, amount, self._now()))
        if channel_id is not None:
            await conn.execute("DELETE FROM table_seats WHERE guild_id = ? AND user_id = ? "
                               "AND channel_id = ?", (guild_id, user_id, channel_id))
        return amount

    async def _holds_of(self, conn: Connection, guild_id: int,
                        users: list[int], except_game: str) -> dict[int, int]:
        if not users:
            return {}
        marks = ", ".join("?" for _ in users)
        rows = await fetch(conn, f"SELECT user_id, SUM(amount) FROM holds WHERE guild_id = ? "
                                 f"AND game_id <> ? AND user_id IN ({marks}) GROUP BY user_id",
                           (guild_id, except_game, *users))
        return {int(u): int(a) for u, a in rows}


def _seat_taken(channel_id: int) -> SeatTakenError:
    """The refusal of a second live seat (``channel_id``: the table of the first, 0 when
    unknown)."""
    return SeatTakenError(f"the player is already seated at the table of channel "
                          f"{channel_id}", code="already_seated", channel_id=channel_id)

"""Tournaments as the front-ends look them up: the one open in a channel, the last one of a
channel, the sign-ups waiting for their start, a player's tournaments, and the front-end's
own notes kept with a tournament (its sign-up message, its start time).

Reads only, except :meth:`TournamentListsMixin.note_tournament`, which merges keys into
the settings' ``extra`` (stored beside the settings in ``settings_json``): a front-end's
bookkeeping, never a setting the rules read.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.tournaments import TournamentStatus

from .records import check_id
from .sql import fetch, fetch_one
from .tournaments import Tournament, TournamentsMixin, tournament_of_row

_COLUMNS = ("tournament_id, guild_id, channel_id, creator_id, settings_json, seed, status, "
            "round_no, pool, house_take, paid_at")
OPEN = (TournamentStatus.SIGNUP, TournamentStatus.RUNNING)


class TournamentListsMixin(TournamentsMixin):
    """Finding tournaments, and a front-end's notes on one."""

    async def channel_tournament(self, channel_id: int, *,
                                 open_only: bool = True) -> Tournament | None:
        """The channel's open tournament (sign-up or running), or with ``open_only=False``
        its latest one whatever its status; None when there is none."""
        check_id(channel_id, "channel_id")
        where = "AND status IN ('signup', 'running') " if open_only else ""
        async with self._db.snapshot() as conn:
            row = await fetch_one(conn, f"SELECT {_COLUMNS} FROM tournaments WHERE "
                                        f"channel_id = ? {where}ORDER BY tournament_id DESC "
                                        "LIMIT 1", (channel_id,))
        return None if row is None else tournament_of_row(row)

    async def tournaments_in(self, status: TournamentStatus) -> list[Tournament]:
        """Every tournament of one status (``signup``: those waiting for their start),
        oldest first."""
        async with self._db.snapshot() as conn:
            rows = await fetch(conn, f"SELECT {_COLUMNS} FROM tournaments WHERE status = ? "
                                     "ORDER BY tournament_id", (status.value,))
        return [tournament_of_row(r) for r in rows]

    async def player_tournaments(self, guild_id: int, user_id: int,
                                 limit: int = 5) -> list[Tournament]:
        """The tournaments a player entered in a guild, newest first."""
        check_id(guild_id, "guild_id")
        check_id(user_id, "user_id")
        columns = ", ".join(f"t.{c.strip()}" for c in _COLUMNS.split(","))
        async with self._db.snapshot() as conn:
            rows = await fetch(conn, f"SELECT {columns} FROM tournaments t JOIN "
                                     "tournament_entrants e ON e.tournament_id = "
                                     "t.tournament_id WHERE t.guild_id = ? AND e.user_id = ? "
                                     "ORDER BY t.tournament_id DESC LIMIT ?",
                               (guild_id, user_id, limit))
        return [tournament_of_row(r) for r in rows]

    async def note_tournament(self, tournament_id: int, **notes: Any) -> Tournament:
        """Keep a front-end's notes (JSON values) with the tournament: merged into its
        settings' ``extra``; the settings themselves cannot be changed this way."""
        async with self._db.transaction() as conn:
            t = await self._tournament_on(conn, tournament_id)
            stored = replace(t.settings, extra={**t.settings.extra, **notes})
            await conn.execute("UPDATE tournaments SET settings_json = ? WHERE "
                               "tournament_id = ?", (stored.to_json(), tournament_id))
            return await self._tournament_on(conn, tournament_id)

__all__ = ["OPEN", "TournamentListsMixin"]

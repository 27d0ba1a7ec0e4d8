"""The live tables of one process: one per channel, and the table each player sits at.

:class:`LiveTables` is the manager's own (the :class:`~bot.tables.state.Table`\\ s stay
inside :mod:`bot.tables`): it finds a table, claims and frees seats, and answers what a
front-end may read, as frozen snapshots and seat views (:meth:`snapshot`,
:meth:`seat_view`), with the refusals a front-end shows (no_table, not_seated, no_game,
not_your_turn) raised as the same coded errors as the actions raise.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from bot.engine import Game

from .errors import TableError
from .state import Table


class LiveTables(Mapping[int, Table]):
    """The live tables by channel, and which table each player is seated at (a player
    sits at one table at a time)."""

    def __init__(self) -> None:
        self._by_channel: dict[int, Table] = {}
        self._seated: dict[int, int] = {}  # user id -> channel id

    def __getitem__(self, channel_id: int) -> Table:
        return self._by_channel[channel_id]

    def __iter__(self) -> Iterator[int]:
        return iter(self._by_channel)

    def __len__(self) -> int:
        return len(self._by_channel)

    def add(self, table: Table) -> None:
        self._by_channel[table.channel_id] = table

    def remove(self, channel_id: int) -> None:
        self._by_channel.pop(channel_id, None)

    # ================================================================= lookups
    def table(self, channel_id: int) -> Table:
        """The live table in this channel; raises no_table."""
        table = self._by_channel.get(channel_id)
        if table is None:
            raise TableError("there is no table in this channel: start one with /ddz new",
                             code="no_table", channel_id=channel_id)
        return table

    def of_user(self, user_id: int) -> Table | None:
        """The live table the user is seated at."""
        channel = self._seated.get(user_id)
        return self._by_channel.get(channel) if channel is not None else None

    @staticmethod
    def seat_index(table: Table, user_id: int) -> int:
        """The user's seat at ``table``; raises not_seated."""
        seat = table.seat_of(user_id)
        if seat is None:
            raise TableError("you are not seated at this table", code="not_seated",
                             user_id=user_id)
        return seat

    @staticmethod
    def dealt(table: Table) -> Game:
        """The table's deal (being played or just over); raises no_game before the first."""
        if table.game is None:
            raise TableError("no deal is being played", code="no_game")
        return table.game

    # ================================================================= seats
    def check_free(self, user_id: int) -> None:
        """Raises already_seated when the user sits at a table."""
        if user_id in self._seated:
            raise TableError("you are already seated at a table; leave it first",
                             code="already_seated", channel_id=self._seated[user_id])

    def claim(self, user_id: int, channel_id: int) -> None:
        """Claim a seat for ``user_id`` at once (no await between the check and the claim),
        so two joins at once cannot both seat the same player; the store's seat rows are
        the database's own guarantee (:meth:`bot.tables.TableManager.save`)."""
        self.check_free(user_id)
        self._seated[user_id] = channel_id

    def unclaim(self, user_id: int, channel_id: int) -> None:
        """Free the user's claim on this channel's table (a claim elsewhere stays)."""
        if self._seated.get(user_id) == channel_id:
            del self._seated[user_id]

    def reclaim_seats(self, table: Table, stored: Mapping[int, int]) -> list[int]:
        """Claim the seats of a restored table's players (an escaper of its running deal
        holds none: they may sit elsewhere; nor does an entrant away from a tournament
        table), unless already seated elsewhere; returns the seats whose player the store's
        live seats (``stored``: user -> channel) put at another table (rows from before
        migration 010 only: one seat per player)."""
        elsewhere = []
        for i, entry in enumerate(table.seats):
            if entry is None or entry.user_id is None or table.absent(i):
                continue
            if stored.get(entry.user_id, table.channel_id) != table.channel_id:
                elsewhere.append(i)
            else:
                self._seated.setdefault(entry.user_id, table.channel_id)
        return elsewhere


__all__ = ["LiveTables"]

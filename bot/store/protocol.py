"""The store as the live tables see it: the one seam a second backend plugs into.

:class:`TableStore` is the methods :mod:`bot.tables` calls (accounts read at the
table, game records and their action logs, the running turn's deadline, each table's saved
state, and the settlement of a finished deal). :class:`bot.store.Store` (SQLite) is one;
a PostgreSQL backend implements the same methods with the same guarantees: an accepted
action is durable when :meth:`~TableStore.append_action` returns, a settlement is applied
once per game id in one transaction, and refusals are :class:`bot.store.StoreError`\\ s.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from bot.engine import GameLog
from bot.tournaments import SeatScore

from .records import GameRecord, Player, SavedTable, Settlement

if TYPE_CHECKING:
    from .games import SeatInput
    from .store import Store


class TableStore(Protocol):
    """What :class:`bot.tables.TableManager` needs from a store."""

    # ---------------------------------------------------------------- accounts
    async def ensure_player(self, guild_id: int, user_id: int, name: str) -> Player:
        """The player's account, created with the guild's start balance if new."""
        ...

    async def get_player(self, guild_id: int, user_id: int) -> Player | None:
        """The player's account, or None if the user never played in that guild."""
        ...

    async def held_beans(self, guild_id: int, user_id: int) -> int:
        """Beans held for deals the player escaped and that are not settled yet (not free
        to bring to a table)."""
        ...

    # ---------------------------------------------------------------- game records
    async def create_game(self, game_id: str, guild_id: int, channel_id: int | None,
                          log: GameLog, seats: Sequence[SeatInput]) -> GameRecord:
        """Record a new game from its log (rules, seed, balances, first bidder) and seats."""
        ...

    async def append_action(self, game_id: str, seq: int, action_json: str, *,
                            escaper: int | None = None) -> None:
        """Append action number ``seq`` (the next one) to a live game's log, durably;
        for an escape (``escaper``: its seat), in the same transaction hold what the
        escaper may still owe and free their live seat."""
        ...

    async def set_deadline(self, game_id: str, seq: int, deadline_epoch_s: float | None
                           ) -> None:
        """Store the running turn's deadline (None clears it)."""
        ...

    async def abandon_game(self, game_id: str, reason: str = "abandoned") -> bool:
        """Close a live game without settling it; False if it was already abandoned."""
        ...

    async def get_game(self, game_id: str) -> GameRecord:
        """The stored game (:class:`bot.store.UnknownGameError` if there is none)."""
        ...

    async def unfinished_games(self, guild_id: int | None = None) -> list[GameRecord]:
        """Every live game (of one guild, or all), oldest first."""
        ...

    async def player_setting(self, user_id: int, key: str) -> Any:
        """A player's own setting (``autopass``, ``hand_sort``, ``locale``), or its default."""
        ...

    async def set_player_setting(self, user_id: int, key: str, value: bool | str) -> None:
        """Set a player's own setting."""
        ...

    # ---------------------------------------------------------------- live tables
    async def save_table(self, channel_id: int, guild_id: int, data: dict[str, Any], *,
                         seated: Sequence[int] | None = None) -> None:
        """Save (replace) a channel's table state, a JSON-ready dict, and (``seated``)
        its live seats: one player holds one live seat, across every guild
        (:class:`bot.store.SeatTakenError` otherwise, and nothing is saved)."""
        ...

    async def seated_players(self, guild_id: int | None = None
                             ) -> dict[tuple[int, int], int]:
        """Every live seat (of one guild, or all): ``{(guild_id, user_id): channel_id}``,
        one per player."""
        ...

    async def load_tables(self) -> list[SavedTable]:
        """Every saved table as ``(channel_id, guild_id, data)``."""
        ...

    async def delete_table(self, channel_id: int) -> bool:
        """Forget a channel's table; False if none was saved."""
        ...

    async def close_table(self, channel_id: int, game_id: str | None = None,
                          reason: str = "abandoned") -> bool:
        """Void ``game_id`` (if live) and forget the table and its seats, in one
        transaction."""
        ...

    # ---------------------------------------------------------------- settlement
    async def settle(self, settlement: Settlement) -> bool:
        """Apply a finished game's settlement once, in one transaction; False when the
        same settlement was applied before."""
        ...

    async def settle_tournament_deal(self, settlement: Settlement, tournament_id: int,
                                     round_no: int, table_no: int, deal_no: int,
                                     seats: Sequence[SeatScore], *,
                                     away: Sequence[int] = (),
                                     back: Sequence[int] = ()) -> bool:
        """A tournament table's deal: its no-stakes settlement, its result for the
        standings and the entrants' away marks, in one transaction, once per game id."""
        ...

    async def set_tournament_away(self, tournament_id: int, user_ids: Sequence[int],
                                  away: bool = True) -> None:
        """Mark tournament entrants away (the AI plays their seats) or back."""
        ...


def _sqlite_is_a_table_store(store: Store) -> TableStore:
    """Never called: mypy checks here that :class:`Store` implements the Protocol."""
    return store


__all__ = ["TableStore"]

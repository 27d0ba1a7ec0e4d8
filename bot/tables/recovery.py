"""Recovery after a restart: every stored table this process owns comes back, its
unfinished game replayed from the stored log and its timer re-armed (the table manager's
:meth:`~bot.tables.manager.TableManager.recover` runs it once at start)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from bot.engine import Game
from bot.store.errors import StoreUnavailableError
from bot.store.protocol import TableStore
from bot.store.records import GameRecord, GameStatus

from .events import TableClosed, TableRestored
from .registry import LiveTables
from .state import Table
from .status import Closed, TableStatus
from .turns import TableHost, TurnRunner

__all__ = ["TableRecovery"]

log = logging.getLogger(__name__)


class TableRecovery:
    """One recovery of the tables of ``host`` (the manager): ``owns(guild_id)`` says which
    guilds' tables are this process's; ``forget(table)`` drops one from memory."""

    def __init__(self, host: TableHost, store: TableStore, tables: LiveTables,
                 turns: TurnRunner, owns: Callable[[int], bool],
                 forget: Callable[[Table], None]) -> None:
        self.host = host
        self.store = store
        self.tables = tables
        self.turns = turns
        self.owns = owns
        self.forget = forget

    async def run(self) -> int:
        """Reload every stored table this process owns, replay unfinished games, re-arm
        timers; returns how many tables came back. A table that cannot be restored is
        logged with its channel, closed (its game void) and its players freed; the others
        still come back."""
        restored = 0
        live = {r.game_id: r for r in await self.store.unfinished_games()  # one read
                if self.owns(r.guild_id)}
        # the store's live seats, one per player (also those of other processes' tables)
        seats = {user: channel for (_, user), channel in
                 (await self.store.seated_players()).items()}
        for channel_id, guild_id, data in await self.store.load_tables():
            if not self.owns(guild_id):
                continue  # another cluster process's table
            try:
                restored += await self._restore(channel_id, guild_id, data, live, seats)
            except StoreUnavailableError:
                raise
            except Exception:
                log.exception("table %s could not be restored: closing it and freeing its "
                              "players", channel_id)
                await self._drop_unrestorable(channel_id, data, live)
        # a game recorded just before a crash, never referenced by its table: void it
        for game_id in live:
            await self.store.abandon_game(game_id, "orphaned")
        return restored

    async def _restore(self, channel_id: int, guild_id: int, data: dict[str, Any],
                       live: dict[str, GameRecord], seats: dict[int, int]) -> bool:
        table = Table.from_dict(channel_id, guild_id, data)
        self.tables.add(table)
        async with table.lock:
            if not (table.status == TableStatus.PLAYING and table.game_id):
                freed = self.tables.reclaim_seats(table, seats)
                for seat in freed:  # migration 010 kept its player's seat at another table
                    log.warning("table %s: seat %s freed (seated elsewhere)", channel_id, seat)
                    table.free_seat(seat)
                    table.status = TableStatus.LOBBY
                if freed and not table.humans:
                    await self.host.close_table(table, Closed.EMPTY)
                    return False
                if freed:
                    await self.host.save(table)
                await self.host.publish(TableRestored(channel_id))
                return True
            # live, or settled just before the crash (then it is announced again)
            record = live.pop(table.game_id, None) or \
                await self.store.get_game(table.game_id)
            if record.status == GameStatus.ABANDONED:  # a close that was cut short: finish it
                await self.host.close_table(table, Closed.CLOSED)
                return False
            table.game = Game.from_log(record.log)
            elsewhere = self.tables.reclaim_seats(table, seats)
            if elsewhere:  # one player in two running deals (before migration 010)
                raise RuntimeError(f"seats {elsewhere} of the deal sit at another table")
            # the running turn's stored deadline (cleared when its action came)
            table.deadline = record.deadline
            self.turns.forget_hands(channel_id)
            if table.game.is_over:
                await self.turns.finish(table)
            else:
                await self.host.publish(TableRestored(channel_id))
                await self.turns.publish_hands(table)
                await self.turns.next_turn(table, restored=True)
            return True

    async def _drop_unrestorable(self, channel_id: int, data: dict[str, Any],
                                 live: dict[str, GameRecord]) -> None:
        table = self.tables.get(channel_id)
        if table is not None:
            self.forget(table)
        game_id = data.get("game_id") if isinstance(data, dict) else None
        game_id = game_id if isinstance(game_id, str) else None
        live.pop(game_id or "", None)
        try:
            await self.store.close_table(channel_id, game_id, Closed.RESTORE_FAILED)
        except Exception:
            log.exception("table %s: could not close it in the store either", channel_id)
            return
        await self.host.publish(TableClosed(channel_id, Closed.RESTORE_FAILED))

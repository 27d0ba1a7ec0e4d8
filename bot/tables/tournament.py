"""Tournament tables in the runtime: opened by a tournament, not by a player.

A tournament table (:attr:`bot.tables.state.Table.tournament`: its
:class:`~bot.tables.place.TournamentPlace`) has no owner's lobby and no balance check: its
players are seated by position, AI players fill the seats of none, and before each deal
the players take the seats of that deal's plan (:meth:`TournamentPlace.order`: the rotation
of duplicate deals) and the deal is dealt from the plan's seed. Every seat brings
:data:`~bot.tables.turns.AI_BALANCE` to the engine, so no balance caps a deal's points:
a tournament deal moves no beans (:func:`bot.tables.place.no_stakes`).

When a deal is settled (and counted, in the same transaction: :mod:`bot.store.tournament_deals`)
the table tells its tournament through ``on_settled`` (given to the manager); the tournament
(:class:`bot.tournament_runner.runner.TournamentRunner`) deals the next deal
(:meth:`TournamentTables.next_deal`) after a pause, and the table closes by itself
(reason ``"tournament"``) after its last deal.

A player who leaves a tournament table does not escape: the seat stays theirs, the AI plays
it (托管) and its points count for them; they are *away* (:meth:`TournamentTables.leave`),
hold no live seat (they may play elsewhere), and stay trustees from deal to deal, and in
later rounds, until they act at the table again.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence

from bot.engine import Rules
from bot.store.protocol import TableStore

from .errors import TableError
from .events import SeatsChanged, TableOpened, TrusteeChanged
from .place import TournamentPlace
from .registry import LiveTables
from .snapshot import TableSnapshot
from .state import AI_NAMES, Seat, Table
from .status import Closed, SeatChange, TableStatus
from .turns import AI_BALANCE, TableHost, TurnRunner

__all__ = ["ClosedHook", "SettledHook", "TournamentTables"]

log = logging.getLogger(__name__)

SettledHook = Callable[[int, TournamentPlace, bool], Awaitable[None]]
"""``on_settled(channel_id, place, table_done)``: a deal of the tournament table in that
channel was settled and counted; ``table_done`` when it was the table's last (the table is
closed by then). Called with the table's lock held: schedule work, do not wait for it."""

ClosedHook = Callable[[int, TournamentPlace], Awaitable[None]]
"""``on_closed(channel_id, place)``: a server manager closed that tournament table (its
runner sets it: the tournament goes on). Called with the table's lock held."""


class TournamentTables:
    """The tournament side of the table manager (``host``): opening tournament tables,
    dealing their deals, a player leaving, closing. Every table still lives in the
    manager's :class:`LiveTables` with its own lock."""

    def __init__(self, host: TableHost, store: TableStore, tables: LiveTables,
                 turns: TurnRunner, lock: asyncio.Lock,
                 on_settled: SettledHook | None = None) -> None:
        self.host = host
        self.store = store
        self.tables = tables
        self.turns = turns
        self.lock = lock
        self.on_settled = on_settled
        self.on_closed: ClosedHook | None = None  # the runner's (it is made after these)

    def place(self, channel_id: int) -> TournamentPlace | None:
        """The tournament place of the table in this channel (None: no table, or not a
        tournament's)."""
        table = self.tables.get(channel_id)
        return table.tournament if table is not None else None

    async def open(self, channel_id: int, guild_id: int, rules: Rules,
                   place: TournamentPlace, names: Sequence[str], *,
                   locale: str | None = None, ai_level: str = "normal",
                   dealt: int = 0) -> TableSnapshot:
        """Open ``place``'s table in a channel: its players by position (``names`` theirs,
        an AI player for a position of None), ``dealt`` deals already counted. Entrants
        who are away, or seated at another table now, are trustees from the start."""
        if len(place.players) != rules.players or len(names) != rules.players:
            raise ValueError(f"a {rules.variant} table seats {rules.players}")
        away = set(place.away)
        async with self.lock:
            if channel_id in self.tables:
                raise TableError("this channel already has a table", code="table_exists")
            seats: list[Seat | None] = []
            for i, (user, name) in enumerate(zip(place.players, names, strict=True)):
                if user is None:
                    seats.append(Seat(None, f"{AI_NAMES[i % len(AI_NAMES)]} ({ai_level})",
                                      ai_level=ai_level))
                    continue
                if user not in away:
                    try:
                        self.tables.claim(user, channel_id)
                    except TableError:  # playing elsewhere: the AI plays for them here
                        away.add(user)
                seats.append(Seat(user, name, trustee=user in away))
            humans = [u for u in place.players if u is not None]
            table = Table(channel_id, guild_id, humans[0] if humans else 0, rules, seats,
                          ai_level=ai_level, locale=locale,
                          tournament=place.with_away(frozenset(away)))
            table.deals = dealt
            table.status = TableStatus.BETWEEN
            self.tables.add(table)
        async with table.lock:
            try:
                await self.host.save(table)
            except BaseException:
                self._drop(table)
                raise
            await self.host.publish(TableOpened(channel_id, table.owner_id))
        return table.snapshot()

    def _drop(self, table: Table) -> None:
        for user in table.humans:
            self.tables.unclaim(user, table.channel_id)
        self.tables.remove(table.channel_id)

    async def next_deal(self, channel_id: int) -> str | None:
        """Deal the table's next deal, its players in that deal's seats; returns the game
        id, or None when there is nothing to deal (no such table, a deal being played,
        every deal dealt, or the tables stopping)."""
        table = self.tables.get(channel_id)
        if table is None or table.tournament is None:
            return None
        async with table.lock:
            place = table.tournament
            if self.turns.stopping or table.status == TableStatus.PLAYING or \
                    self.tables.get(channel_id) is not table or place is None or \
                    table.deals >= place.deals:
                return None
            deal_no = table.deals + 1
            by_position: dict[int, Seat | None] = dict(zip(place.order(deal_no - 1),
                                                           table.seats, strict=True))
            table.seats = [by_position[p] for p in place.order(deal_no)]
            table.last_first = None  # the first bidder comes from the seed alone
            return await self.turns.deal(table, [AI_BALANCE] * table.size,
                                         place.seed_of(deal_no))

    async def settled(self, table: Table) -> None:
        """A deal of ``table`` was settled and counted (table lock held): claim the live
        seats of its players who are present, free those of the away, close the table
        after its last deal, and tell the tournament."""
        place = table.tournament
        assert place is not None
        away = set(place.away)
        for entry in table.seats:
            if entry is None or entry.user_id is None:
                continue
            holder = self.tables.of_user(entry.user_id)
            if entry.user_id in away:
                self.tables.unclaim(entry.user_id, table.channel_id)
            elif holder is None:
                self.tables.claim(entry.user_id, table.channel_id)
            elif holder is not table:  # back, but seated elsewhere now: still away here
                away.add(entry.user_id)
                entry.trustee = True
        if away != place.away:
            table.tournament = place = place.with_away(frozenset(away))
        done = table.deals >= place.deals
        if done:
            await self.host.close_table(table, Closed.TOURNAMENT)
        else:
            await self.host.save(table)
        hook = self.on_settled
        if hook is not None:
            try:
                await hook(table.channel_id, place, done)
            except Exception:
                log.exception("the tournament of table %s failed to carry on",
                              table.channel_id)

    async def leave(self, channel_id: int, user_id: int) -> None:
        """``user_id`` leaves their tournament table: no escape and no beans; the AI plays
        their seat (托管) from now on and in later rounds, their points still count, and
        they hold no live seat. Acting at the table brings them back."""
        table = self.tables.table(channel_id)
        async with table.lock:
            seat = self.tables.seat_index(table, user_id)
            place, entry = table.tournament, table.seats[seat]
            assert place is not None and entry is not None
            if user_id in place.away:
                raise TableError("you have already left this table", code="already_left")
            # remembered at once: later rounds seat them as away from the start
            await self.store.set_tournament_away(place.tournament_id, [user_id])
            table.tournament = place.with_away(place.away | {user_id})
            entry.trustee, entry.timeouts = True, 0
            self.tables.unclaim(user_id, channel_id)
            await self.host.save(table)
            await self.host.publish(TrusteeChanged(channel_id, seat, True, voluntary=True))
            await self.host.publish(SeatsChanged(channel_id, SeatChange.AWAY, seat))
            game = table.game
            if table.status == TableStatus.PLAYING and game is not None and \
                    not game.is_over and game.to_act == seat:
                await self.turns.next_turn(table)

    async def closed_by_manager(self, table: Table) -> None:
        """A server manager closes ``table`` (its lock held): a deal being played is void,
        the table is gone, and its tournament is told (``on_closed``: it goes on)."""
        place = table.tournament
        assert place is not None
        await self.host.close_table(table, Closed.STOPPED)
        if self.on_closed is not None:
            try:
                await self.on_closed(table.channel_id, place)
            except Exception:
                log.exception("the tournament of table %s failed to hear of its close",
                              table.channel_id)

    async def close(self, channel_id: int) -> bool:
        """Close a tournament's table (its tournament was cancelled): a deal being played
        is void. False when there is no such table."""
        table = self.tables.get(channel_id)
        if table is None or table.tournament is None:
            return False
        async with table.lock:
            if self.tables.get(channel_id) is not table:
                return False
            await self.host.close_table(table, Closed.TOURNAMENT)
            return True

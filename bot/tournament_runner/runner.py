"""Running a started tournament: its rounds' tables, one deal after another, to the prizes.

The layer above the tables that :mod:`bot.tournaments` (pure) is not: it drives the store
(:mod:`bot.store.tournaments`) and the live tables (:class:`bot.tables.TableManager`), and
a front-end's :class:`TournamentHost` (Discord: a thread per table, the standings posted).

A round: the entrants seated by the standings (:func:`.pair_round`, with the meetings of
earlier rounds; round 1 in an order drawn from the tournament's seed), the seating stored
(``save_round``), then each table opened in the place the host gives
(:meth:`TournamentHost.open_table_place`, remembered in the store) and its deals dealt one
after another (``between_deals`` seconds apart), each settled with no beans and counted in
one transaction (:mod:`bot.tables.tournament`). When every table of the round has played
its deals: :meth:`TournamentHost.round_over` with the standings, then the next round, or
after the last one the prizes (``pay_prizes``, once) and
:meth:`TournamentHost.tournament_over`.

Restarts: the state is the store's (the round, each table's place and counted deals) and
the tables' (a deal being played, between deals). At start-up the tables are recovered
first (:meth:`TableManager.recover`: a deal being played carries on) and then
:meth:`TournamentRunner.resume` carries every running tournament this process owns on
from where it was: a table between deals deals its next, a table not open is opened again
(its counted deals kept), a round whose tables are all done ends. Nothing is counted twice
(a deal's result is recorded once per game id); a restart between a round's end and the
next round's seating announces that round's end again (at least once), and the prizes are
paid once (``tournament_over`` is called by the process that paid them).
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable, Coroutine
from typing import Any, Protocol

from bot.engine import table_rules
from bot.store import Store
from bot.store.tournaments import Payout, Tournament
from bot.tables import TableManager
from bot.tables.place import TournamentPlace
from bot.tables.tournament import SettledHook
from bot.tournaments.model import TournamentStatus
from bot.tournaments.pairing import meetings, pair_round
from bot.tournaments.standings import Standing

__all__ = ["BETWEEN_DEALS_S", "TournamentHost", "TournamentRunner", "settled_by"]

log = logging.getLogger(__name__)

BETWEEN_DEALS_S = 3.0
"""The pause before a tournament table's next deal (and its first), so people can read the
last result."""

AI_LEVEL = "normal"
"""The level of the AI players that fill short tables and play for away entrants."""


class TournamentHost(Protocol):
    """The front-end's part of a tournament (Discord: a thread per table, messages)."""

    async def open_table_place(self, t: Tournament, round_no: int, table_no: int) -> int:
        """A channel (or thread) id where that table plays; the runner opens it there."""
        ...

    async def round_over(self, t: Tournament, round_no: int, table: list[Standing]) -> None:
        """Every table of the round has played its deals: the standings after it."""
        ...

    async def tournament_over(self, t: Tournament, table: list[Standing],
                              payout: Payout) -> None:
        """The last round is over and the prizes are paid: the final standings."""
        ...


def settled_by(find: Callable[[], TournamentRunner | None]) -> SettledHook:
    """The table manager's ``on_tournament_settled`` for the runner ``find()`` gives when a
    deal is settled: the runner is made after the manager it drives, so the manager is
    given this function, which finds it (None: no runner, nothing to deal)."""

    async def settled(channel_id: int, place: TournamentPlace, done: bool) -> None:
        runner = find()
        if runner is not None:
            await runner.settled(channel_id, place, done)

    return settled


class TournamentRunner:
    """Runs the started tournaments of the guilds this process owns (``owns(guild_id)``,
    default every guild: see :mod:`bot.discord_api.cluster`)."""

    def __init__(self, store: Store, tables: TableManager, host: TournamentHost, *,
                 owns: Callable[[int], bool] | None = None,
                 between_deals: float = BETWEEN_DEALS_S,
                 turn_seconds: int | None = None) -> None:
        """``turn_seconds``: every turn's time at the tournament's tables, as the bot's
        setting of that name gives every other table (None: the variant's)."""
        self.store = store
        self.turn_seconds = turn_seconds
        self.tables = tables
        self.host = host
        self.owns = owns or (lambda guild_id: True)
        self.between_deals = between_deals
        self._locks: dict[int, asyncio.Lock] = {}
        self._dealing: dict[int, asyncio.Task[None]] = {}  # channel -> its next deal
        self._tasks: set[asyncio.Task[None]] = set()
        self.stopping = False

    # ================================================================= entry points
    async def start(self, tournament_id: int) -> None:
        """End the sign-up (``start_tournament``) and open round 1's tables (a tournament
        already running carries on)."""
        t = await self.store.get_tournament(tournament_id)
        if t.status == TournamentStatus.SIGNUP:
            t = await self.store.start_tournament(tournament_id)
        await self._carry_on(t.tournament_id)

    async def resume(self) -> int:
        """At start-up, after the tables' recovery: carry every running tournament this
        process owns on where it was; returns how many."""
        count = 0
        for t in await self.store.running_tournaments():
            if not self.owns(t.guild_id):
                continue
            try:
                await self._carry_on(t.tournament_id)
                count += 1
            except Exception:
                log.exception("tournament %s could not be resumed", t.tournament_id)
        return count

    async def left(self, channel_id: int, user_id: int) -> None:
        """``user_id`` leaves their tournament table: no escape, no beans; the AI plays
        their seat (托管) for the rest of the tournament and their points still count.
        Acting at a table takes the seat back (:meth:`TableManager.resume`)."""
        await self.tables.tournaments.leave(channel_id, user_id)

    async def stop(self, tournament_id: int) -> int:
        """Close the open tables of a tournament (cancelled: ``cancel_tournament``
        returns the buy-ins); returns how many closed."""
        t = await self.store.get_tournament(tournament_id)
        closed = 0
        for channel, _ in (await self.store.round_progress(tournament_id,
                                                           t.round_no)).values():
            if channel is not None:
                self._cancel_deal(channel)
                closed += await self.tables.tournaments.close(channel)
        return closed

    async def cancel(self, tournament_id: int) -> Payout:
        """Cancel a tournament: its open tables closed first (a deal being played is
        void), then every buy-in returned (``cancel_tournament``, once)."""
        async with self._lock(tournament_id):
            await self.stop(tournament_id)
            return await self.store.cancel_tournament(tournament_id)

    async def shutdown(self) -> None:
        """Stop dealing (before the tables' own shutdown); the store keeps where every
        tournament is, for :meth:`resume`."""
        self.stopping = True
        tasks = [*self._tasks, *self._dealing.values()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    # ================================================================= rounds
    def _lock(self, tournament_id: int) -> asyncio.Lock:
        return self._locks.setdefault(tournament_id, asyncio.Lock())

    async def _carry_on(self, tournament_id: int) -> None:
        """Bring the tournament to where it should be: its current round's tables open
        and dealing, or the round ended and the next seated, or the prizes paid."""
        async with self._lock(tournament_id):
            while not self.stopping:
                t = await self.store.get_tournament(tournament_id)
                if t.status != TournamentStatus.RUNNING:
                    return
                if t.round_no == 0:
                    await self._seat_round(t, 1)
                    continue
                progress = await self.store.round_progress(tournament_id, t.round_no)
                deals = t.settings.deals_per_round
                open_tables = [(n, channel, done) for n, (channel, done) in progress.items()
                               if done < deals]
                if open_tables:
                    seats = await self.store.round_tables(tournament_id, t.round_no)
                    for n, channel, done in open_tables:
                        await self._ensure_table(t, n, seats[n - 1], channel, done)
                    return
                standings = await self.store.tournament_standings(tournament_id)
                await self.host.round_over(t, t.round_no, standings)
                if t.round_no >= t.settings.rounds:
                    payout = await self.store.pay_prizes(tournament_id)
                    if payout.done_now:
                        final = await self.store.get_tournament(tournament_id)
                        await self.host.tournament_over(final, standings, payout)
                    return
                await self._seat_round(t, t.round_no + 1)

    async def _seat_round(self, t: Tournament, round_no: int) -> None:
        """Seat round ``round_no`` by the standings and store it."""
        tid, settings = t.tournament_id, t.settings
        if round_no == 1:  # nobody has points yet: an order drawn from the seed
            ranked = await self.store.tournament_entrants(tid)
            random.Random(t.seed).shuffle(ranked)
        else:
            ranked = [s.user_id for s in await self.store.tournament_standings(tid)]
        earlier = [table for r in range(1, round_no)
                   for table in await self.store.round_tables(tid, r)]
        pairing = pair_round(ranked, meetings(earlier), settings.table_size,
                             ai_fill=settings.ai_fill,
                             byes_had=await self._byes_had(t, round_no))
        await self.store.save_round(tid, round_no, pairing.tables, pairing.byes)

    async def _byes_had(self, t: Tournament, round_no: int) -> dict[int, int]:
        """How many rounds each entrant sat out before ``round_no`` (no ``ai_fill``)."""
        if t.settings.ai_fill:
            return {}
        had: dict[int, int] = {}
        entrants = set(await self.store.tournament_entrants(t.tournament_id))
        for r in range(1, round_no):
            seated = {u for table in await self.store.round_tables(t.tournament_id, r)
                      for u in table if u is not None}
            for user in entrants - seated:
                had[user] = had.get(user, 0) + 1
        return had

    async def _ensure_table(self, t: Tournament, table_no: int,
                            players: tuple[int | None, ...], channel: int | None,
                            done: int) -> None:
        """Table ``table_no`` of the current round, ``done`` deals counted: open in its
        place and dealing (a deal being played carries on by itself)."""
        place = self.tables.tournaments.place(channel) if channel is not None else None
        if place is not None and (place.tournament_id, place.round_no,
                                  place.table_no) == (t.tournament_id, t.round_no, table_no):
            snapshot = self.tables.find(channel)
            if snapshot is not None and snapshot.playing is None:
                self._deal_later(place.tournament_id, snapshot.channel_id)
            return
        if channel is None:
            channel = await self.host.open_table_place(t, t.round_no, table_no)
            await self.store.set_table_channel(t.tournament_id, t.round_no, table_no,
                                               channel)
        away = await self.store.tournament_away(t.tournament_id)
        place = TournamentPlace(t.tournament_id, t.round_no, table_no, tuple(players),
                                t.settings.deals_per_round, t.seed, t.settings.duplicate,
                                frozenset(u for u in players if u in away))
        names = [await self._name(t.guild_id, u) for u in players]
        await self.tables.tournaments.open(
            channel, t.guild_id,
            table_rules(t.settings.variant, turn_seconds=self.turn_seconds), place, names,
            locale=_locale(t), ai_level=AI_LEVEL, dealt=done)
        self._deal_later(t.tournament_id, channel)

    async def _name(self, guild_id: int, user_id: int | None) -> str:
        if user_id is None:
            return ""
        player = await self.store.get_player(guild_id, user_id)
        return player.name if player is not None else str(user_id)

    # ================================================================= deals
    async def settled(self, channel_id: int, place: TournamentPlace, done: bool) -> None:
        """A tournament table's deal was settled and counted (its lock held): its next
        deal after the pause, or, when its last, the round may be over. The table manager
        calls it: give it as the manager's ``on_tournament_settled`` (the runner is made
        after the manager it drives, so through a function that finds it)."""
        if self.stopping:
            return
        if not done:
            self._deal_later(place.tournament_id, channel_id)
            return
        self._spawn(self._carry_on(place.tournament_id))

    def _deal_later(self, tournament_id: int, channel_id: int) -> None:
        """Deal the table's next deal after :attr:`between_deals` (once: a table already
        waiting for its next deal keeps waiting)."""
        if self.stopping:
            return
        pending = self._dealing.get(channel_id)
        if pending is not None and not pending.done():
            return
        task = asyncio.create_task(self._deal(tournament_id, channel_id))
        self._dealing[channel_id] = task

    def _cancel_deal(self, channel_id: int) -> None:
        task = self._dealing.pop(channel_id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    async def _deal(self, tournament_id: int, channel_id: int) -> None:
        try:
            if self.between_deals > 0:
                await self.tables.turns.clock.sleep(self.between_deals)
            else:
                await asyncio.sleep(0)
            if self._dealing.get(channel_id) is asyncio.current_task():
                del self._dealing[channel_id]
            if self.stopping:
                return
            t = await self.store.get_tournament(tournament_id)
            if t.status == TournamentStatus.RUNNING:
                await self.tables.tournaments.next_deal(channel_id)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("tournament %s: the next deal at table %s failed", tournament_id,
                          channel_id)

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        async def run() -> None:
            try:
                await work
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("a tournament failed to carry on")

        task = asyncio.create_task(run())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)


def _locale(t: Tournament) -> str | None:
    """The tournament's language (a front-end may store it in the settings' extras)."""
    value = t.settings.extra.get("locale")
    return value if isinstance(value, str) else None

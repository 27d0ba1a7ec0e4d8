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
(a deal's result is recorded once per game id) and the prizes are paid once.

Announcements, each exactly once (:meth:`TournamentRunner._announce`): a round's standings
and the final ranking are posted through a stored marker (``tournament_announcements``):
"posting" is noted before the post, "announced" after it, and a round's next round is
seated only once its standings are announced; the final's marker is written in the
payout's own transaction, so a stop right after the payout still announces it at the next
start (:meth:`TournamentRunner.resume` also carries on finished tournaments whose final
is due). A stop between the post and the "announced" note leaves the marker "posting":
the next start asks the host first (:meth:`TournamentHost.posted`: Discord looks for the
post in the channel's last messages, and the post went out with a nonce of its own, so
Discord itself drops a second one sent within minutes) and only posts when it was not.

Stopping (:meth:`TournamentRunner.shutdown`) ends only waits: the pause before a deal and
the front-end's calls are cancelled; a deal being dealt, a round being seated, a store
write, run to their end (the next wait then ends the work), so a deal is never cut between
its stored game and its stored table.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Protocol, TypeVar

from bot.engine import table_rules
from bot.store import Store
from bot.store.tournaments import FINAL, Announcement, Payout, Tournament
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

T = TypeVar("T")


class Stopped(Exception):
    """The runner is stopping: the work ends at its next wait (the store knows where it
    was, for :meth:`TournamentRunner.resume`)."""


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

    async def posted(self, t: Tournament, round_no: int) -> bool:
        """Was round ``round_no``'s announcement (:data:`FINAL`: the final ranking)
        posted already? Asked only after a stop while it was being posted."""
        ...

    async def progress(self, t: Tournament) -> None:
        """Where the tournament is now (a round seated or over, the final, a restart):
        the front-end's picture of it (Discord: the sign-up message) brought up to date.
        Said again after a restart: it must change nothing when up to date."""
        ...

    async def table_stopped(self, t: Tournament, round_no: int, table_no: int,
                            away: list[int]) -> None:
        """A server manager closed that table: the tournament goes on, the AI plays the
        seats of ``away`` (its players) from now on."""
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
        self._dealing: dict[int, asyncio.Task[None]] = {}  # channel -> its pause to a deal
        self._tasks: set[asyncio.Task[None]] = set()  # every task of the runner's
        self._waiting: set[asyncio.Task[Any]] = set()  # those in a wait (see _wait)
        self.stopping = False
        tables.tournaments.on_closed = self.table_closed  # a manager's close goes on here

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
        process owns on where it was, and announce the final ranking of those finished
        while it was not announced yet; returns how many."""
        count = 0
        due = [*await self.store.running_tournaments(),
               *await self.store.unannounced_finals()]
        for t in due:
            if not self.owns(t.guild_id):
                continue
            try:
                await self._carry_on(t.tournament_id, resumed=True)
                count += 1
            except Stopped:
                break
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

    async def table_closed(self, channel_id: int, place: TournamentPlace) -> None:
        """A server manager closed a tournament table (a deal being played there is
        void): the tournament goes on. Its players are marked away, so the AI plays their
        seats (their points count; acting at the table takes a seat back), the table
        opens again in its place and deals on, and the host says so. The tables call it
        with the table's lock held: the work is scheduled."""
        if self.stopping:
            return
        self._cancel_deal(channel_id)
        self._spawn(self._after_close(place))

    async def _after_close(self, place: TournamentPlace) -> None:
        tid = place.tournament_id
        async with self._lock(tid):
            players = [u for u in place.players if u is not None]
            await self.store.set_tournament_away(tid, players)
            t = await self.store.get_tournament(tid)
            if t.status == TournamentStatus.RUNNING:
                await self._wait(self.host.table_stopped(t, place.round_no, place.table_no,
                                                         players))
        await self._carry_on(tid)

    async def shutdown(self) -> None:
        """Stop dealing (before the tables' own shutdown); the store keeps where every
        tournament is, for :meth:`resume`. Only waits are cancelled (a pause before a
        deal, a front-end's call); work under way (a deal being dealt, a store write)
        runs to its end and stops at its next wait, and is waited for."""
        self.stopping = True
        for task in list(self._waiting):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    # ================================================================= rounds
    def _lock(self, tournament_id: int) -> asyncio.Lock:
        return self._locks.setdefault(tournament_id, asyncio.Lock())

    async def _carry_on(self, tournament_id: int, *, resumed: bool = False) -> None:
        """Bring the tournament to where it should be: its current round's tables open
        and dealing, or the round announced and the next seated, or the prizes paid and
        the final ranking announced. ``resumed``: after a restart, the host's picture of
        the tournament is brought up to date first."""
        async with self._lock(tournament_id):
            if resumed:
                await self._progress(tournament_id)
            while not self.stopping:
                t = await self.store.get_tournament(tournament_id)
                if t.status == TournamentStatus.FINISHED:
                    await self._announce(t, FINAL, self._final)
                    return
                if t.status != TournamentStatus.RUNNING:
                    return
                if t.round_no == 0:
                    await self._seat_round(t, 1)
                    await self._progress(tournament_id)
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
                # the round is over: its standings announced once, then the next round
                # seated (never before: so a restart finds the announcement still due)
                await self._announce(t, t.round_no, self._round_over)
                if t.round_no >= t.settings.rounds:
                    await self.store.pay_prizes(tournament_id)  # the final's marker too
                    continue
                await self._seat_round(t, t.round_no + 1)
                await self._progress(tournament_id)

    # ================================================================= announcements
    async def _announce(self, t: Tournament, round_no: int,
                        post: Callable[[Tournament], Awaitable[None]]) -> None:
        """Post round ``round_no``'s standings (:data:`FINAL`: the final ranking) once,
        whatever stops when: "posting" is noted before the post, and "announced" after it
        and the host's picture brought up to date (:meth:`TournamentHost.progress`). A
        stop between the two notes leaves it "posting", perhaps posted: the next start
        asks the host (:meth:`TournamentHost.posted`), posts only when it was not, and
        brings the picture up to date again before noting it announced."""
        tid = t.tournament_id
        state = await self.store.announcement(tid, round_no)
        if state == Announcement.DONE:
            return
        if state == Announcement.POSTING and await self._wait(self.host.posted(t, round_no)):
            log.info("tournament %s: announcement %s was posted before a stop", tid, round_no)
        else:
            await self.store.announcing(tid, round_no)
            await self._wait(post(t))
        await self._progress(tid)
        await self.store.announced(tid, round_no)

    async def _round_over(self, t: Tournament) -> None:
        standings = await self.store.tournament_standings(t.tournament_id)
        await self.host.round_over(t, t.round_no, standings)

    async def _final(self, t: Tournament) -> None:
        standings = await self.store.tournament_standings(t.tournament_id)
        payout = await self.store.pay_prizes(t.tournament_id)  # paid: only read
        await self.host.tournament_over(t, standings, payout)

    async def _progress(self, tournament_id: int) -> None:
        await self._wait(self.host.progress(await self.store.get_tournament(tournament_id)))

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
        byes_had = await self._byes_had(t, round_no)
        # the pairing's search may take a few tenths of a second: off the event loop
        pairing = await asyncio.to_thread(pair_round, ranked, meetings(earlier),
                                          settings.table_size, ai_fill=settings.ai_fill,
                                          byes_had=byes_had)
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
        """Table ``table_no`` of the current round, ``done`` deals counted (when the
        round's progress was read): open in its place and dealing (a deal being played
        carries on by itself)."""
        place = self.tables.tournaments.place(channel) if channel is not None else None
        if place is not None and (place.tournament_id, place.round_no,
                                  place.table_no) == (t.tournament_id, t.round_no, table_no):
            snapshot = self.tables.find(channel)
            if snapshot is not None and snapshot.playing is None:
                self._deal_later(place.tournament_id, snapshot.channel_id)
            return
        # not live now: counted again, as the table may have played its last deal on and
        # closed itself since ``done`` was read (its deals are counted before it closes;
        # its settle carries the round on). Opened from the old count, it would deal a
        # counted deal again.
        done = (await self.store.round_progress(t.tournament_id, t.round_no)).get(
            table_no, (channel, done))[1]
        if done >= t.settings.deals_per_round:
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
        task = self._spawn(self._deal(tournament_id, channel_id))
        self._dealing[channel_id] = task

    def _cancel_deal(self, channel_id: int) -> None:
        task = self._dealing.pop(channel_id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    async def _deal(self, tournament_id: int, channel_id: int) -> None:
        """The pause (a wait :meth:`shutdown` ends), then the deal: dealt to its end
        once begun (its game and its table are stored together, never one alone)."""
        try:
            pause = self.tables.turns.clock.sleep(self.between_deals) \
                if self.between_deals > 0 else asyncio.sleep(0)
            await self._wait(pause)
            if self._dealing.get(channel_id) is asyncio.current_task():
                del self._dealing[channel_id]
            if self.stopping:
                return
            t = await self.store.get_tournament(tournament_id)
            if t.status == TournamentStatus.RUNNING:
                await self.tables.tournaments.next_deal(channel_id)
        except (asyncio.CancelledError, Stopped):
            raise
        except Exception:
            log.exception("tournament %s: the next deal at table %s failed", tournament_id,
                          channel_id)

    async def _wait(self, work: Awaitable[T]) -> T:
        """Await ``work``, a wait :meth:`shutdown` may end (a pause, a front-end's call);
        once stopping, no wait begins (:class:`Stopped`)."""
        if self.stopping:
            if asyncio.iscoroutine(work):
                work.close()
            raise Stopped
        task = asyncio.current_task()
        assert task is not None
        self._waiting.add(task)
        try:
            return await work
        finally:
            self._waiting.discard(task)

    def _spawn(self, work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        """Run ``work`` as a task of the runner's (:meth:`shutdown` waits for it)."""
        async def run() -> None:
            try:
                await work
            except (asyncio.CancelledError, Stopped):
                return
            except Exception:
                log.exception("a tournament failed to carry on")

        task = asyncio.create_task(run())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task


def _locale(t: Tournament) -> str | None:
    """The tournament's language (a front-end may store it in the settings' extras)."""
    value = t.settings.extra.get("locale")
    return value if isinstance(value, str) else None

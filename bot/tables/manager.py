"""The table manager: many live tables, one per channel, independent of Discord.

Lobby operations (create, join, leave, AI seats, start, next deal, close) and in-game
actions all go through here. Every table has its own lock, so two clicks at once never
apply two actions; an action that names an older turn (``seq``) is refused as stale.
Each accepted action is stored before its events go out; a finished deal is settled in
one store transaction; on start :meth:`recover` replays every unfinished game from the
store and re-arms its timer. Turn timers, AI seats, trusteeship (托管) and escapes live
in :mod:`bot.tables.turns`.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from bot.ai.levels import AI_LEVELS
from bot.engine import (
    Action,
    Bid,
    Call,
    Double,
    Escape,
    EscapeCost,
    Grab,
    Pass,
    Play,
    PlayCards,
    Rules,
    SeatView,
    Show,
    escape_cost,
)
from bot.engine.errors import NotYourTurnError
from bot.store.protocol import TableStore
from bot.workers.ai_pool import AiPool

from .clock import Clock, SystemClock
from .errors import TableError
from .events import (
    Presenter,
    ReadingNeeded,
    SeatsChanged,
    TableClosed,
    TableEvent,
    TableOpened,
    TrusteeChanged,
)
from .hints import HintBook
from .leaving import LeaveKind, Leaving, leave_kind
from .play_check import checked_play, in_play
from .recovery import TableRecovery
from .registry import LiveTables
from .snapshot import TableSnapshot
from .state import AI_NAMES, Seat, Table
from .status import Actor, Closed, Left, Played, PlayStatus, SeatChange, TableStatus
from .tournament import SettledHook, TournamentTables
from .turns import AI_BALANCE, Decider, TurnRunner

if TYPE_CHECKING:
    from bot.ai.hint_list import Suggestion
    from bot.ai.reasons import Reason

log = logging.getLogger(__name__)


class TableManager:
    """Holds every live table; the one entry point for lobby and game actions, and for
    reading a table (frozen snapshots and seat views: :meth:`snapshot`, :meth:`seat_view`).

    ``store`` is the bean/game store (:mod:`bot.store`); ``presenter`` receives the
    events. ``decide`` chooses actions for AI seats, timeouts and trustees (default: the
    AI of :mod:`bot.ai`). ``ai_delay`` and ``trustee_delay`` pace automatic turns so
    people can follow them (0 in tests and benchmarks).
    """

    def __init__(self, store: TableStore, presenter: Presenter, *, clock: Clock | None = None,
                 decide: Decider | None = None, ai_delay: float = 0.0,
                 trustee_delay: float = 1.0, ai_in_thread: bool = True,
                 seed_source: Callable[[], int] | None = None,
                 owns: Callable[[int], bool] | None = None,
                 ai_pool: AiPool | None = None,
                 on_stage: Callable[[str, float], None] | None = None,
                 on_tournament_settled: SettledHook | None = None) -> None:
        """``owns(guild_id)``: whether this process owns that guild's tables (a cluster
        process recovers only those; see :mod:`bot.discord_api.cluster`). Default: every
        guild. ``on_stage(stage, seconds)``: how long an action waited in each stage (the
        metrics). ``on_tournament_settled``: a tournament table's deal was settled (the
        round runner, :mod:`bot.tournament_runner`, deals the next)."""
        self.store = store
        self.presenter = presenter
        # turn timers, AI seats and settlement; the default AI thinks in ``ai_pool``'s
        # processes when one is given (bot.workers.ai_pool)
        self.turns = TurnRunner(self, store, clock or SystemClock(), decide, ai_delay,
                                trustee_delay, ai_in_thread, ai_pool, on_stage)
        self._owns = owns or (lambda guild_id: True)
        self._tables = LiveTables()
        self._autopass: dict[int, bool] = {}  # user id -> 要不起 by itself (read once)
        self._seed_source = seed_source or (lambda: secrets.randbits(62))
        self._lock = asyncio.Lock()
        # tournament tables: open, deal, leave, close (bot.tables.tournament)
        self.tournaments = TournamentTables(self, store, self._tables, self.turns,
                                            self._lock, on_tournament_settled)
        self.hint_lists = HintBook(self.turns, self.live, decide)  # bot.tables.hints

    @property
    def ai_pool(self) -> AiPool | None:
        """The AI's worker processes (None: it thinks in a thread), for the review."""
        return self.turns.ai_pool

    # ================================================================= reading
    # What a front-end reads: frozen snapshots and seat views, never a live table.
    def snapshot(self, channel_id: int) -> TableSnapshot:
        """The table in this channel now (frozen: take it and use it); raises no_table."""
        return self._tables.table(channel_id).snapshot()

    def find(self, channel_id: int | None) -> TableSnapshot | None:
        """The table in this channel now, or None."""
        table = self._tables.get(channel_id) if channel_id is not None else None
        return table.snapshot() if table is not None else None

    def table_of(self, user_id: int) -> TableSnapshot | None:
        """The table the user is seated at now, or None."""
        table = self._tables.of_user(user_id)
        return table.snapshot() if table is not None else None

    def seat_view(self, channel_id: int, user_id: int) -> tuple[TableSnapshot, SeatView]:
        """The table now and what the user's seat may know of its deal, its own cards
        with it (of one moment); raises no_table, not_seated, or no_game before a deal."""
        table = self._tables.table(channel_id)
        seat = self._tables.seat_index(table, user_id)
        return table.snapshot(), self._tables.dealt(table).view(seat)

    def check_seated(self, channel_id: int, user_id: int, *,
                     turn: bool = False) -> TableSnapshot:
        """The table, when the user is seated at it (and, with ``turn``, the seat to act);
        raises no_table, not_seated, no_game or not_your_turn otherwise."""
        table = self._tables.table(channel_id)
        seat = self._tables.seat_index(table, user_id)
        if turn:
            to_act = self._tables.dealt(table).to_act
            if to_act != seat:
                raise NotYourTurnError("it is not your turn", code="not_your_turn", seat=seat,
                                       to_act=to_act)
        return table.snapshot()

    def escape_cost(self, channel_id: int, user_id: int) -> EscapeCost:
        """What leaving the deal now would cost the user (asked before they confirm)."""
        table = self._tables.table(channel_id)
        if table.tournament is not None:  # leaving is 托管 there, and costs nothing
            return EscapeCost(0, 0, False)
        return escape_cost(self._tables.dealt(table), self._tables.seat_index(table, user_id))

    def leaving(self, channel_id: int, user_id: int) -> Leaving:
        """What leaving the table now means for the user (:mod:`bot.tables.leaving`): free,
        an escape with its cost, or a tournament seat stepping away; raises no_table."""
        table = self._tables.table(channel_id)
        snapshot = table.snapshot()
        kind = leave_kind(snapshot, snapshot.seat_of(user_id))
        if kind != LeaveKind.ESCAPE:
            return Leaving(kind)
        return Leaving(kind, self.escape_cost(channel_id, user_id))

    def count_tables(self) -> dict[tuple[str, str], int]:
        """How many live tables there are, by (variant, status) (the metrics' gauge)."""
        return dict(Counter((t.rules.variant, str(t.status)) for t in self._tables.values()))

    def live(self, channel_id: int) -> Table | None:
        """The live table in this channel (for the turn runner: see :class:`TableHost`)."""
        return self._tables.get(channel_id)

    # ================================================================= lobby
    async def create(self, channel_id: int, guild_id: int, owner_id: int, owner_name: str,
                     rules: Rules, *, ai_level: str = "normal",
                     private: bool = False, locale: str | None = None) -> TableSnapshot:
        """Open a table playing ``rules`` (:func:`bot.engine.table_rules` builds them) in a
        channel and seat its owner; a ``private`` table seats only the players its owner
        invites (:meth:`invite`); ``locale`` is the table's language (saved with it)."""
        if ai_level not in AI_LEVELS:
            raise TableError(f"unknown AI level {ai_level!r}", code="bad_ai_level",
                             level=ai_level)
        async with self._lock:
            if channel_id in self._tables:
                raise TableError("this channel already has a table", code="table_exists")
            self._tables.claim(owner_id, channel_id)  # before the first await: see join()
            try:
                await self._check_balance(guild_id, owner_id, owner_name, rules)
            except BaseException:
                self._tables.unclaim(owner_id, channel_id)
                raise
            table = Table(channel_id, guild_id, owner_id, rules, [None] * rules.players,
                          ai_level=ai_level, private=private, locale=locale)
            table.seats[0] = Seat(owner_id, owner_name,
                                  autopass=await self._wants_autopass(owner_id))
            self._tables.add(table)
        async with table.lock:
            try:
                await self.save(table)
            except BaseException:  # not stored (or seated elsewhere): no table
                self._tables.remove(channel_id)
                self._tables.unclaim(owner_id, channel_id)
                raise
            await self.publish(TableOpened(channel_id, owner_id))
        return table.snapshot()

    async def _check_balance(self, guild_id: int, user_id: int, name: str,
                             rules: Rules) -> int:
        """The beans the player may bring: their balance less what is held for deals
        they escaped (so those deals can always be settled)."""
        player = await self.store.ensure_player(guild_id, user_id, name)
        free = int(player.balance) - await self.store.held_beans(guild_id, user_id)
        if free < rules.min_balance:
            raise TableError(
                f"{name} has {free} beans; this room needs {rules.min_balance}",
                code="low_balance", name=name, balance=free, needed=rules.min_balance,
                user_id=user_id)
        return free

    async def join(self, channel_id: int, user_id: int, name: str) -> int:
        """Sit down at the first free seat; returns the seat."""
        table = self._tables.table(channel_id)
        async with table.lock:
            if table.seat_of(user_id) is not None:
                raise TableError("you are already at this table", code="already_here")
            if not table.may_sit(user_id):  # checked at every Join: invitations can change
                raise TableError("this table is private: only players its owner invited "
                                 "may join", code="not_invited")
            self._tables.check_free(user_id)
            if table.status == TableStatus.PLAYING:
                raise TableError("a deal is being played; join after it ends",
                                 code="game_running")
            free = [i for i, s in enumerate(table.seats) if s is None]
            if not free:
                raise TableError("the table is full", code="table_full")
            self._tables.claim(user_id, channel_id)
            try:
                await self._check_balance(table.guild_id, user_id, name, table.rules)
                table.seats[free[0]] = Seat(user_id, name,
                                            autopass=await self._wants_autopass(user_id))
                await self.save(table)
            except BaseException:  # refused, or not stored: the seat stays free
                table.seats[free[0]] = None
                self._tables.unclaim(user_id, channel_id)
                raise
            await self.publish(SeatsChanged(channel_id, SeatChange.JOINED, free[0]))
            return free[0]

    async def invite(self, channel_id: int, by_user: int, user_ids: list[int]) -> list[int]:
        """The owner of a private table invites players; returns everyone invited now."""
        table = self._tables.table(channel_id)
        async with table.lock:
            if by_user != table.owner_id:
                raise TableError("only the table's owner invites players",
                                 code="invite_owner_only")
            if not table.private:
                raise TableError("this table is open to everyone", code="not_private")
            before = set(table.invited)
            table.invited.update(u for u in user_ids if u != table.owner_id)
            try:
                await self.save(table)
            except BaseException:  # not stored: nobody was invited
                table.invited.clear()
                table.invited.update(before)
                raise
            await self.publish(SeatsChanged(channel_id, SeatChange.INVITED, 0))
            return sorted(table.invited)

    async def add_ai(self, channel_id: int, by_user: int, level: str | None = None) -> int:
        """Seat an AI player (any seated player may)."""
        table = self._tables.table(channel_id)
        level = level or table.ai_level
        if level not in AI_LEVELS:
            raise TableError(f"unknown AI level {level!r}: easy, normal or hard",
                             code="bad_ai_level", level=level)
        async with table.lock:
            self._tables.seat_index(table, by_user)
            if table.status == TableStatus.PLAYING:
                raise TableError("a deal is being played", code="game_running")
            free = [i for i, s in enumerate(table.seats) if s is None]
            if not free:
                raise TableError("the table is full", code="table_full")
            used = {s.name.split(" (")[0] for s in table.seats if s is not None}
            name = next(n for n in AI_NAMES if n not in used)
            table.seats[free[0]] = Seat(None, f"{name} ({level})", ai_level=level)
            await self.save(table)
            await self.publish(SeatsChanged(channel_id, SeatChange.AI_ADDED, free[0]))
            return free[0]

    async def leave(self, channel_id: int, user_id: int) -> Left:
        """Leave the table: free between deals, an escape (逃跑) during one.

        Returns :attr:`Left.LEFT` or :attr:`Left.ESCAPED`; :attr:`Left.AWAY` at a
        tournament's table, where the AI plays on for the player
        (:meth:`TournamentTables.leave`).
        """
        table = self._tables.table(channel_id)
        if table.tournament is not None:
            await self.tournaments.leave(channel_id, user_id)
            return Left.AWAY
        async with table.lock:
            seat = self._tables.seat_index(table, user_id)
            if table.status == TableStatus.PLAYING and table.game is not None and \
                    not table.game.is_over:
                if table.escaped(seat):
                    raise TableError("you have already left this deal", code="already_left")
                # stored with a hold on what the escaper may still owe, or no change
                await self.turns.apply(table, Escape(seat), by=Actor.PLAYER)
                self._tables.unclaim(user_id, channel_id)
                if table.status == TableStatus.PLAYING:
                    if user_id == table.owner_id:
                        table.pass_ownership(seat)
                        await self.save(table)
                    await self.publish(SeatsChanged(channel_id, SeatChange.ESCAPED, seat))
                return Left.ESCAPED
            await self._vacate(table, seat)
            return Left.LEFT

    async def _vacate(self, table: Table, seat: int) -> None:
        entry = table.seats[seat]
        if entry is not None and entry.user_id is not None:
            self._tables.unclaim(entry.user_id, table.channel_id)
        table.free_seat(seat)
        if table.status == TableStatus.BETWEEN:
            table.status = TableStatus.LOBBY
        if not table.humans:
            await self.close_table(table, Closed.EMPTY)
            return
        await self.save(table)
        await self.publish(SeatsChanged(table.channel_id, SeatChange.LEFT, seat))

    async def start(self, channel_id: int, by_user: int) -> str:
        """Deal a new game when every seat is taken (also the next deal); returns its id."""
        table = self._tables.table(channel_id)
        async with table.lock:
            self._tables.seat_index(table, by_user)
            if table.tournament is not None:
                raise TableError("the tournament deals here", code="tournament_table")
            if table.status == TableStatus.PLAYING:
                raise TableError("a deal is already being played", code="game_running")
            if not table.is_full:
                raise TableError("every seat must be taken: invite players or add AI",
                                 code="seats_not_full")
            return await self._deal(table)

    next_deal = start

    async def _deal(self, table: Table) -> str:
        rules = table.rules
        balances = []
        for seat in table.seats:
            assert seat is not None
            if seat.is_ai:
                balances.append(AI_BALANCE)
            else:
                assert seat.user_id is not None
                balances.append(await self._check_balance(table.guild_id, seat.user_id,
                                                          seat.name, rules))
        return await self.turns.deal(table, balances, self._seed_source())

    async def close(self, channel_id: int, by_user: int, *, admin: bool = False) -> None:
        """Close the table (its owner, or an admin). A deal in progress is void."""
        table = self._tables.table(channel_id)
        async with table.lock:
            if not admin and (by_user != table.owner_id or table.tournament is not None):
                raise TableError("only the table's owner or a server manager can stop it",
                                 code="not_owner")
            if table.tournament is not None:  # the tournament goes on without this table
                await self.tournaments.closed_by_manager(table)
                return
            await self.close_table(table, Closed.STOPPED if admin and by_user != table.owner_id
                              else Closed.CLOSED)

    async def close_table(self, table: Table, reason: Closed) -> None:
        # one transaction: the deal is void and the table forgotten, or neither
        void = table.game_id if table.status == TableStatus.PLAYING else None
        await self.store.close_table(table.channel_id, void, reason)
        self._forget(table)
        await self.publish(TableClosed(table.channel_id, reason))

    def _forget(self, table: Table) -> None:
        """Drop a table from memory and free its players."""
        self.turns.cancel_timer(table)
        for user in table.humans:
            self._tables.unclaim(user, table.channel_id)
        self._tables.remove(table.channel_id)
        self.turns.forget_hands(table.channel_id)

    # ================================================================= in-game actions
    async def act(self, channel_id: int, user_id: int, make: Callable[[int], Action],
                  *, seq: int | None = None) -> Played:
        """Apply the action ``make(seat)`` for ``user_id``'s seat.

        Returns ``Played(APPLIED, (the play made,))`` (``()`` for an action that is not a
        play) or, for a wild play with several legal readings, ``Played(READING,
        options)``. ``seq`` is
        the turn the player saw (stale when different).
        """
        table = self._tables.table(channel_id)
        asked = time.perf_counter()
        async with table.lock:
            self.turns.staged("lock", time.perf_counter() - asked)
            seat = self._tables.seat_index(table, user_id)
            game = in_play(table, seat, seq)  # no_game, already_left, stale
            entry = table.seats[seat]
            assert entry is not None
            action = make(seat)
            is_play = isinstance(action, PlayCards)
            # the engine explains a refusal (not your turn, the wrong phase, cards not held)
            # before a wild play's readings are looked at; nothing changes (many wild cards:
            # in a thread, bot.tables.play_check)
            options = await checked_play(game, seat, action)
            if options is not None and len(options) > 1:  # also readings that differ only
                await self.publish(ReadingNeeded(channel_id, seat,  # in rank (RULES §4.3.1)
                                                  options[0].cards, tuple(options)))
                return Played(PlayStatus.READING, tuple(options))
            was_trustee, had_timeouts = entry.trustee, entry.timeouts
            await self.turns.apply(table, action, by=Actor.PLAYER)
            played = game.history[-1][1] if is_play and game.history else None
            entry.timeouts = 0
            if was_trustee:
                entry.trustee = False
                await self.publish(TrusteeChanged(channel_id, seat, False))
            if was_trustee or had_timeouts:
                await self.save(table)  # the seat's timeout count and 托管 survive a restart
            return Played(PlayStatus.APPLIED, (played,) if played is not None else ())

    async def play(self, channel_id: int, user_id: int, cards: str, *,
                   kind: str | None = None, main: str | None = None,
                   seq: int | None = None) -> Played:
        return await self.act(channel_id, user_id,
                              lambda s: PlayCards(s, cards, kind, main), seq=seq)

    async def check_play(self, channel_id: int, user_id: int, cards: str, *,
                         seq: int | None = None) -> tuple[Play, ...]:
        """What :meth:`play` of ``cards`` (no reading named) would answer, applied to
        nothing: its refusal raised, else the legal readings (a wild play is legal when
        any reading is). The same checks in the same order; changes nothing."""
        table = self._tables.table(channel_id)
        async with table.lock:
            seat = self._tables.seat_index(table, user_id)
            game = in_play(table, seat, seq)
            return tuple(await checked_play(game, seat, PlayCards(seat, cards)) or ())

    async def pass_turn(self, channel_id: int, user_id: int, *, seq: int | None = None) -> None:
        await self.act(channel_id, user_id, Pass, seq=seq)

    async def bid(self, channel_id: int, user_id: int, points: int, *,
                  seq: int | None = None) -> None:
        await self.act(channel_id, user_id, lambda s: Bid(s, points), seq=seq)

    async def call(self, channel_id: int, user_id: int, yes: bool, *,
                   seq: int | None = None) -> None:
        await self.act(channel_id, user_id, lambda s: Call(s, yes), seq=seq)

    async def grab(self, channel_id: int, user_id: int, yes: bool, *,
                   seq: int | None = None) -> None:
        await self.act(channel_id, user_id, lambda s: Grab(s, yes), seq=seq)

    async def show(self, channel_id: int, user_id: int, yes: bool, *,
                   seq: int | None = None) -> None:
        await self.act(channel_id, user_id, lambda s: Show(s, yes), seq=seq)

    async def double(self, channel_id: int, user_id: int, yes: bool, *,
                     seq: int | None = None) -> None:
        await self.act(channel_id, user_id, lambda s: Double(s, yes), seq=seq)

    async def resume(self, channel_id: int, user_id: int) -> None:
        """Take back control from the AI (end 托管)."""
        await self._set_trustee(channel_id, user_id, False)

    async def trustee(self, channel_id: int, user_id: int) -> None:
        """Let the AI play for the player (托管, asked for) until they take control back."""
        await self._set_trustee(channel_id, user_id, True)

    async def _set_trustee(self, channel_id: int, user_id: int, on: bool) -> None:
        table = self._tables.table(channel_id)
        async with table.lock:
            seat = self._tables.seat_index(table, user_id)
            entry = table.seats[seat]
            assert entry is not None
            game = table.game
            if on and (table.status != TableStatus.PLAYING or game is None or game.is_over):
                raise TableError("no deal is being played at this table", code="no_game")
            if entry.trustee == on:
                raise TableError("the AI already plays for you", code="already_trustee") \
                    if on else TableError("the AI is not playing for you", code="not_trustee")
            entry.trustee = on
            entry.timeouts = 0
            await self.save(table)
            await self.publish(TrusteeChanged(channel_id, seat, on, voluntary=on))
            if game is not None and game.to_act == seat:
                await self.turns.next_turn(table)

    async def _wants_autopass(self, user_id: int) -> bool:
        if user_id not in self._autopass:
            self._autopass[user_id] = bool(await self.store.player_setting(user_id,
                                                                           "autopass"))
        return self._autopass[user_id]

    async def set_autopass(self, user_id: int, on: bool) -> None:
        """要不起 by itself: when nothing in the hand beats the play, pass for the player
        after a short pause (from the next such turn). Stored with the player."""
        await self.store.set_player_setting(user_id, "autopass", on)
        self._autopass[user_id] = on
        table = self._tables.of_user(user_id)
        if table is None:
            return
        async with table.lock:
            seat = table.seat_of(user_id)
            entry = table.seats[seat] if seat is not None else None
            if entry is not None:
                entry.autopass = on
                await self.save(table)

    # ================================================================= hints
    # A turn's hint list is worked out once, off the event loop (bot.tables.hints).
    async def suggestions(self, channel_id: int, user_id: int) -> tuple[Suggestion, ...]:
        """What 提示 shows press after press, each with why: the AI's hint, then in the
        play phase its next best plays (:func:`bot.ai.hint_list.hint_list`); none when
        it is not the user's turn. Worked out once a turn, in the AI's worker processes."""
        table = self._tables.table(channel_id)
        return await self.hint_lists.suggestions(table, self._tables.seat_index(table, user_id))

    async def hint(self, channel_id: int, user_id: int) -> Action | None:
        """The AI's suggestion for the player's turn (None when it is not their turn)."""
        hints = await self.suggestions(channel_id, user_id)
        return hints[0].action if hints else None

    async def hints(self, channel_id: int, user_id: int) -> list[Action]:
        """The actions of :meth:`suggestions`."""
        return [s.action for s in await self.suggestions(channel_id, user_id)]

    async def explain(self, channel_id: int, user_id: int, action: Action) -> Reason | None:
        """Why the AI would make ``action`` for the player now (a reason that holds, or
        None), at the table's AI level (the level the hint is decided at): the reason
        worked out with the hint list for a suggestion of it, else in a thread."""
        from bot.ai.agent import explain_action

        table = self._tables.table(channel_id)
        known = self.hint_lists.known(table, action)
        if known is not None:
            return known.reason
        if table.game is None:
            return None
        view = table.game.view(self._tables.seat_index(table, user_id))
        return await asyncio.to_thread(explain_action, view, action, table.ai_level)

    async def hint_reason(self, channel_id: int, user_id: int) -> Reason | None:
        """Why the hint (:meth:`hint`) is played: a reason the AI can attribute, or None."""
        hints = await self.suggestions(channel_id, user_id)
        return hints[0].reason if hints else None

    # ================================================================= persistence
    async def publish(self, event: TableEvent) -> None:
        """Announce ``event`` with the table's snapshot (a presenter failure never breaks
        a table)."""
        table = self.live(event.channel_id)
        if table is not None:  # the event is new and not shared yet: give it its snapshot
            object.__setattr__(event, "table", table.snapshot())
        try:
            await self.presenter.publish(event)
        except Exception:
            log.exception("presenter failed on %s", type(event).__name__)

    async def save(self, table: Table) -> None:
        """Store the table and its live seats (an escaper holds none)."""
        seated = [s.user_id for i, s in enumerate(table.seats)
                  if s is not None and s.user_id is not None and not table.absent(i)]
        await self.store.save_table(table.channel_id, table.guild_id, table.to_dict(),
                                    seated=seated)

    async def tournament_settled(self, table: Table) -> None:
        await self.tournaments.settled(table)

    async def recover(self) -> int:
        """Reload every stored table this process owns, replay unfinished games, re-arm
        timers; returns how many tables came back (:class:`TableRecovery`)."""
        return await TableRecovery(self, self.store, self._tables, self.turns, self._owns,
                                   self._forget).run()

    async def shutdown(self) -> None:
        """Stop every table once the action it is applying is done, and wait until every
        timer has stopped (the state stays in the store for :meth:`recover`)."""
        self.turns.stopping = True
        stopped: list[asyncio.Task[None]] = []
        for table in list(self._tables.values()):
            async with table.lock:  # an action in progress finishes (and is stored)
                if table.timer is not None:
                    stopped.append(table.timer)
                self.turns.cancel_timer(table)
        await asyncio.gather(*stopped, return_exceptions=True)

"""Deals and turns of a live table: dealing, applying actions, turn timers, AI seats, 托管
and settlement. The manager holds a :class:`TurnRunner`, which talks back to it through
:class:`TableHost` (a live table, publishing, saving, closing).

After every accepted action the runner looks at the seat to act: an AI seat, a trustee
(托管) or an escaped seat is played by the AI (after a short pause so people can follow);
a player gets a turn timer. When the timer runs out the AI acts for the player that turn
only (不叫 / 不抢 / no show / 不加倍, or pass when passing is allowed, else the AI's
play); after two timeouts in a row the seat is in 托管 until the player acts again.
Deadlines are stored, so timers survive a restart.
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
import zlib
from collections.abc import Callable
from dataclasses import replace
from typing import Protocol

from bot.engine import Action, Escape, Game, Outcome, Pass, Phase, PlayCards, SeatView
from bot.store.errors import StoreUnavailableError
from bot.store.protocol import TableStore
from bot.store.records import Player, Settlement
from bot.workers.ai_pool import AiPool

from .clock import Clock
from .events import (
    ActionTaken,
    DealEnded,
    GameStarted,
    HandChanged,
    SavingDelayed,
    TableClosed,
    TableEvent,
    TrusteeChanged,
    TurnStarted,
)
from .place import no_stakes, seat_scores
from .state import Table
from .status import Actor, Closed, TableStatus

log = logging.getLogger(__name__)

RETRY_FIRST_S = 0.5
RETRY_MAX_S = 30.0
"""A store that does not answer is tried again after 0.5 s, 1 s, 2 s … up to every 30 s,
for as long as it takes (a table never gives up on its game)."""

AI_BALANCE = 10**9
"""The balance an AI seat brings: ample, so floors never bind an AI (the house backs it)."""

Decider = Callable[[SeatView, str, int], Action]
"""``decide(view, level, seed) -> action``: an AI decision for the seat to act, from what
that seat may know (``game.view(seat)``), never the whole game."""


def safe_action(game: Game) -> Action:
    """A legal move that needs no judgement: the timeout default (pass, 不叫, …) or, when a
    play is required, the first legal play."""
    action = game.timeout_action()
    if action is not None:
        return action
    return game.legal_actions()[0]


def ai_seed(game: Game, seat: int) -> int:
    """The seed of the AI's decision for ``seat`` now: stable (no process-salted hash),
    so a replayed game's AI choices repeat, and a hint is the move the AI would make."""
    return zlib.crc32(f"{game.seed}:{len(game.actions)}:{seat}".encode())


def default_decider() -> Decider:
    """The AI of :mod:`bot.ai`."""
    from bot.ai.agent import decide

    return decide


class TableHost(Protocol):
    """What the turn runner needs from the tables it runs (the manager): a live table by
    channel, announcing an event, storing a table, closing one, and carrying a tournament
    table on once its deal is settled (:mod:`bot.tables.tournament`)."""

    def live(self, channel_id: int) -> Table | None: ...

    async def publish(self, event: TableEvent) -> None: ...

    async def save(self, table: Table) -> None: ...

    async def close_table(self, table: Table, reason: Closed) -> None: ...

    async def tournament_settled(self, table: Table) -> None: ...



def as_auto(action: Action) -> Action:
    """``action`` marked as the system's (an AI seat's move, 托管, the AI's hint): ``auto``."""
    if action.auto:
        return action
    if isinstance(action, PlayCards):
        return PlayCards(action.seat, action.cards, action.kind, action.main, auto=True)
    return type(action)(**{**action.__dict__, "auto": True})

class TurnRunner:
    """The turn machinery of the tables a :class:`TableHost` (the manager) holds."""

    def __init__(self, host: TableHost, store: TableStore, clock: Clock,
                 decide: Decider | None, ai_delay: float, trustee_delay: float,
                 ai_in_thread: bool, ai_pool: AiPool | None = None,
                 on_stage: Callable[[str, float], None] | None = None) -> None:
        self.host = host
        self.store = store
        self.clock = clock
        self._decider = decide
        self.ai_delay = ai_delay
        self.trustee_delay = trustee_delay
        self.ai_in_thread = ai_in_thread
        self.ai_pool = ai_pool  # set: the default AI thinks in these processes
        # seconds from an action to its last event, when a list is set (bench/tables):
        # a running bot keeps none, so nothing grows with every action
        self.latencies: list[float] | None = None
        self.stopping = False  # set by the manager's shutdown(): no new turn timers
        self.autopass_delay = 1.0  # the pause before an automatic 要不起
        self._hands_shown: dict[int, list[str]] = {}  # channel -> each seat's hand last sent
        # told how long a player's action waited in each stage: lock (the table's previous
        # work), store (its write), publish (its events handed on)
        self.on_stage = on_stage

    def staged(self, stage: str, seconds: float) -> None:
        if self.on_stage is not None:
            self.on_stage(stage, seconds)

    # ================================================================= dealing
    async def deal(self, table: Table, balances: list[int], seed: int) -> str:
        """Deal a new game at ``table`` (every seat taken, each with the beans it brings),
        store and announce it, and start its first turn; returns the game's id."""
        rules = table.rules
        first = None
        if rules.variant == "super" and table.last_first is not None:
            first = (table.last_first + 1) % rules.players  # super rotates the first bidder
        game = Game.new(rules, seed, balances=balances, first=first)
        table.last_first = game.auction.first
        game_id = uuid.uuid4().hex
        await self.store.create_game(
            game_id, table.guild_id, table.channel_id, game.log,
            [{"user_id": s.user_id, "name": s.name, "ai_level": s.ai_level}
             for s in table.seats if s is not None])
        for i, seat in enumerate(table.seats):
            assert seat is not None
            # an entrant away from a tournament table stays a trustee (bot.tables.place)
            seat.timeouts, seat.trustee = 0, table.away(i)
        table.game, table.game_id = game, game_id
        table.status = TableStatus.PLAYING
        table.deals += 1
        self.forget_hands(table.channel_id)  # a new deal: every hand is sent
        await self.host.save(table)
        await self.host.publish(GameStarted(table.channel_id, game_id, table.deals))
        await self.publish_hands(table)
        await self.next_turn(table)
        return game_id

    # ================================================================= hands
    async def publish_hands(self, table: Table) -> None:
        """Send each player's hand when it changed since it was last sent."""
        game = table.game
        assert game is not None
        shown = self._hands_shown.setdefault(table.channel_id, [""] * table.size)
        for i, seat in enumerate(table.seats):
            if seat is None or seat.is_ai:
                continue
            text = game.hand_text(i)
            if text and text != shown[i]:
                shown[i] = text
                await self.host.publish(HandChanged(table.channel_id, i, text,
                                                    tuple(game.hand(i))))

    def forget_hands(self, channel_id: int) -> None:
        """Forget the hands sent at this table: the next :meth:`publish_hands` (a new
        deal, a restored one) sends every hand."""
        self._hands_shown.pop(channel_id, None)

    # ================================================================= applying
    async def apply(self, table: Table, action: Action, *, by: Actor) -> bool:
        """Validate and apply ``action``, store it, then announce it (table lock held).
        False when the store failed after the action was stored (a retry is scheduled and
        the table was told); True resets the store-failure notice."""
        game = table.game
        assert game is not None and table.game_id is not None
        start = time.perf_counter()
        events = game.apply(action)  # a RuleError here changes nothing
        seq = len(game.actions) - 1
        storing = time.perf_counter()
        try:
            await self.store.append_action(
                table.game_id, seq, action.to_json(),
                escaper=action.seat if isinstance(action, Escape) else None)
        except Exception:
            # not stored, so it did not happen: rebuild the game from what is stored
            log = game.log
            table.game = Game.from_log(replace(log, actions=log.actions[:-1]))
            raise
        stored = time.perf_counter()
        if by is Actor.PLAYER:
            self.staged("store", stored - storing)
        public = tuple(e for e in events if e.visible_to(None))
        await self.host.publish(ActionTaken(table.channel_id, action.seat, action, public, by))
        await self.publish_hands(table)
        if by is Actor.PLAYER:
            self.staged("publish", time.perf_counter() - stored)
        healthy = True
        try:  # the action is stored: what follows is retried until the store answers
            if game.is_over:
                await self.finish(table)
            else:
                await self.next_turn(table)
        except StoreUnavailableError:
            healthy = False
            await self._store_failed(table)
        if self.latencies is not None:
            self.latencies.append(time.perf_counter() - start)
        if healthy:
            self._stored(table)
        return healthy

    def cancel_timer(self, table: Table) -> None:
        task = table.timer
        if task is not None and task is not asyncio.current_task() and not task.done():
            task.cancel()
        table.timer = None

    async def next_turn(self, table: Table, *, restored: bool = False) -> None:
        """Start the turn of the seat to act: an automatic move or a timer."""
        self.cancel_timer(table)
        game = table.game
        assert game is not None
        seat = game.to_act
        if seat is None:
            return
        if self.stopping:
            return  # recover() re-arms this turn in the next process
        entry = table.seats[seat]
        assert entry is not None
        seq = table.seq
        if entry.auto or seat in game.escaped:
            if entry.is_ai:
                by, delay = Actor.AI, self.ai_delay
            elif seat in game.escaped:
                by, delay = Actor.ESCAPED, self.ai_delay
            else:
                by, delay = Actor.TRUSTEE, self.trustee_delay
            table.deadline = None
            await self.host.publish(TurnStarted(table.channel_id, seat, game.phase, None, seq,
                                            True))
            table.timer = asyncio.create_task(self._auto_turn(table, seq, seat, delay, by))
            return
        if entry.autopass and game.view(seat).cannot_beat:
            # 要不起, and the player asked to pass by itself then: after a short pause
            table.deadline = None
            await self.host.publish(TurnStarted(table.channel_id, seat, game.phase, None, seq,
                                            True))
            table.timer = asyncio.create_task(self._auto_turn(table, seq, seat,
                                                              self.autopass_delay, Actor.AUTOPASS))
            return
        rules = game.rules
        seconds = rules.turn_play_s if game.phase == Phase.PLAY else rules.turn_bid_s
        if not (restored and table.deadline):
            table.deadline = self.clock.now() + seconds
        assert table.game_id is not None
        await self.store.set_deadline(table.game_id, seq, table.deadline)
        await self.host.publish(TurnStarted(table.channel_id, seat, game.phase, table.deadline,
                                        seq, False))
        table.timer = asyncio.create_task(self._timeout(table, seq, seat, table.deadline))

    async def _auto_turn(self, table: Table, seq: int, seat: int, delay: float,
                         by: Actor) -> None:
        try:
            if delay > 0:
                await self.clock.sleep(delay)
            else:
                await asyncio.sleep(0)
            async with table.lock:
                game = table.game
                if game is None or game.is_over or table.seq != seq or game.to_act != seat:
                    return
                action = await self._system_action(table, seat, by)
                await self.apply(table, action, by=by)
        except asyncio.CancelledError:
            raise
        except StoreUnavailableError:
            await self._store_failed(table)
        except Exception:
            log.exception("automatic turn failed at table %s", table.channel_id)

    async def _timeout(self, table: Table, seq: int, seat: int, deadline: float) -> None:
        try:
            await self.clock.sleep(deadline - self.clock.now())
            async with table.lock:
                game = table.game
                if game is None or game.is_over or table.seq != seq or game.to_act != seat:
                    return
                entry = table.seats[seat]
                assert entry is not None
                entry.timeouts += 1
                if entry.timeouts >= 2 and not entry.trustee:
                    entry.trustee = True
                    await self.host.publish(TrusteeChanged(table.channel_id, seat, True))
                action = await self._system_action(table, seat, Actor.TIMEOUT)
                if await self.apply(table, action, by=Actor.TIMEOUT) and \
                        table.status == TableStatus.PLAYING:
                    await self.host.save(table)  # the timeout count and 托管 survive a restart
        except asyncio.CancelledError:
            raise
        except StoreUnavailableError:
            await self._store_failed(table)
        except Exception:
            log.exception("turn timer failed at table %s", table.channel_id)

    # ================================================================= healing
    async def _store_failed(self, table: Table) -> None:
        """The store did not answer during an automatic step: tell the table once, then
        try again later (with backoff) from what is stored (table lock held or not)."""
        if not table.delayed:
            table.delayed = True
            await self.host.publish(SavingDelayed(table.channel_id))
        if self.stopping or self.host.live(table.channel_id) is None:
            return
        delay = min(RETRY_MAX_S, RETRY_FIRST_S * 2 ** min(table.failures, 16))
        table.failures += 1
        self.cancel_timer(table)
        table.timer = asyncio.create_task(self._heal(table, delay))

    def _stored(self, table: Table) -> None:
        """The store answered again: the next failure is told again."""
        table.delayed, table.failures = False, 0

    async def _heal(self, table: Table, delay: float) -> None:
        """Carry the table on after a store failure: settle a finished deal, or re-arm
        the turn (an automatic move runs again, a timer keeps its stored deadline)."""
        try:
            await self.clock.sleep(delay)
            async with table.lock:
                if self.stopping or self.host.live(table.channel_id) is not table:
                    return
                game = table.game
                if table.status != TableStatus.PLAYING or game is None:
                    self._stored(table)
                    return
                if game.is_over:
                    await self.finish(table)
                else:
                    await self.host.save(table)
                    await self.next_turn(table, restored=True)
                self._stored(table)
        except asyncio.CancelledError:
            raise
        except StoreUnavailableError:
            await self._store_failed(table)
        except Exception:
            log.exception("healing failed at table %s", table.channel_id)

    async def _system_action(self, table: Table, seat: int, by: Actor) -> Action:
        """What the system does for a seat: the AI for an AI seat and for plays; the
        timeout defaults (never raising an absent player's stake) otherwise."""
        game = table.game
        assert game is not None
        entry = table.seats[seat]
        assert entry is not None
        if entry.is_ai:
            return await self.decide(table, seat, entry.ai_level or table.ai_level)
        if by == Actor.AUTOPASS:
            # 要不起 by the player's own setting is theirs while they answer their turns (a
            # deal of nothing else is not idle); after a timeout it is the system's
            return Pass(seat, auto=entry.timeouts > 0)
        if entry.trustee and seat not in game.escaped:
            # 托管 decides calls, grabs, 明牌 and 加倍 as an AI seat does: a happy or laizi
            # deal where every human is away is called by someone and ends
            return await self.decide(table, seat, table.ai_level)
        default = game.timeout_action()
        if game.phase != Phase.PLAY and default is not None:
            return default
        if by == Actor.TIMEOUT and default is not None:
            return default  # pass when passing is allowed
        return await self.decide(table, seat, table.ai_level)

    async def decide(self, table: Table, seat: int, level: str, *,
                     hint: bool = False) -> Action:
        """The AI's action for ``seat`` at ``level`` (``hint``: a person waits for it)."""
        game = table.game
        assert game is not None
        decide = self._decider or default_decider()
        seed = ai_seed(game, seat)
        try:
            view = game.view(seat)  # what the seat may know: the AI never sees the game
            if self.ai_pool is not None and self._decider is None:
                action = await self.ai_pool.decide(view, level, seed, hint=hint)
            elif self.ai_in_thread:
                action = await asyncio.to_thread(decide, view, level, seed)
            else:
                action = decide(view, level, seed)
        except Exception:
            # a failing AI must never freeze a table: play the safe move and go on
            log.exception("the AI failed for seat %s at table %s; playing a safe move",
                          seat, table.channel_id)
            action = safe_action(game)
        action = as_auto(action)
        return action

    # ================================================================= settlement
    async def finish(self, table: Table) -> None:
        """Settle a finished deal in one store transaction and announce the result."""
        self.cancel_timer(table)
        game = table.game
        assert game is not None and game.result is not None and table.game_id is not None
        place = table.tournament
        # a tournament deal moves no beans: its buy-in is the stake (bot.tables.place)
        result = game.result if place is None else no_stakes(game.result)
        users = [s.user_id if s is not None else None for s in table.seats]
        before = [await self._player(table, u) for u in users]
        settlement = Settlement.from_result(table.game_id, table.guild_id, result, users,
                                            plays=game.history)
        if place is None:
            await self.store.settle(settlement)
        else:  # settled and counted for the standings in one transaction
            away = frozenset(s.user_id for s in table.seats if s is not None and
                             s.user_id is not None and s.trustee)
            await self.store.settle_tournament_deal(
                settlement, place.tournament_id, place.round_no, place.table_no,
                table.deals, seat_scores(settlement), away=sorted(away),
                back=[u for u in table.humans if u not in away])
            table.tournament = place.with_away(away)
        after = [await self._player(table, u) for u in users]
        names = table.names()
        escapers = [i for i in game.escaped  # the result's escaper among them
                    if (seat := table.seats[i]) is not None and seat.user_id is not None]
        table.status = TableStatus.BETWEEN  # the deal's escapes are over with it
        table.deadline = None
        table.last_result = result
        for i, seat in enumerate(table.seats):
            if seat is not None:
                seat.trustee, seat.timeouts = table.away(i), 0
        for i in escapers:  # an escaper leaves the table (an owner passes it on)
            table.free_seat(i)
        await self.host.publish(DealEnded(
            table.channel_id, table.game_id, result, names,
            tuple(None if p is None else int(p.points) for p in before),
            tuple(None if p is None else int(p.points) for p in after),
            tuple(None if p is None else p.balance for p in after)))
        if place is not None:  # its next deal, or its end, is the tournament's
            await self.host.tournament_settled(table)
            return
        if result.outcome == Outcome.DISSOLVED:
            await self.host.close_table(table, Closed.DISSOLVED)
            return
        if not table.humans:
            await self.host.close_table(table, Closed.EMPTY)
            return
        if all(a.auto for a in game.actions):
            await self.host.close_table(table, Closed.IDLE)  # no human acted for a whole deal
            return
        if not table.is_full:
            table.status = TableStatus.LOBBY
        await self.host.save(table)

    async def _player(self, table: Table, user_id: int | None) -> Player | None:
        """A seated player's account (None for an AI seat)."""
        if user_id is None:
            return None
        return await self.store.get_player(table.guild_id, user_id)


__all__ = ["AI_BALANCE", "Decider", "TableClosed", "TableHost", "TurnRunner", "ai_seed", "as_auto",
           "default_decider"]

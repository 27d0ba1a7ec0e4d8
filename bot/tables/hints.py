"""The hint (提示) of a player's turn: its whole list of suggestions, each with its reason,
worked out once per (deal, turn, seat) and off the event loop.

The first press at a turn starts the work (:func:`bot.ai.hint_list.hint_list`: the AI's
choice, its next best plays, every reason) in an AI worker process ahead of the AI seats'
decisions (:meth:`bot.workers.ai_pool.AiPool.hints`), or in a thread when there is no pool
(a test's ``decide=`` seam: inline when it thinks in no thread either). Every other press
at that turn, on any front-end, awaits the same work or reads its answer: a player who
presses Hint twenty times at once costs one list, and the event loop never runs a search,
a ranking or a reason for it.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from bot.ai.hint_list import Suggestion, hint_list
from bot.engine import Action, Game, SeatView

from .state import Table
from .turns import Decider, TurnRunner, ai_seed, as_auto, default_decider, safe_action

log = logging.getLogger(__name__)

Turn = tuple[str | None, int, int]
"""(game id, the table's seq, seat): one turn of one seat of one deal."""


@dataclass
class _Entry:
    turn: Turn
    work: asyncio.Task[tuple[Suggestion, ...]]


class HintBook:
    """Each table's hint list for its turn now (one list a table: only the seat to act is
    given one), worked out by ``turns``' AI (its pool, its thread, or inline)."""

    def __init__(self, turns: TurnRunner, live: Callable[[int], Table | None],
                 decide: Decider | None = None) -> None:
        """``decide``: the manager's AI seam (a test's stand-in), else the AI's own."""
        self.turns = turns
        self._live = live
        self._decide = decide
        self._book: dict[int, _Entry] = {}  # channel -> the list of its turn now
        self.worked = 0  # lists worked out (one a turn asked for, however often asked)

    async def suggestions(self, table: Table, seat: int) -> tuple[Suggestion, ...]:
        """The hint list of ``seat``'s turn now (empty when it is not its turn)."""
        async with table.lock:  # a consistent game: no action changes it meanwhile
            game = table.game
            if game is None or game.is_over or game.to_act != seat:
                return ()
            turn: Turn = (table.game_id, table.seq, seat)
            entry = self._book.get(table.channel_id)
            started = entry is None or entry.turn != turn
            if entry is None or entry.turn != turn:  # (started, spelt out for the types)
                # a first suggestion set by hand for this turn (a test's) stays the first
                first = table.hint[1] if table.hint is not None and \
                    table.hint[0] == turn[:2] else None
                self._prune()
                # the view is taken now, under the lock: the list reads it, never the game
                work = asyncio.ensure_future(self._work(table, game, game.view(seat),
                                                        ai_seed(game, seat), first))
                entry = self._book[table.channel_id] = _Entry(turn, work)
        asked = time.perf_counter()
        # one waiter going away (a closed socket) never cancels the list the others await
        hints = await asyncio.shield(entry.work)
        if started:
            self.turns.staged("hint", time.perf_counter() - asked)
        if hints and (table.hint is None or table.hint[0] != turn[:2]):
            table.hint = (turn[:2], hints[0].action)  # the AI's hint this turn, as before
        return hints

    async def _work(self, table: Table, game: Game, view: SeatView, seed: int,
                    first: Action | None) -> tuple[Suggestion, ...]:
        seat, level = view.seat, table.ai_level
        self.worked += 1
        turns = self.turns
        try:
            if turns.ai_pool is not None and self._decide is None:
                hints = await turns.ai_pool.hints(view, level, seed, first=first)
            else:
                job = functools.partial(hint_list, view, level, seed, first=first,
                                        choose=self._decide or default_decider())
                hints = await asyncio.to_thread(job) if turns.ai_in_thread else job()
        except Exception:
            # a failing AI never leaves a player without a hint: the safe move
            log.exception("the hint failed for seat %s at table %s; a safe move instead",
                          seat, table.channel_id)
            async with table.lock:
                if table.game is not game or game.to_act != seat:
                    return ()
                hints = (Suggestion(safe_action(game), None),)
        return (_as_ai(hints[0]), *hints[1:]) if hints else ()

    def _prune(self) -> None:
        """Forget the lists of tables that closed: one list at most a live table."""
        for channel in [c for c in self._book if self._live(c) is None]:
            del self._book[channel]

    def known(self, table: Table, action: Action) -> Suggestion | None:
        """The suggestion of the table's list now that is ``action`` (None: not one of
        them, or no list worked out for its turn yet)."""
        entry = self._book.get(table.channel_id)
        if entry is None or entry.turn[:2] != (table.game_id, table.seq) or \
                not entry.work.done() or entry.work.cancelled() or entry.work.exception():
            return None
        return next((s for s in entry.work.result() if s.action == action), None)


def _as_ai(hint: Suggestion) -> Suggestion:
    """The AI's first suggestion marked as the system's, as its moves are (``auto``)."""
    return replace(hint, action=as_auto(hint.action))


__all__ = ["HintBook", "Turn"]

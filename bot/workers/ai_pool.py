"""AI thinking in worker processes, so the event loop (and the GIL) never runs a search.

The table sends the acting seat's :class:`~bot.engine.SeatView` (what that seat may see,
nothing more) with the level and the seed; a worker runs :func:`bot.ai.agent.decide` on it
and sends the action back: the answer the AI gives in-process for the same view, seed and
search budget (a time-bounded search may stop elsewhere on a busier core). Size:
``DDZ_AI_PROCESSES`` (default: the number of cores; 0 thinks in a thread of the bot's
process, as before).
"""

from __future__ import annotations

import contextlib
import functools
import os
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from bot.engine import Action
from bot.engine.view import SeatView

from .worker_pool import AHEAD, WorkerPool

if TYPE_CHECKING:
    from bot.ai.hint_list import Suggestion

T = TypeVar("T")

DEFAULT_BUDGET_MS = 100  # bot.ai.agent.decide's default
BUSY_BUDGET_MS = 20  # the search's limit while decisions queue up (a busy bot: issue 37)
BUSY_QUEUE = 2  # decisions waiting a worker beyond which the AI thinks less
BUSY_SHARE = 0.8  # ... or the share of a core a worker got while it thought, below which
RUSHED_BUDGET_MS = 5  # ... and while even more queue up: little more than the heuristic's move
RUSHED_QUEUE = 4
RUSHED_SHARE = 0.55
# decisions sent to a worker beyond the one it thinks: one takes ~6 ms (hurried), and a
# worker with nothing more sent idles until the event loop reads its answer (at 500 tables
# 50-100 ms: the decisions queued for seconds, issue 37)
DECISIONS_AHEAD = 4
SHARE_WEIGHT = 0.05  # how much the last decision weighs in the share a worker got


def budget_for(waiting: int, workers: int, budget_ms: float | None,
               share: float = 1.0) -> float | None:
    """The search's time limit for the next decision: ``budget_ms`` as asked, but at most
    :data:`BUSY_BUDGET_MS` when more than :data:`BUSY_QUEUE` decisions a worker are
    already waiting, and at most :data:`RUSHED_BUDGET_MS` beyond :data:`RUSHED_QUEUE`, so
    a busy bot keeps every table moving (a deal's AI plays a little weaker then) instead
    of letting the queue, and every table's turn, grow. (A normal-level decision takes
    19.5 ms on average unhurried, 9.0 within 20 ms, 3.8 within 5 ms: a search out of time
    plays the best move of the samples finished, the heuristic's first without one.)

    The cores can be full while the queue is short: the AI's decisions arrive a second
    apart at each table, but the pictures and the event loop want the same cores. So a
    time-limited search (``budget_ms`` not None; None asks for the one exact answer) is
    also limited by ``share``, the share of a core the workers got while they thought of
    late (CPU time over wall time): below :data:`BUSY_SHARE` they were kept waiting for
    a core, below :data:`RUSHED_SHARE` most of the time."""
    hurry = None
    if waiting > RUSHED_QUEUE * workers or (budget_ms is not None and share < RUSHED_SHARE):
        hurry = RUSHED_BUDGET_MS
    elif waiting > BUSY_QUEUE * workers or (budget_ms is not None and share < BUSY_SHARE):
        hurry = BUSY_BUDGET_MS
    if hurry is None:
        return budget_ms
    return hurry if budget_ms is None else min(budget_ms, hurry)


def _warm() -> None:
    import bot.ai.agent  # noqa: F401  (each worker imports the AI once, at start)


def _decide_view(view: SeatView, level: str, seed: int, budget_ms: float | None
                 ) -> tuple[Action, float, float]:
    """The action, and the CPU and wall seconds it took in this worker."""
    from bot.ai.agent import decide

    wall, cpu = time.perf_counter(), time.process_time()
    action = decide(view, level, seed, budget_ms)
    return action, time.process_time() - cpu, time.perf_counter() - wall


def _hint_view(view: SeatView, level: str, seed: int, budget_ms: float | None,
               first: Action | None) -> tuple[tuple[Suggestion, ...], float, float]:
    """The turn's hint list (:func:`bot.ai.hint_list.hint_list`), and the CPU and wall
    seconds it took in this worker."""
    from bot.ai.hint_list import hint_list

    wall, cpu = time.perf_counter(), time.process_time()
    hints = hint_list(view, level, seed, budget_ms, first=first)
    return hints, time.process_time() - cpu, time.perf_counter() - wall


def yield_on_wakeup() -> None:
    """Linux: this process never takes a core from a running one when it wakes up (a job
    arrives) but waits for the scheduler's next turn (``SCHED_BATCH``, allowed to anyone):
    handing a worker a picture or a move must not stop the event loop that handed it."""
    if hasattr(os, "sched_setscheduler"):
        with contextlib.suppress(OSError):
            os.sched_setscheduler(0, os.SCHED_BATCH, os.sched_param(0))


WORKER_NICE = 5  # how much lower the workers' CPU priority is than the bot's process
# ... the AI's: a decision is short (~6 ms hurried) and holds up its table (or a person
# asking for a hint), a picture is longer and a table's words go without it; at +5 beside
# the picture workers the AI got a quarter of a core and its decisions waited (issue 37)
AI_NICE = 2


def _start_worker(nice: int, initializer: Callable[[], object] | None) -> None:
    if nice:
        os.nice(nice)  # relative to the bot's own: the event loop is served first
        yield_on_wakeup()
    if initializer is not None:
        initializer()


def worker_processes(workers: int | None, initializer: Callable[[], object] | None,
                     what: str, *, nice: int = WORKER_NICE,
                     ahead: int = AHEAD) -> tuple[int, WorkerPool]:
    """``workers`` worker processes (default: the number of cores), each started with
    ``initializer``: a :class:`~bot.workers.worker_pool.WorkerPool`. Each runs ``nice``
    steps below the bot's process in CPU priority: when the cores are all busy, answering a
    click (the event loop) goes before drawing a picture or thinking a move, which a
    player waits for a second or so anyway (issue 37)."""
    count = workers if workers is not None else (os.cpu_count() or 1)
    if count < 1:
        raise ValueError(f"{what} needs at least one worker process")
    return count, WorkerPool(count, functools.partial(_start_worker, nice, initializer),
                             ahead=ahead)


class AiPool:
    """A pool of AI worker processes."""

    def __init__(self, workers: int | None = None, *,
                 on_decided: Callable[[str, float], None] | None = None) -> None:
        self.workers, self._workers = worker_processes(workers, _warm, "an AI pool",
                                                       nice=AI_NICE, ahead=DECISIONS_AHEAD)
        self.in_flight = 0  # decisions sent and not answered yet
        self.hurried = 0  # decisions given the busy budget
        self._cpu = self._wall = 0.0  # weighted sums of late decisions' CPU and wall time
        # told of each decision: ("ai_waited", seconds from asking to a worker's start,
        # with the answer's way back) and ("ai_thought", the worker's wall seconds);
        # "hint_waited" and "hint_thought" for a person's hint
        self.on_decided = on_decided

    @property
    def share(self) -> float:
        """The share of a core the workers got while they thought, of late (1: all)."""
        return min(1.0, self._cpu / self._wall) if self._wall > 0 else 1.0

    def _took(self, cpu: float, wall: float) -> None:
        keep = 1 - SHARE_WEIGHT
        self._cpu = keep * self._cpu + SHARE_WEIGHT * cpu
        self._wall = keep * self._wall + SHARE_WEIGHT * wall

    async def decide(self, view: SeatView, level: str, seed: int,
                     budget_ms: float | None = DEFAULT_BUDGET_MS, *,
                     hint: bool = False) -> Action:
        """The AI's action for the view's seat, thought in a worker process
        (``budget_ms``: the search's time limit, as :func:`bot.ai.agent.decide`'s).
        ``hint``: a person asked for it and waits (their hint, Play hint): it goes before
        every AI seat's decision waiting for a worker."""
        return await self._think(_decide_view, view, level, seed, budget_ms, hint=hint)

    async def hints(self, view: SeatView, level: str, seed: int,
                    budget_ms: float | None = DEFAULT_BUDGET_MS, *,
                    first: Action | None = None) -> tuple[Suggestion, ...]:
        """A person's whole hint list for the view's seat (the AI's choice, unless
        ``first`` is given, its next best plays and every reason:
        :func:`bot.ai.hint_list.hint_list`), worked out in a worker process before every
        AI seat's decision waiting for one; reported as a hint."""
        return await self._think(_hint_view, view, level, seed, budget_ms, first, hint=True)

    async def _think(self, fn: Callable[..., tuple[T, float, float]], view: SeatView,
                     level: str, seed: int, budget_ms: float | None, *args: Any,
                     hint: bool) -> T:
        budget = budget_for(self.in_flight, self.workers, budget_ms, self.share)
        self.hurried += budget != budget_ms
        self.in_flight += 1
        asked = time.perf_counter()
        run = self._workers.run_urgent if hint else self._workers.run
        try:
            answer, cpu, wall = await run(fn, view, level, seed, budget, *args)
        finally:
            self.in_flight -= 1
        self._took(cpu, wall)
        if self.on_decided is not None:
            kind = "hint" if hint else "ai"
            self.on_decided(f"{kind}_waited", max(0.0, time.perf_counter() - asked - wall))
            self.on_decided(f"{kind}_thought", wall)
        return answer

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a worker process (a picklable module-level function): other
        AI work off the event loop, such as a deal's review (seconds of it: no decision is
        sent to its worker behind it)."""
        return await self._workers.run_long(fn, *args)

    def close(self) -> None:
        """Stop the workers (a decision in progress is finished first)."""
        self._workers.close()

    @property
    def closed(self) -> bool:
        return self._workers.closed

"""AI thinking in worker processes, so the event loop (and the GIL) never runs a search.

The table sends the acting seat's :class:`~bot.engine.SeatView` (what that seat may see,
nothing more) with the level and the seed; a worker runs :func:`bot.ai.agent.decide` on it
and sends the action back: the answer the AI gives in-process for the same view, seed and
search budget (a time-bounded search may stop elsewhere on a busier core). Size:
``DDZ_AI_PROCESSES`` (default: the number of cores; 0 thinks in a thread of the bot's
process, as before).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

from bot.engine import Action
from bot.engine.view import SeatView

T = TypeVar("T")

DEFAULT_BUDGET_MS = 100  # bot.ai.agent.decide's default
BUSY_BUDGET_MS = 20  # the search's limit while decisions queue up (a busy bot: issue 37)
BUSY_QUEUE = 2  # decisions waiting a worker beyond which the AI thinks less
RUSHED_BUDGET_MS = 5  # ... and while even more queue up: little more than the heuristic's move
RUSHED_QUEUE = 4


def budget_for(waiting: int, workers: int, budget_ms: float | None) -> float | None:
    """The search's time limit for the next decision: ``budget_ms`` as asked, but at most
    :data:`BUSY_BUDGET_MS` when more than :data:`BUSY_QUEUE` decisions a worker are
    already waiting, and at most :data:`RUSHED_BUDGET_MS` beyond :data:`RUSHED_QUEUE`, so
    a busy bot keeps every table moving (a deal's AI plays a little weaker then) instead
    of letting the queue, and every table's turn, grow. (A normal-level decision takes
    19.5 ms on average unhurried, 9.0 within 20 ms, 3.8 within 5 ms: a search out of time
    plays the best move of the samples finished, the heuristic's first without one.)"""
    for queue, limit in ((RUSHED_QUEUE, RUSHED_BUDGET_MS), (BUSY_QUEUE, BUSY_BUDGET_MS)):
        if waiting > queue * workers:
            return limit if budget_ms is None else min(budget_ms, limit)
    return budget_ms


def _warm() -> None:
    import bot.ai.agent  # noqa: F401  (each worker imports the AI once, at start)


def _decide_view(view: SeatView, level: str, seed: int, budget_ms: float | None) -> Action:
    from bot.ai.agent import decide

    return decide(view, level, seed, budget_ms)


def worker_processes(workers: int | None, initializer: Callable[[], object] | None,
                     what: str) -> tuple[int, ProcessPoolExecutor]:
    """``workers`` worker processes (default: the number of cores), each started with
    ``initializer``; forkserver, so they do not inherit the bot's event loop, sockets or
    threads."""
    count = workers if workers is not None else (os.cpu_count() or 1)
    if count < 1:
        raise ValueError(f"{what} needs at least one worker process")
    return count, ProcessPoolExecutor(count, mp_context=multiprocessing.get_context(
        "forkserver"), initializer=initializer)


class AiPool:
    """A pool of AI worker processes."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers, self._executor = worker_processes(workers, _warm, "an AI pool")
        self.in_flight = 0  # decisions sent and not answered yet
        self.hurried = 0  # decisions given the busy budget

    async def decide(self, view: SeatView, level: str, seed: int,
                     budget_ms: float | None = DEFAULT_BUDGET_MS) -> Action:
        """The AI's action for the view's seat, thought in a worker process
        (``budget_ms``: the search's time limit, as :func:`bot.ai.agent.decide`'s)."""
        loop = asyncio.get_running_loop()
        budget = budget_for(self.in_flight, self.workers, budget_ms)
        self.hurried += budget != budget_ms
        self.in_flight += 1
        try:
            return await loop.run_in_executor(self._executor, _decide_view, view, level,
                                              seed, budget)
        finally:
            self.in_flight -= 1

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a worker process (a picklable module-level function): other
        AI work off the event loop, such as a deal's review."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, fn, *args)

    def close(self) -> None:
        """Stop the workers (a decision in progress is finished first)."""
        self._executor.shutdown(wait=True, cancel_futures=True)

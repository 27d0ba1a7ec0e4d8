"""How late the event loop runs what is due: a probe task sleeps a short tick again and
again and reports how much later than asked it woke (``ddz_event_loop_lag_seconds``).
A loop busy with a long callback (a render in-process, a big JSON, a slow query run
synchronously) shows here before it shows anywhere else."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable

TICK = 0.01
"""Seconds the probe sleeps between two readings (100 readings a second)."""


class LoopLagProbe:
    """Reports ``observe(seconds late)`` every :data:`TICK` while started."""

    def __init__(self, observe: Callable[[float], None], tick: float = TICK) -> None:
        self.observe = observe
        self.tick = tick
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="loop-lag-probe")

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _run(self) -> None:
        while True:
            asked = time.perf_counter()
            await asyncio.sleep(self.tick)
            self.observe(max(0.0, time.perf_counter() - asked - self.tick))


__all__ = ["TICK", "LoopLagProbe"]

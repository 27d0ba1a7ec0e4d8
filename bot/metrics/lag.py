"""How late the event loop runs what is due (``ddz_event_loop_lag_seconds``): a probe
thread hands the loop a callback every tick and reports how long it waited before the loop
ran it. A loop busy with a long callback (a render in-process, a big JSON, a slow query run
synchronously) shows here before it shows anywhere else.

The probe lives in its own thread, so the loop holds no timer of its own for it: an idle
loop stays idle (and a simulated clock, as the tests' SimCord advances it, never has a
probe's wake-up to step through).
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import Callable

TICK = 0.25
"""Seconds between two readings (4 a second)."""


class LoopLagProbe:
    """Reports ``observe(seconds the loop made a ready callback wait)`` every :data:`TICK`
    while started."""

    def __init__(self, observe: Callable[[float], None], tick: float = TICK) -> None:
        self.observe = observe
        self.tick = tick
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        if self._thread is None:
            loop = asyncio.get_running_loop()
            self._stop.clear()
            self._thread = threading.Thread(target=self._run, args=(loop,), daemon=True,
                                            name="loop-lag-probe")
            self._thread.start()

    async def stop(self) -> None:
        thread, self._thread = self._thread, None
        if thread is not None:
            self._stop.set()
            await asyncio.to_thread(thread.join, 2 * self.tick + 1)

    def _run(self, loop: asyncio.AbstractEventLoop) -> None:
        while not self._stop.wait(self.tick):
            asked = time.perf_counter()
            with contextlib.suppress(RuntimeError):  # the loop closed: the probe ends
                loop.call_soon_threadsafe(self._ran, asked)

    def _ran(self, asked: float) -> None:
        if not self._stop.is_set():
            self.observe(max(0.0, time.perf_counter() - asked))


__all__ = ["TICK", "LoopLagProbe"]

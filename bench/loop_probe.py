"""The event loop's probe for the benchmarks: a task that wakes every few milliseconds and
notes how late it woke (the loop's stall) and the CPU the loop's thread used meanwhile (a
stall with little CPU is the machine running something else, not the loop's own work);
:class:`GcLoopProbe` also times each garbage collection."""

from __future__ import annotations

import asyncio
import gc
import time


class LoopProbe:
    """Wakes every ``every`` seconds on the running loop: how late (the loop's stall) and
    the CPU its thread spent since the last wake (the loop's own work, not the machine's)."""

    def __init__(self, every: float = 0.002) -> None:
        self.every = every
        self.samples: list[tuple[float, float, float]] = []  # (at, lag s, loop CPU s)
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.ensure_future(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    async def _run(self) -> None:
        wall, cpu = time.monotonic(), time.thread_time()
        while True:
            await asyncio.sleep(self.every)
            now, used = time.monotonic(), time.thread_time()
            self.samples.append((now, max(0.0, now - wall - self.every), used - cpu))
            wall, cpu = now, used

    def between(self, start: float, end: float) -> list[tuple[float, float, float]]:
        return [s for s in self.samples if start <= s[0] <= end]


class GcLoopProbe(LoopProbe):
    """A :class:`LoopProbe` that also notes each garbage collection: (seconds, generation,
    objects freed)."""

    def __init__(self, every: float = 0.002) -> None:
        super().__init__(every)
        self.collections: list[tuple[float, int, int]] = []
        self._collecting = 0.0

    def start(self) -> None:
        gc.callbacks.append(self._collector)
        super().start()

    def _collector(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._collecting = time.perf_counter()
        else:
            self.collections.append((time.perf_counter() - self._collecting,
                                     info["generation"], info["collected"]))

    async def stop(self) -> None:
        if self._collector in gc.callbacks:
            gc.callbacks.remove(self._collector)
        await super().stop()


__all__ = ["GcLoopProbe", "LoopProbe"]

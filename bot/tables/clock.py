"""Time for the table runtime: wall-clock deadlines and sleeping, replaceable in tests."""

from __future__ import annotations

import asyncio
import time
from typing import Protocol


class Clock(Protocol):
    """What the runtime needs of time."""

    def now(self) -> float:
        """Seconds since the epoch (deadlines are stored in this unit)."""
        ...

    async def sleep(self, seconds: float) -> None:
        """Wait ``seconds`` (timers)."""
        ...


class SystemClock:
    """Real time: ``time.time`` and ``asyncio.sleep``."""

    def now(self) -> float:
        return time.time()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(max(0.0, seconds))


class ManualClock:
    """A clock that moves only when told to: for tests of turn timers.

    ``await clock.advance(30)`` moves time forward and wakes every sleeper whose time has
    come, in order, letting the event loop run their continuations.
    """

    def __init__(self, start: float = 1_000_000.0) -> None:
        self._now = start
        self._sleepers: list[tuple[float, int, asyncio.Future[None]]] = []
        self._count = 0

    def now(self) -> float:
        return self._now

    async def sleep(self, seconds: float) -> None:
        if seconds <= 0:
            await asyncio.sleep(0)
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._count += 1
        self._sleepers.append((self._now + seconds, self._count, future))
        self._sleepers.sort(key=lambda s: (s[0], s[1]))
        await future

    async def advance(self, seconds: float) -> None:
        target = self._now + seconds
        while True:
            for _ in range(5):
                await asyncio.sleep(0)
            due = [s for s in self._sleepers if s[0] <= target and not s[2].done()]
            if not due:
                break
            when, _, future = due[0]
            self._sleepers.remove(due[0])
            self._now = max(self._now, when)
            future.set_result(None)
        self._now = target
        self._sleepers = [s for s in self._sleepers if not s[2].done()]
        for _ in range(10):
            await asyncio.sleep(0)

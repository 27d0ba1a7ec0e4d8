"""The table pictures' drawing slots: a semaphore whose waiters for a picture nobody sees
anything of yet go first.

Past about 200 busy tables every slot is taken and a queue forms, mostly of pictures that
follow words already shown (:meth:`cogs.presenter.DiscordPresenter._picture_later`). A
table message that shows nothing of the state yet — a table's first post, a deal's result,
the next deal's first picture — cannot go words first: in a plain FIFO it waited behind that
whole queue (3.5 s at 300 tables, issue 37). :meth:`DrawingSlots.first` puts it ahead of
them; among themselves each kind keeps its order.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import AsyncIterator
from types import TracebackType

__all__ = ["DrawingSlots"]


class DrawingSlots:
    """``slots`` drawing slots. ``async with slots:`` waits in line;
    ``async with slots.first():`` waits ahead of that line."""

    def __init__(self, slots: int) -> None:
        if slots < 1:
            raise ValueError("at least one drawing slot")
        self._free = slots
        # the waiters ahead, then the others; a released slot goes straight to the next
        self._lines: tuple[deque[asyncio.Future[None]], deque[asyncio.Future[None]]] = (
            deque(), deque())

    def locked(self) -> bool:
        """Is every slot taken (a new waiter would wait)?"""
        return self._free == 0

    @property
    def waiting(self) -> int:
        """Waiters in both lines."""
        return sum(not f.done() for line in self._lines for f in line)

    async def acquire(self, *, first: bool = False) -> None:
        """Take a slot, waiting ahead of the line with ``first``."""
        if self._free > 0:
            self._free -= 1
            return
        line = self._lines[0 if first else 1]
        given = asyncio.get_running_loop().create_future()
        line.append(given)
        try:
            await given
        except asyncio.CancelledError:
            if given.done() and not given.cancelled():
                self.release()  # handed a slot as it was cancelled: the next one has it
            raise
        finally:
            with contextlib.suppress(ValueError):
                line.remove(given)

    def release(self) -> None:
        """Give the slot back: to the first waiter ahead, else to the first in line."""
        for line in self._lines:
            while line:
                waiter = line.popleft()
                if not waiter.done():
                    waiter.set_result(None)
                    return
        self._free += 1

    @contextlib.asynccontextmanager
    async def first(self) -> AsyncIterator[None]:
        """A slot, ahead of the line."""
        await self.acquire(first=True)
        try:
            yield
        finally:
            self.release()

    async def __aenter__(self) -> None:
        await self.acquire()

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None,
                        trace: TracebackType | None) -> None:
        self.release()

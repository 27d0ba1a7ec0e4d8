"""Pictures drawn in worker processes, so the event loop (and the GIL) never runs a render.

The presenter hands a render function and its scene (engine values and small dataclasses,
sent by pickling) to a worker and gets the PNG bytes back. The pool knows nothing of what
it draws: the caller passes the module-level function (``render.render_table`` …), and
``warm`` prepares each worker once (the fonts and card sprites). Size: ``DDZ_RENDER_PROCESSES``
(default: the number of cores; 0 draws in a thread of the bot's process, as before).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, TypeVar

from .ai_pool import worker_processes

T = TypeVar("T")


class PicturePool:
    """A pool of drawing worker processes."""

    def __init__(self, workers: int | None = None,
                 warm: Callable[[], object] | None = None) -> None:
        self.workers, self._workers = worker_processes(workers, warm, "a picture pool")

    async def draw(self, render: Callable[..., T], /, *args: Any, **kwargs: Any) -> T:
        """``render(*args, **kwargs)`` in a worker process."""
        return await self._workers.run(render, *args, **kwargs)

    async def draw_first(self, render: Callable[..., T], /, *args: Any, **kwargs: Any
                         ) -> T:
        """As :meth:`draw`, before every picture waiting that was not asked first: one a
        person waits for alone (their hand), not a table's, whose words go first."""
        return await self._workers.run_urgent(render, *args, **kwargs)

    def close(self) -> None:
        self._workers.close()

    @property
    def closed(self) -> bool:
        return self._workers.closed


async def draw(pool: PicturePool | None, render: Callable[..., T], /, *args: Any,
               **kwargs: Any) -> T:
    """Draw in ``pool``, or in a thread without one."""
    if pool is None:
        return await asyncio.to_thread(render, *args, **kwargs)
    return await pool.draw(render, *args, **kwargs)


async def draw_first(pool: PicturePool | None, render: Callable[..., T], /, *args: Any,
                     **kwargs: Any) -> T:
    """Draw in ``pool`` before the pictures waiting (:meth:`PicturePool.draw_first`), or
    in a thread without one."""
    if pool is None:
        return await draw(None, render, *args, **kwargs)
    return await pool.draw_first(render, *args, **kwargs)


__all__ = ["PicturePool", "draw", "draw_first"]

"""How the bot's process runs Python itself: the GIL's switch interval, the garbage
collector's pace and the event loop (issue 37: at 500 busy tables each made the event loop
wait).

- A thread waiting for the GIL gets it after :data:`GIL_SWITCH_S` (Python's default: 5 ms).
  The store's SQLite threads (aiosqlite) need the GIL a few times for every statement;
  behind a busy event loop each of those waits took 5 ms, and a player's action waited a
  second for its store write.
- The collector runs its young generations every :data:`GC_YOUNG` allocations (Python's
  default: 700) and what is alive when the bot starts is frozen out of every later
  collection. With the defaults, at 500 tables a full collection (every object the bot
  holds) came about every 10 s and stopped the event loop for about 340 ms each time:
  short-lived objects alive at a young collection were promoted and made the old
  generation "grow". Rarer young collections promote far fewer of them.
- The event loop is uvloop's where it is installed (every platform but Windows): the
  same asyncio API, its scheduling and transports in C; discord.py reads and writes its
  JSON with orjson, a dependency too. At 500 tables the loop's lag p99 was 90 ms in one
  run without them and 42-92 ms in six with them: within what runs vary by.
"""

from __future__ import annotations

import asyncio
import gc
import sys
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

T = TypeVar("T")

GIL_SWITCH_S = 0.001
GC_YOUNG = 50_000  # allocations between young collections
GC_MIDDLE = 20  # young collections between middle ones
GC_OLD = 20  # middle collections before a full one is considered (and Python's own 25 % rule)


def share_the_gil() -> None:
    """Let a thread waiting for the GIL (a store write's) have it after :data:`GIL_SWITCH_S`."""
    sys.setswitchinterval(GIL_SWITCH_S)


def collect_rarely() -> None:
    """Collect garbage at the bot's pace: what exists now (modules, the catalogue, fonts)
    is never looked at again, and young collections come every :data:`GC_YOUNG`
    allocations."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_YOUNG, GC_MIDDLE, GC_OLD)


def loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's event loop where it is installed (Linux and macOS): the same asyncio, with
    its scheduling, sockets and pipes in C. None: asyncio's own."""
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop


def run(main: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(main)`` on :func:`loop_factory`'s loop."""
    with asyncio.Runner(loop_factory=loop_factory()) as runner:
        return runner.run(main)


__all__ = ["GC_MIDDLE", "GC_OLD", "GC_YOUNG", "GIL_SWITCH_S", "collect_rarely", "loop_factory",
           "run", "share_the_gil"]

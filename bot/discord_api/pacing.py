"""Pacing REST requests under Discord's global rate limit (50 requests a second a bot).

discord.py paces each route's bucket by the ``X-RateLimit-*`` headers, but it has no limiter
for the global bucket: it learns of it from a 429, and then every request waits. A busy bot
(hundreds of tables editing messages) hits it all the time, and each 429 counts toward
Discord's invalid-request limit (10,000 in 10 minutes, then a ban). :class:`RestPacer` hands
out requests at a steady rate below the limit instead, from a queue ordered by priority: a
request waits for its turn rather than being refused.

It paces each request as it is sent (:func:`trace`: an aiohttp trace hook, which aiohttp
awaits before sending; discord.py takes it as ``http_trace``), after discord.py's own wait
for the route's bucket and for its retries too, so requests that waited for a bucket never
leave in a bunch. Only the requests bound by the global limit are paced: Discord's API, not
its CDN, and not the interaction endpoints (callbacks, and the follow-ups and edits through
an interaction's token), which Discord's rate-limit docs say the global limit does not bind.

Priorities (:data:`URGENT`, :data:`NORMAL`, :data:`BACKGROUND`, :data:`IDLE`) come from a
context variable (:func:`priority`), so the code that makes a request says how much it
matters without passing it down through discord.py: a request waits behind every request of a higher
priority that is waiting, and behind the earlier ones of its own.

A request made inside :func:`withdrawable` can be withdrawn while it waits for its turn
(:meth:`Ticket.withdraw`), and only then: once let through it is left alone. A task cancelled
after its answer came, in discord.py's bookkeeping of the route's bucket, leaves the bucket
closed (until its reset, or for 30 s when Discord sent no rate-limit headers), and every later
request on the route waits that long.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import time
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from typing import Any

import aiohttp

__all__ = ["BACKGROUND", "IDLE", "NORMAL", "PRIORITY_NAMES", "URGENT", "Dropped",
           "RestPacer", "Ticket", "bound_by_global_limit", "priority", "trace",
           "wanted_while", "withdrawable"]

URGENT, NORMAL, BACKGROUND, IDLE = 0, 1, 2, 3
PRIORITY_NAMES = ("urgent", "normal", "background", "idle")
_PRIORITY: ContextVar[int] = ContextVar("rest_priority", default=NORMAL)
_WANTED: ContextVar[Callable[[], bool] | None] = ContextVar("rest_wanted", default=None)
_TICKET: ContextVar[Ticket | None] = ContextVar("rest_ticket", default=None)


class Dropped(Exception):
    """A request no longer wanted when its turn came (:func:`wanted_while`): not sent."""


@contextlib.contextmanager
def priority(level: int) -> Iterator[None]:
    """Requests made inside (in this task, and tasks it starts) wait with ``level``."""
    token = _PRIORITY.set(level)
    try:
        yield
    finally:
        _PRIORITY.reset(token)


@contextlib.contextmanager
def wanted_while(check: Callable[[], bool]) -> Iterator[None]:
    """Requests made inside are sent only if ``check()`` still holds when their turn comes;
    otherwise they raise :class:`Dropped`, unsent and taking no one's turn (a turn ping
    that waited while the turn ended)."""
    token = _WANTED.set(check)
    try:
        yield
    finally:
        _WANTED.reset(token)


class Ticket:
    """A request that can be withdrawn while it waits for its turn (:func:`withdrawable`)."""

    __slots__ = ("_waiting",)

    def __init__(self) -> None:
        self._waiting: asyncio.Task[Any] | None = None  # its task, while it waits in line

    @property
    def waiting(self) -> bool:
        """Is the request waiting for its turn now?"""
        return self._waiting is not None and not self._waiting.done()

    def withdraw(self) -> bool:
        """Cancel the request's task if the request is waiting for its turn: True if it
        was (then it is never sent). A request not in line (not there yet, or let through
        and on its way) is left alone: False."""
        if not self.waiting:
            return False
        assert self._waiting is not None
        self._waiting.cancel()
        self._waiting = None
        return True


@contextlib.contextmanager
def withdrawable() -> Iterator[Ticket]:
    """Requests made inside (in this task, and tasks it starts) can be withdrawn through
    the ticket while they wait for their turn."""
    ticket = Ticket()
    token = _TICKET.set(ticket)
    try:
        yield ticket
    finally:
        _TICKET.reset(token)


class RestPacer:
    """A token bucket: ``rate`` requests a second with bursts of ``burst``; waiting requests
    go by priority, then in order of arrival.

    The default (36 a second, bursts of 5) stays under Discord's 50 in every second,
    whatever the window: at most ``burst + rate`` requests are let through in any one
    second, and the margin absorbs requests that leave the event loop a little late (at
    40 a second, one 429 in a few minutes at 300 tables still came from that)."""

    def __init__(self, rate: float = 36.0, burst: int = 5, *,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if rate <= 0 or burst < 1:
            raise ValueError("the rate must be positive and the burst at least 1")
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._tokens = float(burst)
        self._stamp = clock()
        self._waiting: list[tuple[int, int, asyncio.Future[None],
                                  Callable[[], bool] | None]] = []
        self._order = itertools.count()
        self._dispatcher: asyncio.Task[None] | None = None
        self.granted = 0  # requests let through
        self.waited = 0  # of them, the ones that had to wait
        self.granted_by = [0, 0, 0, 0]  # requests let through, by priority
        self.dropped = 0  # requests no longer wanted when their turn came (not sent)

    @property
    def queued(self) -> int:
        """Requests waiting now."""
        return sum(self.queued_by())

    def queued_by(self) -> list[int]:
        """Requests waiting now, by priority (URGENT first)."""
        counts = [0, 0, 0, 0]
        for level, _, future, _ in self._waiting:
            counts[min(level, IDLE)] += not future.done()
        return counts

    def _refill(self) -> None:
        now = self._clock()
        self._tokens = min(float(self.burst), self._tokens + (now - self._stamp) * self.rate)
        self._stamp = now

    async def acquire(self, level: int | None = None) -> None:
        """Wait for this request's turn (``level``: the context's priority when None)."""
        self._refill()
        level = _PRIORITY.get() if level is None else level
        wanted = _WANTED.get()
        if wanted is not None and not wanted():
            self.dropped += 1
            raise Dropped
        if not self._waiting and self._tokens >= 1:
            self._tokens -= 1
            self.granted += 1
            self.granted_by[min(level, IDLE)] += 1
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiting, (level, next(self._order), future, wanted))
        if self._dispatcher is None or self._dispatcher.done():
            self._dispatcher = asyncio.create_task(self._dispatch())
        ticket = _TICKET.get()
        if ticket is not None:
            ticket._waiting = asyncio.current_task()
        try:
            await future  # a cancelled waiter's future is skipped by the dispatcher
        finally:
            if ticket is not None:
                ticket._waiting = None

    async def _dispatch(self) -> None:
        while self._waiting:
            self._refill()
            if self._tokens < 1:
                await asyncio.sleep((1 - self._tokens) / self.rate)
                continue
            level, _, future, wanted = heapq.heappop(self._waiting)
            if future.done():  # its request was cancelled while it waited
                continue
            if wanted is not None and not wanted():
                self.dropped += 1
                future.set_exception(Dropped())
                continue
            self._tokens -= 1
            self.granted += 1
            self.granted_by[min(level, IDLE)] += 1
            self.waited += 1
            future.set_result(None)

    async def close(self) -> None:
        """Stop the dispatcher (requests still waiting are cancelled)."""
        if self._dispatcher is not None:
            self._dispatcher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._dispatcher
        for _, _, future, _ in self._waiting:
            future.cancel()
        self._waiting.clear()


def bound_by_global_limit(url: str, api_base: str) -> bool:
    """Does Discord count a request to ``url`` toward the global limit? Its API's, except
    the interaction endpoints (``/interactions/…``, ``/webhooks/…`` with a token)."""
    if not url.startswith(api_base):
        return False  # the CDN (avatars), or anything else
    path = url[len(api_base):]
    return not path.startswith(("/interactions/", "/webhooks/"))


def trace(pacer: RestPacer, api_base: Callable[[], str]) -> aiohttp.TraceConfig:
    """An aiohttp trace config that makes every request bound by the global limit wait for
    its turn before it is sent (``api_base()``: the REST base, read at each request)."""
    config = aiohttp.TraceConfig()

    async def on_start(session: aiohttp.ClientSession, context: Any,
                       params: aiohttp.TraceRequestStartParams) -> None:
        if bound_by_global_limit(str(params.url), api_base()):
            await pacer.acquire()

    config.on_request_start.append(on_start)
    return config

"""Interaction requests sent from a thread of their own (issue 37).

Everything the bot sends through an interaction's token (the first answer to a click or a
command, its follow-ups, the edits of the clicked message: :mod:`cogs.edits`) goes through
discord.py's webhook adapter, the ``async_context`` of :mod:`discord.webhook.async_`. At
500 busy tables that is about 300 requests a second, most with a picture; sent from the
event loop they took about 18 % of its time, 11 % of it writing their bodies to the socket
(uvloop writes holding the GIL, so nothing else ran meanwhile).

:class:`ThreadedWebhookAdapter` is that adapter with its requests made in one thread
running asyncio's own event loop (its socket writes let go of the GIL), with an aiohttp
session of its own and discord.py's own adapter there (each token's rate limit, retries
on 429 and 5xx). Everything else is discord.py's unchanged: it builds each request on the
event loop, awaits the thread's answer and reads it. An interaction's first answer (its
callback: small, and what the person waits for) is still made on the event loop, at once.
:func:`send_from_thread` installs it in the running task's context (the tasks started
after it inherit it), unless a test's adapter is there (SimCord's).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from typing import Any

import aiohttp
from discord.http import Route
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

__all__ = ["ThreadedWebhookAdapter", "send_from_thread"]

log = logging.getLogger("ddz")
CLOSE_WAIT_S = 10.0  # at close, how long requests still out may take
FIRST_ANSWER = "/interactions/"  # an interaction's callback (/interactions/{id}/{token}/…)


class ThreadedWebhookAdapter(AsyncWebhookAdapter):
    """discord.py's webhook adapter, its requests made in a thread of their own."""

    def __init__(self) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        self._loop: asyncio.AbstractEventLoop | None = None  # the thread's own
        self._thread: threading.Thread | None = None
        self._session: aiohttp.ClientSession | None = None  # made and used on the thread
        self._inner: AsyncWebhookAdapter | None = None  # the thread's: its locks are its
        self._closed = False
        self.sent = 0  # requests made from the thread (answered, refused or failed)

    async def request(self, route: Route, session: aiohttp.ClientSession,
                      **options: Any) -> Any:
        """The request discord.py asks for, made from the thread (``session``, the event
        loop's, is not used); raises what discord.py raises. An interaction's first answer
        (its callback) is made on the event loop, at once: behind the thread's edits it
        waited for their bodies to be written (at 300 tables its p99 read 365 ms)."""
        if self._closed or route.path.startswith(FIRST_ANSWER):
            return await super().request(route, session, **options)
        made = asyncio.run_coroutine_threadsafe(self._request(route, options), self._start())
        return await asyncio.wrap_future(made)

    def _start(self) -> asyncio.AbstractEventLoop:
        if self._loop is None:
            loop = asyncio.SelectorEventLoop()  # not uvloop: its writes hold the GIL
            thread = threading.Thread(target=_serve, args=(loop,), daemon=True,
                                      name="ddz-interactions")
            thread.start()
            self._loop, self._thread = loop, thread
        return self._loop

    async def _request(self, route: Route, options: dict[str, Any]) -> Any:
        """On the thread: the request, through discord.py's own adapter."""
        if self._session is None or self._inner is None:
            self._session = aiohttp.ClientSession()
            self._inner = AsyncWebhookAdapter()  # type: ignore[no-untyped-call]
        try:
            return await self._inner.request(route, self._session, **options)
        finally:
            self.sent += 1

    async def close(self) -> None:
        """Let the requests still out finish (a bounded wait), then stop the thread; later
        requests are made on the event loop."""
        self._closed = True
        loop, thread, self._loop, self._thread = self._loop, self._thread, None, None
        if loop is None or thread is None:
            return
        finished = asyncio.run_coroutine_threadsafe(self._finish(), loop)
        try:
            await asyncio.wait_for(asyncio.wrap_future(finished), CLOSE_WAIT_S + 1)
        except (TimeoutError, RuntimeError) as err:
            log.warning("the interactions' thread did not finish cleanly (%r)", err)
        loop.call_soon_threadsafe(loop.stop)
        await asyncio.to_thread(thread.join, CLOSE_WAIT_S)
        if not thread.is_alive():
            loop.close()

    async def _finish(self) -> None:
        """On the thread: wait for the requests still out, then close the session."""
        current = asyncio.current_task()
        others = [t for t in asyncio.all_tasks() if t is not current]
        if others:
            await asyncio.wait(others, timeout=CLOSE_WAIT_S)
        session, self._session = self._session, None
        if session is not None:
            with contextlib.suppress(Exception):
                await session.close()


def _serve(loop: asyncio.AbstractEventLoop) -> None:
    asyncio.set_event_loop(loop)
    loop.run_forever()


def send_from_thread() -> ThreadedWebhookAdapter | None:
    """From now on (in this task and the tasks it starts), interaction requests go out
    from a thread: the adapter, to close at the end; None where another adapter than
    discord.py's own is installed (a test's), which is left as it is."""
    if type(async_context.get()) is not AsyncWebhookAdapter:
        return None
    adapter = ThreadedWebhookAdapter()
    async_context.set(adapter)
    return adapter

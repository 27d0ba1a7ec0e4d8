"""Interaction requests sent from threads of their own (issue 37).

Everything the bot sends through an interaction's token (the first answer to a click or a
command, its follow-ups, the edits of the clicked message: :mod:`cogs.edits`) goes through
discord.py's webhook adapter, the ``async_context`` of :mod:`discord.webhook.async_`. At
500 busy tables that is about 300 requests a second, most with a picture; sent from the
event loop they took about 18 % of its time, 11 % of it writing their bodies to the socket
(uvloop writes holding the GIL, so nothing else ran meanwhile).

:class:`ThreadedWebhookAdapter` is that adapter with its requests made in two threads,
each running asyncio's own event loop (its socket writes let go of the GIL) with an
aiohttp session of its own and discord.py's own adapter there (each token's rate limit,
retries on 429 and 5xx): one for interactions' first answers (their callbacks: small, and
what the person waits for), one for everything else (behind a burst of edits with
pictures, a first answer would wait for their bodies to be written). Everything else is
discord.py's unchanged: it builds each request on the event loop, awaits the thread's
answer and reads it. A first answer leaves as soon as the click's handler asks for it, not
when the event loop has run what was queued before (aiohttp writes a body in a task of its
own: one more turn of a busy loop). :func:`send_from_thread` installs it in the running
task's context (the tasks started after it inherit it), unless a test's adapter is there
(SimCord's).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
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
ANSWERS, EDITS = "ddz-answers", "ddz-interactions"  # the two threads' names


class Sender:
    """One thread with its own event loop, aiohttp session and discord.py adapter."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.loop: asyncio.AbstractEventLoop | None = None  # the thread's own
        self.thread: threading.Thread | None = None
        self._session: aiohttp.ClientSession | None = None  # made and used on the thread
        self._inner: AsyncWebhookAdapter | None = None  # the thread's: its locks are its
        self.sent = 0  # requests made from the thread (answered, refused or failed)

    def submit(self, route: Route, options: dict[str, Any]) -> concurrent.futures.Future[Any]:
        """Make the request on the thread (started on first use)."""
        if self.loop is None:
            loop = asyncio.SelectorEventLoop()  # not uvloop: its writes hold the GIL
            thread = threading.Thread(target=_serve, args=(loop,), daemon=True,
                                      name=self.name)
            thread.start()
            self.loop, self.thread = loop, thread
        return asyncio.run_coroutine_threadsafe(self._request(route, options), self.loop)

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
        """Let the requests still out finish (a bounded wait), then stop the thread."""
        loop, thread, self.loop, self.thread = self.loop, self.thread, None, None
        if loop is None or thread is None:
            return
        finished = asyncio.run_coroutine_threadsafe(self._finish(), loop)
        try:
            await asyncio.wait_for(asyncio.wrap_future(finished), CLOSE_WAIT_S + 1)
        except (TimeoutError, RuntimeError) as err:
            log.warning("the thread %s did not finish cleanly (%r)", self.name, err)
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


class ThreadedWebhookAdapter(AsyncWebhookAdapter):
    """discord.py's webhook adapter, its requests made in threads of their own."""

    def __init__(self) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        self.answers = Sender(ANSWERS)  # interactions' first answers
        self.edits = Sender(EDITS)  # everything else through a token
        self._closed = False

    @property
    def sent(self) -> int:
        """Requests made from the threads (answered, refused or failed)."""
        return self.answers.sent + self.edits.sent

    async def request(self, route: Route, session: aiohttp.ClientSession,
                      **options: Any) -> Any:
        """The request discord.py asks for, made from a thread (``session``, the event
        loop's, is not used); raises what discord.py raises. After :meth:`close`, made on
        the event loop."""
        if self._closed:
            return await super().request(route, session, **options)
        sender = self.answers if route.path.startswith(FIRST_ANSWER) else self.edits
        return await asyncio.wrap_future(sender.submit(route, options))

    async def close(self) -> None:
        """Let the requests still out finish (a bounded wait), then stop the threads;
        later requests are made on the event loop."""
        self._closed = True
        await asyncio.gather(self.answers.close(), self.edits.close())


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

"""Edits through a click's token, sent from a thread of their own (issue 37).

At 500 busy tables the bot edits its messages through clicks' tokens (:mod:`cogs.edits`)
about 270 times a second, most with a picture. Sent from the event loop, those requests
took about 18 % of its time, 11 % of it writing their bodies to the socket: uvloop writes
while holding the GIL, so nothing else ran meanwhile. Here they go out from one thread
running asyncio's own event loop (its socket writes let go of the GIL), with an aiohttp
session of its own and discord.py's webhook adapter (each token's rate limit, retries on
429 and 5xx): the event loop builds the request's parameters with discord.py's own
function, hands them over and awaits the answer; what discord.py does after the answer
(a view with items to dispatch is kept listening) it does when the answer comes.

Only with discord.py's own adapter: where another is installed (SimCord, the offline
tests), an edit goes through ``Interaction.edit_original_response`` on the event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from typing import Any

import aiohttp
import discord
from discord.http import MultipartParameters, handle_message_parameters
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

__all__ = ["TokenSender"]

log = logging.getLogger("ddz.presenter")
CLOSE_WAIT_S = 10.0  # at close, how long requests still out may take


class TokenSender:
    """One thread that sends the bot's edits through interaction tokens."""

    def __init__(self) -> None:
        self._loop: asyncio.AbstractEventLoop | None = None  # the thread's own
        self._thread: threading.Thread | None = None
        self._session: aiohttp.ClientSession | None = None  # made and used on the thread
        self._adapter: AsyncWebhookAdapter | None = None
        self._closed = False
        self.sent = 0  # edits sent from the thread (answered, or refused by Discord)

    @staticmethod
    def usable() -> bool:
        """Discord.py's own adapter answers interactions here (not a test's)."""
        return type(async_context.get()) is AsyncWebhookAdapter

    async def edit_original(self, interaction: discord.Interaction, message_id: int,
                            **fields: Any) -> None:
        """``interaction.edit_original_response(**fields)`` for ``message_id`` (the message
        the click was on), sent from the thread; raises what discord.py raises."""
        if self._closed or not self.usable():
            await interaction.edit_original_response(**fields)
            return
        loop = self._start()
        state = interaction._state
        http = state.http
        with handle_message_parameters(previous_allowed_mentions=state.allowed_mentions,
                                       **fields) as params:
            request = self._edit(interaction.application_id, interaction.token, params,
                                 http.proxy, http.proxy_auth)
            await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(request, loop))
        view = fields.get("view")
        if isinstance(view, discord.ui.View) and not view.is_finished() \
                and view.is_dispatchable():
            state.store_view(view, message_id)

    def _start(self) -> asyncio.AbstractEventLoop:
        if self._loop is None:
            loop = asyncio.SelectorEventLoop()  # not uvloop: its writes hold the GIL
            thread = threading.Thread(target=_serve, args=(loop,), name="ddz-token-edits",
                                      daemon=True)
            thread.start()
            self._loop, self._thread = loop, thread
        return self._loop

    async def _edit(self, application_id: int, token: str, params: MultipartParameters,
                    proxy: str | None, proxy_auth: aiohttp.BasicAuth | None) -> None:
        """On the thread: the request, through discord.py's webhook adapter."""
        if self._session is None or self._adapter is None:
            self._session = aiohttp.ClientSession()
            self._adapter = AsyncWebhookAdapter()  # type: ignore[no-untyped-call]
        try:
            await self._adapter.edit_original_interaction_response(
                application_id, token, session=self._session, proxy=proxy,
                proxy_auth=proxy_auth, payload=params.payload, multipart=params.multipart,
                files=params.files)
        finally:
            self.sent += 1

    async def close(self) -> None:
        """Let the requests still out finish (a bounded wait), then stop the thread."""
        self._closed = True
        loop, thread, self._loop, self._thread = self._loop, self._thread, None, None
        if loop is None or thread is None:
            return
        done = asyncio.run_coroutine_threadsafe(self._finish(), loop)
        try:
            await asyncio.wait_for(asyncio.wrap_future(done), CLOSE_WAIT_S + 1)
        except (TimeoutError, RuntimeError) as err:
            log.warning("the token edits' thread did not finish cleanly (%r)", err)
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

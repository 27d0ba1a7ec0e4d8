"""The open pages: one :class:`Connection` per WebSocket, grouped by table (channel).

A connection's frames go out through its own queue and writer task, so a slow page never
holds up a table (the presenter only queues); a page that falls :data:`BACKLOG` frames
behind is dropped (it reconnects and is sent the state afresh).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Iterator

from aiohttp import web

from .auth import WebUser
from .limits import Bucket, QuietLog
from .protocol import RATE, dumps
from .wire import ServerFrame

log = logging.getLogger(__name__)
QUIET = QuietLog(log)  # pages dropped: a line a minute, however many
BACKLOG = 256  # frames queued for one page before it is dropped
STRIKES = 3 * RATE  # frames refused in a row (over a limit) before the socket is closed


class RateLimit(Bucket):
    """A token bucket: ``rate`` frames a second, in bursts of as many."""

    def __init__(self, rate: float, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(rate, rate, clock)


class Connection:
    """One page: its socket, the user its token proved, its table and language."""

    def __init__(self, ws: web.WebSocketResponse, user: WebUser, *, guild_id: int,
                 channel_id: int, locale: str, instance_id: str = "",
                 clock: Callable[[], float] = time.monotonic, token: str = "",
                 address: str = "") -> None:
        self.ws = ws
        self.user = user
        self.instance_id = instance_id
        self.token = token  # proven again once its proof is old (a revoked one stops)
        self.address = address  # the client's address (bot.web.origins.client_address)
        self.checked_at = clock()  # when the user was last seen in the instance
        self.guild_id = guild_id
        self.channel_id = channel_id
        self.locale = locale
        self.limit = RateLimit(RATE, clock)
        self.strikes = 0  # frames refused in a row for a limit (STRIKES: closed)
        self.cost_asked: tuple[int, int] | None = None  # (deal, turn) of the last "cost"
        self._out: asyncio.Queue[str | None] = asyncio.Queue()
        self.dropped = False  # closed for falling behind: it reconnects for a fresh state
        self._writer = asyncio.create_task(self._write())

    def send(self, frame: ServerFrame | str) -> None:
        """Queue a frame for the page (never waits)."""
        if self.dropped:
            return
        if self._out.qsize() >= BACKLOG:
            QUIET.note("behind", "a page of user %s fell behind: dropping it",
                       self.user.user_id)
            self.dropped = True
            self._out.put_nowait(None)
            return
        self._out.put_nowait(frame if isinstance(frame, str) else dumps(frame))

    async def _write(self) -> None:
        while (text := await self._out.get()) is not None:
            try:
                await self.ws.send_str(text)
            except (ConnectionError, RuntimeError):
                break
        with contextlib.suppress(Exception):
            await self.ws.close()

    async def close(self) -> None:
        self.dropped = True
        self._out.put_nowait(None)
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(self._writer, 2)


class Sessions:
    """Every open page, by table."""

    def __init__(self) -> None:
        self._by_channel: dict[int, set[Connection]] = {}

    def add(self, connection: Connection) -> None:
        self._by_channel.setdefault(connection.channel_id, set()).add(connection)

    def remove(self, connection: Connection) -> None:
        pages = self._by_channel.get(connection.channel_id)
        if pages is not None:
            pages.discard(connection)
            if not pages:
                del self._by_channel[connection.channel_id]

    def at(self, channel_id: int) -> list[Connection]:
        return list(self._by_channel.get(channel_id, ()))

    def of_user(self, user_id: int) -> list[Connection]:
        """Every open page of one user (at any table)."""
        return [c for c in self if c.user.user_id == user_id]

    def __iter__(self) -> Iterator[Connection]:
        for pages in list(self._by_channel.values()):
            yield from list(pages)

    async def close_all(self) -> None:
        for connection in list(self):
            await connection.close()
        self._by_channel.clear()


__all__ = ["BACKLOG", "STRIKES", "Connection", "RateLimit", "Sessions"]

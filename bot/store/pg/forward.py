"""The database's side of forwarding interactions between cluster processes: a row per
forwarded interaction (``forwarded_interactions``, migration 009) and PostgreSQL's
``LISTEN`` / ``NOTIFY`` to say so at once.

- :meth:`ForwardQueue.send` inserts the row and notifies the owning shard's channel in one
  statement (the notification leaves with the commit). The interaction's JSON travels in
  the notification when it fits (PostgreSQL's limit is 8000 bytes), else in the row.
- :meth:`ForwardQueue.take` (the owner) deletes the row and notifies the acknowledgement
  channel, again in one statement; :meth:`ForwardQueue.expire` (the sender, when nobody
  took it in time) deletes it too. Whoever deletes the row decides: an interaction is
  either handled by its owner or answered "restarting" by the sender, never both.

Channels are named per database and schema (``ddz_fwd_<hash>_<shard>``, ``…_ack``), so two
deployments (or two tests) on one server do not hear each other.
"""

from __future__ import annotations

import asyncio
import logging
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import asyncpg

from .database import redact_url

log = logging.getLogger("ddz.forwarding")

NOTIFY_LIMIT = 7999  # PostgreSQL refuses a notification payload of 8000 bytes or more
_ID_ROOM = 21  # the forward id and its separator, in front of an inline payload


@dataclass(frozen=True)
class Notice:
    """A notification for an owner: which forward, and its JSON if it came inline."""

    forward_id: int
    payload: str | None


def parse_notice(text: str) -> Notice:
    head, sep, rest = text.partition(":")
    return Notice(int(head), rest if sep else None)


def fits_notification(payload: str) -> bool:
    return len(payload.encode()) + _ID_ROOM <= NOTIFY_LIMIT


class ForwardQueue:
    """One process's connections for forwarding: a small pool for the statements and one
    connection that listens."""

    def __init__(self, url: str, pool: asyncpg.Pool, listener: asyncpg.Connection,
                 prefix: str) -> None:
        self.location = redact_url(url)
        self._url = url
        self._pool = pool
        self._listener = listener
        self.prefix = prefix
        self._listening: list[tuple[str, Callable[..., object]]] = []
        self._closed = False
        self._relisten: asyncio.Task[None] | None = None
        self.reconnects = 0
        listener.add_termination_listener(self._lost)

    @classmethod
    async def open(cls, url: str, *, timeout_s: float = 10.0) -> ForwardQueue:
        pool = await asyncpg.create_pool(url, min_size=1, max_size=3, timeout=timeout_s,
                                         command_timeout=timeout_s)
        try:
            listener = await asyncpg.connect(url, timeout=timeout_s)
            async with pool.acquire() as raw:
                database, schema = await raw.fetchrow(
                    "SELECT current_database(), current_schema()")
        except BaseException:
            pool.terminate()
            raise
        prefix = f"ddz_fwd_{zlib.crc32(f'{database}:{schema}'.encode()):08x}"
        return cls(url, pool, listener, prefix)

    def shard_channel(self, shard: int) -> str:
        return f"{self.prefix}_{shard}"

    @property
    def ack_channel(self) -> str:
        return f"{self.prefix}_ack"

    # ----------------------------------------------------------------- listening
    async def listen_shards(self, shards: Iterable[int],
                            on_notice: Callable[[int, Notice], None]) -> None:
        """Call ``on_notice(shard, notice)`` for every interaction forwarded to ``shards``."""
        for shard in shards:
            def heard(_conn: object, _pid: int, _channel: str, text: str,
                      shard: int = shard) -> None:
                on_notice(shard, parse_notice(text))
            await self._listen(self.shard_channel(shard), heard)

    async def listen_acks(self, on_ack: Callable[[int], None]) -> None:
        """Call ``on_ack(forward_id)`` when an owner took a forwarded interaction."""
        def heard(_conn: object, _pid: int, _channel: str, text: str) -> None:
            on_ack(int(text))
        await self._listen(self.ack_channel, heard)

    async def _listen(self, channel: str, callback: Callable[..., object]) -> None:
        await self._listener.add_listener(channel, callback)
        self._listening.append((channel, callback))

    def _lost(self, _conn: object) -> None:
        """The listening connection ended (a database restart, a network cut): listen
        again on a new one, retrying, so forwarding resumes by itself."""
        if not self._closed and (self._relisten is None or self._relisten.done()):
            self._relisten = asyncio.get_running_loop().create_task(self._listen_again())

    async def _listen_again(self) -> None:
        delay = 0.1
        while not self._closed:
            try:
                listener = await asyncpg.connect(self._url, timeout=10)
                for channel, callback in self._listening:
                    await listener.add_listener(channel, callback)
            except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, TimeoutError):
                log.warning("cannot listen for forwarded interactions yet; retrying in "
                            "%.1f s", delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 5.0)
                continue
            listener.add_termination_listener(self._lost)
            self._listener = listener
            self.reconnects += 1
            log.info("listening for forwarded interactions again")
            return

    # ----------------------------------------------------------------- statements
    async def send(self, shard: int, payload: str) -> int:
        """Queue ``payload`` (an interaction's JSON) for ``shard``'s owner; its forward id."""
        inline = fits_notification(payload)
        async with self._pool.acquire() as raw:
            forward_id = await raw.fetchval(
                "WITH row AS (INSERT INTO forwarded_interactions (shard, payload, created_at) "
                "VALUES ($1, $2, $3) RETURNING forward_id) "
                "SELECT forward_id FROM row, LATERAL (SELECT pg_notify($4, "
                "row.forward_id::text || $5)) AS note",
                shard, None if inline else payload, _now(), self.shard_channel(shard),
                ":" + payload if inline else "")
        return int(forward_id)

    async def take(self, notice: Notice) -> str | None:
        """The owner takes a forwarded interaction: its JSON, or None when the sender gave
        up on it already (it answered "restarting")."""
        async with self._pool.acquire() as raw:
            row = await raw.fetchrow(
                "WITH gone AS (DELETE FROM forwarded_interactions WHERE forward_id = $1 "
                "RETURNING forward_id, payload) "
                "SELECT gone.payload, pg_notify($2, gone.forward_id::text) FROM gone",
                notice.forward_id, self.ack_channel)
        if row is None:
            return None
        return notice.payload if notice.payload is not None else row["payload"]

    async def table_guild(self, user_id: int, channel_id: int | None) -> int | None:
        """The guild of the table an interaction is for: the table of ``channel_id`` (a
        button names it), else the user's one live seat (one per player across the
        cluster: migration 010); None when there is no such table."""
        async with self._pool.acquire() as raw:
            if channel_id is not None:
                guild = await raw.fetchval(
                    "SELECT guild_id FROM live_tables WHERE channel_id = $1", channel_id)
            else:
                guild = await raw.fetchval(
                    "SELECT guild_id FROM table_seats WHERE user_id = $1", user_id)
        return None if guild is None else int(guild)

    async def expire(self, forward_id: int) -> bool:
        """The sender gives up waiting: True when no owner took it (the sender answers)."""
        async with self._pool.acquire() as raw:
            status = await raw.execute(
                "DELETE FROM forwarded_interactions WHERE forward_id = $1", forward_id)
        return str(status).endswith(" 1")

    async def sweep(self, older_than_s: float = 900.0) -> int:
        """Forget forwards left by a crashed sender (an interaction token lives 15 minutes)."""
        limit = (datetime.now(UTC) - timedelta(seconds=older_than_s)).isoformat(
            timespec="milliseconds")
        async with self._pool.acquire() as raw:
            status = await raw.execute(
                "DELETE FROM forwarded_interactions WHERE created_at < $1", limit)
        return int(status.rsplit(" ", 1)[-1])

    async def close(self) -> None:
        self._closed = True
        if self._relisten is not None:
            self._relisten.cancel()
        for channel, callback in self._listening:
            try:
                await self._listener.remove_listener(channel, callback)
            except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError):
                break
        self._listening.clear()
        try:
            await self._listener.close(timeout=5)
        except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError, TimeoutError):
            self._listener.terminate()
        try:
            await self._pool.close()
        except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError):
            self._pool.terminate()


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


__all__ = ["NOTIFY_LIMIT", "ForwardQueue", "Notice", "fits_notification", "parse_notice"]

"""The database's side of forwarding interactions between cluster processes: a row per
forwarded interaction (``forwarded_interactions``, migration 009) and PostgreSQL's
``LISTEN`` / ``NOTIFY`` to say so at once.

- :meth:`ForwardQueue.send` inserts the row and notifies the owning shard's channel in one
  statement (the notification leaves with the commit). The row holds the interaction's
  JSON and its deadline (now + the sender's timeout, on the database's clock, migration
  011); the notification carries the forward's id and nothing else.
- :meth:`ForwardQueue.take` / :meth:`~ForwardQueue.take_many` (the owner) delete the rows
  named, if they are for the shard whose channel named them and their deadline has not
  passed, and notify their ids on the acknowledgement channel, in one statement; the JSON
  handed on is what that statement returned from the row. :meth:`ForwardQueue.expire`
  (the sender, when nobody took it in time) deletes it too. Whoever deletes the row
  decides: an interaction is either handled by its owner or answered "restarting" by the
  sender, never both, and never handled after its deadline.
- Notifications sent while a listener is away (its connection lost: a database restart,
  a network cut) are lost, so after every ``LISTEN`` the listener reads what it may have
  missed: the owner, the rows for its shards still within their deadline (each handed to
  the same callback as a notification: the delete makes a late notification and the
  re-read take one forward once); the sender, which of the forwards it waits for were
  taken meanwhile.

A notification is a hint; the row is the truth. PostgreSQL checks no privilege for
``LISTEN`` or ``NOTIFY``: any role that can connect to the database hears these channels
and can notify on them. It hears ids only (never an interaction, its token or its
options); what it notifies is at most a wake-up. Text that is not an id is dropped (with
one warning a minute at most, whatever the flood), an id that names no row for the shard
costs a place in one ``DELETE``, and an id that names a real row takes it a moment early.

Channels are named per database and schema (``ddz_fwd_<hash>_<shard>``, ``…_ack``), so two
deployments (or two tests) on one server do not hear each other; the names are no secret.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
import zlib
from collections.abc import Awaitable, Callable, Collection, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import asyncpg

from .database import redact_url

log = logging.getLogger("ddz.forwarding")

DEFAULT_TIMEOUT = 2.0  # seconds an owner has to take a forwarded interaction
RETRY_S = 0.2  # between attempts to reach the database again (listen, send, expire)
STRAY_LOG_S = 60.0  # at most one warning this often about notifications that are no id
_ID = re.compile(r"[1-9][0-9]{0,18}")  # a forward id as send() notifies it (a BIGSERIAL)
_MAX_ID = 2 ** 63 - 1
# failing to reach the database: nothing was sent (a connection refused, the server starting)
_UNREACHABLE = (OSError, asyncpg.CannotConnectNowError)
_LOST = (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, TimeoutError)
CatchUp = Callable[[], Awaitable[None]]


class QueueUnreachable(Exception):
    """The database could not be reached in time; nothing was sent."""


@dataclass(frozen=True)
class Notice:
    """A forward an owner was told of: its id, and the shard whose channel named it. A
    notification carries only the id; the row holds the rest."""

    forward_id: int
    shard: int


def parse_id(text: str) -> int | None:
    """The forward id a notification names; None for anything else (which this code never
    sends: another role's ``NOTIFY``)."""
    if len(text) > 19 or _ID.fullmatch(text) is None:
        return None
    value = int(text)
    return value if value <= _MAX_ID else None


class ForwardQueue:
    """One process's connections for forwarding: a small pool for the statements and one
    connection that listens."""

    def __init__(self, url: str, pool: asyncpg.Pool, listener: asyncpg.Connection,
                 prefix: str, *, timeout_s: float = 10.0) -> None:
        self.location = redact_url(url)
        self._url = url
        self._timeout_s = timeout_s
        self._pool = pool
        self._listener = listener
        self.prefix = prefix
        self._listening: list[tuple[str, Callable[..., object]]] = []
        self._catch_ups: list[CatchUp] = []
        self._closed = False
        self._relisten: asyncio.Task[None] | None = None
        self.reconnects = 0
        self.strays = 0  # notifications heard that named no forward id
        self._stray_logged = -STRAY_LOG_S
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
        return cls(url, pool, listener, prefix, timeout_s=timeout_s)

    def shard_channel(self, shard: int) -> str:
        return f"{self.prefix}_{shard}"

    @property
    def ack_channel(self) -> str:
        return f"{self.prefix}_ack"

    # ----------------------------------------------------------------- listening
    async def listen_shards(self, shards: Iterable[int],
                            on_notice: Callable[[Notice], None]) -> None:
        """Call ``on_notice(notice)`` for every interaction forwarded to ``shards``: from
        now on as they are notified, and at once for those already waiting (after every
        ``LISTEN``, this one and each after a lost connection). A notice is a hint (anyone
        on the database may notify): only :meth:`take` says whether there is a forward."""
        shards = list(shards)
        for shard in shards:
            def heard(_conn: object, _pid: int, channel: str, text: str,
                      shard: int = shard) -> None:
                forward_id = parse_id(text)
                if forward_id is None:
                    self._stray(channel)
                else:
                    on_notice(Notice(forward_id, shard))
            await self._listen(self.shard_channel(shard), heard)

        async def waiting() -> None:
            for shard, forward_id in await self.waiting(shards):
                on_notice(Notice(forward_id, shard))
        await self._catch_up_always(waiting)

    async def listen_acks(self, on_ack: Callable[[int], None],
                          pending: Callable[[], Collection[int]] = frozenset) -> None:
        """Call ``on_ack(forward_id)`` when an owner took a forwarded interaction; after a
        lost connection, also for those of ``pending()`` taken while it was away."""
        def heard(_conn: object, _pid: int, channel: str, text: str) -> None:
            forward_id = parse_id(text)
            if forward_id is None:
                self._stray(channel)
            else:
                on_ack(forward_id)
        await self._listen(self.ack_channel, heard)

        async def taken() -> None:
            waited = list(pending())
            for forward_id in await self.gone(waited) if waited else []:
                on_ack(forward_id)
        await self._catch_up_always(taken)

    def _stray(self, channel: str) -> None:
        """A notification that is no forward id: nothing of this bot's sent it. Counted,
        and said at most once a ``STRAY_LOG_S``, so a flood of them floods no log."""
        self.strays += 1
        now = time.monotonic()
        if now - self._stray_logged >= STRAY_LOG_S:
            self._stray_logged = now
            log.warning("ignoring notifications on %s that are no forward id (%d so far): "
                        "another role on this database notifies the bot's channels",
                        channel, self.strays)

    async def _listen(self, channel: str, callback: Callable[..., object]) -> None:
        await self._listener.add_listener(channel, callback)
        self._listening.append((channel, callback))

    async def _catch_up_always(self, catch_up: CatchUp) -> None:
        """Run ``catch_up`` now (the ``LISTEN`` is on: nothing committed from now on goes
        unheard) and again after each new ``LISTEN``."""
        self._catch_ups.append(catch_up)
        await catch_up()

    async def _connect(self) -> asyncpg.Connection:
        return await asyncpg.connect(self._url, timeout=self._timeout_s)

    def _lost(self, _conn: object) -> None:
        """The listening connection ended (a database restart, a network cut): listen
        again on a new one, retrying, so forwarding resumes by itself."""
        if not self._closed and (self._relisten is None or self._relisten.done()):
            self._relisten = asyncio.get_running_loop().create_task(self._listen_again())

    async def _listen_again(self) -> None:
        """Connect, ``LISTEN`` on every channel, then catch up on what was notified while
        away; every ``RETRY_S`` until all of it succeeds (a short pause: forwards sent
        meanwhile wait only their timeout)."""
        lost_at = time.monotonic()
        attempts = 0
        while not self._closed:
            attempts += 1
            listener: asyncpg.Connection | None = None
            try:
                listener = await self._connect()
                for channel, callback in self._listening:
                    await listener.add_listener(channel, callback)
                for catch_up in self._catch_ups:
                    await catch_up()
                if listener.is_closed():  # lost again meanwhile: nothing would say so
                    raise ConnectionResetError("the new listening connection ended")
            except _LOST:
                if listener is not None:
                    listener.terminate()
                if attempts == 1:
                    log.warning("cannot listen for forwarded interactions yet; retrying "
                                "every %.1f s", RETRY_S)
                await asyncio.sleep(RETRY_S)
                continue
            except BaseException:
                if listener is not None:
                    listener.terminate()
                raise
            listener.add_termination_listener(self._lost)
            self._listener = listener
            self.reconnects += 1
            log.info("listening for forwarded interactions again (after %.1f s, %d "
                     "attempt(s))", time.monotonic() - lost_at, attempts)
            return

    # ----------------------------------------------------------------- statements
    async def _reach(self, give_up: float) -> asyncpg.pool.PoolConnectionProxy:
        """A pooled connection, trying again while the database cannot be reached (nothing
        is sent then) until ``give_up`` (``time.monotonic()``): QueueUnreachable after."""
        while True:
            try:
                return await self._pool.acquire()
            except _UNREACHABLE as e:
                if time.monotonic() + RETRY_S > give_up:
                    raise QueueUnreachable(f"cannot reach {self.location}: {e}") from e
                await asyncio.sleep(RETRY_S)

    async def send(self, shard: int, payload: str, *, timeout_s: float = DEFAULT_TIMEOUT
                   ) -> int:
        """Queue ``payload`` (an interaction's JSON) for ``shard``'s owner, to be taken
        within ``timeout_s``; its forward id. QueueUnreachable when the database could not
        be reached within ``timeout_s``. The notification names only the id."""
        raw = await self._reach(time.monotonic() + timeout_s)
        try:
            forward_id = await raw.fetchval(
                "WITH row AS (INSERT INTO forwarded_interactions "
                "(shard, payload, created_at, deadline) "
                "VALUES ($1, $2, $3, clock_timestamp() + make_interval(secs => $5)) "
                "RETURNING forward_id) "
                "SELECT forward_id FROM row, LATERAL (SELECT pg_notify($4, "
                "row.forward_id::text)) AS note",
                shard, payload, _now(), self.shard_channel(shard), timeout_s)
        finally:
            await self._pool.release(raw)
        return int(forward_id)

    async def take(self, notice: Notice) -> str | None:
        """The owner takes a forwarded interaction: the JSON of its row, or None when there
        is no such row to take (taken already, past its deadline, for another shard, or
        never there: a notification is only a hint)."""
        taken = await self.take_many([notice])
        return taken[0][1] if taken else None

    async def take_many(self, notices: Collection[Notice]) -> list[tuple[Notice, str]]:
        """Take, in one statement, those of ``notices`` that name a forward there to take:
        each with the JSON of its row, oldest first. An id that names no row for its shard
        (a forgery, or a forward taken already) costs only its place in the statement."""
        async with self._pool.acquire() as raw:
            rows = await raw.fetch(
                "WITH named AS (SELECT DISTINCT * FROM unnest($1::bigint[], "
                "$2::integer[]) AS n(forward_id, shard)), "
                "gone AS (DELETE FROM forwarded_interactions f USING named "
                "WHERE f.forward_id = named.forward_id AND f.shard = named.shard "
                "AND f.deadline > clock_timestamp() AND f.payload IS NOT NULL "
                "RETURNING f.forward_id, f.shard, f.payload) "
                "SELECT forward_id, shard, payload, pg_notify($3, forward_id::text) "
                "FROM gone ORDER BY forward_id",
                [n.forward_id for n in notices], [n.shard for n in notices],
                self.ack_channel)
        return [(Notice(int(r["forward_id"]), int(r["shard"])), str(r["payload"]))
                for r in rows]

    async def waiting(self, shards: Collection[int]) -> list[tuple[int, int]]:
        """``(shard, forward_id)`` of the forwards to ``shards`` nobody took yet and still
        within their deadline, oldest first."""
        async with self._pool.acquire() as raw:
            rows = await raw.fetch(
                "SELECT shard, forward_id FROM forwarded_interactions "
                "WHERE shard = ANY($1::integer[]) AND deadline > clock_timestamp() "
                "AND payload IS NOT NULL ORDER BY forward_id", list(shards))
        return [(int(r["shard"]), int(r["forward_id"])) for r in rows]

    async def gone(self, forward_ids: Collection[int]) -> list[int]:
        """Which of ``forward_ids`` are no longer queued (taken, or expired)."""
        async with self._pool.acquire() as raw:
            rows = await raw.fetch(
                "SELECT id FROM unnest($1::bigint[]) AS id WHERE NOT EXISTS "
                "(SELECT 1 FROM forwarded_interactions WHERE forward_id = id)",
                list(forward_ids))
        return [int(r["id"]) for r in rows]

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

    async def is_gone(self, forward_id: int) -> bool:
        """Whether ``forward_id`` is no longer queued (taken, or expired): how a sender
        checks an acknowledgement, which anyone on the database could have notified.
        QueueUnreachable when the database cannot answer now."""
        raw = await self._reach(time.monotonic())
        try:
            return not await raw.fetchval(
                "SELECT EXISTS (SELECT 1 FROM forwarded_interactions WHERE forward_id = $1)",
                forward_id)
        except _LOST as e:
            raise QueueUnreachable(f"cannot reach {self.location}: {e}") from e
        finally:
            await self._pool.release(raw)

    async def expire(self, forward_id: int, *, timeout_s: float = DEFAULT_TIMEOUT) -> bool:
        """The sender gives up waiting: True when no owner took it (the sender answers).
        QueueUnreachable when the database could not be reached within ``timeout_s``."""
        raw = await self._reach(time.monotonic() + timeout_s)
        try:
            status = await raw.execute(
                "DELETE FROM forwarded_interactions WHERE forward_id = $1", forward_id)
        finally:
            await self._pool.release(raw)
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


__all__ = ["DEFAULT_TIMEOUT", "RETRY_S", "STRAY_LOG_S", "ForwardQueue", "Notice",
           "QueueUnreachable", "parse_id"]

"""DM interactions, routed to the process that owns their table.

Discord sends every DM interaction (hand buttons, card selects, ``/ddz play`` in a DM) to
the process holding shard 0, whatever table it is for. There, :class:`Forwarder` sits in
front of discord.py's ``INTERACTION_CREATE`` handler: a DM interaction whose table belongs
to a guild of another process is deferred (within Discord's 3 s), queued for the owner
(:class:`bot.store.pg.forward.ForwardQueue`: a row and a ``NOTIFY``) and waited for. The
owner's :class:`Receiver` takes it, acknowledges, and hands it to discord.py exactly as an
interaction from its own gateway (the same items, controls, commands and manager calls),
with :class:`~cogs.transport.forwarding.response.ForwardedResponse` answering through the
interaction's webhook. When no owner takes it within ``timeout`` seconds (the owner is
down or restarting), the sender answers "the table is restarting, try again in a moment".
An owner whose listener lost its connection (a database restart) takes, once it listens
again, the forwards still within their timeout: the sender waits the whole timeout
whatever the owner's listener is doing, and only the database's deadline decides.

Any role that can connect to the database can notify the forwarding channels, so neither
side believes a notification: the owner hands on only the JSON of the row its ``DELETE``
took (:class:`Taker`, one statement at a time whatever is notified), and the sender counts
a forward as taken only once its row is gone (:class:`Courier`).

Everything else (guild interactions, DMs for this process's own tables or for none) goes
to discord.py untouched.
"""

from __future__ import annotations

import asyncio
import collections
import itertools
import json
import logging
import re
import time
from collections.abc import Callable, Iterable
from typing import Any

import discord

from bot.discord_api.cluster import ShardPlan, owner_shard
from bot.store.pg.forward import (
    DEFAULT_TIMEOUT,
    RETRY_S,
    STRAY_LOG_S,
    ForwardQueue,
    Notice,
    QueueUnreachable,
)

from .response import (
    COMMAND_DEFER,
    COMPONENT_DEFER,
    ForwardedResponse,
    defer_for_forwarding,
    say_restarting,
)

log = logging.getLogger("ddz.forwarding")

_TABLE_ID = re.compile(r"^ddz[a-z]?:(\d+):")  # ddz:, ddzh:, ddzs:, ddzr: name their table
Handler = Callable[[dict[str, Any]], None]
TAKE_BATCH = 256  # forward ids in one of the owner's statements at most
TAKE_BACKLOG = 2048  # forward ids an owner keeps waiting for its next statement at most
ACK_CHECKS = 3  # acknowledgements a sender checks against the row, per forward, at most
_EARLY_KEPT = 1000  # acknowledgements kept for forwards whose send() has not returned yet
_DEFERRALS = (None, COMPONENT_DEFER, COMMAND_DEFER)


def forward_message(data: dict[str, Any], deferral: int | None) -> str:
    """What a forward's row holds: the interaction as the gateway sent it, and how the
    sender deferred it."""
    return json.dumps({"d": data, "deferral": deferral}, separators=(",", ":"))


def read_message(text: str) -> tuple[dict[str, Any], int | None]:
    """A forward's row read back: ``(data, deferral)``; ValueError when it is not what
    :func:`forward_message` writes."""
    message = json.loads(text)
    data = message.get("d") if isinstance(message, dict) else None
    deferral = message.get("deferral") if isinstance(message, dict) else None
    if not isinstance(data, dict) or deferral not in _DEFERRALS:
        raise ValueError("not a forwarded interaction")
    return data, deferral


def table_channel(data: dict[str, Any]) -> int | None:
    """The table a component names in its custom id (None for a slash command)."""
    custom_id = (data.get("data") or {}).get("custom_id")
    match = _TABLE_ID.match(custom_id) if isinstance(custom_id, str) else None
    return int(match.group(1)) if match else None


def user_of(data: dict[str, Any]) -> int:
    user = data.get("user") or (data.get("member") or {}).get("user") or {}
    return int(user.get("id", 0))


def dispatch(state: Any, interaction: discord.Interaction) -> None:
    """What discord.py's ``parse_interaction_create`` does with a new interaction."""
    data: Any = interaction.data or {}
    kind = interaction.type.value
    if kind in (2, 4) and state._command_tree:
        state._command_tree._from_interaction(interaction)
    elif kind == 3:
        state._view_store.dispatch_view(data["component_type"], data["custom_id"],
                                        interaction)
    elif kind == 5:
        state._view_store.dispatch_modal(data["custom_id"], interaction, data["components"],
                                         data.get("resolved", {}))
    state.dispatch("interaction", interaction)


class Courier:
    """Hands payloads to the owner of a shard and waits for it to take each: the part of
    forwarding that is only the database (``bench/forward.py`` times it).

    An acknowledgement is believed once the forward's row is gone (anyone on the database
    may notify one): a forged one costs a look at the row, ``ACK_CHECKS`` at most per
    forward, after which the sender waits its timeout and asks the row then."""

    def __init__(self, queue: ForwardQueue, *, timeout: float = DEFAULT_TIMEOUT) -> None:
        self.queue = queue
        self.timeout = timeout
        self.latencies: collections.deque[float] = collections.deque(maxlen=10_000)
        self.false_acks = 0  # acknowledgements of forwards whose row was still there
        self._waiting: dict[int, asyncio.Future[None]] = {}
        self._early: set[int] = set()  # acks heard before send() returned their id

    async def start(self) -> None:
        await self.queue.listen_acks(self._acked, pending=self._waiting.keys)

    async def deliver(self, shard: int, payload: str) -> bool:
        """Queue ``payload`` for ``shard``; True once its owner took it, False when nobody
        did within ``timeout`` (then nobody ever will: the row is gone, or past its
        deadline) or the database could not be reached to queue it within ``timeout``."""
        started = time.perf_counter()
        try:
            forward_id = await self.queue.send(shard, payload, timeout_s=self.timeout)
        except QueueUnreachable:
            log.warning("could not queue a forward for shard %d: the database is away", shard)
            return False
        loop = asyncio.get_running_loop()
        give_up = loop.time() + self.timeout
        try:
            for _check in range(ACK_CHECKS):
                if forward_id in self._early:  # heard before it was waited for
                    self._early.discard(forward_id)
                else:
                    taken = self._waiting[forward_id] = loop.create_future()
                    await asyncio.wait_for(taken, max(0.0, give_up - loop.time()))
                gone = await self._row_gone(forward_id)
                if gone:
                    self.latencies.append(time.perf_counter() - started)
                    return True
                if gone is False:
                    self.false_acks += 1
            self._waiting.pop(forward_id, None)
            log.debug("forward %d: acknowledged %d times, its row still there", forward_id,
                      ACK_CHECKS)
            await asyncio.sleep(max(0.0, give_up - loop.time()))
        except TimeoutError:
            pass
        finally:
            self._waiting.pop(forward_id, None)
            self._early.discard(forward_id)
        return await self._taken_after_all(forward_id)

    async def _row_gone(self, forward_id: int) -> bool | None:
        """Whether an acknowledgement of ``forward_id`` holds: its row is gone (None: the
        database cannot say now; the sender waits its timeout, then expire() settles it)."""
        try:
            return await self.queue.is_gone(forward_id)
        except QueueUnreachable:
            return None

    async def _taken_after_all(self, forward_id: int) -> bool:
        """Whether the owner took ``forward_id`` (just now, or its acknowledgement was lost)
        once the sender stops waiting; past its deadline nobody can take it any more."""
        try:
            return not await self.queue.expire(forward_id, timeout_s=self.timeout)
        except QueueUnreachable:  # rare: taken before the deadline and its ack lost too
            log.warning("could not settle forward %d: the database is away; nobody took it "
                        "in time as far as this process knows", forward_id)
            return False

    def _acked(self, forward_id: int) -> None:
        waiting = self._waiting.get(forward_id)
        if waiting is not None and not waiting.done():
            waiting.set_result(None)
            return
        # not waited for yet (send() has not returned), or its last one is being checked
        if len(self._early) >= _EARLY_KEPT:
            self._early.clear()  # a flood of made-up ids: a real one waits its timeout
        self._early.add(forward_id)


class Taker:
    """Takes the forwards notified for some shards and hands on the JSON of each row it
    took: the part of receiving that is only the database (``bench/forward.py``'s owner is
    one).

    Its work is bounded whatever is notified on its channels: one statement at a time,
    ``TAKE_BATCH`` ids in it at most, and ``TAKE_BACKLOG`` ids waiting for it at most; past
    that, the ids heard are dropped and the next statement starts from the table's own
    list of the forwards waiting for these shards (which a notification cannot lengthen).
    A made-up id costs its place in one ``DELETE``; the database failing, a pause and a
    re-read of that list."""

    def __init__(self, queue: ForwardQueue, on_taken: Callable[[Notice, str], None], *,
                 batch: int = TAKE_BATCH, backlog: int = TAKE_BACKLOG) -> None:
        self.queue = queue
        self.on_taken = on_taken
        self.batch = batch
        self.backlog = backlog
        self.taken = 0
        self.statements = 0
        self.dropped = 0  # ids not kept (the backlog was full): the re-read finds the real
        self._shards: tuple[int, ...] = ()
        self._pending: dict[Notice, None] = {}  # in the order heard
        self._reread = False
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._failed_logged = -STRAY_LOG_S

    async def start(self, shards: Iterable[int]) -> None:
        self._shards = tuple(shards)
        self._task = asyncio.get_running_loop().create_task(self._run())
        await self.queue.listen_shards(self._shards, self.heard)

    def heard(self, notice: Notice) -> None:
        if notice not in self._pending:
            if len(self._pending) < self.backlog:
                self._pending[notice] = None
            else:
                self.dropped += 1
                self._reread = True
        self._wake.set()

    async def _run(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._pending or self._reread:
                try:
                    await self._take_some()
                except Exception:  # the database is away, or failing: the table says later
                    now = time.monotonic()
                    if now - self._failed_logged >= STRAY_LOG_S:
                        self._failed_logged = now
                        log.warning("could not take forwarded interactions; retrying",
                                    exc_info=True)
                    self._reread = True
                    await asyncio.sleep(RETRY_S)

    async def _take_some(self) -> None:
        if self._reread:
            self._reread = False
            self._pending.clear()
            for shard, forward_id in await self.queue.waiting(self._shards):
                self._pending[Notice(forward_id, shard)] = None
        batch = list(itertools.islice(self._pending, self.batch))
        for notice in batch:
            del self._pending[notice]
        if not batch:
            return
        self.statements += 1
        for notice, payload in await self.queue.take_many(batch):
            self.taken += 1
            try:
                self.on_taken(notice, payload)
            except Exception:
                log.exception("could not hand on forwarded interaction %d", notice.forward_id)

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)


class Forwarder:
    """The shard-0 side: DM interactions for other processes' tables go to their owner."""

    def __init__(self, client: discord.Client, queue: ForwardQueue, plan: ShardPlan, *,
                 timeout: float = DEFAULT_TIMEOUT, default_locale: str = "en",
                 on_forward: Callable[[bool, float], None] | None = None) -> None:
        assert plan.shard_count is not None
        self.client = client
        self.queue = queue
        self.plan = plan
        self.courier = Courier(queue, timeout=timeout)
        self.default_locale = default_locale
        self.restarting = 0  # interactions answered "restarting"
        self.on_forward = on_forward  # (taken, seconds): the metrics
        self._tasks: set[asyncio.Task[None]] = set()
        self._local: Handler | None = None

    async def start(self) -> None:
        """Listen for acknowledgements and sit in front of discord.py's handler."""
        await self.courier.start()
        swept = await self.queue.sweep()
        if swept:
            log.info("forgot %d forwarded interaction(s) left by an earlier run", swept)
        parsers = self.client._connection.parsers
        self._local = parsers["INTERACTION_CREATE"]
        parsers["INTERACTION_CREATE"] = self.receive

    def receive(self, data: dict[str, Any]) -> None:
        """discord.py's INTERACTION_CREATE: a DM is looked up first, the rest goes on."""
        assert self._local is not None
        if data.get("guild_id") is not None:
            self._local(data)
            return
        task = asyncio.get_running_loop().create_task(self._route(data))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _route(self, data: dict[str, Any]) -> None:
        assert self._local is not None and self.plan.shard_count is not None
        try:
            guild = await self.queue.table_guild(user_of(data), table_channel(data))
        except Exception:  # the database is away: this process answers as it can
            log.warning("could not look up the table of a DM interaction", exc_info=True)
            guild = None
        if guild is None or self.plan.owns(guild):
            self._local(data)
            return
        try:
            await self.forward(data, owner_shard(guild, self.plan.shard_count))
        except Exception:
            log.exception("could not forward interaction %s", data.get("id"))

    async def forward(self, data: dict[str, Any], shard: int) -> bool:
        """Defer, queue for ``shard``'s owner and wait for it to take the interaction;
        answer "restarting" when it does not. Whether the owner took it."""
        interaction = discord.Interaction(data=data, state=self.client._connection)  # type: ignore[arg-type]
        try:
            deferral = await defer_for_forwarding(interaction)
        except discord.HTTPException:
            log.warning("could not defer interaction %s", interaction.id, exc_info=True)
            return False
        log.debug("forwarding interaction %s to shard %d", interaction.id, shard)
        started = time.perf_counter()
        taken = await self.courier.deliver(shard, forward_message(data, deferral))
        if self.on_forward is not None:
            self.on_forward(taken, time.perf_counter() - started)
        if taken:
            return True
        self.restarting += 1
        log.info("no process took interaction %s for shard %d in %.1f s", interaction.id,
                 shard, self.courier.timeout)
        try:
            await say_restarting(interaction, self.default_locale)
        except discord.HTTPException:
            log.warning("could not answer interaction %s", interaction.id, exc_info=True)
        return False

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)


class Receiver:
    """The owner's side: take the interactions forwarded to this process's shards and
    handle them as if they had come from its own gateway (each as its row holds it)."""

    def __init__(self, client: discord.Client, queue: ForwardQueue, plan: ShardPlan) -> None:
        self.client = client
        self.queue = queue
        self.plan = plan
        self.taken = 0
        self.taker = Taker(queue, self._took)

    async def start(self) -> None:
        assert self.plan.shard_ids is not None
        await self.taker.start(self.plan.shard_ids)

    def _took(self, notice: Notice, text: str) -> None:
        try:
            data, deferral = read_message(text)
        except ValueError:
            log.warning("forwarded interaction %d is unreadable", notice.forward_id)
            return
        self.taken += 1
        log.debug("took forwarded interaction %s", data.get("id"))
        try:
            self.handle(data, deferral)
        except Exception:
            log.exception("could not handle forwarded interaction %s", data.get("id"))

    def handle(self, data: dict[str, Any], deferral: int | None) -> None:
        state = self.client._connection
        interaction = discord.Interaction(data=data, state=state)  # type: ignore[arg-type]
        if deferral is not None:
            interaction._cs_response = ForwardedResponse(interaction, deferral)  # type: ignore[attr-defined]
        dispatch(state, interaction)

    async def close(self) -> None:
        await self.taker.close()


__all__ = ["Courier", "Forwarder", "Receiver", "Taker", "dispatch", "forward_message",
           "read_message", "table_channel", "user_of"]

"""DM interactions, routed to the process that owns their table.

Discord sends every DM interaction (hand buttons, card selects, ``/ddz play`` in a DM) to
the process holding shard 0, whatever table it is for. There, :class:`Forwarder` sits in
front of discord.py's ``INTERACTION_CREATE`` handler: a DM interaction whose table belongs
to a guild of another process is deferred (within Discord's 3 s), queued for the owner
(:class:`bot.store.pg.forward.ForwardQueue`: a row and a ``NOTIFY``) and waited for. The
owner's :class:`Receiver` takes it, acknowledges, and hands it to discord.py exactly as an
interaction from its own gateway (the same items, controls, commands and manager calls),
with :class:`~bot.forwarding.response.ForwardedResponse` answering through the
interaction's webhook. When no owner takes it within ``timeout`` seconds (the owner is
down or restarting), the sender answers "the table is restarting, try again in a moment".
An owner whose listener lost its connection (a database restart) takes, once it listens
again, the forwards still within their timeout: the sender waits the whole timeout
whatever the owner's listener is doing, and only the database's deadline decides.

Everything else (guild interactions, DMs for this process's own tables or for none) goes
to discord.py untouched.
"""

from __future__ import annotations

import asyncio
import collections
import json
import logging
import re
import time
from collections.abc import Callable
from typing import Any

import discord

from bot.cluster import ShardPlan, owner_shard
from bot.store.pg.forward import DEFAULT_TIMEOUT, ForwardQueue, Notice, QueueUnreachable

from .response import ForwardedResponse, defer_for_forwarding, say_restarting

log = logging.getLogger("ddz.forwarding")

_TABLE_ID = re.compile(r"^ddz[a-z]?:(\d+):")  # ddz:, ddzh:, ddzs:, ddzr: name their table
Handler = Callable[[dict[str, Any]], None]


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
    forwarding that is only the database (``bench/forward.py`` times it)."""

    def __init__(self, queue: ForwardQueue, *, timeout: float = DEFAULT_TIMEOUT) -> None:
        self.queue = queue
        self.timeout = timeout
        self.latencies: collections.deque[float] = collections.deque(maxlen=10_000)
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
        if forward_id in self._early:
            self._early.discard(forward_id)
            self.latencies.append(time.perf_counter() - started)
            return True
        taken = asyncio.get_running_loop().create_future()
        self._waiting[forward_id] = taken
        try:
            await asyncio.wait_for(taken, self.timeout)
            self.latencies.append(time.perf_counter() - started)
            return True
        except TimeoutError:
            return await self._taken_after_all(forward_id)
        finally:
            self._waiting.pop(forward_id, None)

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
        if waiting is None:
            if len(self._early) > 1000:
                self._early.clear()
            self._early.add(forward_id)
        elif not waiting.done():
            waiting.set_result(None)


class Forwarder:
    """The shard-0 side: DM interactions for other processes' tables go to their owner."""

    def __init__(self, client: discord.Client, queue: ForwardQueue, plan: ShardPlan, *,
                 timeout: float = DEFAULT_TIMEOUT, default_locale: str = "en") -> None:
        assert plan.shard_count is not None
        self.client = client
        self.queue = queue
        self.plan = plan
        self.courier = Courier(queue, timeout=timeout)
        self.default_locale = default_locale
        self.restarting = 0  # interactions answered "restarting"
        self.on_forward: Callable[[bool, float], None] | None = None  # (taken, seconds)
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
        taken = await self.courier.deliver(shard, json.dumps({"d": data, "deferral": deferral},
                                                             separators=(",", ":")))
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
    handle them as if they had come from its own gateway."""

    def __init__(self, client: discord.Client, queue: ForwardQueue, plan: ShardPlan) -> None:
        self.client = client
        self.queue = queue
        self.plan = plan
        self.taken = 0
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        assert self.plan.shard_ids is not None
        await self.queue.listen_shards(self.plan.shard_ids, self._heard)

    def _heard(self, shard: int, notice: Notice) -> None:
        task = asyncio.get_running_loop().create_task(self._take(notice))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _take(self, notice: Notice) -> None:
        try:
            text = await self.queue.take(notice)
        except Exception:
            log.exception("could not take forwarded interaction %d", notice.forward_id)
            return
        if text is None:
            return  # taken already (a notification and the re-read), or past its deadline
        message = json.loads(text)
        self.taken += 1
        log.debug("took forwarded interaction %s", message["d"].get("id"))
        try:
            self.handle(message["d"], message["deferral"])
        except Exception:
            log.exception("could not handle forwarded interaction %s", message["d"].get("id"))

    def handle(self, data: dict[str, Any], deferral: int | None) -> None:
        state = self.client._connection
        interaction = discord.Interaction(data=data, state=state)  # type: ignore[arg-type]
        if deferral is not None:
            interaction._cs_response = ForwardedResponse(interaction, deferral)  # type: ignore[attr-defined]
        dispatch(state, interaction)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)


__all__ = ["Courier", "Forwarder", "Receiver", "dispatch", "table_channel",
           "user_of"]

"""Is this bot process healthy? Three checks, for a container's health check or a load
balancer: the gateway is connected, the store answers (a cheap query, given a short time)
and the recovery of the tables has finished. ``/health`` answers 200 when all three hold
and 503 otherwise, with what each check found::

    {"healthy": true,
     "checks": {"gateway": {"ok": true, "state": "connected"},
                "store": {"ok": true, "state": "answering", "seconds": 0.0004},
                "recovery": {"ok": true, "state": "finished"}}}
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord

STORE_TIMEOUT = 2.0
"""Seconds the store has to answer the health check's query."""


@dataclass(frozen=True)
class Check:
    """What one check found: whether it holds, and its state in a word."""

    ok: bool
    state: str
    seconds: float | None = None  # how long it took (the store's answer)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"ok": self.ok, "state": self.state}
        if self.seconds is not None:
            data["seconds"] = round(self.seconds, 6)
        return data


def gateway_check(client: discord.Client) -> Check:
    """Connected: logged in, ready, not closing, and every gateway connection of this
    process (one per shard) open."""
    if client.is_closed():
        return Check(False, "closed")
    if not client.is_ready():
        return Check(False, "connecting")
    if isinstance(client, discord.AutoShardedClient):
        shards = client.shards.values()
        if not shards or any(shard.is_closed() for shard in shards):
            return Check(False, "disconnected")
        return Check(True, "connected")
    websocket = client.ws
    if websocket is None or not websocket.open:
        return Check(False, "disconnected")
    return Check(True, "connected")


def shard_latencies(client: discord.Client) -> list[tuple[int, float]]:
    """Each gateway connection's heartbeat latency: (shard id, seconds; nan before the
    first heartbeat is answered)."""
    if isinstance(client, discord.AutoShardedClient):
        return client.latencies
    return [(client.shard_id or 0, client.latency)]


async def store_check(ping: Callable[[], Awaitable[None]], *,
                      timeout: float | None = None) -> Check:
    """The store answers ``ping`` within ``timeout`` seconds (default
    :data:`STORE_TIMEOUT`)."""
    started = time.perf_counter()
    try:
        await asyncio.wait_for(ping(), STORE_TIMEOUT if timeout is None else timeout)
    except TimeoutError:
        return Check(False, "timeout", time.perf_counter() - started)
    except Exception as error:  # closed, unreachable, locked: it does not answer
        return Check(False, f"failing: {type(error).__name__}", time.perf_counter() - started)
    return Check(True, "answering", time.perf_counter() - started)


@dataclass(frozen=True)
class Health:
    """The three checks of one bot (:mod:`bot.process.app` gives them)."""

    gateway: Callable[[], Check]
    store: Callable[[], Awaitable[Check]]
    recovery: Callable[[], Check]

    async def report(self) -> tuple[bool, dict[str, Any]]:
        """Whether every check holds, and the JSON body that says what each found."""
        checks = {"gateway": self.gateway(), "store": await self.store(),
                  "recovery": self.recovery()}
        healthy = all(check.ok for check in checks.values())
        return healthy, {"healthy": healthy,
                         "checks": {name: check.to_json() for name, check in checks.items()}}


__all__ = ["STORE_TIMEOUT", "Check", "Health", "gateway_check", "shard_latencies", "store_check"]

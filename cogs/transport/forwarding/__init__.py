"""Forwarding DM interactions between cluster processes (see :mod:`.relay`).

:class:`ClusterLink` is one process's part: the process holding shard 0 forwards
(:class:`~.relay.Forwarder`), every process that runs only some shards receives
(:class:`~.relay.Receiver`). It needs PostgreSQL (``LISTEN`` / ``NOTIFY``), which a
process that runs only some shards has anyway.
"""

from __future__ import annotations

from collections.abc import Callable

import discord

from bot.discord_api.cluster import ShardPlan
from bot.store.pg.forward import DEFAULT_TIMEOUT, ForwardQueue

from .relay import Forwarder, Receiver
from .response import ForwardedResponse


class ClusterLink:
    """This process's forwarding: start it in ``setup_hook`` (before any gateway event),
    start receiving once its tables are recovered, close it before the store."""

    def __init__(self, client: discord.Client, queue: ForwardQueue, plan: ShardPlan, *,
                 timeout: float = DEFAULT_TIMEOUT, default_locale: str = "en",
                 on_forward: Callable[[bool, float], None] | None = None) -> None:
        self.queue = queue
        self.forwarder = Forwarder(client, queue, plan, timeout=timeout,
                                   default_locale=default_locale,
                                   on_forward=on_forward) if plan.is_primary else None
        self.receiver = Receiver(client, queue, plan)
        self._receiving = False

    @classmethod
    async def open(cls, client: discord.Client, url: str, plan: ShardPlan, *,
                   timeout: float = DEFAULT_TIMEOUT, default_locale: str = "en",
                   on_forward: Callable[[bool, float], None] | None = None) -> ClusterLink:
        queue = await ForwardQueue.open(url)
        return cls(client, queue, plan, timeout=timeout, default_locale=default_locale,
                   on_forward=on_forward)

    async def start_forwarding(self) -> None:
        if self.forwarder is not None:
            await self.forwarder.start()

    async def start_receiving(self) -> None:
        """Take forwarded interactions from now on (before, their senders answer
        "restarting": the tables are not back yet)."""
        if not self._receiving:
            self._receiving = True
            await self.receiver.start()

    async def close(self) -> None:
        if self.forwarder is not None:
            await self.forwarder.close()
        await self.receiver.close()
        await self.queue.close()


__all__ = ["ClusterLink", "ForwardedResponse", "Forwarder", "Receiver"]

"""The bot without Discord's gateway: for the multi-process tests, and for trying a
cluster on a machine that cannot reach Discord.

``python -m bot --headless`` logs in over REST (``DDZ_DISCORD_API``: Discord's REST base,
or a stand-in for it), recovers its tables, says ``ready`` on stdout, then reads gateway
events from stdin, one JSON object a line (``{"t": "INTERACTION_CREATE", "d": {...}}``), and
hands each to discord.py's handler for it, as the gateway connection would. Everything
else runs as in a connected process: the tables, their timers and AI turns, the
presenter's messages (to the REST base), forwarding between processes. End of input stops
it cleanly.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from collections.abc import AsyncIterator

import discord
import orjson

log = logging.getLogger("ddz")


def use_api(base: str | None) -> None:
    """Send discord.py's REST requests (webhooks too) to ``base`` instead of Discord."""
    if base:
        discord.http.Route.BASE = base.rstrip("/")


async def stdin_lines() -> AsyncIterator[bytes]:
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=2 ** 22)
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    while line := await reader.readline():
        yield line


async def feed_gateway_events(client: discord.Client,
                              lines: AsyncIterator[bytes]) -> None:
    """Hand each gateway event of ``lines`` to discord.py's handler for it."""
    parsers = client._connection.parsers
    async for line in lines:
        if not line.strip():
            continue
        event = orjson.loads(line)  # as discord.py's gateway reads it
        try:
            parsers[event["t"]](event["d"])
        except Exception:
            log.exception("could not handle a %s event", event.get("t"))


__all__ = ["feed_gateway_events", "stdin_lines", "use_api"]

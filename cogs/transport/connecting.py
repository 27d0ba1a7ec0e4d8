"""Logging in to Discord with a bound on the wait: an endpoint that accepts the connection
and never answers (a stuck proxy, a firewall that holds packets) stops the start with one
clear line instead of a silent hang (issue 34)."""

from __future__ import annotations

import asyncio

import discord

__all__ = ["DiscordSilentError", "start_within"]


class DiscordSilentError(TimeoutError):
    """Discord (or what stands for it) did not answer in time."""

    def __init__(self, step: str, seconds: float) -> None:
        super().__init__(f"{step}: no answer within {seconds:g} s")
        self.step = step
        self.seconds = seconds


async def start_within(client: discord.Client, token: str, seconds: float) -> None:
    """``client.start(token)``, giving up when Discord is silent: the login (REST) must
    answer within ``seconds``, and the gateway's first READY must come ``seconds`` after
    it. Then the client runs (and reconnects) as ``start`` does."""
    try:
        await asyncio.wait_for(client.login(token), seconds)
    except TimeoutError as err:
        raise DiscordSilentError("login", seconds) from err
    connected = asyncio.ensure_future(client.wait_for("connect"))
    running = asyncio.ensure_future(client.connect())
    done, _ = await asyncio.wait({running, connected}, timeout=seconds,
                                 return_when=asyncio.FIRST_COMPLETED)
    connected.cancel()  # done by now, or no longer wanted (nothing if READY came)
    if not done:
        running.cancel()
        await asyncio.gather(running, connected, return_exceptions=True)
        raise DiscordSilentError("gateway", seconds)
    if running in done and connected not in done:  # the first connection failed
        error = running.exception()
        if error is not None and not isinstance(error, discord.ClientException):
            # discord.py can fail here with an AttributeError of its own (no socket yet)
            raise ConnectionError(f"the gateway: {type(error).__name__}: {error}") from error
    await running

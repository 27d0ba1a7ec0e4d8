"""SIGTERM and SIGINT stop the bot cleanly (issue 34): systemd and Docker stop a service
with SIGTERM. The first signal starts the clean stop (the tables finish the action they are
applying, the shutdown backup is written, the gateway and the worker pools close) and the
process exits 0; if that takes longer than ``HARD_STOP_S`` it exits 1 anyway; a second
signal exits at once."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
from collections.abc import Callable, Coroutine, Iterator
from contextlib import AbstractAsyncContextManager
from typing import Any

__all__ = ["HARD_STOP_S", "serve_until_stopped", "stop_signals"]

log = logging.getLogger(__name__)

HARD_STOP_S = 9.0  # a clean stop that takes longer is cut short (systemd waits 90 s)
SIGNALS = (signal.SIGTERM, signal.SIGINT)


@contextlib.contextmanager
def stop_signals(stop: Callable[[], object]) -> Iterator[None]:
    """While inside, the first SIGTERM or SIGINT calls ``stop()`` (which must make the
    serving coroutine return) and a second one ends the process at once."""
    loop = asyncio.get_running_loop()
    received: list[int] = []

    def on_signal(number: int) -> None:
        name = signal.Signals(number).name
        if received:
            log.warning("%s again: exiting now", name)
            os._exit(128 + number)
        received.append(number)
        log.info("%s: stopping (the tables finish their actions, then a backup)", name)
        loop.call_later(HARD_STOP_S, _cut_short, name)
        stop()

    for number in SIGNALS:
        loop.add_signal_handler(number, on_signal, number)
    try:
        yield
    finally:
        for number in SIGNALS:
            loop.remove_signal_handler(number)


def _cut_short(name: str) -> None:
    log.error("the stop after %s took over %g s: exiting without finishing it", name,
              HARD_STOP_S)
    os._exit(1)


async def serve_until_stopped(service: AbstractAsyncContextManager[Any],
                              work: Callable[[], Coroutine[Any, Any, None]]) -> None:
    """Enter ``service`` (the bot), run ``work()`` until it ends or a stop signal cancels
    it, then leave ``service`` (its clean close) with the signals still watched, so a
    second one during the close ends the process at once. ``work``'s own error, if any,
    is raised."""
    running: list[asyncio.Future[None]] = []

    def stop() -> None:
        for task in running:
            task.cancel()

    with stop_signals(stop):
        async with service:
            task = asyncio.ensure_future(work())
            running.append(task)
            await asyncio.wait({task})
    if not task.cancelled():
        task.result()

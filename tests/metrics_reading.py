"""Reading a bot's ``/metrics`` and ``/health`` over HTTP, as Prometheus and a health check
do (the bot serves them with ``metrics_port`` set; 0: any free port)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import aiohttp
from prometheus_client.parser import text_string_to_metric_families

Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


async def fetch(bot: Any, path: str) -> tuple[int, str]:
    port = bot.metrics_server.port
    async with aiohttp.ClientSession() as session, \
            session.get(f"http://127.0.0.1:{port}{path}") as response:
        return response.status, await response.text()


async def scrape(bot: Any) -> Samples:
    """Every sample of ``/metrics``: (name, labels) -> value."""
    status, text = await fetch(bot, "/metrics")
    assert status == 200
    return {(s.name, frozenset(s.labels.items())): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


async def scrape_until(bot: Any, holds: Callable[[Samples], bool],
                       timeout: float = 10.0) -> Samples:
    """The first scrape whose samples satisfy ``holds``: for a counter the bot moves just
    after the answer a test waits for (a sender counts a forward once the owner's
    acknowledgement is checked, which may come after the owner has answered Discord)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        samples = await scrape(bot)
        if holds(samples) or asyncio.get_running_loop().time() > deadline:
            return samples
        await asyncio.sleep(0.02)


def value(samples: Samples, name: str, **labels: str) -> float:
    return samples.get((name, frozenset(labels.items())), 0.0)


def total(samples: Samples, name: str, **labels: str) -> float:
    """The sum over every series of ``name`` that has these labels (and maybe more)."""
    wanted = set(labels.items())
    return sum(v for (n, ls), v in samples.items() if n == name and wanted <= ls)


async def health(bot: Any) -> tuple[int, dict[str, Any]]:
    """The health check's status (200 or 503) and what it found."""
    status, text = await fetch(bot, "/health")
    return status, json.loads(text)

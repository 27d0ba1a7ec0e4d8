"""Reading a bot's ``/metrics`` and ``/health`` over HTTP, as Prometheus and a health check
do (the bot serves them with ``metrics_port`` set; 0: any free port)."""

from __future__ import annotations

import json
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

"""Fixtures for the cluster tests: a PostgreSQL schema of their own, the Discord stand-in,
and discord.py's REST base pointed at it for the test."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator

import discord
import pytest

from bot.store.pg.scratch import scratch_schema
from tests.store.backends import PG_URL

from .standin import DiscordStandIn


def need_postgresql() -> str:
    """The test server's URL; without one the test is skipped, and under CI it fails (CI
    starts PostgreSQL: a cluster test that did not run is a failure)."""
    if PG_URL is None:
        if os.environ.get("CI", "").strip().lower() in ("1", "true", "yes"):
            pytest.fail("CI=true but DDZ_TEST_DATABASE_URL is not set: the cluster tests "
                        "need PostgreSQL")
        pytest.skip("the cluster tests need PostgreSQL (DDZ_TEST_DATABASE_URL)")
    return PG_URL


@pytest.fixture(params=["postgresql"])
async def pg_url(request: pytest.FixtureRequest) -> AsyncIterator[str]:
    async with scratch_schema(need_postgresql(), prefix="cluster") as url:
        yield url


@pytest.fixture
async def standin() -> AsyncIterator[DiscordStandIn]:
    server = DiscordStandIn()
    await server.start()
    yield server
    await server.close()


@pytest.fixture
def rest_to_standin(standin: DiscordStandIn) -> Iterator[None]:
    before = discord.http.Route.BASE
    discord.http.Route.BASE = standin.base
    yield None
    discord.http.Route.BASE = before

"""SimCord fixtures: the real bot against a simulated Discord (no network, no token)."""

from __future__ import annotations

import itertools

import pytest
import pytest_asyncio

from bot.process.app import create_bot
from bot.process.config import Settings

from .helpers import answered_errors_pass


@pytest.fixture
def settings(tmp_path) -> Settings:
    return Settings(db_path=tmp_path / "ddz.db", dev_guild_id=None, turn_seconds=30,
                    ai_delay=0.0, trustee_delay=0.0, edit_delay=0.0, ai_in_thread=False,
                    ping_budget=False)  # the budget has its own tests (test_ping_budget)


class Seeds:
    """The deals' seeds: 1, 2, 3… (a test plays the same deals every run, so a failure
    repeats), unless a test queues the seed of the deal it needs."""

    def __init__(self) -> None:
        self._count = itertools.count(1)
        self.queued: list[int] = []

    def __call__(self) -> int:
        return self.queued.pop(0) if self.queued else next(self._count)


@pytest.fixture
def seeds() -> Seeds:
    return Seeds()


@pytest_asyncio.fixture
async def simcord_bot(settings, seeds):
    bot = await create_bot(settings, seed_source=seeds)
    yield bot
    # SimCord detaches the bot but never closes it: close the database (its thread would
    # otherwise keep the test process alive at exit)
    await bot.close_store()


@pytest_asyncio.fixture
async def simcord_env(simcord_env):
    """SimCord's environment, where an error the bot answered (a refusal in the user's
    language) is not a test failure; an unexpected error still is."""
    answered_errors_pass(simcord_env.bot)
    yield simcord_env

"""SimCord fixtures: the real bot against a simulated Discord (no network, no token)."""

from __future__ import annotations

import itertools

import pytest
import pytest_asyncio

from bot.app import create_bot
from bot.config import Settings


@pytest.fixture
def settings(tmp_path) -> Settings:
    return Settings(db_path=tmp_path / "ddz.db", dev_guild_id=None, turn_seconds=30,
                    ai_delay=0.0, trustee_delay=0.0, edit_delay=0.0, ai_in_thread=False)


@pytest_asyncio.fixture
async def simcord_bot(settings):
    bot = await create_bot(settings)
    # deals from fixed seeds: a test plays the same deals every run (a failure repeats)
    bot.manager._seed_source = itertools.count(1).__next__
    yield bot
    # SimCord detaches the bot but never closes it: close the database (its thread would
    # otherwise keep the test process alive at exit)
    await bot.close_store()

"""The Activity's server against a real table manager and the REST stand-in."""

from __future__ import annotations

import pytest_asyncio

from bot.tables import TableManager
from tests.bot.helpers import open_store, quick_decide

from .pages import close_activity, open_activity


@pytest_asyncio.fixture
async def activity(tmp_path):
    store = await open_store(tmp_path)
    seeds = iter(range(1, 10_000))
    act = await open_activity(store, lambda presenter: TableManager(
        store, presenter, decide=quick_decide, ai_delay=0.0, trustee_delay=0.0,
        ai_in_thread=False, seed_source=lambda: next(seeds)))
    try:
        yield act
    finally:
        await close_activity(act)
        await store.close()

"""Fixtures for the store tests: a fresh store in a temporary folder, with players."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import Store

from .helpers import GUILD


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    async with Store.open(tmp_path / "db" / "store.db") as opened:
        yield opened


@pytest.fixture
async def players(store: Store) -> list[int]:
    """Users 1..4 in GUILD with the default 10 000 beans."""
    ids = [1, 2, 3, 4]
    for user_id in ids:
        await store.ensure_player(GUILD, user_id, f"player {user_id}")
    return ids

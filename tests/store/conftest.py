"""Fixtures for the store tests: the contract suite runs on every backend of
:mod:`tests.store.backends` (a fresh store per test), with players."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import Store

from .backends import BACKENDS, Target, new_target
from .helpers import GUILD


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
async def target(backend: str, tmp_path: Path) -> AsyncIterator[Target]:
    """Where a new store on this test's backend opens (a file, or a fresh schema)."""
    async with new_target(backend, tmp_path) as where:
        yield where


@pytest.fixture
async def store(target: Target) -> AsyncIterator[Store]:
    async with Store.open(target) as opened:
        yield opened


@pytest.fixture
async def players(store: Store) -> list[int]:
    """Users 1..4 in GUILD with the default 10 000 beans."""
    ids = [1, 2, 3, 4]
    for user_id in ids:
        await store.ensure_player(GUILD, user_id, f"player {user_id}")
    return ids

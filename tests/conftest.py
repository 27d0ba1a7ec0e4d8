"""Suite-wide guards."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest


def _db_threads() -> set[threading.Thread]:
    return {t for t in threading.enumerate() if "_connection_worker_thread" in t.name}


@pytest.fixture(autouse=True)
def no_database_left_open() -> Iterator[None]:
    """Every test closes the databases it opened: an open aiosqlite connection keeps a
    non-daemon thread that would stop the test process from exiting (a hung CI run)."""
    before = _db_threads()
    yield
    left = []
    for thread in _db_threads() - before:
        thread.join(timeout=5)
        if thread.is_alive():
            left.append(thread.name)
    assert not left, f"a database connection was left open: {left}"


@pytest.fixture(autouse=True)
def strict_ai(monkeypatch: pytest.MonkeyPatch) -> None:
    """An AI answer the engine refuses fails the test instead of being quietly replaced
    by a legal one (production logs it and falls back, ``bot.ai.position.STRICT``)."""
    import bot.ai.position

    monkeypatch.setattr(bot.ai.position, "STRICT", True)

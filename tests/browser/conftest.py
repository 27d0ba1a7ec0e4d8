"""Fixtures of the browser tests: the built page, one headless Chromium per worker (session
scope: the tests of this folder run in the session's event loop, as its Playwright objects
must), the Activity's server with a table manager and the REST stand-in (tests/web/pages),
and ``players``: open a user's Activity in the test host (tests/browser/host.py).

Without Chromium, Playwright or the built page the tests are skipped with the reason, and
the run's summary says the Activity page was not tested (tests/browser/guard.py); under
``CI=true`` each of those is a failure instead.
"""

from __future__ import annotations

import contextlib
import fcntl
import shutil
import subprocess
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest
import pytest_asyncio

from bot.store import Store
from bot.tables import TableManager
from tests.bot.helpers import open_store, quick_decide
from tests.web.pages import Activity, close_activity, open_activity

from .host import BUILD, LAUNCH_ARGS, WEB, Player, chromium_path, in_ci, open_player


def _unavailable(reason: str) -> None:
    """Skip, or under CI fail: a CI run must test the page."""
    if in_ci():
        pytest.fail(f"CI: {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def built_page() -> None:
    """web/dist/index.html: built here once when npm is there (a lock keeps two workers
    from building at once)."""
    index = WEB / "dist" / "index.html"
    if index.is_file():
        return
    if in_ci():
        pytest.fail(f"CI: the Activity's page is not built: run `{BUILD}` before the tests",
                    pytrace=False)
    if shutil.which("npm") is None:
        pytest.skip(f"the Activity's page is not built and npm is missing (`{BUILD}`)")
    with open(WEB / ".build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not index.is_file():
            done = subprocess.run("npm ci && npm run build", shell=True, cwd=WEB,
                                  capture_output=True, text=True, timeout=600)
            if done.returncode != 0 or not index.is_file():
                pytest.fail(f"`{BUILD}` failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}",
                            pytrace=False)


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def browser() -> AsyncIterator[Any]:
    path = chromium_path()
    if path is None:
        _unavailable("no Chromium (Debian: apt-get install chromium): the Activity page "
                     "was not tested")
    try:
        from playwright.async_api import async_playwright
    except ImportError:
        _unavailable("Playwright for Python is not installed (pip install -e '.[test]')")
    async with async_playwright() as playwright:
        chromium = await playwright.chromium.launch(executable_path=path, args=LAUNCH_ARGS,
                                                    headless=True)
        try:
            yield chromium
        finally:
            await chromium.close()


def manager_for(store: Store, seeds: Callable[[], int]) -> Callable[[Any], TableManager]:
    """A table manager on the server's presenter: quick AI seats, no delays."""
    return lambda presenter: TableManager(
        store, presenter, decide=quick_decide, ai_delay=0.0, trustee_delay=0.0,
        ai_in_thread=False, seed_source=seeds)


@contextlib.asynccontextmanager
async def activity_from(tmp_path: Any, first_seed: int = 1) -> AsyncIterator[Activity]:
    """The Activity's server on a store in ``tmp_path``, its deals dealt from
    ``first_seed`` on (a test that needs a particular hand names its seed)."""
    store = await open_store(tmp_path)
    seeds = iter(range(first_seed, 10_000))
    act = await open_activity(store, manager_for(store, lambda: next(seeds)))
    try:
        yield act
    finally:
        await close_activity(act)
        await store.close()


@pytest_asyncio.fixture(loop_scope="session")
async def activity(tmp_path, built_page) -> AsyncIterator[Activity]:
    async with activity_from(tmp_path) as act:
        yield act


Opener = Callable[..., Awaitable[Player]]


@pytest_asyncio.fixture(loop_scope="session")
async def players(browser, activity) -> AsyncIterator[Opener]:
    """``await players(user_id, name, locale=…, platform=…, viewport=…, code=…)``: the
    user's Activity opened in the test host (closed at the end)."""
    opened: list[Player] = []

    async def open_one(user_id: int, name: str, **options: Any) -> Player:
        player = await open_player(browser, activity, user_id, name, **options)
        opened.append(player)
        return player

    try:
        yield open_one
    finally:
        for player in opened:
            with contextlib.suppress(Exception):
                await player.close()

"""The Activity's server with the developer's door on (bot.web.devlogin), for the door's
own tests and the browser's test of the page opened outside Discord."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import aiohttp

from bot.store import Store
from bot.tables import TableManager
from bot.web import ActivityServer, DiscordAuth, WebPresenter
from tests.bot.helpers import open_store, quick_decide
from tests.cluster.standin import APP_ID, DiscordStandIn

from .pages import SECRET, Activity, Clock, close_activity


async def open_dev_activity(store: Store,
                            manager_for: Callable[[WebPresenter], TableManager],
                            port: int = 0) -> Activity:
    """The server on loopback with ``dev_login`` on (its Discord: the REST stand-in)."""
    stand = DiscordStandIn()
    base = await stand.start()
    clock = Clock()
    auth = DiscordAuth(api=base, client_id=str(APP_ID), client_secret=SECRET,
                       bot_token="bot-token", clock=clock)
    presenter = WebPresenter()
    manager = manager_for(presenter)
    server = ActivityServer(host="127.0.0.1", port=port, auth=auth, store=store,
                            manager=manager, presenter=presenter, turn_seconds=30,
                            clock=clock, dev_login=True)
    await server.start()
    return Activity(server, stand, manager, store, aiohttp.ClientSession(), clock)


def quick_manager(store: Store) -> Callable[[WebPresenter], TableManager]:
    return lambda presenter: TableManager(store, presenter, decide=quick_decide,
                                          ai_delay=0.0, trustee_delay=0.0,
                                          ai_in_thread=False)


@contextlib.asynccontextmanager
async def dev_activity(tmp_path: Path) -> AsyncIterator[Activity]:
    store = await open_store(tmp_path)
    act = await open_dev_activity(store, quick_manager(store))
    try:
        yield act
    finally:
        await close_activity(act)
        await store.close()


async def dev_token(act: Activity, name: Any = "Ann",
                    headers: dict[str, str] | None = None) -> tuple[int, dict[str, Any]]:
    """``POST /api/dev-token {name}`` (from the server's own page unless ``headers``)."""
    sent = {"Origin": act.url} if headers is None else headers
    async with act.http.post(f"{act.url}/api/dev-token", json={"name": name},
                             headers=sent) as response:
        return response.status, await response.json(content_type=None)

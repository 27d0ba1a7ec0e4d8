"""The Activity's server with limits of a test's choosing, and raw sockets to knock at its
door (issue 54's tests: tokens, limits, hostile input)."""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp

from bot.tables import TableManager
from bot.web import ActivityLimits
from tests.bot.helpers import open_store, quick_decide

from .pages import INSTANCE, Activity, Page, close_activity, open_activity

OAUTH = ("/oauth2/token", "/oauth2/@me", "/users/@me")


@contextlib.asynccontextmanager
async def activity_with(tmp_path: Path, **limits: Any) -> AsyncIterator[Activity]:
    """An Activity server (and its stand-in of Discord) with these limits."""
    store = await open_store(tmp_path)
    act = await open_activity(store, lambda presenter: TableManager(
        store, presenter, decide=quick_decide, ai_delay=0.0, trustee_delay=0.0,
        ai_in_thread=False), ActivityLimits(**limits))
    try:
        yield act
    finally:
        await close_activity(act)
        await store.close()


def asked(act: Activity, *paths: str) -> int:
    """How many requests the stand-in of Discord received (on these paths, or any)."""
    return len(act.stand.find(lambda c: not paths or c.path in paths
                              or any(p in c.path for p in paths)))


def refused_4xx(act: Activity) -> int:
    """Requests to Discord that ended in a 4xx."""
    return sum(n for status, n in act.stand.statuses().items() if 400 <= status < 500)


async def knock(act: Activity, frame: dict[str, Any] | str | None = None,
                address: str | None = None) -> Page:
    """A socket that sends ``frame`` first (an auth frame of the test's making) and has
    received the server's first answer to it (or was closed)."""
    ws = await act.http.ws_connect(f"{act.url}/api/ws", headers=act.headers(address))
    page = Page(ws)
    if frame is not None:
        await page.send(frame if isinstance(frame, str) else json.dumps(frame))
        await page.wait(lambda: page.frames or page.closed)
    return page


def auth_frame(token: str, instance: str = INSTANCE, **more: Any) -> dict[str, Any]:
    return {"type": "auth", "token": token, "instance_id": instance, **more}


async def post_code(act: Activity, code: Any, address: str | None = None,
                    origin: str | None = None) -> tuple[int, dict[str, Any]]:
    """``POST /api/token`` with ``{"code": code}``: the status and the JSON answer."""
    headers = act.headers(address)
    if origin is not None:
        headers["Origin"] = origin
    async with act.http.post(f"{act.url}/api/token", json={"code": code},
                             headers=headers) as response:
        return response.status, await response.json(content_type=None)


async def handshake_status(act: Activity, address: str | None = None) -> int:
    """The HTTP status of a socket refused before its upgrade (101: it opened)."""
    try:
        ws = await act.http.ws_connect(f"{act.url}/api/ws", headers=act.headers(address))
    except aiohttp.WSServerHandshakeError as refused:
        return refused.status
    await ws.close()
    return 101

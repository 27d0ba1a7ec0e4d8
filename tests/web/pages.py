"""Pages of the Activity as the tests drive them: a WebSocket client that keeps every frame
the server sent, and a server wired to a table manager and the REST stand-in."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import aiohttp

from bench.activity import AUCTION
from bot.store import Store
from bot.tables import TableManager
from bot.web import ActivityLimits, ActivityServer, DiscordAuth, WebPresenter
from tests.cluster.standin import APP_ID, DiscordStandIn

GUILD = 700_000_000_000_000_001
CHANNEL = 700_000_000_000_000_002
INSTANCE = "i-1234"
SECRET = "client-secret-never-shown"


class Page:
    """One open page: its socket and every frame it received."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.frames: list[dict[str, Any]] = []
        self.sent: list[dict[str, Any]] = []  # every frame it sent as a dict
        self.changed = asyncio.Event()
        self._ids = itertools.count(1)
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for message in self.ws:
            if message.type == aiohttp.WSMsgType.TEXT:
                self.frames.append(json.loads(message.data))
                self.changed.set()
        self.changed.set()

    @property
    def closed(self) -> bool:
        return self._reader.done()

    def of_type(self, kind: str) -> list[dict[str, Any]]:
        return [f for f in self.frames if f["type"] == kind]

    @property
    def table(self) -> dict[str, Any] | None:
        tables = self.of_type("table")
        return tables[-1] if tables else None

    async def wait(self, predicate: Callable[[], Any], timeout: float = 15.0) -> Any:
        deadline = time.monotonic() + timeout
        while not (found := predicate()):
            left = deadline - time.monotonic()
            if left <= 0 or (self.closed and not predicate()):
                raise TimeoutError(f"the page never saw that; last frames: {self.frames[-3:]}")
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), min(left, 0.2))
        return found

    async def send(self, frame: dict[str, Any] | str) -> None:
        if not isinstance(frame, str):
            self.sent.append(frame)
        await self.ws.send_str(frame if isinstance(frame, str) else json.dumps(frame))

    async def act(self, action: str, **fields: Any) -> dict[str, Any]:
        """Send an action and wait for its answer."""
        ref = next(self._ids)
        await self.send({"type": "action", "id": ref, "action": action, **fields})
        return await self.wait(lambda: next((f for f in self.of_type("answer")
                                              if f["id"] == ref), None))  # type: ignore[no-any-return]

    async def close(self) -> None:
        await self.ws.close()
        with contextlib.suppress(Exception):
            await self._reader


class Clock:
    """``time.monotonic``, moved on by a test (:meth:`advance`) instead of waiting."""

    def __init__(self) -> None:
        self.offset = 0.0

    def __call__(self) -> float:
        return time.monotonic() + self.offset

    def advance(self, seconds: float) -> None:
        self.offset += seconds


@dataclass
class Activity:
    """The server under test, the stand-in of Discord and a client session."""

    server: ActivityServer
    stand: DiscordStandIn
    manager: TableManager
    store: Store
    http: aiohttp.ClientSession
    clock: Clock = field(default_factory=Clock)  # the server's and its auth's clock

    @property
    def url(self) -> str:
        return self.server.url

    def member(self, user_id: int, instance: str = INSTANCE) -> None:
        """Put the user in the Activity instance."""
        users = [int(u) for u in self.stand.instances.get(instance, {}).get("users", [])]
        self.stand.open_instance(instance, GUILD, CHANNEL, [*users, user_id])

    async def token(self, user_id: int, name: str = "u", prefix: str = "/api",
                    address: str | None = None) -> str:
        code = self.stand.grant(user_id, name)
        async with self.http.post(f"{self.url}{prefix}/token", json={"code": code},
                                  headers=self.headers(address)) as response:
            assert response.status == 200, await response.text()
            return str((await response.json())["access_token"])

    def headers(self, address: str | None = None) -> dict[str, str]:
        """The page's origin, and the client address a trusted proxy would name."""
        return {"Origin": self.url} | ({"X-Forwarded-For": address} if address else {})

    async def page(self, user_id: int, name: str = "u", *, token: str | None = None,
                   locale: str = "en", instance: str = INSTANCE, join: bool = True,
                   address: str | None = None, **auth: Any) -> Page:
        """A page of a user in the instance, authenticated (its first frames received)."""
        if join:
            self.member(user_id, instance)
        token = token or await self.token(user_id, name, address=address)
        ws = await self.http.ws_connect(f"{self.url}/api/ws",
                                        headers=self.headers(address))
        page = Page(ws)
        await page.send({"type": "auth", "token": token, "instance_id": instance,
                         "locale": locale, **auth})
        await page.wait(lambda: page.of_type("error") or page.of_type("table")
                        or page.of_type("no_table"))
        return page


def bot_settings(tmp_path: Any, base: str) -> Any:
    """A bot's settings with the Activity on (any free port), its REST at the stand-in."""
    from bot.process.config import Settings

    return Settings(db_path=tmp_path / "ddz.db", token="bot-token", turn_seconds=30,
                    ai_delay=0.0, trustee_delay=0.0, edit_delay=0.0, ai_in_thread=False,
                    ping_budget=False, render_processes=0, ai_processes=0,
                    discord_api=base, activity_port=0, client_id=str(APP_ID),
                    client_secret="s3cret")


async def open_activity(store: Store, manager_for: Callable[[WebPresenter], TableManager],
                        limits: ActivityLimits | None = None) -> Activity:
    """The server on the table manager ``manager_for`` makes on the server's presenter."""
    stand = DiscordStandIn()
    base = await stand.start()
    clock = Clock()
    limits = limits or ActivityLimits()
    auth = DiscordAuth(api=base, client_id=str(APP_ID), client_secret=SECRET,
                       bot_token="bot-token", clock=clock,
                       invalid_per_minute=limits.invalid_per_minute)
    presenter = WebPresenter()
    manager = manager_for(presenter)
    server = ActivityServer(host="127.0.0.1", port=0, auth=auth, store=store,
                            manager=manager, presenter=presenter, turn_seconds=30,
                            limits=limits, clock=clock)
    await server.start()
    return Activity(server, stand, manager, store, aiohttp.ClientSession(), clock)


async def close_activity(activity: Activity) -> None:
    await activity.http.close()
    await activity.server.stop()
    await activity.manager.shutdown()
    await activity.stand.close()


async def play_my_turns(page: Page, timeout: float = 60.0) -> dict[str, Any]:
    """Play the user's seat until the deal ends, from what the server sent: the auction's
    choices, then the first legal play (or a pass when nothing beats). Returns the result."""
    acted: set[int] = set()
    deadline = time.monotonic() + timeout
    while not page.of_type("result"):
        assert time.monotonic() < deadline, "the deal did not end"
        frame = page.table
        you = frame["you"] if frame else None
        if you and you["my_turn"] and you["seq"] not in acted:
            acted.add(you["seq"])
            if you["phase"] == "play":
                legal = you["legal"]
                if legal:
                    move = legal[0]
                    answer = await page.act("play", cards=move["cards"], kind=move["kind"],
                                            main=move["main"], seq=you["seq"])
                else:
                    assert you["cannot_beat"]
                    answer = await page.act("pass", seq=you["seq"])
            else:
                action, fields = AUCTION[you["phase"]]
                answer = await page.act(action, seq=you["seq"], **fields)
            if answer.get("code") == "rate_limited":  # this test plays faster than people
                acted.discard(you["seq"])
                await asyncio.sleep(0.1)
            assert answer["ok"] or answer["code"] in ("stale", "rate_limited"), answer
            continue
        seen = len(page.frames)
        await page.wait(lambda seen=seen: len(page.frames) > seen or page.of_type("result"))
    return page.of_type("result")[-1]["result"]  # type: ignore[no-any-return]

"""Interaction requests go out from a thread of their own (issue 37): discord.py builds and
reads them as ever, its errors reach the caller, the event loop's session is not used; with
a test's adapter installed (SimCord), nothing changes."""

from __future__ import annotations

import asyncio
import contextvars
import io
import json
import threading
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest
from aiohttp import web
from discord.webhook.async_ import (
    AsyncWebhookAdapter,
    async_context,
    interaction_response_params,
)

from cogs.transport.interaction_thread import ThreadedWebhookAdapter, send_from_thread

APP, TOKEN = 77, "tok-en"


class FakeDiscord:
    """A click's token's routes (``@original``, follow-ups), answered as Discord does."""

    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []
        self.refuse: list[tuple[int, dict[str, Any], dict[str, str]]] = []

    async def handle(self, request: web.Request) -> web.Response:
        record: dict[str, Any] = {"method": request.method, "path": request.path}
        if request.content_type.startswith("multipart/"):
            reader = await request.multipart()
            async for part in reader:
                assert isinstance(part, aiohttp.BodyPartReader)
                record[part.name or ""] = await part.read()
            record["json"] = json.loads(record.pop("payload_json"))
        else:
            record["json"] = await request.json()
        self.requests.append(record)
        if self.refuse:
            status, body, headers = self.refuse.pop(0)
        else:
            status, body, headers = 200, _message(record["json"].get("content")), {}
        # exactly Discord's content type: discord.py reads JSON only under it
        return web.Response(body=json.dumps(body), status=status,
                            headers={**headers, "Content-Type": "application/json"})


def _message(content: str | None) -> dict[str, Any]:
    return {"id": "1234", "channel_id": "2", "content": content or "", "type": 0,
            "attachments": [], "embeds": [], "mentions": [], "mention_roles": [],
            "pinned": False, "mention_everyone": False, "tts": False, "flags": 0,
            "timestamp": "2026-01-01T00:00:00+00:00", "edited_timestamp": None,
            "author": {"id": str(APP), "username": "ddz", "discriminator": "0",
                       "avatar": None}}


@pytest.fixture
async def fake_discord(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscord]:
    fake = FakeDiscord()
    app = web.Application()
    app.router.add_route("*", "/api/v10/webhooks/{app}/{token}", fake.handle)
    app.router.add_route("POST", "/api/v10/interactions/{id}/{token}/callback", fake.handle)
    app.router.add_route("*", "/api/v10/webhooks/{app}/{token}/messages/{message}",
                         fake.handle)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    monkeypatch.setattr(discord.http.Route, "BASE", f"http://127.0.0.1:{port}/api/v10")
    yield fake
    await runner.cleanup()


async def _closed_session() -> aiohttp.ClientSession:
    """The event loop's session, as far as these requests go: closed, so a request made
    with it would fail."""
    session = aiohttp.ClientSession()
    await session.close()
    return session


async def _in_context(adapter: AsyncWebhookAdapter, work: Any) -> Any:
    """``work()`` in a context where ``adapter`` answers interactions (as the bot's tasks
    after :func:`send_from_thread`)."""
    context = contextvars.copy_context()
    context.run(async_context.set, adapter)
    return await asyncio.create_task(work(), context=context)


async def test_requests_go_out_from_the_thread(fake_discord: FakeDiscord) -> None:
    adapter = ThreadedWebhookAdapter()
    webhook = discord.Webhook.partial(APP, TOKEN, session=await _closed_session())
    png = b"\x89PNG picture"
    threads: list[threading.Thread] = []

    async def work() -> discord.WebhookMessage:
        sent = await webhook.send("your turn", wait=True,
                                  file=discord.File(io.BytesIO(png), "hand.png"))
        threads.append(adapter._thread)  # type: ignore[arg-type]
        await webhook.edit_message(sent.id, content="words only")
        return sent

    try:
        sent = await _in_context(adapter, work)
    finally:
        await adapter.close()
    assert sent.content == "your turn"  # discord.py read the answer as ever
    posted, edited = fake_discord.requests
    assert posted["path"] == f"/api/v10/webhooks/{APP}/{TOKEN}"
    assert posted["json"]["content"] == "your turn" and posted["files[0]"] == png
    assert edited["method"] == "PATCH" and edited["json"]["content"] == "words only"
    assert adapter.sent == 2
    assert threads[0].name == "ddz-interactions"
    assert threads[0] is not threading.current_thread() and not threads[0].is_alive()


async def test_a_refused_request_raises_to_the_caller(fake_discord: FakeDiscord) -> None:
    adapter = ThreadedWebhookAdapter()
    webhook = discord.Webhook.partial(APP, TOKEN, session=await _closed_session())
    fake_discord.refuse.append((404, {"code": 10015, "message": "Unknown Webhook"}, {}))
    # then rate limited (Discord's 429 comes with a Via header): waited, and sent again
    fake_discord.refuse.append((429, {"retry_after": 0.05, "global": False,
                                      "message": "You are being rate limited."},
                                {"Via": "1.1 google"}))

    async def work() -> None:
        with pytest.raises(discord.NotFound) as refused:
            await webhook.edit_message(5, content="gone")
        assert refused.value.code == 10015
        await webhook.edit_message(5, content="again")

    try:
        await _in_context(adapter, work)
    finally:
        await adapter.close()
    assert [r["json"]["content"] for r in fake_discord.requests] == ["gone", "again", "again"]


async def test_the_first_answer_is_made_on_the_loop(fake_discord: FakeDiscord) -> None:
    """An interaction's callback (a deferral here) goes at once, not behind the thread's
    edits: with the event loop's session."""
    adapter = ThreadedWebhookAdapter()
    async with aiohttp.ClientSession() as session:
        await _in_context(adapter, lambda: adapter.create_interaction_response(
            9, TOKEN, session=session, params=interaction_response_params(type=6)))
    await adapter.close()
    assert adapter.sent == 0 and adapter._thread is None
    (answer,) = fake_discord.requests
    assert answer["path"] == f"/api/v10/interactions/9/{TOKEN}/callback"
    assert answer["json"] == {"type": 6}


async def test_after_close_requests_are_made_on_the_loop(fake_discord: FakeDiscord) -> None:
    adapter = ThreadedWebhookAdapter()
    await adapter.close()  # never started: nothing to stop
    async with aiohttp.ClientSession() as session:
        webhook = discord.Webhook.partial(APP, TOKEN, session=session)
        await _in_context(adapter, lambda: webhook.edit_message(5, content="late"))
    assert adapter.sent == 0 and adapter._thread is None
    assert fake_discord.requests[0]["json"]["content"] == "late"


async def test_installed_only_over_discord_pys_own_adapter() -> None:
    async def install() -> tuple[Any, Any]:
        return send_from_thread(), async_context.get()

    installed, current = await asyncio.create_task(install(), context=contextvars.Context())
    assert isinstance(installed, ThreadedWebhookAdapter) and current is installed
    await installed.close()

    class Simulated(AsyncWebhookAdapter):  # a test's (SimCord's) adapter
        pass

    simulated = Simulated()
    context = contextvars.Context()
    context.run(async_context.set, simulated)
    installed, current = await asyncio.create_task(install(), context=context)
    assert installed is None and current is simulated

"""Edits through a click's token go out from a thread of their own (issue 37): the same
request discord.py sends, its errors raised to the caller, the view kept listening; with a
test's adapter installed (SimCord), the usual way on the event loop."""

from __future__ import annotations

import io
import json
import threading
from collections.abc import AsyncIterator
from types import SimpleNamespace
from typing import Any, cast

import aiohttp
import discord
import pytest
from aiohttp import web
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

from cogs.token_sender import TokenSender
from cogs.views import hand_view


class FakeDiscord:
    """``PATCH /webhooks/{app}/{token}/messages/@original``, answered as Discord does."""

    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []
        self.refuse: list[tuple[int, dict[str, Any], dict[str, str]]] = []

    async def edit(self, request: web.Request) -> web.Response:
        record: dict[str, Any] = {"path": request.path, "thread": threading.current_thread()}
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
            status, body, headers = 200, {"id": "1", "channel_id": "2", "content": "",
                                          "type": 0, "attachments": []}, {}
        # exactly Discord's content type: discord.py reads JSON only under it
        return web.Response(body=json.dumps(body), status=status,
                            headers={**headers, "Content-Type": "application/json"})


@pytest.fixture
async def fake_discord(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeDiscord]:
    fake = FakeDiscord()
    app = web.Application()
    app.router.add_patch("/api/v10/webhooks/{app}/{token}/messages/@original", fake.edit)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    monkeypatch.setattr(discord.http.Route, "BASE", f"http://127.0.0.1:{port}/api/v10")
    yield fake
    await runner.cleanup()


class FakeClick:
    """What the sender reads of a click: its token, and discord.py's connection state."""

    def __init__(self) -> None:
        self.application_id = 77
        self.token = "tok-en"
        self.stored: list[tuple[discord.ui.View, int]] = []
        self.fallback: list[dict[str, Any]] = []
        self._state = SimpleNamespace(
            http=SimpleNamespace(proxy=None, proxy_auth=None), allowed_mentions=None,
            store_view=lambda view, message_id: self.stored.append((view, message_id)))

    async def edit_original_response(self, **fields: Any) -> None:
        self.fallback.append(fields)


def _click() -> tuple[FakeClick, discord.Interaction]:
    click = FakeClick()
    return click, cast(discord.Interaction, click)


async def test_an_edit_goes_out_from_the_thread(fake_discord: FakeDiscord) -> None:
    sender = TokenSender()
    click, interaction = _click()
    view = hand_view(5, [], "en")
    png = b"\x89PNG picture"
    try:
        await sender.edit_original(interaction, 1234, content="your turn", view=view,
                                   attachments=[discord.File(io.BytesIO(png), "hand.png")])
        await sender.edit_original(interaction, 1234, content="words only")
    finally:
        await sender.close()
    first, second = fake_discord.requests
    assert first["path"] == "/api/v10/webhooks/77/tok-en/messages/@original"
    assert first["json"]["content"] == "your turn"
    assert first["json"]["components"] == view.to_components()
    assert first["json"]["attachments"] == [{"id": 0, "filename": "hand.png"}]
    assert first["files[0]"] == png
    assert second["json"] == {"content": "words only", "tts": False}  # as discord.py sends it
    assert sender.sent == 2 and not click.fallback
    assert click.stored == [(view, 1234)]  # its buttons keep answering, as discord.py does
    assert sender._thread is None  # stopped


async def test_the_thread_sends_while_the_loop_is_busy(fake_discord: FakeDiscord) -> None:
    """The request is written by the sender's thread, not by the event loop's."""
    sender = TokenSender()
    _, interaction = _click()
    try:
        await sender.edit_original(interaction, 1, content="x")
        thread = sender._thread
        assert thread is not None and thread is not threading.current_thread()
        assert thread.name == "ddz-token-edits" and thread.is_alive()
    finally:
        await sender.close()
    assert not thread.is_alive()


async def test_a_refused_edit_raises_to_the_caller(fake_discord: FakeDiscord) -> None:
    sender = TokenSender()
    _, interaction = _click()
    fake_discord.refuse.append((404, {"code": 10015, "message": "Unknown Webhook"}, {}))
    try:
        with pytest.raises(discord.NotFound) as refused:
            await sender.edit_original(interaction, 1, content="gone")
        assert refused.value.code == 10015
        # rate limited (Discord's 429 comes with a Via header): waited and sent again
        fake_discord.refuse.append((429, {"retry_after": 0.05, "global": False,
                                          "message": "You are being rate limited."},
                                    {"Via": "1.1 google"}))
        await sender.edit_original(interaction, 1, content="again")
    finally:
        await sender.close()
    assert [r["json"].get("content") for r in fake_discord.requests] == [
        "gone", "again", "again"]


async def test_a_tests_adapter_is_used_on_the_loop(fake_discord: FakeDiscord) -> None:
    """SimCord installs its own adapter: the edit goes through the interaction then."""
    sender = TokenSender()
    click, interaction = _click()

    class Simulated(AsyncWebhookAdapter):
        pass

    previous = async_context.get()
    async_context.set(Simulated())
    try:
        assert not sender.usable()
        await sender.edit_original(interaction, 1, content="simulated")
    finally:
        async_context.set(previous)
    assert click.fallback == [{"content": "simulated"}]
    assert sender._thread is None and not fake_discord.requests
    # after close, too
    await sender.close()
    await sender.edit_original(interaction, 1, content="closed")
    assert click.fallback[-1] == {"content": "closed"} and not fake_discord.requests

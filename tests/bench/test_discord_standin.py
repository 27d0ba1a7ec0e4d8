"""The load bench's Discord stand-in reads a message's multipart body (its JSON payload
and the names of its files) as Discord would, without aiohttp's slow multipart reader."""

from __future__ import annotations

import json

import aiohttp
from aiohttp import payload as aiohttp_payload

from bench.discord_standin import multipart


class _Sink:
    def __init__(self) -> None:
        self.data = bytearray()

    async def write(self, chunk: bytes) -> None:
        self.data += chunk


async def _encoded(form: aiohttp.FormData) -> tuple[bytes, str]:
    body = form()
    assert isinstance(body, aiohttp_payload.Payload)
    sink = _Sink()
    await body.write(sink)  # type: ignore[arg-type]
    return bytes(sink.data), body.content_type


async def test_a_message_with_files_is_read_as_sent() -> None:
    """discord.py sends ``payload_json`` and ``files[n]`` parts (aiohttp's FormData)."""
    payload = {"content": "P1 passes\nline two", "components": [{"type": 1}],
               "attachments": [{"id": 0, "filename": "table.png"}]}
    form = aiohttp.FormData(quote_fields=False)
    form.add_field("payload_json", json.dumps(payload))
    form.add_field("files[0]", b"\x89PNG\r\n\r\n--not a boundary\r\n" * 100,
                   filename="table.png", content_type="application/octet-stream")
    form.add_field("files[1]", b"\x00" * 10, filename="hand.png",
                   content_type="application/octet-stream")
    body, content_type = await _encoded(form)
    assert multipart(body, content_type) == (payload, ["table.png", "hand.png"])


async def test_a_body_without_a_payload_or_a_boundary_is_empty() -> None:
    form = aiohttp.FormData(quote_fields=False)
    form.add_field("files[0]", b"x", filename="a.png", content_type="image/png")
    body, content_type = await _encoded(form)
    assert multipart(body, content_type) == ({}, ["a.png"])
    assert multipart(body, "multipart/form-data") == ({}, [])


async def test_every_route_answers_with_its_buckets_headers() -> None:
    """Discord sends rate-limit headers on every route; without them discord.py lets one
    request at a time through a route (opening 450 people's DM channels one by one)."""
    from aiohttp import web
    from aiohttp.test_utils import TestClient, TestServer

    from bench.discord_standin import API, CHANNEL_LIMIT, ROUTE_LIMIT, StandIn

    standin = StandIn()
    standin.emit = lambda event: None  # type: ignore[method-assign]
    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", standin.handle)
    async with TestClient(TestServer(app)) as client:
        opened = await client.post(f"{API}/users/@me/channels", json={"recipient_id": "41"})
        sent = await client.post(f"{API}/channels/42/messages", json={"content": "hi"})
        assert opened.status == sent.status == 200
        assert (await opened.json())["id"] == "42"
        assert opened.headers["X-RateLimit-Limit"] == str(ROUTE_LIMIT)
        assert opened.headers["X-RateLimit-Remaining"] == str(ROUTE_LIMIT - 1)
        assert opened.headers["X-RateLimit-Bucket"] != sent.headers["X-RateLimit-Bucket"]
        assert sent.headers["X-RateLimit-Limit"] == str(CHANNEL_LIMIT)
        for _ in range(CHANNEL_LIMIT - 1):
            assert (await client.post(f"{API}/channels/42/messages", json={})).status == 200
        refused = await client.post(f"{API}/channels/42/messages", json={})
        assert refused.status == 429 and standin.limited["channel"] == 1
        again = await client.post(f"{API}/users/@me/channels", json={"recipient_id": "41"})
        assert again.headers["X-RateLimit-Remaining"] == str(ROUTE_LIMIT - 2)

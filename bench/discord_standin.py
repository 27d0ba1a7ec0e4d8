"""A Discord REST stand-in in its own process, for ``bench/discord_load.py``, that enforces
Discord's documented rate limits the way Discord does.

Run: ``python -m bench.discord_standin [--port 0]``. It prints ``listening <REST base>``,
then one JSON line per request it answered (what the driver reads: which message, its
words, buttons, select options and files; or which interaction was answered), and a
summary line ``{"k": "end", ...}`` when its standard input ends.

Limits (answered with 429 and the ``X-RateLimit-*`` headers discord.py paces itself by,
``Via`` included, without which discord.py takes a 429 for a Cloudflare ban):

- per channel (a guild channel or a DM), 5 message creates or edits per 5 s, one bucket
  (``X-RateLimit-Bucket: channel-messages``, the channel its major parameter);
- every other route (opening a DM, reading a user, ...), a bucket of its own that Discord
  does not document: 50 requests a second, its headers sent as Discord sends them on every
  route (without them discord.py takes a route for one request at a time, and 450 people's
  first hand DMs queued one by one behind opening their DM channels);
- global, 50 requests a second, except the interaction endpoints (callbacks, and the
  follow-ups and edits through the interaction's token), which Discord's docs say are
  not bound by the global limit. A 429 carries ``"global": true`` and
  ``X-RateLimit-Global``. Refused requests do not count toward either limit.

Every 429 is counted (by scope) in the JSON lines and the summary.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import re
import sys
import time
from dataclasses import dataclass
from typing import Any

from aiohttp import web

API = "/api/v10"
BOT_ID = 900_000_000_000_000_001
CHANNEL_LIMIT, CHANNEL_SECONDS = 5, 5.0
ROUTE_LIMIT, ROUTE_SECONDS = 50, 1.0  # a route other than a channel's messages
GLOBAL_LIMIT, GLOBAL_SECONDS = 50, 1.0
CONTENT_KEPT = 1200  # characters of a message's words passed on to the driver


@dataclass
class Window:
    """A fixed window: ``limit`` requests, then none until ``seconds`` after its first."""

    limit: int
    seconds: float
    start: float = -1e18
    used: int = 0

    def take(self, now: float) -> tuple[bool, int, float]:
        """(allowed, remaining, seconds until the window resets)."""
        if now >= self.start + self.seconds:
            self.start, self.used = now, 0
        reset_after = self.start + self.seconds - now
        if self.used >= self.limit:
            return False, 0, reset_after
        self.used += 1
        return True, self.limit - self.used, reset_after


_BOUNDARY = re.compile(r'boundary="?([^";]+)"?')
_NAME = re.compile(rb'\bname="([^"]*)"')
_FILENAME = re.compile(rb'\bfilename="([^"]*)"')


def multipart(body: bytes, content_type: str) -> tuple[dict[str, Any], list[str]]:
    """The JSON payload and the file names of a multipart body, read by hand: aiohttp's
    reader parses each part's Content-Disposition with thousands of ``re.escape`` calls
    (0.65 ms a part), which at 500 tables stalled the stand-in for hundreds of ms at a
    time and bunched the requests it had not read yet into 429s of its own making."""
    found = _BOUNDARY.search(content_type)
    if found is None:
        return {}, []
    payload: dict[str, Any] = {}
    files: list[str] = []
    for part in body.split(b"--" + found.group(1).encode())[1:]:
        head, _, data = part.partition(b"\r\n\r\n")
        name = _NAME.search(head)
        if name is None:
            continue  # the closing "--"
        filename = _FILENAME.search(head)
        if filename is not None:
            files.append(filename.group(1).decode())
        elif name.group(1) == b"payload_json":
            try:
                parsed = json.loads(data.removesuffix(b"\r\n"))
            except (json.JSONDecodeError, UnicodeDecodeError):
                continue
            payload = parsed if isinstance(parsed, dict) else {}
    return payload, files


def _user(user_id: int, name: str = "u") -> dict[str, Any]:
    return {"id": str(user_id), "username": name, "discriminator": "0", "global_name": name,
            "avatar": None, "bot": user_id == BOT_ID}


def _json(value: Any, status: int = 200, headers: dict[str, str] | None = None
          ) -> web.Response:
    # discord.py reads a body as JSON only for exactly this content type (no charset)
    return web.Response(body=json.dumps(value).encode(), status=status,
                        headers={"Content-Type": "application/json", **(headers or {})})


def components_of(body: dict[str, Any]) -> tuple[dict[str, bool], list[list[str]]]:
    """The message's buttons (custom_id -> disabled) and its selects' option labels."""
    buttons: dict[str, bool] = {}
    selects: list[list[str]] = []
    for row in body.get("components") or []:
        for item in row.get("components") or []:
            if item.get("type") == 2 and item.get("custom_id"):
                buttons[item["custom_id"]] = bool(item.get("disabled"))
            elif item.get("type") == 3:
                selects.append([o.get("label", "") for o in item.get("options") or []])
    return buttons, selects


class StandIn:
    """The REST routes a headless bot uses, rate-limited, each answer reported."""

    def __init__(self) -> None:
        self._ids = itertools.count(800_000_000_000_000_000)
        self.buckets: dict[str, Window] = {}  # a channel's messages by channel, else by route
        self.global_window = Window(GLOBAL_LIMIT, GLOBAL_SECONDS)
        self.limited = {"channel": 0, "route": 0, "global": 0}
        self.requests = 0
        self.routes: dict[str, int] = {}  # requests by method and route (ids as {id})

    out: asyncio.WriteTransport | None = None  # stdout, once the server is up

    def emit(self, event: dict[str, Any]) -> None:
        """Tell the driver (a JSON line on stdout). Through a non-blocking pipe: a busy
        driver must not stall Discord's side (requests read late bunch up and overrun
        the global window: 429s that were the observer's doing)."""
        line = json.dumps(event, separators=(",", ":")) + "\n"
        if self.out is None:
            sys.stdout.write(line)
            sys.stdout.flush()
        else:
            self.out.write(line.encode())

    async def body(self, request: web.Request) -> tuple[dict[str, Any], list[str]]:
        """The JSON payload and the names of the files sent with it."""
        if request.content_type.startswith("multipart/"):
            return multipart(await request.read(), request.headers["Content-Type"])
        if request.can_read_body:
            try:
                parsed = await request.json()
            except (json.JSONDecodeError, UnicodeDecodeError):
                return {}, []
            return (parsed if isinstance(parsed, dict) else {}), []
        return {}, []

    def limit(self, now: float, channel: str | None, route: str
              ) -> tuple[web.Response | None, str, dict[str, str]]:
        """(a 429 or None, the 429's scope, the bucket's headers) for a request to
        ``channel``'s messages, or (``channel`` None) to ``route``; a refused request
        takes nothing from any limit."""
        window = self.global_window
        if window.used >= GLOBAL_LIMIT and now < window.start + GLOBAL_SECONDS:
            retry = window.start + GLOBAL_SECONDS - now
            self.limited["global"] += 1
            return _json({"message": "You are being rate limited.", "retry_after": retry,
                          "global": True, "code": 0}, 429,
                         {"Retry-After": f"{retry:.3f}", "X-RateLimit-Global": "true",
                          "X-RateLimit-Scope": "global", "Via": "1.1 google"}), "global", {}
        if channel is not None:
            key, scope, name, limit, seconds = channel, "channel", "channel-messages", \
                CHANNEL_LIMIT, CHANNEL_SECONDS
        else:
            key, scope, name, limit, seconds = route, "route", f"route-{abs(hash(route)):x}", \
                ROUTE_LIMIT, ROUTE_SECONDS
        bucket = self.buckets.setdefault(key, Window(limit, seconds))
        allowed, remaining, reset_after = bucket.take(now)
        headers = {"X-RateLimit-Limit": str(limit),
                   "X-RateLimit-Remaining": str(remaining),
                   "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
                   "X-RateLimit-Reset-After": f"{reset_after:.3f}",
                   "X-RateLimit-Bucket": name}
        if not allowed:
            self.limited[scope] += 1
            return _json({"message": "You are being rate limited.",
                          "retry_after": reset_after, "global": False, "code": 0}, 429,
                         {**headers, "Retry-After": f"{reset_after:.3f}",
                          "X-RateLimit-Scope": "user", "Via": "1.1 google"}), scope, headers
        window.take(now)
        return None, "", headers

    def message(self, channel_id: str, body: dict[str, Any], message_id: str | None = None
                ) -> dict[str, Any]:
        return {"id": message_id or str(next(self._ids)), "channel_id": channel_id,
                "author": _user(BOT_ID, "ddz"), "content": body.get("content") or "",
                "timestamp": "2026-01-01T00:00:00+00:00", "edited_timestamp": None,
                "tts": False, "mention_everyone": False, "mentions": [], "mention_roles": [],
                "attachments": [], "embeds": [], "pinned": False, "type": 0,
                "flags": body.get("flags", 0)}

    def report(self, kind: str, now: float, body: dict[str, Any], files: list[str],
               **fields: Any) -> None:
        buttons, selects = components_of(body)
        attachments = body.get("attachments")
        names = files or [a.get("filename", "") for a in attachments or []]
        # an edit leaves what it does not name as it was (ct, b, o: None)
        edit = kind in ("edit", "orig")
        kept = edit and "components" not in body
        self.emit({"k": kind, "t": now,
                   "ct": None if edit and "content" not in body else
                   (body.get("content") or "")[:CONTENT_KEPT],
                   "b": None if kept else buttons, "o": None if kept else selects,
                   "f": names if attachments is not None or files else None, **fields})

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path.removeprefix(API)
        method = request.method
        body, files = await self.body(request)
        now = time.monotonic()
        self.requests += 1
        parts = path.strip("/").split("/")
        route = f"{method} /" + "/".join(
            "{id}" if p.isdigit() else "{token}" if i == 2 and parts[0] in (
                "webhooks", "interactions") else p for i, p in enumerate(parts))
        self.routes[route] = self.routes.get(route, 0) + 1
        if parts[0] == "interactions":  # /interactions/{id}/{token}/callback
            data = body.get("data") or {}
            self.report("cb", now, data, files, i=parts[1], ty=body.get("type"))
            return _json({"interaction": {"id": parts[1], "type": 3}})
        if parts[0] == "webhooks":  # /webhooks/{app}/{token}[/messages/{id}]
            if method == "DELETE":
                return web.Response(status=204)
            message_id = parts[4] if len(parts) > 4 and parts[4] != "@original" else None
            self.report("fu" if method == "POST" else "orig", now, body, files, tok=parts[2],
                        m=message_id)
            return _json(self.message("0", body, message_id))
        is_message = parts[0] == "channels" and len(parts) >= 3 and parts[2] == "messages" \
            and method in ("POST", "PATCH", "DELETE")
        refused, scope, headers = self.limit(now, parts[1] if is_message else None, route)
        if refused is not None:
            self.emit({"k": "429", "t": now, "scope": scope, "p": f"{method} {path}",
                       "c": parts[1] if is_message else None})
            return refused
        response = self.answer(method, path, parts, body, files, now, is_message, headers)
        for name, value in headers.items():  # every route's answer carries its bucket's
            response.headers.setdefault(name, value)
        return response

    def answer(self, method: str, path: str, parts: list[str], body: dict[str, Any],
               files: list[str], now: float, is_message: bool, headers: dict[str, str]
               ) -> web.Response:
        """The answer to a request bound by the rate limits (and let through)."""
        if path == "/users/@me" and method == "GET":
            return _json(_user(BOT_ID, "ddz"))
        if path == "/oauth2/applications/@me":
            return _json({"id": str(BOT_ID), "name": "ddz", "icon": None, "description": "",
                          "bot_public": True, "bot_require_code_grant": False,
                          "owner": _user(BOT_ID + 1, "owner"), "verify_key": "0" * 64,
                          "flags": 0, "team": None, "summary": ""})
        if path == "/users/@me/channels" and method == "POST":
            user = int(body.get("recipient_id", 0))
            return _json({"id": str(user + 1), "type": 1, "recipients": [_user(user)],
                          "last_message_id": None})
        if is_message:
            channel = parts[1]
            if method == "DELETE":
                return web.Response(status=204, headers=headers)
            if method == "POST" and len(parts) == 3:
                answer = self.message(channel, body)
                self.report("post", now, body, files, c=channel, m=answer["id"])
                return _json(answer, headers=headers)
            if method == "PATCH" and len(parts) == 4:
                self.report("edit", now, body, files, c=channel, m=parts[3])
                return _json(self.message(channel, body, parts[3]), headers=headers)
        if parts[0] == "channels" and method == "GET" and parts[-1] == "messages":
            return _json([])
        if parts[0] == "applications" and parts[-1] == "commands" and method == "PUT":
            return _json([])
        if parts[0] == "channels" and method == "POST" and parts[-1] == "typing":
            return web.Response(status=204)
        return _json({"message": f"the stand-in has no {method} {path}", "code": 0}, 404)


async def serve(port: int) -> None:
    standin = StandIn()
    app = web.Application(client_max_size=2 ** 24)
    app.router.add_route("*", "/{tail:.*}", standin.handle)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", port, backlog=1024)
    await site.start()
    bound = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    print(f"listening http://127.0.0.1:{bound}{API}", flush=True)
    loop = asyncio.get_running_loop()
    closed = loop.create_future()

    class Out(asyncio.Protocol):
        def connection_lost(self, exc: Exception | None) -> None:
            if not closed.done():
                closed.set_result(None)

    standin.out, _ = await loop.connect_write_pipe(Out, sys.stdout)
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    while await reader.readline():
        pass  # the driver closes our input to stop us
    standin.emit({"k": "end", "t": time.monotonic(), "limited": standin.limited,
                  "requests": standin.requests, "routes": standin.routes})
    standin.out.close()  # after what it holds is written
    await closed
    await runner.cleanup()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.discord_standin",
                                     description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, default=0)
    asyncio.run(serve(parser.parse_args(argv).port))


if __name__ == "__main__":
    main()

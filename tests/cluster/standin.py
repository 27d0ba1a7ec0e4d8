"""A stand-in for the few Discord REST endpoints a headless bot uses, on 127.0.0.1: login
(``/users/@me``, the application), channel messages and DMs (the presenter), and the
interaction endpoints (callbacks, follow-ups, edits of the original); for the Activity
(bot/web), the OAuth2 code exchange, ``/oauth2/@me`` and ``/users/@me`` with a user's token
(a token may be minted for another application: :meth:`DiscordStandIn.mint_token`), and the
Activity instances (made to answer 429 or any status by :attr:`instance_status`); the
global command sync, with Discord's rule that a bulk overwrite must keep the
app's Entry Point command (error 50240), and the Activity's launch (a type 12 callback,
refused when ``refuse_launch``). Every call is recorded with the status it was answered
(:meth:`DiscordStandIn.statuses`); messages get ids so edits of them work."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import secrets
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

BOT_ID = 900_000_000_000_000_001
APP_ID = BOT_ID
OWNER_ID = 900_000_000_000_000_002
OTHER_APP_ID = 900_000_000_000_000_099  # another application, whose tokens are foreign here
API = "/api/v10"
PRIMARY_ENTRY_POINT = 4  # an application command's type
ENTRY_POINT_REMOVED = 50240
LAUNCH_ACTIVITY = 12  # an interaction callback's type


@dataclass
class Call:
    method: str
    path: str
    body: dict[str, Any]
    at: float = field(default_factory=time.monotonic)
    content_type: str = ""
    status: int = 0  # the status it was answered with (0 while it is being answered)

    @property
    def content(self) -> str:
        return str(self.body.get("content") or (self.body.get("data") or {}).get("content")
                   or "")


def _user(user_id: int, name: str = "u") -> dict[str, Any]:
    return {"id": str(user_id), "username": name, "discriminator": "0", "global_name": name,
            "avatar": None, "bot": user_id == BOT_ID}


def _json(value: Any, status: int = 200) -> web.Response:
    # discord.py reads a body as JSON only for exactly this content type (no charset)
    return web.Response(body=json.dumps(value).encode(), status=status,
                        headers={"Content-Type": "application/json"})


class DiscordStandIn:
    def __init__(self) -> None:
        self.calls: list[Call] = []
        self._ids = itertools.count(800_000_000_000_000_000)
        self._runner: web.AppRunner | None = None
        self.base = ""
        self.changed = asyncio.Event()
        # the Activity: OAuth2 codes (code -> user), user tokens, instances (id -> answer)
        self.codes: dict[str, tuple[int, str]] = {}
        self.user_tokens: dict[str, tuple[int, str]] = {}
        self.token_apps: dict[str, int] = {}  # a token's application, when not this one
        self.instances: dict[str, dict[str, Any]] = {}
        # the instance endpoint answers this status instead (429: with a Retry-After)
        self.instance_status: int | None = None
        self.retry_after = 1.0
        # global commands as registered (an Entry Point the Developer Portal made, say)
        self.commands: list[dict[str, Any]] = []
        self.refuse_launch = False  # the app has no Activity enabled: type 12 is refused

    def grant(self, user_id: int, name: str = "u") -> str:
        """An OAuth2 code for the user, as the SDK's ``authorize`` would give the page."""
        code = f"code-{user_id}-{len(self.codes)}-{secrets.token_urlsafe(8)}"
        self.codes[code] = (user_id, name)
        return code

    def mint_token(self, user_id: int, name: str = "u", application_id: int = APP_ID) -> str:
        """An access token of the user, issued to ``application_id`` (another application's
        token proves the user at ``/users/@me`` just as well; ``/oauth2/@me`` names it)."""
        token = f"token-{user_id}-{len(self.user_tokens)}-{secrets.token_urlsafe(8)}"
        self.user_tokens[token] = (user_id, name)
        if application_id != APP_ID:
            self.token_apps[token] = application_id
        return token

    def revoke(self, token: str) -> None:
        """The user took the app's authorization back: the token no longer works."""
        self.user_tokens.pop(token, None)

    def statuses(self, predicate: Callable[[Call], bool] = lambda c: True) -> Counter[int]:
        """How many calls (of those ``predicate`` takes) were answered with each status."""
        return Counter(c.status for c in self.calls if predicate(c))

    def open_instance(self, instance_id: str, guild_id: int, channel_id: int,
                      users: list[int]) -> None:
        self.instances[instance_id] = {
            "application_id": str(APP_ID), "instance_id": instance_id, "launch_id": "1",
            "location": {"id": f"gc-{guild_id}-{channel_id}", "kind": "gc",
                         "channel_id": str(channel_id), "guild_id": str(guild_id)},
            "users": [str(u) for u in users]}

    async def start(self) -> str:
        app = web.Application(client_max_size=2 ** 24)
        app.router.add_route("*", "/{tail:.*}", self._handle)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.base = f"http://127.0.0.1:{port}{API}"
        return self.base

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    # ----------------------------------------------------------------- reading the record
    def find(self, predicate: Callable[[Call], bool]) -> list[Call]:
        return [c for c in self.calls if predicate(c)]

    def answers(self, interaction_id: int, token: str) -> list[Call]:
        """The calls that answered one interaction (its callback, follow-ups, edits)."""
        return self.find(lambda c: f"/interactions/{interaction_id}/" in c.path
                         or f"/webhooks/{APP_ID}/{token}" in c.path)

    async def wait(self, predicate: Callable[[], bool], timeout: float = 10.0) -> None:
        deadline = time.monotonic() + timeout
        while not predicate():
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("the stand-in did not see the expected calls; it saw "
                                   + "; ".join(f"{c.method} {c.path}" for c in self.calls[-12:]))
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), min(left, 0.2))

    # ----------------------------------------------------------------- answering
    async def _body(self, request: web.Request) -> dict[str, Any]:
        if request.content_type.startswith("multipart/"):
            body: dict[str, Any] = {}
            reader = await request.multipart()
            async for part in reader:
                if part.name == "payload_json":  # type: ignore[union-attr]
                    body = json.loads(await part.text())  # type: ignore[union-attr]
                else:
                    await part.read()  # type: ignore[union-attr]
            return body
        if request.content_type == "application/x-www-form-urlencoded":
            return {k: str(v) for k, v in (await request.post()).items()}
        if request.can_read_body:
            try:
                parsed = await request.json()
            except (json.JSONDecodeError, UnicodeDecodeError):
                return {}
            return parsed if isinstance(parsed, dict) else {"list": parsed}
        return {}

    def _message(self, channel_id: str, body: dict[str, Any], message_id: str | None = None
                 ) -> dict[str, Any]:
        return {"id": message_id or str(next(self._ids)), "channel_id": channel_id,
                "author": _user(BOT_ID, "ddz"), "content": body.get("content") or "",
                "timestamp": "2026-01-01T00:00:00+00:00", "edited_timestamp": None,
                "tts": False, "mention_everyone": False, "mentions": [], "mention_roles": [],
                "attachments": [], "embeds": [], "pinned": False, "type": 0,
                "flags": body.get("flags", 0)}

    def _activity(self, request: web.Request, path: str,
                  body: dict[str, Any]) -> web.Response | None:
        """The Activity's routes: the code exchange, a user's ``/users/@me``, instances."""
        auth = request.headers.get("Authorization", "")
        if path == "/oauth2/token" and request.method == "POST":
            who = self.codes.pop(body.get("code", ""), None)
            if who is None or body.get("grant_type") != "authorization_code":
                return _json({"error": "invalid_grant"}, status=400)
            token = self.mint_token(*who)
            return _json({"access_token": token, "token_type": "Bearer",
                          "expires_in": 604800, "scope": "identify"})
        if path == "/users/@me" and auth.startswith("Bearer "):
            user = self.user_tokens.get(auth.removeprefix("Bearer "))
            return _json(_user(*user)) if user else _json({"message": "401: Unauthorized",
                                                           "code": 0}, status=401)
        if path == "/oauth2/@me" and auth.startswith("Bearer "):
            token = auth.removeprefix("Bearer ")
            user = self.user_tokens.get(token)
            if user is None:
                return _json({"message": "401: Unauthorized", "code": 0}, status=401)
            application = self.token_apps.get(token, APP_ID)
            return _json({"application": {"id": str(application), "name": "app",
                                          "icon": None, "description": "", "bot_public": True,
                                          "bot_require_code_grant": False,
                                          "verify_key": "0" * 64, "flags": 0},
                          "scopes": ["identify"], "expires": "2099-01-01T00:00:00+00:00",
                          "user": _user(*user)})
        if "/activity-instances/" in path and request.method == "GET":
            if self.instance_status is not None:
                return web.Response(
                    status=self.instance_status, headers={
                        "Content-Type": "application/json",
                        "Retry-After": f"{self.retry_after:g}"},
                    body=json.dumps({"message": "You are being rate limited.",
                                     "retry_after": self.retry_after, "global": False}
                                    if self.instance_status == 429 else
                                    {"message": "Oops", "code": 0}).encode())
            answer = self.instances.get(path.rsplit("/", 1)[1])
            return _json(answer) if answer else _json({"message": "Unknown", "code": 10001},
                                                      status=404)
        return None

    def _overwrite_commands(self, payload: list[dict[str, Any]]) -> web.Response:
        """A global bulk overwrite; refused, as Discord does, when it drops the app's Entry
        Point command (the same name and type 4 must be in it)."""
        kept = [c for c in self.commands if c.get("type") == PRIMARY_ENTRY_POINT]
        if kept and not any(c.get("type") == PRIMARY_ENTRY_POINT
                            and c.get("name") == kept[0]["name"] for c in payload):
            return _json({"message": "You cannot remove this app's Entry Point command in a "
                          "bulk update operation. Please include the Entry Point command in "
                          "your update request or delete it separately.",
                          "code": ENTRY_POINT_REMOVED}, status=400)
        self.commands = [{"id": str(next(self._ids)), "application_id": str(APP_ID),
                          "version": "1", "description": "", **c} for c in payload]
        return _json(self.commands)

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path.removeprefix(API)
        body = await self._body(request)
        call = Call(request.method, path, body, content_type=request.content_type)
        self.calls.append(call)
        self.changed.set()
        response = await self._answer(request, path, body)
        call.status = response.status
        self.changed.set()
        return response

    async def _answer(self, request: web.Request, path: str,
                      body: dict[str, Any]) -> web.StreamResponse:
        parts = path.strip("/").split("/")
        method = request.method
        activity = self._activity(request, path, body)
        if activity is not None:
            return activity
        if path == "/users/@me" and method == "GET":
            return _json(_user(BOT_ID, "ddz"))
        if path == "/oauth2/applications/@me":
            return _json({
                "id": str(APP_ID), "name": "ddz", "icon": None, "description": "",
                "bot_public": True, "bot_require_code_grant": False,
                "owner": _user(OWNER_ID, "owner"), "verify_key": "0" * 64, "flags": 0,
                "team": None, "summary": ""})
        if path == "/users/@me/channels" and method == "POST":
            user = int(body.get("recipient_id", 0))
            return _json({"id": str(user + 1), "type": 1,
                                      "recipients": [_user(user)], "last_message_id": None})
        if parts[0] == "interactions":
            if body.get("type") == LAUNCH_ACTIVITY and self.refuse_launch:
                return _json({"message": "Invalid Form Body", "code": 50035, "errors": {
                    "type": {"_errors": [{"code": "APPLICATION_ACTIVITIES_DISABLED",
                                          "message": "Activities are not enabled"}]}}},
                             status=400)
            return _json({"interaction": {"id": parts[1], "type": 3}})
        if parts[0] == "webhooks":  # follow-ups and the original response
            if method == "DELETE":
                return web.Response(status=204)
            message_id = parts[4] if len(parts) > 4 and parts[4] != "@original" else None
            return _json(self._message("0", body, message_id))
        if parts[0] == "channels" and len(parts) >= 3 and parts[2] == "messages":
            if method == "GET" and len(parts) == 3:
                return _json([])
            if method == "DELETE":
                return web.Response(status=204)
            if method == "POST" and len(parts) == 3:
                return _json(self._message(parts[1], body))
            if method == "PATCH" and len(parts) == 4:
                return _json(self._message(parts[1], body, parts[3]))
        if parts[0] == "applications" and parts[-1] == "commands" and len(parts) == 3:
            if method == "GET":
                return _json(self.commands)
            if method == "PUT":  # the global sync
                return self._overwrite_commands(body.get("list", []))
        if parts[0] == "applications" and parts[-1] == "commands" and method == "PUT":
            return _json([{"id": str(next(self._ids)), "application_id": str(APP_ID),
                           "guild_id": parts[3], "version": "1", "description": "", **c}
                          for c in body.get("list", [])])  # a guild's sync
        if parts[0] == "channels" and method == "POST" and parts[-1] == "typing":
            return web.Response(status=204)
        return _json({"message": f"the stand-in has no {method} {path}",
                                  "code": 0}, status=404)

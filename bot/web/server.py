"""The Activity's web server (aiohttp, in the bot process): the page, the OAuth2 token
exchange and one WebSocket per open page (:mod:`bot.web.protocol` documents its frames).

Every route answers at ``/api/…`` and at ``/.proxy/api/…`` (Discord's proxy path). Every
response may be framed by Discord (a CSP ``frame-ancestors`` naming Discord's hosts, no
``X-Frame-Options``); the token exchange and the socket check the page's ``Origin``.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from aiohttp import WSMsgType, web

from bot.store import Store
from bot.tables import TableManager
from bot.words.locales import spoken
from bot.words.page import page_words

from .actions import Act, perform
from .auth import AuthError, DiscordAuth, Instance, WebUser
from .presenter import WebPresenter, state_frame
from .protocol import FrameError, dumps, parse_action, parse_frame
from .sessions import Connection, Sessions

log = logging.getLogger("ddz.web")
PAGE_DIR = Path(__file__).resolve().parents[2] / "web" / "dist"
FRAME_ANCESTORS = "'self' https://discord.com https://*.discord.com https://*.discordsays.com"
CSP = f"frame-ancestors {FRAME_ANCESTORS}"
AUTH_TIMEOUT = 10.0  # seconds a new socket has to send its auth frame
RECHECK = 60.0  # seconds after which an action checks again that its user is in the instance
NOT_BUILT = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Dou Dizhu</title></head><body><h1>Dou Dizhu</h1>
<p>The Activity's page is not built yet. Build it with <code>cd web &amp;&amp; npm ci
&amp;&amp; npm run build</code> (the output goes to <code>web/dist/</code>), then reload.</p>
<p>The server's API (<code>/api/token</code>, <code>/api/ws</code>) works already.</p>
</body></html>"""


def page_locale(value: Any) -> str:
    """The user's language as the SDK reports it: zh-CN, zh-TW, otherwise en."""
    return spoken(value)


def origin_allowed(origin: str | None, own: set[str]) -> bool:
    """Discord's proxy (``https://<app>.discordsays.com``) or this server itself."""
    if not origin:
        return False
    if origin in own:
        return True
    parts = urlsplit(origin)
    return parts.scheme == "https" and (parts.hostname or "").endswith(".discordsays.com")


Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@web.middleware
async def framing_headers(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Let Discord frame every answer (and nobody else)."""
    try:
        response = await handler(request)
    except web.HTTPException as err:
        _framed(err)
        raise
    return _framed(response)


def _framed(response: web.StreamResponse) -> web.StreamResponse:
    response.headers["Content-Security-Policy"] = CSP
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers.pop("X-Frame-Options", None)
    return response


def _refusal(code: str, message: str, status: int) -> web.Response:
    return web.json_response({"error": message, "code": code}, status=status)


class ActivityServer:
    """The web server of the Activity; :meth:`start` / :meth:`stop` with the bot."""

    def __init__(self, *, host: str, port: int, auth: DiscordAuth, store: Store,
                 turn_seconds: int | None = None, page_dir: Path = PAGE_DIR) -> None:
        self.host = host
        self.port = port
        self.auth = auth
        self.store = store
        self.turn_seconds = turn_seconds
        self.page_dir = page_dir
        self.sessions = Sessions()
        self.presenter = WebPresenter(self.sessions)
        self.manager: TableManager | None = None
        self._runner: web.AppRunner | None = None
        self.app = self._make_app()

    def attach(self, manager: TableManager) -> None:
        """The table manager the pages act through (made after this server's presenter)."""
        self.manager = manager
        self.presenter.attach(manager)

    @property
    def page_built(self) -> bool:
        return (self.page_dir / "index.html").is_file()

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def _make_app(self) -> web.Application:
        app = web.Application(middlewares=[framing_headers], client_max_size=64 * 1024)
        for prefix in ("/api", "/.proxy/api"):
            app.router.add_post(f"{prefix}/token", self.token)
            app.router.add_get(f"{prefix}/config", self.config)
            app.router.add_get(f"{prefix}/ws", self.socket)
        app.router.add_get("/", self.index)
        if self.page_built:
            app.router.add_static("/", self.page_dir, show_index=False)
        return app

    async def start(self) -> None:
        """Listen on ``host:port`` (port 0: any free port, read back into ``port``)."""
        self._runner = web.AppRunner(self.app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        if self.port == 0:  # the port the system chose
            sockets: Any = getattr(site._server, "sockets", None) or [None]
            self.port = int(sockets[0].getsockname()[1])
        log.info("the Activity's server listens on %s", self.url)
        if not self.page_built:
            log.warning("the Activity is on but its page is not built: run `cd web && npm ci "
                        "&& npm run build` (until then / says how)")

    async def stop(self) -> None:
        await self.sessions.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        await self.auth.close()

    # ----------------------------------------------------------------- routes
    def _own_origins(self) -> set[str]:
        return {f"http://{self.host}:{self.port}", f"http://127.0.0.1:{self.port}",
                f"http://localhost:{self.port}"}

    def _check_origin(self, request: web.Request) -> None:
        if not origin_allowed(request.headers.get("Origin"), self._own_origins()):
            raise web.HTTPForbidden(text=dumps({"error": "this origin may not use the API",
                                                "code": "bad_origin"}),
                                    content_type="application/json")

    async def index(self, request: web.Request) -> web.StreamResponse:
        if self.page_built:
            return web.FileResponse(self.page_dir / "index.html")
        return web.Response(text=NOT_BUILT, content_type="text/html")

    async def config(self, request: web.Request) -> web.Response:
        """``GET /api/config`` → ``{client_id}``: what the page needs to start the SDK (the
        application's id is public; the secret never leaves the server)."""
        return web.json_response({"client_id": self.auth.client_id})

    async def token(self, request: web.Request) -> web.Response:
        """``POST /api/token {code}`` → ``{access_token}``."""
        self._check_origin(request)
        try:
            body = await request.json()
        except ValueError:
            body = None
        code = body.get("code") if isinstance(body, dict) else None
        if not isinstance(code, str) or not code or len(code) > 512:
            return _refusal("bad_request", "send {\"code\": <the OAuth2 code>}", 400)
        try:
            token, user = await self.auth.exchange(code)
        except AuthError as err:
            return _refusal(err.code, str(err), err.status)
        log.info("the Activity signed in user %s", user.user_id)
        return web.json_response({"access_token": token})

    async def socket(self, request: web.Request) -> web.StreamResponse:
        """``/api/ws``: the first frame authenticates, then actions until it closes."""
        self._check_origin(request)
        ws = web.WebSocketResponse(max_msg_size=64 * 1024, heartbeat=30)
        await ws.prepare(request)
        page = await self._authenticate(ws)
        if page is None:
            await ws.close()
            return ws
        self.sessions.add(page)
        try:
            async for message in ws:
                if message.type in (WSMsgType.TEXT, WSMsgType.BINARY):
                    await self._on_frame(page, message.data)
                elif message.type == WSMsgType.ERROR:
                    break
        finally:
            self.sessions.remove(page)
            await page.close()
        return ws

    async def _authenticate(self, ws: web.WebSocketResponse) -> Connection | None:
        """The auth frame: the token's user, in the instance, in its channel."""
        try:
            message = await ws.receive(timeout=AUTH_TIMEOUT)
        except TimeoutError:
            await _send_error(ws, "not_authenticated", "send the auth frame first")
            return None
        if message.type not in (WSMsgType.TEXT, WSMsgType.BINARY):
            return None
        try:
            frame = parse_frame(message.data)
            if frame["type"] != "auth":
                raise FrameError("not_authenticated", "the first frame is {\"type\": \"auth\"}")
            token, instance_id = frame.get("token"), frame.get("instance_id")
            if not isinstance(token, str) or not isinstance(instance_id, str):
                raise FrameError("bad_frame", "auth needs \"token\" and \"instance_id\"")
            user, instance = await self._who(token, instance_id, frame.get("channel_id"))
        except FrameError as err:
            await _send_error(ws, err.code, str(err))
            return None
        except AuthError as err:
            await _send_error(ws, err.code, str(err))
            return None
        page = Connection(ws, user, guild_id=instance.guild_id,
                          channel_id=instance.channel_id,
                          locale=page_locale(frame.get("locale")), instance_id=instance_id)
        page.send({"type": "welcome", "user_id": str(user.user_id), "name": user.name,
                   "guild_id": str(instance.guild_id),
                   "channel_id": str(instance.channel_id), "words": page_words(page.locale)})
        if self.manager is not None:
            page.send(state_frame(self.manager, page.channel_id, user.user_id, page.locale))
        return page

    async def _still_in_instance(self, page: Connection) -> bool:
        """Whether the page's user is still in its Activity instance: asked of Discord
        again when the last check is :data:`RECHECK` seconds old (one left the call)."""
        now = time.monotonic()
        if now - page.checked_at < RECHECK:
            return True
        try:
            instance = await self.auth.instance(page.instance_id)
        except AuthError as err:
            log.info("the instance check of a page failed: %s", err)
            return err.code == "discord_unreachable"  # Discord down: keep playing
        page.checked_at = now
        return page.user.user_id in instance.users

    async def _who(self, token: str, instance_id: str,
                   claimed: Any) -> tuple[WebUser, Instance]:
        user = await self.auth.user_of(token)
        instance = await self.auth.instance(instance_id)
        if user.user_id not in instance.users:
            raise FrameError("not_in_instance", "you are not in this Activity")
        if claimed is not None and str(claimed) != str(instance.channel_id):
            raise FrameError("wrong_channel", "this Activity is in another channel")
        return user, instance

    async def _on_frame(self, page: Connection, data: str | bytes) -> None:
        limited = not page.limit.allow()
        frame: dict[str, Any] = {}
        try:
            frame = parse_frame(data)
            if limited:  # refused, and said to the action it refuses when it has an id
                raise FrameError("rate_limited", "too many frames: slow down")
            if frame["type"] == "auth":  # the same user again: the state afresh
                if self.manager is not None:
                    page.send(state_frame(self.manager, page.channel_id, page.user.user_id,
                                          page.locale))
                return
            if frame["type"] != "action":
                raise FrameError("bad_frame", f"unknown frame type {frame['type'][:20]!r}")
            action, fields = parse_action(frame)
        except FrameError as err:
            refusal: dict[str, Any] = {"type": "error", "code": err.code, "error": str(err)}
            if (limited or frame.get("type") == "action") and isinstance(frame.get("id"),
                                                                        int | str):
                refusal.update(type="answer", id=frame["id"], ok=False)  # its action hears
            page.send(refusal)
            return
        ref = frame.get("id")
        if not await self._still_in_instance(page):
            page.send({"type": "error", "code": "not_in_instance",
                       "error": "you are no longer in this Activity"})
            await page.close()
            return
        if self.manager is None:
            page.send({"type": "answer", "id": ref, "ok": False, "code": "starting",
                       "error": "the tables are not ready yet"})
            return
        answer = await perform(Act(self.manager, self.store, page, fields,
                                   self.turn_seconds), action)
        page.send({"type": "answer", "id": ref if isinstance(ref, int | str) else None,
                   "action": action, **answer})


async def _send_error(ws: web.WebSocketResponse, code: str, message: str) -> None:
    await ws.send_str(dumps({"type": "error", "code": code, "error": message}))


__all__ = ["CSP", "ActivityServer", "origin_allowed", "page_locale"]

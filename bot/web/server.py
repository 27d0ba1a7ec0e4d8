"""The Activity's web server (aiohttp, in the bot process): the page, the OAuth2 token
exchange and one WebSocket per open page (:mod:`bot.web.protocol` documents its frames).

Every route answers at ``/api/…`` and at ``/.proxy/api/…`` (Discord's proxy path). Every
response may be framed by Discord only (a CSP ``frame-ancestors`` naming Discord's clients
and this application's Activity, no ``X-Frame-Options``) and names no software version
(``Server: doudizhu-bot``); the token exchange and the socket check the page's ``Origin``
(:mod:`bot.web.origins`), the token exchange's answers are never stored
(``Cache-Control: no-store``). What each user and address may do is counted at the door
(:mod:`bot.web.door`); who a page is, by :mod:`bot.web.auth`. A developer's sign-in
without Discord (``POST /api/dev-token``) exists only when asked for, on the loopback
(:mod:`bot.web.devlogin`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from html import escape
from pathlib import Path
from typing import Any, cast

from aiohttp import WSMsgType, web, web_response

from bot.store import Store
from bot.tables import TableManager
from bot.words.door import door_text
from bot.words.locales import EN, TW, ZH, spoken
from bot.words.page import page_words
from bot.words.unbuilt_page import unbuilt_words

from .actions import Act, perform
from .auth import AuthError, DiscordAuth, Instance, WebUser
from .devlogin import DEV_CHANNEL, DEV_GUILD, DevLogin
from .door import ActivityLimits, Door, Refusal
from .limits import Clock, QuietFilter
from .origins import client_address, frame_ancestors, origin_allowed, trusted_networks
from .presenter import WebPresenter, state_frame
from .protocol import (
    FrameError,
    answer_frame,
    dumps,
    error_frame,
    parse_action,
    parse_frame,
    parse_json,
)
from .sessions import STRIKES, Connection, Sessions
from .signin import RECHECK, SignIn
from .wire import PageWords, RefusedFrame

log = logging.getLogger("ddz.web")
HTTP_LOG = logging.getLogger("ddz.web.http")  # aiohttp's protocol errors, quietly
HTTP_LOG.addFilter(QuietFilter())
PAGE_DIR = Path(__file__).resolve().parents[2] / "web" / "dist"
SERVER = "doudizhu-bot"  # the Server header: no Python or aiohttp version
# aiohttp answers a request its parser refuses (a 400 before any handler or middleware) with
# its own Server header, naming Python's and aiohttp's versions; that default is a module
# constant of aiohttp.web_response, so it is replaced there (aiohttp's clients keep theirs)
if isinstance(getattr(web_response, "SERVER_SOFTWARE", None), str):
    web_response.SERVER_SOFTWARE = SERVER  # type: ignore[attr-defined]
MAX_TOKEN_BODY = 4096  # bytes of a POST /api/token body
MAX_MESSAGE = 16 * 1024  # bytes of one WebSocket message (a frame is at most MAX_FRAME)
AUTH_TIMEOUT = 10.0  # seconds a new socket has to send its auth frame
BUILD = "cd web && npm ci && npm run build"  # what builds the page into web/dist/


def page_served(page_dir: Path | None = None) -> bool:
    """The Activity's page is built (``index.html`` in ``page_dir``, by default the one
    the server serves, :data:`PAGE_DIR`): only then is Play in the app offered."""
    return ((page_dir or PAGE_DIR) / "index.html").is_file()


def accept_language(header: str | None) -> str:
    """The language of an ``Accept-Language`` header the bot speaks, the browser's most
    wanted first: zh-TW (zh-TW, zh-HK, zh-MO, zh-Hant…), zh-CN (another zh), en; English
    when it asks for none of them."""
    wanted: list[tuple[float, int, str]] = []
    for order, part in enumerate((header or "").split(",")):
        tag, *params = (piece.strip().lower() for piece in part.split(";"))
        weight = 1.0
        for param in params:
            if param.startswith("q="):
                try:
                    weight = float(param[2:])
                except ValueError:
                    weight = 0.0
        if tag in ("zh-tw", "zh-hk", "zh-mo") or tag.startswith("zh-hant"):
            said = TW
        elif tag == "zh" or tag.startswith("zh-"):
            said = ZH
        elif tag == "en" or tag.startswith("en-"):
            said = EN
        else:
            continue
        if weight > 0:
            wanted.append((-weight, order, said))
    return min(wanted)[2] if wanted else EN


def not_built_page(locale: str) -> str:
    """The page ``/`` answers while the Activity's page is not built, in ``locale``."""
    words = {key: escape(text, quote=False) for key, text in unbuilt_words(locale).items()}
    code = {"command": f"<code>{escape(BUILD)}</code>", "folder": "<code>web/dist/</code>",
            "token": "<code>/api/token</code>", "socket": "<code>/api/ws</code>"}
    return (f'<!doctype html><html lang="{locale}"><head><meta charset="utf-8">\n'
            f"<title>{words['title']}</title></head><body><h1>{words['title']}</h1>\n"
            f"<p>{words['not_built'].format(**code)}</p>\n"
            f"<p>{words['api'].format(**code)}</p>\n</body></html>")


def page_locale(value: Any) -> str:
    """The user's language as the SDK reports it: zh-CN, zh-TW, otherwise en."""
    return spoken(value)


def _refusal(code: str, message: str, status: int) -> web.Response:
    return web.json_response({"error": message, "code": code}, status=status)


class ActivityServer:
    """The web server of the Activity; :meth:`start` / :meth:`stop` with the bot.

    Built after the table manager its pages act through; ``presenter`` is the one that
    manager publishes to (its pages, :attr:`sessions`, are the ones this server serves)."""

    def __init__(self, *, host: str, port: int, auth: DiscordAuth, store: Store,
                 manager: TableManager, presenter: WebPresenter,
                 turn_seconds: int | None = None, page_dir: Path | None = None,
                 limits: ActivityLimits | None = None, clock: Clock = time.monotonic,
                 dev_login: bool = False) -> None:
        self.host = host
        self.port = port
        self.auth = auth
        self.store = store
        self.turn_seconds = turn_seconds
        self.page_dir = page_dir or PAGE_DIR  # read when made: a test may point it elsewhere
        self.clock = clock
        self.limits = limits or ActivityLimits()
        self.door = Door(self.limits, clock)
        self.trusted = trusted_networks(self.limits.trusted_proxies)
        self.csp = frame_ancestors(auth.client_id)
        self.signin = SignIn(auth, self.door, clock)
        self.manager = manager
        self.presenter = presenter
        self.sessions: Sessions = presenter.sessions
        # the developer's door (bot.web.devlogin): None unless asked for; raises
        # DevLoginRefused when asked for on an address other than the loopback
        self.dev: DevLogin | None = DevLogin(host) if dev_login else None
        self._runner: web.AppRunner | None = None
        self.app = self._make_app()

    @property
    def page_built(self) -> bool:
        return (self.page_dir / "index.html").is_file()

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def _make_app(self) -> web.Application:
        app = web.Application(client_max_size=64 * 1024)
        app.on_response_prepare.append(self._headers)
        for prefix in ("/api", "/.proxy/api"):
            app.router.add_post(f"{prefix}/token", self.token)
            app.router.add_get(f"{prefix}/config", self.config)
            app.router.add_get(f"{prefix}/ws", self.socket)
        if self.dev is not None:  # never behind Discord's proxy path
            app.router.add_post("/api/dev-token", self.dev_token)
        app.router.add_get("/", self.index)
        if self.page_built:
            app.router.add_static("/", self.page_dir, show_index=False)
        return app

    async def start(self) -> None:
        """Listen on ``host:port`` (port 0: any free port, read back into ``port``)."""
        self._runner = web.AppRunner(self.app, access_log=None, logger=HTTP_LOG)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        if self.port == 0:  # the port the system chose
            self.port = listening_port(self._runner)
        log.info("the Activity's server listens on %s", self.url)
        if self.dev is not None:
            log.warning("DDZ_ACTIVITY_DEV_LOGIN is on: anyone on this machine may sign in "
                        "at %s without Discord (a developer's setting: never behind a "
                        "proxy or tunnel)", self.url)
        if not self.page_built:
            log.warning("the Activity is on but its page is not built: run `cd web && npm ci "
                        "&& npm run build` (until then / says how)")

    async def stop(self) -> None:
        await self.sessions.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        await self.auth.close()

    async def _headers(self, request: web.Request, response: web.StreamResponse) -> None:
        """Every answer (errors too): framed by Discord only, no version named, and the
        token exchange's never stored."""
        response.headers["Content-Security-Policy"] = self.csp
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Server"] = SERVER
        response.headers.pop("X-Frame-Options", None)
        if request.path.endswith(("/api/token", "/api/dev-token")):
            response.headers["Cache-Control"] = "no-store"

    # ----------------------------------------------------------------- routes
    def _own_origins(self) -> set[str]:
        return {f"http://{self.host}:{self.port}", f"http://127.0.0.1:{self.port}",
                f"http://localhost:{self.port}"}

    def _check_origin(self, request: web.Request) -> None:
        if not origin_allowed(request.headers.get("Origin"), self._own_origins(),
                              self.auth.client_id):
            raise web.HTTPForbidden(text=dumps({"error": "this origin may not use the API",
                                                "code": "bad_origin"}),
                                    content_type="application/json")

    async def index(self, request: web.Request) -> web.StreamResponse:
        if self.page_built:
            return web.FileResponse(self.page_dir / "index.html")
        locale = accept_language(request.headers.get("Accept-Language"))
        return web.Response(text=not_built_page(locale), content_type="text/html",
                            headers={"Content-Language": locale, "Vary": "Accept-Language"})

    async def config(self, request: web.Request) -> web.Response:
        """``GET /api/config`` → ``{client_id}``: what the page needs to start the SDK (the
        application's id is public; the secret never leaves the server)."""
        return web.json_response({"client_id": self.auth.client_id})

    async def token(self, request: web.Request) -> web.Response:
        """``POST /api/token {code}`` → ``{access_token}``."""
        self._check_origin(request)
        address = client_address(request, self.trusted)
        try:
            if (request.content_length or 0) > MAX_TOKEN_BODY:
                raise FrameError("too_large", f"a request is at most {MAX_TOKEN_BODY} bytes")
            body = parse_json(await request.read(), MAX_TOKEN_BODY)
        except FrameError as err:
            body = None
            self.door.quiet.note("bad_request", "a sign-in request was refused: %s", err)
        code = body.get("code") if isinstance(body, dict) else None
        if not isinstance(code, str) or not code:
            return _refusal("bad_request", "send {\"code\": <the OAuth2 code>}", 400)
        try:
            with self.signin.charged(address):
                token, user = await self.auth.exchange(code)
        except AuthError as err:
            self.door.quiet.note(f"sign_in_{err.code}", "a sign-in was refused: %s", err)
            return _refusal(err.code, str(err), err.status)
        log.info("the Activity signed in user %s", user.user_id)
        return web.json_response({"access_token": token})

    async def dev_token(self, request: web.Request) -> web.Response:
        """``POST /api/dev-token {name}`` → ``{access_token, user_id, name, guild_id,
        channel_id}``: the developer's door (only with ``dev_login``; :mod:`.devlogin`)."""
        assert self.dev is not None  # the route exists only then
        if (why := self.dev.admits(request, self._own_origins())) is not None:
            self.door.quiet.note("dev_login", "the developer's sign-in was refused: %s", why)
            return _refusal("dev_login_refused", "the developer's sign-in is for this "
                            "machine only", 403)
        try:
            body = parse_json(await request.read(), MAX_TOKEN_BODY)
        except FrameError:
            body = None
        token, user = self.dev.issue(body.get("name") if isinstance(body, dict) else None)
        log.info("the Activity signed in developer %r (user %s) without Discord", user.name,
                 user.user_id)
        return web.json_response({"access_token": token, "user_id": str(user.user_id),
                                  "name": user.name, "guild_id": str(DEV_GUILD),
                                  "channel_id": str(DEV_CHANNEL)})

    def _dev_user(self, token: object, request: web.BaseRequest) -> WebUser | None:
        """The developer a socket's token names, when the door is on and the request may
        use it (None: the token goes to Discord as any other)."""
        if self.dev is None or (user := self.dev.who(token)) is None:
            return None
        return user if self.dev.admits(request, self._own_origins()) is None else None

    async def socket(self, request: web.Request) -> web.StreamResponse:
        """``/api/ws``: the first frame authenticates, then actions until it closes."""
        self._check_origin(request)
        address = client_address(request, self.trusted)
        if (refusal := self.door.enter(address)) is not None:
            return _refusal(refusal.code, refusal.message, refusal.status)
        ws: web.WebSocketResponse | None = None
        try:
            ws = web.WebSocketResponse(max_msg_size=MAX_MESSAGE, heartbeat=30)
            await ws.prepare(request)
            page = await self._authenticate(ws, address, request)
            if page is None:
                with contextlib.suppress(Exception):
                    await ws.close()
                return ws
            try:
                await self._serve(page, ws)
            finally:
                self.door.unbind(page.user.user_id)
            return ws
        finally:
            self.door.leave(address)
            if ws is not None:
                _disarm(ws)

    async def _serve(self, page: Connection, ws: web.WebSocketResponse) -> None:
        self.sessions.add(page)
        try:
            async for message in ws:
                if message.type in (WSMsgType.TEXT, WSMsgType.BINARY):
                    await self._on_frame(page, message.data)
                    # frames the socket already holds come back without a wait: let the
                    # loop's other work in between two of them, whatever each one cost
                    await asyncio.sleep(0)
                elif message.type == WSMsgType.ERROR:
                    break
        finally:
            self.sessions.remove(page)
            await page.close()

    async def _authenticate(self, ws: web.WebSocketResponse, address: str,
                            request: web.BaseRequest) -> Connection | None:
        """The auth frame: the token's user, in the instance, in its channel."""
        try:
            message = await ws.receive(timeout=AUTH_TIMEOUT)
        except TimeoutError:
            await _send_error(ws, "not_authenticated", door_text(EN, "not_authenticated",
                                                                 "send the auth frame first"))
            return None
        if message.type not in (WSMsgType.TEXT, WSMsgType.BINARY):
            return None
        locale = EN  # the page's language once its auth frame says it
        try:
            frame = parse_frame(message.data)
            locale = page_locale(frame.get("locale"))
            if frame["type"] != "auth":
                raise FrameError("not_authenticated", "the first frame is {\"type\": \"auth\"}")
            token, instance_id = frame.get("token"), frame.get("instance_id")
            if not isinstance(token, str) or not isinstance(instance_id, str):
                raise FrameError("bad_frame", "auth needs \"token\" and \"instance_id\"")
            user, instance = await self._who(token, instance_id, frame.get("channel_id"),
                                             address, request)
        except (FrameError, AuthError) as err:
            self.door.quiet.note(f"auth_{err.code}", "a page's sign-in was refused: %s", err)
            await _send_error(ws, err.code, door_text(locale, err.code, str(err)))
            return None
        if (refusal := self.door.bind(user.user_id)) is not None:
            await _send_error(ws, refusal.code, door_text(
                locale, refusal.code, refusal.message, n=self.limits.sockets_per_user))
            return None
        try:
            page = Connection(ws, user, guild_id=instance.guild_id,
                              channel_id=instance.channel_id,
                              locale=locale,
                              instance_id=instance_id, clock=self.clock, token=token,
                              address=address)
            page.send({"type": "welcome", "user_id": str(user.user_id), "name": user.name,
                       "guild_id": str(instance.guild_id),
                       "channel_id": str(instance.channel_id),
                       "words": cast(PageWords, page_words(page.locale))})
            page.send(state_frame(self.manager, page.channel_id, user.user_id, page.locale))
        except BaseException:
            self.door.unbind(user.user_id)  # counted only while it is served
            raise
        return page

    async def _who(self, token: str, instance_id: str, claimed: Any, address: str,
                   request: web.BaseRequest) -> tuple[WebUser, Instance]:
        """The token's user and instance: a developer's at the dev table, or Discord's."""
        if (user := self._dev_user(token, request)) is None:
            return await self.signin.who(token, instance_id, claimed, address)
        instance = self.dev.instance() if self.dev is not None else None
        assert instance is not None
        if claimed is not None and str(claimed) != str(instance.channel_id):
            raise FrameError("wrong_channel", "this Activity is in another channel")
        return user, instance

    async def _drop_user(self, user_id: int) -> None:
        """Discord refused the user's token: every page of theirs is told and closed."""
        log.info("the token of user %s was refused: closing their pages", user_id)
        for page in self.sessions.of_user(user_id):
            page.send(error_frame("token_revoked", door_text(
                page.locale, "token_revoked", "your sign-in is no longer valid: open the "
                "Activity again")))
            await page.close()

    async def _on_frame(self, page: Connection, data: str | bytes) -> None:
        limited = not page.limit.allow() or \
            not self.door.frame_allowed(page.user.user_id, page.address)
        page.strikes = page.strikes + 1 if limited else 0
        if page.strikes > STRIKES:  # it never waits: no page of ours sends like that
            self.door.refuse("frames_closed", Refusal("rate_limited", "a page kept sending "
                                                      "over the frame limit: closed"))
            page.send(error_frame("rate_limited", "too many frames: the connection is closed"))
            await page.close()
            return
        frame: dict[str, Any] = {}
        try:
            frame = parse_frame(data)
            if limited:  # refused, and said to the action it refuses when it has an id
                raise FrameError("rate_limited", "too many frames: slow down")
            if frame["type"] == "auth":  # the same user again: the state afresh
                page.send(state_frame(self.manager, page.channel_id, page.user.user_id,
                                      page.locale))
                return
            if frame["type"] != "action":
                raise FrameError("bad_frame", f"unknown frame type {frame['type'][:20]!r}")
            action, fields = parse_action(frame)
        except FrameError as err:
            if not limited:
                self.door.quiet.note("bad_frame", "a page sent a frame the server could not "
                                     "take: %s", err)
            text = door_text(page.locale, err.code, str(err))
            ref = frame.get("id")
            if (limited or frame.get("type") == "action") and isinstance(ref, int | str):
                refused: RefusedFrame = {"type": "answer", "code": err.code, "error": text,
                                         "id": ref, "ok": False}  # its action hears
                page.send(refused)
            else:
                page.send(error_frame(err.code, text))
            return
        ref = frame.get("id")
        # a developer's page has nothing Discord could check again
        dev = self.dev is not None and self.dev.who(page.token) is not None
        verdict = None if dev else await self.signin.recheck(page)
        if verdict == "token_revoked":
            await self._drop_user(page.user.user_id)
            return
        if verdict is not None:
            page.send(error_frame("not_in_instance", door_text(
                page.locale, "not_in_instance", "you are no longer in this Activity")))
            await page.close()
            return
        answer = await perform(Act(self.manager, self.store, page, fields,
                                   self.turn_seconds, self.door.selections), action)
        page.send(answer_frame(ref if isinstance(ref, int | str) else None, action, answer))


def listening_port(runner: web.AppRunner) -> int:
    """The port a started runner listens on (its first address: ``(host, port, …)``)."""
    addresses = runner.addresses
    if not addresses:
        raise RuntimeError("the Activity's server listens nowhere: start its site first")
    return int(addresses[0][1])


def _disarm(ws: web.WebSocketResponse) -> None:
    """No heartbeat for a socket its handler is done with: aiohttp (3.14) arms it again
    when the page's close frame arrives after ours, and the timer then holds the socket
    and its request for the heartbeat's 30 s; under a flood of connections that is a heap
    the collector walks for half a second at a time."""
    if hasattr(ws, "_heartbeat"):
        setattr(ws, "_heartbeat", None)  # noqa: B010 - private, so no attribute access
    cancel = getattr(ws, "_cancel_heartbeat", None)
    if callable(cancel):
        cancel()


async def _send_error(ws: web.WebSocketResponse, code: str, message: str) -> None:
    with contextlib.suppress(ConnectionError, RuntimeError):  # the page is gone already
        await ws.send_str(dumps(error_frame(code, message)))


__all__ = ["RECHECK", "SERVER", "ActivityServer", "listening_port", "origin_allowed",
           "page_locale"]

"""Who a page is: the OAuth2 code exchange, the token's proof and the Activity instance
check, against ``DDZ_DISCORD_API`` (Discord's REST base, or the tests' stand-in).

The page gets a code from the SDK's ``authorize``; ``POST /api/token`` exchanges it here
(form-encoded, as Discord's OAuth2 requires). A token is proven at ``GET /oauth2/@me``,
which names the application the token was issued to as well as its user: a token of any
other application is refused (``foreign_token``; ``/users/@me`` alone would answer for it).
The WebSocket's first frame names the token and the instance: the instance's ``location``
gives the channel and its ``users`` who may see it.

Nothing malformed or already refused reaches Discord, one for one:

- codes, tokens and instance ids are checked for shape first (:data:`SECRET_SHAPE`,
  :data:`INSTANCE_SHAPE`: short URL-safe ASCII), so a CR/LF never reaches a header;
- a proven token is remembered :data:`TOKEN_TTL` seconds (then proven again, so a revoked
  one stops working); a code or token Discord refused is refused here for
  :data:`REFUSED_TTL` seconds without asking again;
- an instance is remembered :data:`INSTANCE_TTL` seconds, one Discord does not know
  :data:`UNKNOWN_TTL` seconds; after a 429 no instance is asked about until its
  ``Retry-After`` passed;
- the same token or instance asked about by many pages at once is one request (the
  others wait for its answer: pages reconnecting together after a restart);
- every request needs a reservation from :attr:`DiscordAuth.budget` (an
  :class:`~bot.web.limits.InvalidBudget`: ``DDZ_AUTH_INVALID_PER_MINUTE`` requests a minute
  may end in a 4xx, whatever arrives); once it is spent the rest are refused here
  (``discord_busy``, "try again in a moment").

Instance checks use the bot's token: they go through the bot's REST pacing
(:meth:`DiscordAuth.pace`, wired by bot/process/app.py), on a session of their own.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import aiohttp

from bot.text_input import player_name_of

from .limits import Clock, InvalidBudget, TtlCache

DISCORD_API = "https://discord.com/api/v10"
TOKEN_TTL = 300.0  # seconds a proven token is remembered (then proven again)
REFUSED_TTL = 600.0  # seconds a code or token Discord refused is refused here
INSTANCE_TTL = 15.0  # seconds an instance's answer is remembered
UNKNOWN_TTL = 30.0  # seconds an instance Discord did not know (404) is refused here
MAX_RETRY_AFTER = 60.0  # the longest pause a 429's Retry-After is taken for
TIMEOUT = aiohttp.ClientTimeout(total=10)
# Discord's codes and tokens are about 30 URL-safe characters; instance ids are i-<digits>…
SECRET_SHAPE = re.compile(r"[A-Za-z0-9._~-]{16,128}")
INSTANCE_SHAPE = re.compile(r"[A-Za-z0-9_-]{1,100}")
BUSY = "too many sign-ins at once: try again in a moment"
T = TypeVar("T")


class AuthError(Exception):
    """The page could not be authenticated; ``code`` names why, the message is safe to
    show (it never holds the client secret or a token). ``definite``: Discord said no (or
    would: the shape), as opposed to a failure to ask (busy, unreachable); ``local``:
    refused here without asking Discord (the shape, a refusal remembered, the budget)."""

    def __init__(self, code: str, message: str, status: int = 401, *,
                 definite: bool = False) -> None:
        super().__init__(message)
        self.code = code
        self.status = status
        self.definite = definite
        self.local = False


@dataclass(frozen=True)
class WebUser:
    user_id: int
    name: str  # the display name (global name, else the username)


@dataclass(frozen=True)
class Instance:
    guild_id: int
    channel_id: int
    users: frozenset[int]


def _refused(code: str, message: str, status: int = 401) -> AuthError:
    return AuthError(code, message, status, definite=True)


class DiscordAuth:
    """The REST calls that prove who a page is (HTTP sessions opened lazily: one for the
    users' tokens, one for the bot's, paced)."""

    def __init__(self, *, api: str | None, client_id: str, client_secret: str,
                 bot_token: str | None, clock: Clock = time.monotonic,
                 invalid_per_minute: int = 30) -> None:
        self.api = (api or DISCORD_API).rstrip("/")
        self.client_id = client_id
        self._secret = client_secret
        self._bot_token = bot_token
        self._clock = clock
        self.budget = InvalidBudget(invalid_per_minute, 60.0, clock)
        self._tokens: TtlCache[str, WebUser] = TtlCache(TOKEN_TTL, clock)
        # (code, message, status): not the error itself, whose traceback holds frames
        self._refused: TtlCache[str, tuple[str, str, int]] = TtlCache(REFUSED_TTL, clock)
        self._instances: TtlCache[str, Instance] = TtlCache(INSTANCE_TTL, clock)
        self._unknown: TtlCache[str, bool] = TtlCache(UNKNOWN_TTL, clock)
        self._pause_until: dict[str, float] = {}  # "user"/"bot": no request before
        self._traces: list[aiohttp.TraceConfig] = []
        self._http: aiohttp.ClientSession | None = None
        self._bot_http: aiohttp.ClientSession | None = None
        self._asking: dict[str, asyncio.Future[Any]] = {}  # lookups in flight, by key
        self.refusals: Counter[str] = Counter()  # refused here, by why (for benchmarks)

    def __repr__(self) -> str:  # the secret and tokens stay out of every log
        return f"DiscordAuth(api={self.api!r}, client_id={self.client_id!r})"

    def pace(self, config: aiohttp.TraceConfig) -> None:
        """Requests with the bot's token wait for their turn in the bot's pacing
        (:func:`bot.discord_api.pacing.trace`); call before the first instance check."""
        self._traces.append(config)

    @property
    def http(self) -> aiohttp.ClientSession:
        """The session of requests with a user's token or the OAuth2 client."""
        if self._http is None or self._http.closed:
            self._http = aiohttp.ClientSession(timeout=TIMEOUT)
        return self._http

    @property
    def bot_http(self) -> aiohttp.ClientSession:
        """The session of requests with the bot's token (paced)."""
        if self._bot_http is None or self._bot_http.closed:
            self._bot_http = aiohttp.ClientSession(timeout=TIMEOUT,
                                                   trace_configs=self._traces or None)
        return self._bot_http

    async def close(self) -> None:
        for session in (self._http, self._bot_http):
            if session is not None:
                await session.close()

    # ------------------------------------------------------------------ what is known
    def knows_token(self, token: str) -> bool:
        """Is the token's answer remembered (so proving it asks Discord nothing)?"""
        return token in self._tokens or token in self._refused

    def knows_instance(self, instance_id: str) -> bool:
        return instance_id in self._instances or instance_id in self._unknown

    def forget_instance(self, instance_id: str) -> None:
        """Ask about the instance afresh next time (someone not in what is remembered)."""
        self._instances.drop(instance_id)

    # ------------------------------------------------------------------ asking Discord
    async def _once(self, key: str, ask: Callable[[], Awaitable[T]]) -> T:
        """``ask()``, or the answer of the same question already on its way."""
        asking = self._asking.get(key)
        if asking is None:
            asking = asyncio.ensure_future(ask())
            self._asking[key] = asking
            asking.add_done_callback(lambda done: self._settled(key, done))
        answer: T = await asyncio.shield(asking)
        return answer

    def _settled(self, key: str, done: asyncio.Future[Any]) -> None:
        self._asking.pop(key, None)
        if not done.cancelled():
            done.exception()  # read, so an answer nobody waited for is not reported

    def _remember(self, key: str, error: AuthError) -> AuthError:
        """A code or token Discord refused: refused here too, for :data:`REFUSED_TTL`."""
        self._refused.put(key, (error.code, str(error), error.status))
        return error

    def _refused_before(self, key: str) -> None:
        """Raise what Discord said of ``key`` if it refused it (the error is bound to no
        name in a frame it passes through: no cycle for the collector to find)."""
        if key in self._refused:
            raise self._local("refused_before", _refused(*(self._refused.get(key) or ())))

    def _local(self, why: str, error: AuthError) -> AuthError:
        self.refusals[why] += 1
        error.local = True
        return error

    async def _call(self, who: str, method: str, url: str, what: str,
                    **options: Any) -> tuple[int, Any]:
        """One request's status and JSON answer. Refused here when the invalid budget is
        spent or Discord asked for a pause; a 429, a 5xx or no answer is an
        :class:`AuthError` that is not ``definite``."""
        if self._pause_until.get(who, 0.0) > self._clock():
            raise self._local("paused", AuthError("discord_busy", BUSY, 429))
        if not self.budget.reserve():
            raise self._local("budget", AuthError("discord_busy", BUSY, 429))
        invalid = False
        session = self.bot_http if who == "bot" else self.http
        try:
            async with session.request(method, url, **options) as response:
                status = response.status
                invalid = 400 <= status < 500
                if status == 429:
                    self._pause(who, response.headers.get("Retry-After"))
                    raise AuthError("discord_busy", BUSY, 429)
                if status >= 500:
                    raise AuthError("discord_unreachable",
                                    f"Discord could not answer {what} (HTTP {status})", 502)
                try:
                    return status, await response.json(content_type=None)
                except ValueError:
                    if status >= 400:
                        return status, None
                    raise AuthError("discord_unreachable",
                                    f"Discord's answer to {what} was not JSON", 502) from None
        except (aiohttp.ClientError, TimeoutError) as err:
            raise AuthError("discord_unreachable",
                            f"cannot reach Discord ({type(err).__name__})", 502) from None
        finally:
            self.budget.settle(invalid)

    def _pause(self, who: str, retry_after: str | None) -> None:
        try:
            seconds = float(retry_after) if retry_after else 1.0
        except ValueError:
            seconds = 1.0
        self._pause_until[who] = self._clock() + min(max(seconds, 0.0), MAX_RETRY_AFTER)

    async def exchange(self, code: str) -> tuple[str, WebUser]:
        """The access token for an OAuth2 code and the user it proves."""
        if not SECRET_SHAPE.fullmatch(code):
            raise self._local("shape", _refused("bad_code", "that is not an OAuth2 code",
                                                400))
        self._refused_before(code)
        form = {"client_id": self.client_id, "client_secret": self._secret,
                "grant_type": "authorization_code", "code": code}
        status, body = await self._call("user", "POST", f"{self.api}/oauth2/token", "the code",
                                        data=form)
        token = body.get("access_token") if isinstance(body, dict) else None
        if status >= 400 or not isinstance(token, str) or not SECRET_SHAPE.fullmatch(token):
            raise self._remember(code, _refused(
                "bad_code", f"Discord refused the code (HTTP {status})" if status >= 400
                else "Discord gave no access token for that code"))
        return token, await self.user_of(token)

    async def user_of(self, token: str) -> WebUser:
        """The user a token proves, when it was issued to this application (remembered;
        asked at ``/oauth2/@me`` when unknown or :data:`TOKEN_TTL` seconds old)."""
        if not SECRET_SHAPE.fullmatch(token):
            raise self._local("shape", _refused("bad_token", "that is not an access token",
                                                400))
        if (user := self._tokens.get(token)) is not None:
            return user
        self._refused_before(token)
        return await self._once(f"token:{token}", lambda: self._prove(token))

    async def _prove(self, token: str) -> WebUser:
        status, body = await self._call("user", "GET", f"{self.api}/oauth2/@me",
                                        "the access token",
                                        headers={"Authorization": f"Bearer {token}"})
        try:
            if status >= 400:
                raise _refused("bad_token", f"Discord refused the access token (HTTP {status})")
            application = str(body["application"]["id"])
            if application != self.client_id:
                raise _refused("foreign_token", "this sign-in was made for another "
                               "application: open the Activity again", 403)
            who = body.get("user")
            if not isinstance(who, dict):
                raise _refused("bad_token", "the sign-in does not name its user (it needs "
                               "the identify scope)")
            user = WebUser(int(who["id"]), player_name_of(int(who["id"]), who.get("global_name"),
                                                         who.get("username")))
        except AuthError as error:
            self._remember(token, error)
            raise
        except (KeyError, TypeError, ValueError):
            raise AuthError("bad_token", "Discord's answer about the token had no user or "
                            "application", 502) from None
        self._tokens.put(token, user)
        return user

    async def instance(self, instance_id: str) -> Instance:
        """The Activity instance: its guild, channel and the users in it (remembered
        :data:`INSTANCE_TTL` seconds). ``bad_instance`` is definite: no such instance."""
        if not INSTANCE_SHAPE.fullmatch(instance_id):
            raise self._local("shape", _refused("bad_instance",
                                                "that is not an Activity instance id", 400))
        if (known := self._instances.get(instance_id)) is not None:
            return known
        if instance_id in self._unknown:
            raise self._local("refused_before", _refused(
                "bad_instance", "there is no such Activity instance", 404))
        return await self._once(f"instance:{instance_id}", lambda: self._ask(instance_id))

    async def _ask(self, instance_id: str) -> Instance:
        url = f"{self.api}/applications/{self.client_id}/activity-instances/{instance_id}"
        status, body = await self._call("bot", "GET", url, "the Activity instance",
                                        headers={"Authorization": f"Bot {self._bot_token or ''}"})
        if status == 404:
            self._unknown.put(instance_id, True)
            raise _refused("bad_instance", "there is no such Activity instance", 404)
        if status >= 400:  # the bot's own token refused: nothing said about the user
            raise AuthError("discord_unreachable", f"Discord refused the instance check "
                            f"(HTTP {status})", 502)
        try:
            location = body["location"]
            instance = Instance(int(location["guild_id"]), int(location["channel_id"]),
                                frozenset(int(u) for u in body.get("users", ())))
        except (KeyError, TypeError, ValueError):
            raise AuthError("bad_instance", "the Activity instance has no channel",
                            502) from None
        self._instances.put(instance_id, instance)
        return instance


__all__ = ["DISCORD_API", "INSTANCE_SHAPE", "SECRET_SHAPE", "TOKEN_TTL", "AuthError",
           "DiscordAuth", "Instance", "WebUser"]

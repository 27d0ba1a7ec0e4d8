"""Who a page is: the OAuth2 code exchange and the Activity instance check, against
``DDZ_DISCORD_API`` (Discord's REST base, or the tests' stand-in).

The page gets a code from the SDK's ``authorize``; ``POST /api/token`` exchanges it here
(form-encoded, as Discord's OAuth2 requires) and reads the user the token belongs to;
the server remembers that user for the token (for :data:`TOKEN_TTL` seconds; after a
restart an unknown token is asked about again). The WebSocket's first frame names the
token and the instance: the instance's ``location`` gives the channel and its ``users``
who may see it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import aiohttp

DISCORD_API = "https://discord.com/api/v10"
TOKEN_TTL = 3600.0  # seconds a proven token is remembered
TIMEOUT = aiohttp.ClientTimeout(total=10)


class AuthError(Exception):
    """The page could not be authenticated; ``code`` names why, the message is safe to
    show (it never holds the client secret or a token)."""

    def __init__(self, code: str, message: str, status: int = 401) -> None:
        super().__init__(message)
        self.code = code
        self.status = status


@dataclass(frozen=True)
class WebUser:
    user_id: int
    name: str  # the display name (global name, else the username)


@dataclass(frozen=True)
class Instance:
    guild_id: int
    channel_id: int
    users: frozenset[int]


class DiscordAuth:
    """The REST calls that prove who a page is (one HTTP session, opened lazily)."""

    def __init__(self, *, api: str | None, client_id: str, client_secret: str,
                 bot_token: str | None, clock: Any = time.monotonic) -> None:
        self.api = (api or DISCORD_API).rstrip("/")
        self.client_id = client_id
        self._secret = client_secret
        self._bot_token = bot_token
        self._clock = clock
        self._tokens: dict[str, tuple[WebUser, float]] = {}
        self._http: aiohttp.ClientSession | None = None

    def __repr__(self) -> str:  # the secret and tokens stay out of every log
        return f"DiscordAuth(api={self.api!r}, client_id={self.client_id!r})"

    @property
    def http(self) -> aiohttp.ClientSession:
        if self._http is None or self._http.closed:
            self._http = aiohttp.ClientSession(timeout=TIMEOUT)
        return self._http

    async def close(self) -> None:
        if self._http is not None:
            await self._http.close()

    async def _call(self, method: str, url: str, code: str, what: str,
                    **options: Any) -> Any:
        """One REST call's JSON answer; a refusal or no answer is an :class:`AuthError`."""
        try:
            async with self.http.request(method, url, **options) as response:
                if response.status >= 400:
                    raise AuthError(code, f"Discord refused {what} (HTTP {response.status})",
                                    502 if response.status >= 500 else 401)
                try:
                    return await response.json(content_type=None)
                except ValueError:
                    raise AuthError(code, f"Discord's answer to {what} was not JSON",
                                    502) from None
        except aiohttp.ClientError as err:
            raise AuthError("discord_unreachable",
                            f"cannot reach Discord ({type(err).__name__})", 502) from None

    async def exchange(self, code: str) -> tuple[str, WebUser]:
        """The access token for an OAuth2 code and the user it proves."""
        form = {"client_id": self.client_id, "client_secret": self._secret,
                "grant_type": "authorization_code", "code": code}
        body = await self._call("POST", f"{self.api}/oauth2/token", "bad_code", "the code",
                                data=form)
        token = body.get("access_token") if isinstance(body, dict) else None
        if not isinstance(token, str) or not token:
            raise AuthError("bad_code", "Discord gave no access token for that code")
        return token, await self.user_of(token)

    async def user_of(self, token: str) -> WebUser:
        """The user a token proved (remembered; asked at ``/users/@me`` when unknown)."""
        known = self._tokens.get(token)
        now = self._clock()
        if known is not None and known[1] > now:
            return known[0]
        body = await self._call("GET", f"{self.api}/users/@me", "bad_token",
                                "the access token", headers={"Authorization": f"Bearer {token}"})
        try:
            user = WebUser(int(body["id"]), str(body.get("global_name") or body["username"]))
        except (KeyError, TypeError, ValueError):
            raise AuthError("bad_token", "Discord's user had no id") from None
        self._tokens = {t: v for t, v in self._tokens.items() if v[1] > now}
        self._tokens[token] = (user, now + TOKEN_TTL)
        return user

    async def instance(self, instance_id: str) -> Instance:
        """The Activity instance: its guild, channel and the users in it."""
        if not instance_id or not instance_id.replace("-", "").replace("_", "").isalnum() \
                or len(instance_id) > 100:
            raise AuthError("bad_instance", "that is not an Activity instance id")
        url = f"{self.api}/applications/{self.client_id}/activity-instances/{instance_id}"
        body = await self._call("GET", url, "bad_instance", "the Activity instance",
                                headers={"Authorization": f"Bot {self._bot_token or ''}"})
        try:
            location = body["location"]
            return Instance(int(location["guild_id"]), int(location["channel_id"]),
                            frozenset(int(u) for u in body.get("users", ())))
        except (KeyError, TypeError, ValueError):
            raise AuthError("bad_instance", "the Activity instance has no channel") from None


__all__ = ["DISCORD_API", "AuthError", "DiscordAuth", "Instance", "WebUser"]

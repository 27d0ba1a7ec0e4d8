"""The developer's door: the page opened at ``http://localhost:<port>/`` outside Discord
(the SDK's ``DiscordSDKMock``) signs in as a named developer, without Discord's OAuth2,
and plays at a table of its own made-up channel (:data:`DEV_CHANNEL`).

It is shut unless all of these hold:

- ``DDZ_ACTIVITY_DEV_LOGIN=1`` (off by default: without it the route does not exist and
  no token of this door is known);
- the server listens on a loopback address (``127.0.0.1``, ``::1``, ``localhost``):
  :class:`DevLogin` refuses to be made otherwise, so the server does not start;
- each request comes from a loopback peer, names a loopback ``Host``, carries none of the
  headers a reverse proxy or tunnel adds (``X-Forwarded-For``, ``Forwarded``…: behind
  one, every client's peer is the loopback) and, when it sends an ``Origin``, it is the
  server's own loopback origin (:meth:`DevLogin.admits`).

Its tokens are random, known to this process only (at most :data:`MAX_TOKENS`, the
oldest forgotten first) and prefixed ``dev-``; a developer's user id is made from the
name, so the same name is the same player (beans and all) after a restart.
"""

from __future__ import annotations

import hashlib
import ipaddress
import secrets
from collections import OrderedDict
from collections.abc import Iterable

from aiohttp import web

from bot.text_input import normalise_name

from .auth import Instance, WebUser

DEV_GUILD = 990_000_000_000_000_001  # the made-up server and channel of the dev table
DEV_CHANNEL = 990_000_000_000_000_002
DEV_USER_BASE = 991_000_000_000_000_000  # a developer's id: this plus a hash of the name
DEV_PREFIX = "dev-"
MAX_TOKENS = 256
DEFAULT_NAME = "Developer"
DEV_NAME = 32  # characters of a developer's name, as Discord's own names
# what a reverse proxy or tunnel adds to a request it passes on
FORWARDING = ("Forwarded", "X-Forwarded-For", "X-Forwarded-Host", "X-Forwarded-Proto",
              "X-Real-IP", "CF-Connecting-IP", "True-Client-IP", "X-Client-IP", "Via")


class DevLoginRefused(ValueError):
    """The developer's door was asked for where it may not open (not a loopback bind)."""


def loopback(host: str | None) -> bool:
    """Is ``host`` (an address or ``localhost``, optionally ``[bracketed]``) the loopback?"""
    if not host:
        return False
    name = host.strip().lower()
    if name.startswith("[") and name.endswith("]"):
        name = name[1:-1]
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def _host_name(header: str) -> str:
    """The host of a ``Host`` header (``127.0.0.1:8080``, ``[::1]:8080``, ``localhost``)."""
    header = header.strip()
    if header.startswith("["):
        return header[: header.find("]") + 1] if "]" in header else header
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header


class DevLogin:
    """The tokens of the developer's door, and whether a request may use it."""

    def __init__(self, host: str) -> None:
        if not loopback(host):
            raise DevLoginRefused(
                f"DDZ_ACTIVITY_DEV_LOGIN opens a sign-in without Discord: it is accepted only "
                f"while the Activity listens on a loopback address (DDZ_ACTIVITY_HOST="
                f"127.0.0.1), not on {host!r}")
        self._tokens: OrderedDict[str, WebUser] = OrderedDict()

    def admits(self, request: web.BaseRequest, own_origins: Iterable[str]) -> str | None:
        """None when the request may use the door; otherwise why not (for the log)."""
        if not loopback(request.remote):
            return f"the request came from {request.remote}, not this machine"
        if any(name in request.headers for name in FORWARDING):
            return "the request passed through a proxy"
        if not loopback(_host_name(request.headers.get("Host", ""))):
            return "the request named another host"
        origin = request.headers.get("Origin")
        if origin is not None and origin.strip().rstrip("/").lower() not in \
                {o.lower() for o in own_origins}:
            return "the request came from another page"
        return None

    @staticmethod
    def user(name: object) -> WebUser:
        """The developer called ``name`` (normalised as every player name; a default when
        none is left), with an id made from it."""
        shown = normalise_name(name, DEV_NAME) if isinstance(name, str) else ""
        shown = shown or DEFAULT_NAME
        digest = hashlib.sha256(shown.casefold().encode()).digest()
        return WebUser(DEV_USER_BASE + int.from_bytes(digest[:6], "big"), shown)

    def issue(self, name: object) -> tuple[str, WebUser]:
        """A new token for the developer called ``name``."""
        user = self.user(name)
        token = DEV_PREFIX + secrets.token_urlsafe(24)
        self._tokens[token] = user
        while len(self._tokens) > MAX_TOKENS:
            self._tokens.popitem(last=False)
        return token, user

    def who(self, token: object) -> WebUser | None:
        """The developer a token of this door names (None: not one of its tokens)."""
        if not isinstance(token, str) or not token.startswith(DEV_PREFIX):
            return None
        return self._tokens.get(token)

    def instance(self) -> Instance:
        """The dev table's instance: its made-up channel, every developer signed in."""
        return Instance(DEV_GUILD, DEV_CHANNEL,
                        frozenset(u.user_id for u in self._tokens.values()))


__all__ = ["DEV_CHANNEL", "DEV_GUILD", "DEV_PREFIX", "FORWARDING", "MAX_TOKENS", "DevLogin",
           "DevLoginRefused", "loopback"]

"""Who may call the Activity's API and frame its page, and which address a request comes
from.

Origins: only this application's Activity (``https://{client_id}.discordsays.com``, the
host Discord's proxy serves it from), Discord's own clients (``https://discord.com`` and
its ``ptb`` and ``canary`` builds) and the server's own addresses. Another application's
Activity, also on ``discordsays.com``, is refused: its page could otherwise call this API
with its users' tokens. The same list, less the server's own, goes in the CSP's
``frame-ancestors`` (``'self'`` stands for the server).

Addresses: the peer of the TCP connection (``request.remote``). ``X-Forwarded-For`` is
believed only when that peer is a configured trusted proxy (``DDZ_TRUSTED_PROXIES``), and
then the client is the right-most address in it that is not a trusted proxy itself (the
left part is whatever the client wrote). Nothing is trusted by default.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable

from aiohttp import web

DISCORD_CLIENTS = ("https://discord.com", "https://ptb.discord.com",
                   "https://canary.discord.com")

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def activity_origin(client_id: str) -> str:
    """The origin Discord's proxy serves this application's Activity from."""
    return f"https://{client_id}.discordsays.com"


def allowed_origins(client_id: str) -> frozenset[str]:
    """The origins (besides the server's own) that may call the API."""
    return frozenset((activity_origin(client_id), *DISCORD_CLIENTS))


def origin_allowed(origin: str | None, own: Iterable[str], client_id: str) -> bool:
    """This application's Activity, Discord's clients, or this server itself (an exact
    match: scheme, host and port)."""
    if not origin:
        return False
    origin = origin.strip().rstrip("/").lower()
    return origin in allowed_origins(client_id) or origin in {o.lower() for o in own}


def frame_ancestors(client_id: str) -> str:
    """The CSP directive: who may frame the page."""
    return "frame-ancestors 'self' " + " ".join((*DISCORD_CLIENTS, activity_origin(client_id)))


def trusted_networks(proxies: Iterable[str]) -> tuple[Network, ...]:
    return tuple(ipaddress.ip_network(p, strict=False) for p in proxies)


def _within(address: str, networks: tuple[Network, ...]) -> bool:
    try:
        ip = ipaddress.ip_address(address.strip())
    except ValueError:
        return False
    return any(ip in network for network in networks)


def client_address(request: web.BaseRequest, trusted: tuple[Network, ...] = ()) -> str:
    """The client's address: the TCP peer, or, when the peer is a trusted proxy, the
    right-most untrusted address of ``X-Forwarded-For``."""
    peer = request.remote or "unknown"
    if not trusted or not _within(peer, trusted):
        return peer
    hops = [h.strip() for h in ",".join(request.headers.getall("X-Forwarded-For", ())
                                       ).split(",") if h.strip()]
    for hop in reversed(hops):
        if not _within(hop, trusted):
            try:
                return str(ipaddress.ip_address(hop))
            except ValueError:
                return peer  # not an address: the proxy's word is all we have
    return peer


__all__ = ["DISCORD_CLIENTS", "activity_origin", "allowed_origins", "client_address",
           "frame_ancestors", "origin_allowed", "trusted_networks"]

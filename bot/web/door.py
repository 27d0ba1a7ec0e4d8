"""The Activity server's door: how much each user, each client address and everyone
together may do (:class:`ActivityLimits`, read from the environment by
:func:`bot.process.config.activity_limits`), counted here and refused with a
clear code, and said in the log at most once a minute per kind of limit.

- sockets: at most ``sockets_total`` open at all (checked before the upgrade, HTTP 503),
  ``sockets_per_address`` from one address (HTTP 429), and ``sockets_per_user`` of one
  signed-in user (an error frame ``too_many_sockets``, then closed);
- frames: ``frames_per_user`` a second over all of a user's sockets and
  ``frames_per_address`` a second from one address, besides each socket's own
  :data:`~bot.web.protocol.RATE`;
- questions to Discord: an address has ``failures_per_address`` a minute; each question
  about a code, token or instance not remembered is charged before it is asked (so
  questions in flight count) and given back unless Discord refused it; at the limit,
  ``auth_limited``. What is refused without asking (a malformed token, a refusal
  remembered) does not count: it costs Discord nothing, and an address shared by many
  (a proxy) is not locked out by garbage;
- instance checks: a user may have ``instance_checks_per_user`` instances asked of
  Discord a minute (what is remembered is free).
"""

from __future__ import annotations

import logging
import time
from collections import Counter
from dataclasses import dataclass

from .limits import Clock, KeyedBuckets, QuietLog, Tally

log = logging.getLogger("ddz.web")
FD_RESERVE = 128  # file descriptors kept for everything but the sockets of pages


SELECTIONS_PER_SECOND = 4  # selections a user may have checked a second (a burst of 8)
SELECTION_BURST = 8


@dataclass(frozen=True)
class ActivityLimits:
    """What a user, a client address and the whole Activity server (bot/web) may do; read
    by :func:`bot.process.config.activity_limits`. A cap of 0 is no cap (the per-address
    ones only)."""

    sockets_per_user: int = 4  # DDZ_WS_PER_USER: a user's open pages
    sockets_per_address: int = 64  # DDZ_WS_PER_ADDRESS: open sockets from one address
    sockets_total: int = 1000  # DDZ_WS_TOTAL: every socket (kept below the fd limit)
    frames_per_user: int = 20  # DDZ_FRAMES_PER_USER: a second, over all a user's pages
    frames_per_address: int = 100  # DDZ_FRAMES_PER_ADDRESS: a second, from one address
    failures_per_address: int = 5  # DDZ_AUTH_FAILURES_PER_ADDRESS: Discord refusals a minute
    instance_checks_per_user: int = 10  # DDZ_INSTANCE_CHECKS_PER_USER: asked of Discord a minute
    invalid_per_minute: int = 30  # DDZ_AUTH_INVALID_PER_MINUTE: requests ending in 4xx
    trusted_proxies: tuple[str, ...] = ()  # DDZ_TRUSTED_PROXIES: whose X-Forwarded-For counts


@dataclass(frozen=True)
class Refusal:
    """Why the door stays shut: a code for the page, a sentence, an HTTP status."""

    code: str
    message: str
    status: int = 429


def socket_room(wanted: int) -> int:
    """The total cap on sockets, lowered to leave :data:`FD_RESERVE` descriptors of the
    process's limit for everything else (the store, Discord, the log)."""
    try:
        import resource
    except ImportError:  # Windows: no such limit to read
        return wanted
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return wanted
    return max(1, min(wanted, soft - FD_RESERVE))


class Door:
    """The counts behind every limit of :class:`ActivityLimits`."""

    def __init__(self, limits: ActivityLimits, clock: Clock = time.monotonic) -> None:
        self.limits = limits
        self.total_cap = socket_room(limits.sockets_total)
        if self.total_cap < limits.sockets_total:
            log.warning("the Activity takes at most %d sockets (not %d): the process may "
                        "open only %d files", self.total_cap, limits.sockets_total,
                        self.total_cap + FD_RESERVE)
        self.open = 0  # sockets open now, signed in or not
        self.by_address: Tally[str] = Tally()
        self.by_user: Tally[int] = Tally()
        self.user_frames: KeyedBuckets[int] = KeyedBuckets(limits.frames_per_user,
                                                           clock=clock)
        self.address_frames: KeyedBuckets[str] = KeyedBuckets(limits.frames_per_address,
                                                              clock=clock)
        self.failures: KeyedBuckets[str] = KeyedBuckets(
            limits.failures_per_address / 60, limits.failures_per_address, clock)
        self.checks: KeyedBuckets[int] = KeyedBuckets(
            limits.instance_checks_per_user / 60, limits.instance_checks_per_user, clock)
        # each user's ``check`` actions (a selection asked about: the engine's work), over
        # all their pages, within their frames' budget
        self.selections: KeyedBuckets[int] = KeyedBuckets(SELECTIONS_PER_SECOND,
                                                          SELECTION_BURST, clock)
        self.quiet = QuietLog(log, 60.0, clock)
        self.refusals: Counter[str] = Counter()  # by kind, for the benchmark and metrics

    def refuse(self, kind: str, refusal: Refusal, detail: str = "") -> Refusal:
        self.refusals[kind] += 1
        self.quiet.note(kind, "the Activity refused %s: %s%s", kind, refusal.message, detail)
        return refusal

    def _per_address(self, address: str) -> str:
        """What the log says of an address whose limit was reached: a hint when it is the
        loopback and no proxy is trusted (everyone then has a local proxy's address)."""
        if address.startswith(("127.", "::1")) and not self.limits.trusted_proxies:
            return (f" ({address}: behind a reverse proxy every client has its address; "
                    "set DDZ_TRUSTED_PROXIES to it)")
        return f" ({address})"

    # ------------------------------------------------------------------ sockets
    def enter(self, address: str) -> Refusal | None:
        """A new socket from ``address``: counted in, or refused before the upgrade."""
        if self.open >= self.total_cap:
            return self.refuse("sockets_total", Refusal(
                "server_full", "the table server is full: try again in a moment", 503))
        cap = self.limits.sockets_per_address
        if cap and self.by_address[address] >= cap:
            return self.refuse("sockets_address", Refusal(
                "too_many_sockets", f"at most {cap} open tables from one address"),
                self._per_address(address))
        self.open += 1
        self.by_address.add(address)
        return None

    def leave(self, address: str) -> None:
        self.open -= 1
        self.by_address.remove(address)

    def bind(self, user_id: int) -> Refusal | None:
        """The socket's user is known: counted, or refused (too many of theirs open)."""
        cap = self.limits.sockets_per_user
        if self.by_user[user_id] >= cap:
            return self.refuse("sockets_user", Refusal(
                "too_many_sockets", f"you have {cap} tables open already: close one to "
                "open another"))
        self.by_user.add(user_id)
        return None

    def unbind(self, user_id: int) -> None:
        self.by_user.remove(user_id)

    # ------------------------------------------------------------------ frames
    def frame_allowed(self, user_id: int, address: str) -> bool:
        """One frame of the user from the address, if both have room (taken from both)."""
        if not (self.user_frames.ready(user_id) and self.address_frames.ready(address)):
            self.refusals["frames"] += 1
            self.quiet.note("frames", "the Activity refused frames over the limit (user %s, "
                            "address %s)", user_id, address)
            return False
        self.user_frames.take(user_id)
        self.address_frames.take(address)
        return True

    # ------------------------------------------------------------------ Discord lookups
    def may_ask(self, address: str) -> Refusal | None:
        """May Discord be asked about a code, token or instance for this address? The
        question is charged now (questions in flight count), :meth:`give_back` when
        Discord did not refuse it."""
        if self.limits.failures_per_address and not self.failures.allow(address):
            return self.refuse("auth_address", Refusal(
                "auth_limited", "too many sign-ins from here: try again in a moment"),
                self._per_address(address))
        return None

    def give_back(self, address: str) -> None:
        if self.limits.failures_per_address:
            self.failures[address].give()

    def may_check(self, user_id: int) -> Refusal | None:
        """May an instance not remembered be asked of Discord for this user?"""
        if not self.checks.allow(user_id):
            return self.refuse("instance_user", Refusal(
                "auth_limited", "too many Activity checks: try again in a minute"),
                f" (user {user_id})")
        return None


__all__ = ["FD_RESERVE", "Door", "Refusal", "socket_room"]

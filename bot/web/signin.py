"""Signing a page in, and checking it again: who its token proves and whether that user is
in its Activity instance, asked of Discord (:mod:`bot.web.auth`) only within what the door
allows (:mod:`bot.web.door`): each question about something not remembered is charged to
the client's address before it is asked and given back unless Discord refused it, and an
instance check also counts toward the user's own limit.

An action re-checks its page once the last check is :data:`RECHECK` seconds old; only
Discord's definite answer closes it (``token_revoked``, ``not_in_instance``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from .auth import AuthError, DiscordAuth, Instance, WebUser
from .door import Door, Refusal
from .limits import Clock
from .protocol import FrameError
from .sessions import Connection

RECHECK = 60.0  # seconds after which an action checks again that its user is in the instance


class SignIn:
    """The questions about a page, within the door's limits."""

    def __init__(self, auth: DiscordAuth, door: Door, clock: Clock) -> None:
        self.auth = auth
        self.door = door
        self.clock = clock

    async def recheck(self, page: Connection) -> str | None:
        """Whether the page may act on: None, or why not (``token_revoked``,
        ``not_in_instance``). Asked again once the last check is :data:`RECHECK` seconds
        old: the token (proven again when its proof is older than
        :data:`~bot.web.auth.TOKEN_TTL`) and the instance. Only Discord's definite answer
        counts (the token refused, the instance unknown, the user not in it): a 429, a 5xx,
        no answer or a limit reached here keeps the page playing."""
        now = self.clock()
        if now - page.checked_at < RECHECK:
            return None
        try:
            if page.token:
                await self.auth.user_of(page.token)
            instance = await self.instance(page.user.user_id, page.instance_id,
                                            page.address)
        except AuthError as err:
            if err.definite:
                return "token_revoked" if err.code in ("bad_token", "foreign_token") \
                    else "not_in_instance"
            self.door.quiet.note("recheck", "a page's check could not be made (kept): %s",
                                 err)
            return None
        page.checked_at = now
        return None if page.user.user_id in instance.users else "not_in_instance"

    async def who(self, token: str, instance_id: str, claimed: Any,
                   address: str) -> tuple[WebUser, Instance]:
        """The token's user and the instance, asking Discord only within the door's
        limits (:meth:`charged`)."""
        with self.charged(address, asks=not self.auth.knows_token(token)):
            user = await self.auth.user_of(token)
        instance = await self.instance(user.user_id, instance_id, address)
        if user.user_id not in instance.users:
            raise FrameError("not_in_instance", "you are not in this Activity")
        if claimed is not None and str(claimed) != str(instance.channel_id):
            raise FrameError("wrong_channel", "this Activity is in another channel")
        return user, instance

    async def instance(self, user_id: int, instance_id: str, address: str) -> Instance:
        """The instance as the user's page needs it: what is remembered, unless the user
        is not in it (then asked afresh: they may have just joined); a question to
        Discord counts toward the user's instance checks, and waits while the address's
        refusals are at their limit."""
        for fresh in (False, True):
            known = self.auth.knows_instance(instance_id)
            with self.charged(address, asks=not known):
                if not known and (refusal := self.door.may_check(user_id)) is not None:
                    raise _auth_error(refusal)
                instance = await self.auth.instance(instance_id)
            if user_id in instance.users or not known or fresh:
                return instance
            self.auth.forget_instance(instance_id)
        raise AssertionError("unreachable")  # pragma: no cover

    @contextlib.contextmanager
    def charged(self, address: str, asks: bool = True) -> Iterator[None]:
        """A question to Discord (when ``asks``), charged to the address before it is
        asked, so questions in flight count too; given back unless Discord refused it
        (what is refused here costs Discord nothing, and locks no shared address out)."""
        if not asks:
            yield
            return
        if (refusal := self.door.may_ask(address)) is not None:
            raise _auth_error(refusal)
        refused = False
        try:
            yield
        except AuthError as err:
            refused = err.definite and not err.local
            raise
        finally:
            if not refused:
                self.door.give_back(address)


def _auth_error(refusal: Refusal) -> AuthError:
    return AuthError(refusal.code, refusal.message, refusal.status)


__all__ = ["RECHECK", "SignIn"]

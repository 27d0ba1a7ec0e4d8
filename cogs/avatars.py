"""Players' Discord avatars for the pictures: fetched once per user, then cached.

A user without a custom avatar, or whose avatar cannot be fetched (network, a deleted
account, a test double without avatars), has None: the pictures draw the initial of the
name instead. A failed fetch is remembered too, so a table never retries it every turn;
:meth:`AvatarCache.forget` drops a user (e.g. after the avatar changed).
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Callable, Iterable

import discord

log = logging.getLogger("ddz.avatars")
SIZE = 128  # px asked of Discord's CDN; the table draws avatars 72 px wide
TIMEOUT = 3.0  # seconds a fetch may take before the picture goes out with an initial


class AvatarCache:
    """Avatar bytes by user id, fetched on first use (at most ``capacity`` kept) through the
    client ``client_of()`` returns."""

    def __init__(self, client_of: Callable[[], discord.Client], capacity: int = 2048) -> None:
        self.client_of = client_of
        self.capacity = capacity
        self._known: OrderedDict[int, bytes | None] = OrderedDict()
        self._pending: dict[int, asyncio.Task[bytes | None]] = {}

    def cached(self, user_id: int) -> bytes | None:
        return self._known.get(user_id)

    def forget(self, user_id: int) -> None:
        self._known.pop(user_id, None)

    async def get(self, user_id: int) -> bytes | None:
        """The avatar of ``user_id`` (PNG/WebP bytes), or None when there is none."""
        if user_id in self._known:
            self._known.move_to_end(user_id)
            return self._known[user_id]
        task = self._pending.get(user_id)
        if task is None:
            task = self._pending[user_id] = asyncio.create_task(self._fetch(user_id))
        try:
            data = await asyncio.shield(task)
        finally:
            if task.done():
                self._pending.pop(user_id, None)
        self._known[user_id] = data
        while len(self._known) > self.capacity:
            self._known.popitem(last=False)
        return data

    async def many(self, user_ids: Iterable[int]) -> dict[int, bytes]:
        """The avatars of ``user_ids`` that exist, fetched together."""
        ids = list(dict.fromkeys(user_ids))
        found = await asyncio.gather(*(self.get(u) for u in ids))
        return {u: data for u, data in zip(ids, found, strict=True) if data}

    async def _fetch(self, user_id: int) -> bytes | None:
        try:
            async with asyncio.timeout(TIMEOUT):
                client = self.client_of()
                user = client.get_user(user_id) or await client.fetch_user(user_id)
                if user.avatar is None:
                    return None
                return await user.avatar.with_size(SIZE).with_static_format("png").read()
        except Exception as err:  # any failure: the picture draws the initial instead
            log.debug("no avatar for %s: %r", user_id, err)
            return None

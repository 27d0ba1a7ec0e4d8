"""Each player's own choices, as the presenter uses them: the order of their hand picture
(``/ddz sort``) and their language (of their last interaction), kept in the store."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import Any

from bot.store.errors import StoreUnavailableError

from .readers import PlayerSettings, required

__all__ = ["DEFAULT_ORDER", "Preferences"]

log = logging.getLogger("ddz.presenter")
DEFAULT_ORDER = "desc"  # big to small (render.ORDERS)

Spawn = Callable[[Coroutine[Any, Any, None]], "asyncio.Task[None]"]


class Preferences:
    """The hand order and language of each player: what this run learnt, else what the
    store kept (read once per player; a restart forgets the memory, not the store)."""

    def __init__(self, store: PlayerSettings, spawn: Spawn) -> None:
        self.store = required(store, "a store", "Preferences")
        self._spawn = spawn  # keeping a language runs in the background
        self.user_locale: dict[int, str] = {}
        self.hand_orders: dict[int, str] = {}  # user -> render.ORDERS
        self._read: set[int] = set()  # users whose stored order and language are read

    def locale_of(self, user_id: int, default: str) -> str:
        """``user_id``'s language, or ``default`` (the table's) when not known."""
        return self.user_locale.get(user_id, default)

    def hand_order(self, user_id: int | None) -> str:
        """How ``user_id`` likes a hand ordered (``/ddz sort``; big to small by default)."""
        return self.hand_orders.get(user_id, DEFAULT_ORDER) if user_id is not None \
            else DEFAULT_ORDER

    async def load(self, user_id: int) -> None:
        """Read once what ``user_id`` chose before: the hand order of ``/ddz sort`` and
        the language of their last interaction. What this run already learnt wins."""
        if user_id in self._read:
            return
        self._read.add(user_id)
        order = await self.store.player_setting(user_id, "hand_sort")
        locale = await self.store.player_setting(user_id, "locale")
        self.hand_orders.setdefault(user_id, order)
        if locale is not None:
            self.user_locale.setdefault(user_id, locale)

    async def set_order(self, user_id: int, order: str) -> None:
        """``/ddz sort``: keep ``order`` for ``user_id``, in memory and in the store."""
        await self.store.set_player_setting(user_id, "hand_sort", order)
        self.hand_orders[user_id] = order

    def note_locale(self, user_id: int, locale: str) -> None:
        """The language of ``user_id``'s interaction: kept (stored when it changed)."""
        if self.user_locale.get(user_id) == locale:
            return
        self.user_locale[user_id] = locale
        self._spawn(self._store_locale(user_id, locale))

    async def _store_locale(self, user_id: int, locale: str) -> None:
        try:
            await self.store.set_player_setting(user_id, "locale", locale)
        except StoreUnavailableError as err:  # forgotten: the next interaction stores it
            if self.user_locale.get(user_id) == locale:
                del self.user_locale[user_id]
            log.warning("could not store the language of user %s (error %s)", user_id,
                        err.error_id)

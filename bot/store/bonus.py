"""The daily bonus and relief (救济) as a player claims them, from ``/ddz daily`` and
``/ddz relief`` or from the Activity's page: one way for both.

The rules are the store's (:meth:`Store.claim_daily`, :meth:`Store.claim_relief`): once a
UTC day each, the amounts and switches of the guild's settings, relief only below the
channel's ``min_balance``. :func:`claimable` says which of the two the store would give
now, without giving it (the page offers only those); a test holds it to the store's
answers.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Literal

from .store import Store

ClaimName = Literal["daily", "relief"]


@dataclass(frozen=True)
class Claimed:
    """Beans given by a claim, and the player's balance after it."""

    amount: int
    balance: int


def utc_today() -> date:
    return datetime.now(UTC).date()


async def claim_daily(store: Store, guild_id: int, user_id: int, name: str,
                      today: date | None = None) -> Claimed:
    """Today's bonus for the player (their account made first if new); raises the store's
    refusal (``daily_claimed``, ``daily_disabled``)."""
    await store.ensure_player(guild_id, user_id, name)
    amount = await store.claim_daily(guild_id, user_id, today or utc_today())
    return Claimed(amount, await store.balance(guild_id, user_id))


async def claim_relief(store: Store, guild_id: int, channel_id: int | None, user_id: int,
                       name: str, today: date | None = None) -> Claimed:
    """Relief for a player below the channel's ``min_balance``; raises the store's refusal
    (``relief_disabled``, ``relief_claimed``, ``relief_not_needed``)."""
    await store.ensure_player(guild_id, user_id, name)
    settings = await store.get_settings(guild_id, channel_id)
    amount = await store.claim_relief(guild_id, user_id, settings.min_balance,
                                      today or utc_today())
    return Claimed(amount, await store.balance(guild_id, user_id))


async def claimable(store: Store, guild_id: int, channel_id: int | None, user_id: int,
                    today: date | None = None) -> tuple[ClaimName, ...]:
    """Which claims the store would grant the player now (nothing is given): the daily
    bonus when it is on and not claimed today; relief when it is on, not claimed today
    and the balance is below the channel's ``min_balance``."""
    day = today or utc_today()
    player = await store.get_player(guild_id, user_id)
    settings = await store.get_settings(guild_id, channel_id)
    if player is None:
        return ()
    out: list[ClaimName] = []
    if settings.daily_bonus > 0 and (player.last_daily is None or player.last_daily < day):
        out.append("daily")
    if settings.relief_enabled and settings.relief_amount > 0 and \
            (player.last_relief is None or player.last_relief < day) and \
            player.balance < settings.min_balance:
        out.append("relief")
    return tuple(out)


__all__ = ["ClaimName", "Claimed", "claim_daily", "claim_relief", "claimable", "utc_today"]

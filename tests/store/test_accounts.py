"""Accounts: creation with the start balance, names, daily bonus, relief, grants, takes."""

from __future__ import annotations

import asyncio
from datetime import date, datetime

import pytest

from bot.store import (
    AlreadyClaimedError,
    ClaimRefusedError,
    InsufficientBalanceError,
    InvalidInputError,
    Store,
    UnknownGuildError,
    UnknownPlayerError,
)

from .backends import Target
from .helpers import GUILD, OTHER_GUILD, snapshot

DAY = date(2025, 3, 1)


async def test_new_player_gets_the_start_balance_booked(store: Store) -> None:
    player = await store.ensure_player(GUILD, 7, "  Alice  ")
    assert (player.name, player.balance, player.points, player.level.number) == (
        "Alice", 10_000, 0, 1)
    assert player.level.name == "包身工" and player.last_daily is None
    [row] = await store.ledger_entries(GUILD, 7)
    assert (row.amount, row.reason, row.balance_after) == (10_000, "start", 10_000)
    again = await store.ensure_player(GUILD, 7, "Alice B.")  # a rename books nothing
    assert (again.name, again.balance) == ("Alice B.", 10_000)
    assert len(await store.ledger_entries(GUILD, 7)) == 1
    assert await store.get_player(GUILD, 8) is None
    # each guild its own economy
    other = await store.ensure_player(OTHER_GUILD, 7, "Alice")
    assert other.balance == 10_000 and other.guild_id == OTHER_GUILD
    await store.grant(OTHER_GUILD, 7, 5, "gift", 1)
    assert await store.balance(GUILD, 7) == 10_000


async def test_a_known_player_is_read_without_the_writer(store: Store) -> None:
    """Sitting down reads an existing account: it does not queue behind the settlements
    (the writer is held here; a rename still needs it)."""
    await store.ensure_player(GUILD, 7, "Alice")
    async with store._db.transaction():
        player = await asyncio.wait_for(store.ensure_player(GUILD, 7, "Alice"), 2)
        assert (player.name, player.balance) == ("Alice", 10_000)
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(store.ensure_player(GUILD, 7, "Alice B."), 0.2)
    assert (await store.get_player(GUILD, 7)).name == "Alice"


async def test_daily_bonus_once_per_day(store: Store, players: list[int]) -> None:
    assert await store.claim_daily(GUILD, 1, DAY) == 1_000
    with pytest.raises(AlreadyClaimedError) as info:
        await store.claim_daily(GUILD, 1, DAY)
    assert info.value.code == "daily_claimed"
    assert await store.claim_daily(GUILD, 2, DAY) == 1_000  # others still can
    assert await store.claim_daily(GUILD, 1, date(2025, 3, 2)) == 1_000
    player = await store.get_player(GUILD, 1)
    assert player is not None and player.balance == 12_000
    assert player.last_daily == date(2025, 3, 2)
    with pytest.raises(InvalidInputError):
        await store.claim_daily(GUILD, 1, datetime(2025, 3, 3, 1))  # a date, not a time
    await store.set_guild_setting(GUILD, "daily_bonus", 0)
    with pytest.raises(ClaimRefusedError):
        await store.claim_daily(GUILD, 3, DAY)


async def test_relief_below_the_room_minimum_once_a_day(store: Store,
                                                       players: list[int]) -> None:
    with pytest.raises(ClaimRefusedError) as info:
        await store.claim_relief(GUILD, 1, 1_000, DAY)
    assert info.value.code == "relief_not_needed"
    await store.take(GUILD, 1, 9_500, "test", 99)
    assert await store.claim_relief(GUILD, 1, 1_000, DAY) == 2_000
    await store.take(GUILD, 1, 2_000, "test", 99)
    with pytest.raises(AlreadyClaimedError) as again:
        await store.claim_relief(GUILD, 1, 1_000, DAY)
    assert again.value.code == "relief_claimed"
    assert await store.claim_relief(GUILD, 1, 1_000, date(2025, 3, 2)) == 2_000
    await store.set_guild_setting(GUILD, "relief_enabled", "off")
    with pytest.raises(ClaimRefusedError) as off:
        await store.claim_relief(GUILD, 1, 1_000, date(2025, 3, 3))
    assert off.value.code == "relief_disabled"
    assert (await store.check_invariants()).ok


async def test_relief_can_be_off_by_default(target: Target) -> None:
    async with Store.open(target, relief_enabled=False, start_balance=0) as store:
        await store.ensure_player(GUILD, 1, "Broke")
        with pytest.raises(ClaimRefusedError):
            await store.claim_relief(GUILD, 1, 1_000, DAY)
        assert await store.ledger_entries(GUILD, 1) == []  # a start of 0 books nothing


async def test_grant_and_take(store: Store, players: list[int]) -> None:
    assert await store.grant(GUILD, 1, 250, "tournament prize", 42) == 10_250
    assert await store.take(GUILD, 1, 50, "refund", 42) == 10_200
    rows = await store.ledger_entries(GUILD, 1, limit=2)
    assert [(r.reason, r.amount, r.note, r.by_user_id) for r in rows] == [
        ("take", -50, "refund", 42), ("grant", 250, "tournament prize", 42)]
    older = await store.ledger_entries(GUILD, 1, before=rows[-1].entry_id)
    assert [r.reason for r in older] == ["start"]
    before = await snapshot(store)
    for amount in (0, -5, 2.5, True, "10", 10**13):
        with pytest.raises(InvalidInputError):
            await store.grant(GUILD, 1, amount, "x", 42)  # type: ignore[arg-type]
    for reason in ("", "   ", "x" * 201, None):
        with pytest.raises(InvalidInputError):
            await store.grant(GUILD, 1, 5, reason, 42)  # type: ignore[arg-type]
    with pytest.raises(UnknownPlayerError):
        await store.grant(GUILD, 99, 5, "x", 42)
    with pytest.raises(UnknownGuildError):
        await store.grant(OTHER_GUILD, 1, 5, "x", 42)
    with pytest.raises(InsufficientBalanceError):
        await store.take(GUILD, 1, 10_201, "too much", 42)
    assert await snapshot(store) == before
    assert (await store.check_invariants()).ok


async def test_unknown_accounts(store: Store, players: list[int]) -> None:
    with pytest.raises(UnknownPlayerError) as info:
        await store.balance(GUILD, 99)
    assert info.value.code == "unknown_player" and "99" in str(info.value)
    with pytest.raises(UnknownGuildError) as guild:
        await store.balance(OTHER_GUILD, 1)
    assert guild.value.code == "unknown_guild"
    with pytest.raises(UnknownGuildError):
        await store.house_balance(OTHER_GUILD)
    with pytest.raises(UnknownPlayerError):
        await store.claim_daily(GUILD, 99, DAY)
    with pytest.raises(UnknownPlayerError):
        await store.rank(GUILD, 99)

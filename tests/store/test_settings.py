"""Settings: defaults < guild < channel, validated keys and ranges."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.store import InvalidSettingError, Settings, Store, UnknownSettingError
from bot.store.settings import PLAYER_CHOICES

from .backends import Target
from .helpers import CHANNEL, GUILD, OTHER_GUILD, snapshot


async def test_channel_overrides_guild_overrides_defaults(store: Store) -> None:
    assert await store.get_settings(GUILD) == Settings()
    await store.set_guild_setting(GUILD, "variant", "happy")
    await store.set_guild_setting(GUILD, "N", "200")  # alias, typed text
    await store.set_channel_setting(CHANNEL, GUILD, "variant", "laizi")
    await store.set_channel_setting(CHANNEL, GUILD, "turn_s", 45)
    guild = await store.get_settings(GUILD)
    channel = await store.get_settings(GUILD, CHANNEL)
    assert (guild.variant, guild.beans_per_point, guild.turn_s) == ("happy", 200, 30)
    assert (channel.variant, channel.beans_per_point, channel.turn_s) == ("laizi", 200, 45)
    assert (await store.get_settings(GUILD, CHANNEL + 1)).variant == "happy"
    assert (await store.get_settings(OTHER_GUILD)).variant == "classic"
    rules = channel.rules()
    assert (rules.variant, rules.beans_per_point, rules.turn_play_s) == ("laizi", 200, 45)
    assert await store.setting_overrides(GUILD, CHANNEL) == {
        "guild": {"beans_per_point": 200, "variant": "happy"},
        "channel": {"turn_s": 45, "variant": "laizi"}}
    # None resets to the level below
    after = await store.set_channel_setting(CHANNEL, GUILD, "variant", None)
    assert after.variant == "happy"
    assert (await store.set_guild_setting(GUILD, "variant", None)).variant == "classic"


async def test_kept_settings_change_at_once_through_the_store(target: Target) -> None:
    async with Store.open(target) as store, Store.open(target) as elsewhere:
        store.settings_ttl = 0.3
        assert (await store.get_settings(GUILD, CHANNEL)).variant == "classic"
        # a change through this store: seen at once, for the guild and its channels
        await store.set_guild_setting(GUILD, "variant", "happy")
        assert (await store.get_settings(GUILD, CHANNEL)).variant == "happy"
        await store.set_channel_setting(CHANNEL, GUILD, "variant", "laizi")
        assert (await store.get_settings(GUILD, CHANNEL)).variant == "laizi"
        assert (await store.get_settings(GUILD)).variant == "happy"
        # a change made elsewhere: the kept answer until settings_ttl has passed
        await elsewhere.set_channel_setting(CHANNEL, GUILD, "variant", "super")
        assert (await store.get_settings(GUILD, CHANNEL)).variant == "laizi"
        await asyncio.sleep(0.35)
        assert (await store.get_settings(GUILD, CHANNEL)).variant == "super"
        # by default nothing is kept: every call reads
        await store.set_channel_setting(CHANNEL, GUILD, "variant", "happy")
        assert (await elsewhere.get_settings(GUILD, CHANNEL)).variant == "happy"


async def test_a_read_during_a_change_keeps_nothing(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    store.settings_ttl = 60.0
    db = store._db
    fetch_all = db.fetch_all
    read_old, go_on = asyncio.Event(), asyncio.Event()

    async def slow_fetch(sql: str, params: Any = ()) -> list[Any]:
        rows = await fetch_all(sql, params)
        read_old.set()
        await go_on.wait()
        return rows

    monkeypatch.setattr(db, "fetch_all", slow_fetch)
    read = asyncio.create_task(store.get_settings(GUILD, CHANNEL))
    await read_old.wait()  # the old value is read; the change lands before it comes back
    monkeypatch.setattr(db, "fetch_all", fetch_all)
    await store.set_guild_setting(GUILD, "variant", "happy")
    go_on.set()
    assert (await read).variant == "classic"
    assert (await store.get_settings(GUILD, CHANNEL)).variant == "happy"  # not kept


async def test_economy_settings_drive_accounts(target: Target) -> None:
    async with Store.open(target, start_balance=3_000, daily_bonus=300) as store:
        assert (await store.ensure_player(GUILD, 1, "a")).balance == 3_000
        await store.set_guild_setting(GUILD, "start_balance", 50_000)
        await store.set_guild_setting(GUILD, "daily", 1_234)
        assert (await store.ensure_player(GUILD, 2, "b")).balance == 50_000
        assert (await store.ensure_player(OTHER_GUILD, 2, "b")).balance == 3_000
        from datetime import date

        assert await store.claim_daily(GUILD, 1, date(2025, 1, 1)) == 1_234
        assert await store.claim_daily(OTHER_GUILD, 2, date(2025, 1, 1)) == 300


@pytest.mark.parametrize(("key", "value", "error", "code"), [
    ("colour", "red", UnknownSettingError, "unknown_setting"),
    (7, 1, UnknownSettingError, "unknown_setting"),
    ("variant", "poker", InvalidSettingError, "setting_choice"),
    ("beans_per_point", 0, InvalidSettingError, "setting_range"),
    ("beans_per_point", "lots", InvalidSettingError, "invalid_setting"),
    ("beans_per_point", 2.5, InvalidSettingError, "invalid_setting"),
    ("table_fee", -1, InvalidSettingError, "setting_range"),
    ("turn_s", 3, InvalidSettingError, "setting_range"),
    ("turn_s", True, InvalidSettingError, "invalid_setting"),
    ("ai_level", "godlike", InvalidSettingError, "setting_choice"),
    ("relief_enabled", "maybe", InvalidSettingError, "invalid_setting"),
    ("start_balance", 10**13, InvalidSettingError, "setting_range"),
])
async def test_bad_settings_write_nothing(store: Store, key: object, value: object,
                                          error: type[Exception], code: str) -> None:
    before = await snapshot(store)
    with pytest.raises(error) as info:
        await store.set_guild_setting(GUILD, key, value)  # type: ignore[arg-type]
    assert info.value.code == code  # type: ignore[attr-defined]
    assert str(value) in str(info.value) or str(key) in str(info.value)
    assert await snapshot(store) == before


async def test_channel_settings_are_checked(store: Store) -> None:
    before = await snapshot(store)
    with pytest.raises(InvalidSettingError) as info:
        await store.set_channel_setting(CHANNEL, GUILD, "start_balance", 5)
    assert info.value.code == "guild_only_setting"
    await store.set_channel_setting(CHANNEL, GUILD, "ai_level", "HARD")
    with pytest.raises(InvalidSettingError) as wrong:
        await store.set_channel_setting(CHANNEL, OTHER_GUILD, "ai_level", "easy")
    assert wrong.value.code == "wrong_guild"
    assert (await store.get_settings(GUILD, CHANNEL)).ai_level == "hard"
    counts = (await snapshot(store))["counts"]
    assert counts["channel_settings"] == before["counts"]["channel_settings"] + 1  # type: ignore[index]


async def test_a_players_own_setting_is_kept_per_user(store: Store) -> None:
    assert await store.player_setting(42, "autopass") is False  # the default
    await store.set_player_setting(42, "autopass", True)
    assert await store.player_setting(42, "autopass") is True
    assert await store.player_setting(43, "autopass") is False, "per user"
    await store.set_player_setting(42, "autopass", False)
    assert await store.player_setting(42, "autopass") is False
    with pytest.raises(UnknownSettingError):
        await store.player_setting(42, "nope")


async def test_the_hand_order_and_language_are_kept_per_user(store: Store) -> None:
    assert await store.player_setting(42, "hand_sort") == "desc"  # the default
    assert await store.player_setting(42, "locale") is None  # not known yet
    await store.set_player_setting(42, "hand_sort", "grouped")
    await store.set_player_setting(42, "locale", "zh-TW")
    await store.set_player_setting(42, "autopass", True)
    assert await store.player_setting(42, "hand_sort") == "grouped"
    assert await store.player_setting(42, "locale") == "zh-TW"
    assert await store.player_setting(43, "hand_sort") == "desc", "per user"
    await store.set_player_setting(42, "hand_sort", "asc")
    assert await store.player_setting(42, "hand_sort") == "asc"
    for key, bad in (("hand_sort", "sideways"), ("locale", "fr"), ("autopass", "grouped"),
                     ("hand_sort", True)):
        with pytest.raises(InvalidSettingError):
            await store.set_player_setting(42, key, bad)
    assert await store.player_setting(42, "hand_sort") == "asc", "a refused value changes nothing"
    assert await store.player_setting(42, "autopass") is True


def test_the_stored_hand_orders_are_the_pictures() -> None:
    from render import ORDERS

    assert PLAYER_CHOICES["hand_sort"] == ORDERS

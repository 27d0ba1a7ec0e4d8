"""Clusters: shard settings, guild ownership, recovery of owned tables only, and the
refusal of a partial shard range on SQLite."""

from __future__ import annotations

import discord
import pytest

from bot.discord_api.cluster import ShardError, ShardPlan, format_shards, owner_shard, parse_shards
from bot.engine import Rules
from bot.process.app import DdzBot, ShardedDdzBot, create_bot, run
from bot.process.config import ConfigError, Settings
from bot.tables import TableRestored

from .helpers import make_manager, open_store

A_GUILD = 81384788765712384  # a real-looking snowflake


def test_shard_ranges() -> None:
    assert parse_shards("0-3") == (0, 1, 2, 3)
    assert parse_shards("5") == (5,)
    assert parse_shards("0-1, 4,6-7") == (0, 1, 4, 6, 7)
    assert format_shards((0, 1, 2, 3, 6, 8, 9)) == "0-3,6,8-9"
    for bad in ("", "a", "3-1", "1--2"):
        with pytest.raises(ShardError):
            parse_shards(bad)


def test_a_guild_is_owned_by_the_process_of_its_shard() -> None:
    assert owner_shard(A_GUILD, 8) == (A_GUILD >> 22) % 8
    shard = owner_shard(A_GUILD, 8)
    mine = ShardPlan.from_text(format_shards([shard]), 8)
    other = ShardPlan.from_text(format_shards([(shard + 1) % 8]), 8)
    assert mine.owns(A_GUILD) and not other.owns(A_GUILD)
    # every guild has exactly one owner among processes that split the shards
    halves = [ShardPlan.from_text("0-3", 8), ShardPlan.from_text("4-7", 8)]
    for guild in range(1 << 22, 200 << 22, 7 << 22):
        assert sum(p.owns(guild) for p in halves) == 1
    assert ShardPlan().owns(A_GUILD) and ShardPlan().is_primary
    assert halves[0].is_primary and not halves[1].is_primary
    assert ShardPlan.from_text("0-7", 8).runs_every_shard


def test_bad_shard_settings_say_what_to_write() -> None:
    with pytest.raises(ShardError, match="--shard-count"):
        ShardPlan.from_text("0-3", None)
    with pytest.raises(ShardError, match="numbered 0 to 7"):
        ShardPlan.from_text("6-8", 8)
    with pytest.raises(ShardError, match="1 to"):
        ShardPlan.from_text(None, "0")


def test_some_shards_need_postgresql(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DDZ_DATABASE_URL", raising=False)
    monkeypatch.setenv("DDZ_SHARDS", "0-3")
    monkeypatch.setenv("DDZ_SHARD_COUNT", "8")
    with pytest.raises(ConfigError, match="DDZ_DATABASE_URL=postgresql"):
        Settings.from_env(env_file=None)
    monkeypatch.setenv("DDZ_SHARDS", "0-7")  # all of them in one process: SQLite is fine
    assert Settings.from_env(env_file=None).shards.runs_every_shard
    monkeypatch.setenv("DDZ_DATABASE_URL", "postgresql://ddz@db/ddz")
    monkeypatch.setenv("DDZ_SHARDS", "4-7")
    plan = Settings.from_env(env_file=None).shards
    assert (plan.shard_ids, plan.shard_count, plan.is_primary) == ((4, 5, 6, 7), 8, False)


def test_the_command_line_refuses_a_shard_range_on_sqlite(monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    for name in ("DDZ_DATABASE_URL", "DDZ_SHARDS", "DDZ_SHARD_COUNT"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir("/")  # no .env here
    assert run(["--shards", "0-1", "--shard-count", "4"]) == 2
    err = capsys.readouterr().err
    assert "shards 0-1 of 4" in err and "DDZ_DATABASE_URL" in err and "Traceback" not in err


async def test_create_bot_runs_the_shards_it_is_given(tmp_path) -> None:
    plain = await create_bot(Settings(db_path=tmp_path / "a.db"))
    try:
        assert type(plain) is DdzBot
    finally:
        await plain.close_store()
    settings = Settings(db_path=tmp_path / "b.db").with_shards("0-3", 4)
    sharded = await create_bot(settings)
    try:
        assert isinstance(sharded, ShardedDdzBot)
        assert isinstance(sharded, discord.AutoShardedClient)
        assert sharded.shard_ids == [0, 1, 2, 3] and sharded.shard_count == 4
    finally:
        await sharded.close_store()


async def test_recovery_takes_only_the_owned_tables(tmp_path) -> None:
    mine, theirs = 1 << 22, 2 << 22  # shards 1 and 0 of 2
    store = await open_store(tmp_path)
    manager, _, _ = make_manager(store)
    for channel, guild in ((10, mine), (20, theirs)):
        await manager.create(channel, guild, 101 + channel, "alice", Rules.preset("classic"))
    await manager.shutdown()
    await store.close()
    plan = ShardPlan.from_text("1", 2)
    store2 = await open_store(tmp_path)
    try:
        manager2, presenter2, _ = make_manager(store2, owns=plan.owns)
        assert await manager2.recover() == 1
        assert set(manager2._tables) == {10}
        assert [e.channel_id for e in presenter2.of_type(TableRestored)] == [10]
        await manager2.shutdown()
        assert len(await store2.load_tables()) == 2  # the other table waits for its owner
    finally:
        await store2.close()

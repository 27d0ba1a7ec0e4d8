"""One live seat per player across every guild (issue 34, point 1), on every backend: the
store refuses a second seat in any guild inside the join's transaction, and migration 010
keeps one seat of a player who held seats in two guilds before it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from bot.store import SeatTakenError, Store
from bot.store.migrations import MIGRATIONS_DIR, PG_MIGRATIONS_DIR, find_migrations
from bot.words.errors import error_text

from .backends import Target, raw_execute
from .helpers import GUILD, OTHER_GUILD

ALICE, BOB, CAROL = 11, 12, 13
CH_A, CH_B, CH_C = 501, 502, 503


async def test_a_player_holds_one_seat_across_guilds(store: Store) -> None:
    await store.save_table(CH_A, GUILD, {"t": "a"}, seated=[ALICE, BOB])
    with pytest.raises(SeatTakenError) as info:  # another guild, another table
        await store.save_table(CH_B, OTHER_GUILD, {"t": "b"}, seated=[CAROL, ALICE])
    assert info.value.code == "already_seated" and info.value.params["channel_id"] == CH_A
    assert error_text(info.value, "en") == "You are already seated at a table: leave it first."
    assert "请先离开" in (error_text(info.value, "zh-CN") or "")
    # nothing of the refused save was kept: no table, no seat for Carol
    assert [t.channel_id for t in await store.load_tables()] == [CH_A]
    assert await store.seated_players() == {(GUILD, ALICE): CH_A, (GUILD, BOB): CH_A}
    # once she left the first table she may sit in the other guild
    await store.save_table(CH_A, GUILD, {"t": "a"}, seated=[BOB])
    await store.save_table(CH_B, OTHER_GUILD, {"t": "b"}, seated=[CAROL, ALICE])
    assert await store.seated_players() == {(GUILD, BOB): CH_A, (OTHER_GUILD, CAROL): CH_B,
                                            (OTHER_GUILD, ALICE): CH_B}
    assert await store.seated_players(OTHER_GUILD) == {(OTHER_GUILD, CAROL): CH_B,
                                                       (OTHER_GUILD, ALICE): CH_B}


def _before_010(tmp_path: Path, backend: str) -> Path:
    folder = tmp_path / "migrations"
    shutil.copytree(PG_MIGRATIONS_DIR if backend == "postgresql" else MIGRATIONS_DIR, folder)
    for path in folder.glob("*.sql"):  # 010 and every later one
        if int(path.name.split("_")[0]) >= 10:
            path.unlink()
    assert find_migrations(folder)[-1].version < 10
    return folder


async def test_migration_010_keeps_one_seat_per_player(tmp_path: Path, target: Target,
                                                       backend: str) -> None:
    """Seats in two guilds, as a cluster could make them before 010: the migration does
    not fail; a player keeps the seat at a table playing a deal, else at the table saved
    last (then the lowest channel), and loses the others."""
    async with Store.open(target, migrations_dir=_before_010(tmp_path, backend)) as store:
        assert 10 not in [m.version for m in await store.schema_migrations()]
    tables = [(CH_A, GUILD, "lobby", "2026-01-01T00:00:03"),
              (CH_B, OTHER_GUILD, "playing", "2026-01-01T00:00:01"),
              (CH_C, 3003, "between", "2026-01-01T00:00:02")]
    for channel, guild, status, updated in tables:
        data = json.dumps({"status": status})
        await raw_execute(target, "INSERT INTO live_tables (channel_id, guild_id, data_json, "
                                  f"updated_at) VALUES ({channel}, {guild}, '{data}', "
                                  f"'{updated}')")
    seats = [(GUILD, ALICE, CH_A), (OTHER_GUILD, ALICE, CH_B), (3003, ALICE, CH_C),
             (GUILD, BOB, CH_A), (3003, BOB, CH_C), (OTHER_GUILD, CAROL, CH_B)]
    for guild, user, channel in seats:
        await raw_execute(target, "INSERT INTO table_seats (guild_id, user_id, channel_id) "
                                  f"VALUES ({guild}, {user}, {channel})")
    async with Store.open(target) as store:
        assert 10 in store.migrations_applied_now
        assert await store.seated_players() == {
            (OTHER_GUILD, ALICE): CH_B,  # the running deal
            (GUILD, BOB): CH_A,  # both between deals: the table saved last
            (OTHER_GUILD, CAROL): CH_B}
        with pytest.raises(SeatTakenError):
            await store.save_table(CH_C, 3003, {"status": "lobby"}, seated=[BOB])
        assert await store.delete_table(CH_B)  # a table's seats go with it
        assert await store.seated_players() == {(GUILD, BOB): CH_A}

"""Migrations: numbered, applied once each in a transaction (under an advisory lock on
PostgreSQL), never edited afterwards, the same numbered set on both backends; SQLite in
WAL mode with foreign keys on."""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
from pathlib import Path

import pytest

from bot.store import MigrationError, Store
from bot.store.migrations import (
    MIGRATIONS_DIR,
    PG_MIGRATIONS_DIR,
    find_migrations,
    split_statements,
)

from .backends import Target, rounds


def _own(backend: str) -> Path:
    return PG_MIGRATIONS_DIR if backend == "postgresql" else MIGRATIONS_DIR


def _copy_migrations(tmp_path: Path, backend: str = "sqlite") -> Path:
    folder = tmp_path / "migrations"
    shutil.copytree(_own(backend), folder)
    return folder


def test_both_backends_have_the_same_migrations() -> None:
    """Every numbered migration exists for SQLite and for PostgreSQL (a new one on either
    side needs its twin)."""
    sqlite = [(m.version, m.name) for m in find_migrations(MIGRATIONS_DIR)]
    postgres = [(m.version, m.name) for m in find_migrations(PG_MIGRATIONS_DIR)]
    assert sqlite == postgres


async def test_applied_once(target: Target, backend: str) -> None:
    path = target  # SQLite: a file in a folder that does not exist yet
    async with Store.open(path) as store:
        versions = [m.version for m in find_migrations(_own(backend))]
        assert store.migrations_applied_now == versions == sorted(set(versions))
        assert versions[0] == 1
        first = await store.schema_migrations()
        counts = await store.table_counts()
    for _ in range(2):
        async with Store.open(path) as store:
            assert store.migrations_applied_now == []
            assert await store.schema_migrations() == first
            assert await store.table_counts() == counts


@pytest.mark.parametrize(("backend", "round_"), rounds(25, 5), indirect=["backend"])
async def test_concurrent_first_opens_apply_once(target: Target, backend: str,
                                                 round_: int) -> None:
    """Four stores opening one new database at once (SQLite's switch to WAL used to fail
    with "database is locked" in about one race in nine: hence many rounds; PostgreSQL's
    advisory lock has no such race, five rounds)."""
    stores = await asyncio.gather(*(Store.open(target) for _ in range(4)))
    try:
        applied = sorted(v for s in stores for v in s.migrations_applied_now)
        assert applied == [m.version for m in find_migrations(_own(backend))]
        assert len(await stores[0].schema_migrations()) == len(applied)
    finally:
        for s in stores:
            await s.close()


async def test_pragmas(tmp_path: Path, ) -> None:
    async with Store.open(tmp_path / "p.db") as store:
        for conn_sql, expected in (("PRAGMA foreign_keys", 1), ("PRAGMA query_only", 1)):
            row = await store._db.fetch_one(conn_sql)
            assert row is not None and row[0] == expected
        row = await store._db.fetch_one("PRAGMA busy_timeout")
        assert row is not None and row[0] >= 1000
    conn = sqlite3.connect(tmp_path / "p.db")
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn.close()


async def test_a_failing_migration_is_rolled_back(tmp_path: Path, target: Target,
                                                  backend: str) -> None:
    folder = _copy_migrations(tmp_path, backend)
    nxt = find_migrations(folder)[-1].version + 1
    bad = folder / f"{nxt:03d}_broken.sql"
    bad.write_text("CREATE TABLE half_done (x INTEGER);\nCREATE TABLE oops (;\n")
    with pytest.raises(MigrationError, match="broken"):
        await Store.open(target, migrations_dir=folder)
    bad.write_text("CREATE TABLE half_done (x INTEGER);\nCREATE TABLE whole (y TEXT);\n")
    async with Store.open(target, migrations_dir=folder) as store:
        assert store.migrations_applied_now == [nxt]  # 001.. were kept, the broken one not
        counts = await store.table_counts()
        assert counts["half_done"] == 0 and counts["whole"] == 0


async def test_edited_or_unknown_migrations_are_refused(tmp_path: Path, target: Target,
                                                        backend: str) -> None:
    folder = _copy_migrations(tmp_path, backend)
    path = target
    nxt = find_migrations(folder)[-1].version + 1
    (folder / f"{nxt:03d}_extra.sql").write_text("CREATE TABLE extra (x INTEGER);\n")
    async with Store.open(path, migrations_dir=folder):
        pass
    with pytest.raises(MigrationError, match="newer"):  # the code lacks a migration the db has
        await Store.open(path)
    first = sorted(folder.glob("001_*.sql"))[0]
    first.write_text(first.read_text() + "\n-- an edit\n")
    with pytest.raises(MigrationError, match="changed"):
        await Store.open(path, migrations_dir=folder)


async def test_a_lower_number_landing_later_is_applied(tmp_path: Path) -> None:
    """Numbers are reserved for changes made side by side: a database that has the
    highest migration applies a lower-numbered one that arrives after it."""
    folder = _copy_migrations(tmp_path)
    last = find_migrations(folder)[-1].version
    (folder / f"{last + 2:03d}_later.sql").write_text("CREATE TABLE later (x INTEGER);\n")
    path = tmp_path / "late.db"
    async with Store.open(path, migrations_dir=folder) as store:
        assert store.migrations_applied_now[-1] == last + 2
    (folder / f"{last + 1:03d}_between.sql").write_text("CREATE TABLE between_ (y TEXT);\n")
    async with Store.open(path, migrations_dir=folder) as store:
        assert store.migrations_applied_now == [last + 1]
        assert "between_" in await store.table_counts()
        assert [m.version for m in await store.schema_migrations()][-2:] == [last + 1,
                                                                             last + 2]


def test_migration_files_are_numbered_without_repeats(tmp_path: Path) -> None:
    folder = _copy_migrations(tmp_path)
    last = find_migrations(folder)[-1].version
    (folder / f"{last + 5:03d}_far.sql").write_text("SELECT 1;\n")  # a gap is allowed
    assert find_migrations(folder)[-1].version == last + 5
    (folder / f"{last + 5:03d}_again.sql").write_text("SELECT 2;\n")
    with pytest.raises(MigrationError, match="twice"):
        find_migrations(folder)
    (folder / f"{last + 5:03d}_far.sql").unlink()
    (folder / f"{last + 5:03d}_again.sql").unlink()
    (folder / "Bad-Name.sql").write_text("SELECT 1;\n")
    with pytest.raises(MigrationError, match="NNN_name"):
        find_migrations(folder)


def test_statement_splitting_keeps_triggers_whole() -> None:
    sql = ("-- head\nCREATE TABLE a (x);\nCREATE TRIGGER t BEFORE DELETE ON a\nBEGIN\n"
           "    SELECT RAISE(ABORT, 'no; never');\nEND;\n-- tail; with a semicolon\n")
    parts = split_statements(sql)
    assert len(parts) == 2 and parts[1].startswith("CREATE TRIGGER") and parts[1].endswith("END;")
    with pytest.raises(MigrationError):
        split_statements("CREATE TABLE b (x)\n")

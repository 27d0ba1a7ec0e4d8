"""Start-up checks, checkpoints, backups and restore (issue 12)."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.store import Store
from bot.store.maintenance import (
    BotRunningError,
    DatabaseCorruptError,
    LostDataError,
    RunLock,
    list_backups,
    restore_database,
)

ROOT = Path(__file__).resolve().parents[2]
GUILD = 1


async def _with_players(path: Path, n: int = 3) -> Store:
    store = await Store.open(path)
    for user in range(1, n + 1):
        await store.ensure_player(GUILD, user, f"p{user}")
    await store.grant(GUILD, 1, 500, "test", 9)
    return store


def _crash_image(store_path: Path, into: Path) -> Path:
    """The files as a kill would leave them (the store is still open: nothing
    checkpointed, the write-ahead log beside the database)."""
    into.mkdir()
    for suffix in ("", "-wal"):
        if Path(f"{store_path}{suffix}").exists():
            shutil.copyfile(f"{store_path}{suffix}", into / f"ddz.db{suffix}")
    return into / "ddz.db"


async def test_a_zeroed_wal_header_never_starts_a_fresh_economy(tmp_path) -> None:
    """Before: SQLite ignored the damaged log, the database looked empty, the migrations
    ran again and every player would have been granted a new start balance."""
    store = await _with_players(tmp_path / "live.db")
    image = _crash_image(tmp_path / "live.db", tmp_path / "crash")
    await store.close()
    wal = Path(f"{image}-wal")
    assert wal.stat().st_size > 32
    with open(wal, "r+b") as f:
        f.write(bytes(32))
    with pytest.raises(LostDataError, match="restore"):
        await Store.open(image)
    assert wal.stat().st_size > 32  # nothing was written over it


async def test_a_crash_image_with_its_log_opens_with_every_balance(tmp_path) -> None:
    store = await _with_players(tmp_path / "live.db")
    image = _crash_image(tmp_path / "live.db", tmp_path / "crash")
    await store.close()
    async with Store.open(image) as reopened:
        assert await reopened.balance(GUILD, 1) == 10_500
        assert reopened.migrations_applied_now == []


async def test_a_corrupt_database_is_refused_with_what_to_do(tmp_path) -> None:
    path = tmp_path / "ddz.db"
    store = await _with_players(path, 200)
    await store.checkpoint()
    await store.close()
    conn = sqlite3.connect(path)
    root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'players'").fetchone()[0]
    conn.close()
    data = bytearray(path.read_bytes())
    start = (root - 1) * 4096
    for offset in range(start + 8, start + 400):  # the players' root page scribbled over
        data[offset] = 0x5A
    path.write_bytes(bytes(data))
    with pytest.raises(DatabaseCorruptError, match="python -m bot restore"):
        await Store.open(path)


async def test_checkpoint_truncates_the_log(tmp_path) -> None:
    store = await _with_players(tmp_path / "ddz.db", 50)
    wal = Path(f"{tmp_path / 'ddz.db'}-wal")
    assert wal.stat().st_size > 0
    await store.checkpoint()
    assert wal.stat().st_size == 0
    assert await store.balance(GUILD, 1) == 10_500
    await store.close()


async def test_backup_keeps_the_newest_and_restores_round_trip(tmp_path) -> None:
    path = tmp_path / "ddz.db"
    backups = tmp_path / "backups"
    store = await _with_players(path)
    made = [await store.backup(backups, keep=2) for _ in range(3)]
    assert list_backups(backups) == made[1:]  # the oldest was pruned
    good = made[-1]
    await store.grant(GUILD, 2, 777, "after the backup", 9)
    await store.close()
    with RunLock(path), pytest.raises(BotRunningError):  # refused while the bot runs
        restore_database(good, path, backup_dir=backups)
    saved = restore_database(good, path, backup_dir=backups)
    assert saved is not None and saved.exists()
    async with Store.open(path) as restored:
        assert await restored.balance(GUILD, 2) == 10_000  # as at the backup
        assert (await restored.check_invariants()).ok
    async with Store.open(saved) as replaced:  # the replaced database was kept
        assert await replaced.balance(GUILD, 2) == 10_777


async def test_a_bad_backup_is_not_restored(tmp_path) -> None:
    path = tmp_path / "ddz.db"
    store = await _with_players(path)
    await store.close()
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"not a database" * 100)
    with pytest.raises(DatabaseCorruptError):
        restore_database(junk, path)
    other = tmp_path / "other.db"
    sqlite3.connect(other).execute("CREATE TABLE t (x)").connection.close()
    with pytest.raises(DatabaseCorruptError, match="not a doudizhu-bot database"):
        restore_database(other, path)
    async with Store.open(path) as same:
        assert await same.balance(GUILD, 1) == 10_500


def _cli(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)


async def test_backup_and_restore_from_the_command_line(tmp_path) -> None:
    path = tmp_path / "ddz.db"
    store = await _with_players(path)
    env = {**os.environ, "DDZ_DB_PATH": str(path), "PYTHONPATH": str(ROOT)}
    done = _cli("backup", env=env)
    assert done.returncode == 0, done.stderr
    [made] = list_backups(tmp_path / "backups")
    assert str(made) in done.stdout
    await store.grant(GUILD, 3, 1_000, "after", 9)
    with RunLock(path):
        refused = _cli("restore", str(made), env=env)
    assert refused.returncode == 4 and "stop it first" in refused.stderr
    await store.close()
    done = _cli("restore", str(made), env=env)
    assert done.returncode == 0, done.stderr
    async with Store.open(path) as restored:
        assert await restored.balance(GUILD, 3) == 10_000


def test_on_postgresql_the_commands_name_pg_dump(tmp_path) -> None:
    env = {**os.environ, "DDZ_DATABASE_URL": "postgresql://u:secret@localhost:1/ddz",
           "PYTHONPATH": str(ROOT)}
    done = _cli("backup", env=env)
    assert done.returncode == 2 and "pg_dump" in done.stderr
    assert "secret" not in done.stderr


async def test_a_postgresql_store_is_not_backed_up_here() -> None:
    """No file to copy: the store says that pg_dump is the tool (no connection needed:
    it is refused before the database is asked anything)."""
    from bot.store.maintenance import BackupUnsupportedError
    from bot.store.pg import PgDatabase
    from bot.store.settings import Settings as Economy

    store = Store(object.__new__(PgDatabase), Economy())
    with pytest.raises(BackupUnsupportedError, match="pg_dump"):
        await store.backup()
    await store.checkpoint()  # PostgreSQL keeps its own log: nothing to do


def test_the_default_backups_folder_is_beside_the_database() -> None:
    from bot.process.config import Settings

    assert Settings().backups == Path("data") / "backups"
    assert Settings(backup_dir="/srv/b").backups == Path("/srv/b")


def test_a_corrupt_database_stops_the_bot_with_one_line(tmp_path, monkeypatch, capsys) -> None:
    from bot.process.app import run

    path = tmp_path / "ddz.db"
    path.write_bytes(b"SQLite format 3\x00" + b"\x5a" * 8000)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-token")
    monkeypatch.setenv("DDZ_DB_PATH", str(path))
    monkeypatch.delenv("DDZ_DATABASE_URL", raising=False)
    monkeypatch.setattr("discord.utils.setup_logging", lambda **kw: None)
    assert run([]) == 4
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("doudizhu-bot: ") and \
        "python -m bot restore" in err[0], err


async def test_the_bot_backs_up_at_shutdown(tmp_path) -> None:
    from bot.process.app import create_bot
    from bot.process.config import Settings

    bot = await create_bot(Settings(db_path=tmp_path / "ddz.db", ai_in_thread=False,
                                    backup_dir=tmp_path / "b", backup_keep=3))
    await bot.store.ensure_player(GUILD, 1, "p1")
    bot.served = True  # as after a start that succeeded (a refused start writes none)
    await bot.close()
    [made] = list_backups(tmp_path / "b")
    async with Store.open(made) as copy:
        assert await copy.balance(GUILD, 1) == 10_000


def test_backup_settings_from_the_environment(monkeypatch, tmp_path) -> None:
    from bot.process.config import ConfigError, Settings

    monkeypatch.setenv("DDZ_BACKUP_MINUTES", "15")
    monkeypatch.setenv("DDZ_BACKUP_KEEP", "4")
    monkeypatch.setenv("DDZ_BACKUP_DIR", str(tmp_path / "b"))
    settings = Settings.from_env(None)
    assert (settings.backup_minutes, settings.backup_keep, settings.backups) == \
        (15, 4, tmp_path / "b")
    monkeypatch.setenv("DDZ_BACKUP_KEEP", "0")
    with pytest.raises(ConfigError, match="DDZ_BACKUP_KEEP"):
        Settings.from_env(None)


async def test_the_bot_checkpoints_the_log_regularly(tmp_path) -> None:
    import asyncio

    from bot.process.app import create_bot
    from bot.process.config import Settings

    bot = await create_bot(Settings(db_path=tmp_path / "ddz.db", ai_in_thread=False,
                                    checkpoint_minutes=1 / 60, backup_minutes=0))
    for user in range(1, 40):
        await bot.store.ensure_player(GUILD, user, f"p{user}")
    wal = Path(f"{tmp_path / 'ddz.db'}-wal")
    assert wal.stat().st_size > 0
    task = asyncio.create_task(bot._maintain())  # started by setup_hook when serving
    for _ in range(60):
        await asyncio.sleep(0.05)
        if wal.stat().st_size == 0:
            break
    task.cancel()
    assert wal.stat().st_size == 0, "the log was folded into the file and truncated"
    await bot.close()
    assert not list_backups(tmp_path / "backups"), "backup_minutes=0: no backup"


async def test_a_damaged_log_over_a_checkpointed_file_is_refused(tmp_path) -> None:
    """The file already holds the players (checkpointed); the writes since are in the
    log. Before: with the log's header zeroed, SQLite served the file as at the
    checkpoint, and the grant made since was silently gone."""
    store = await _with_players(tmp_path / "live.db")
    await store.checkpoint()
    await store.grant(GUILD, 2, 4_000, "after the checkpoint", 9)
    image = _crash_image(tmp_path / "live.db", tmp_path / "crash")
    await store.close()
    wal = Path(f"{image}-wal")
    with open(wal, "r+b") as f:
        f.write(bytes(32))
    with pytest.raises(LostDataError, match="damaged header"):
        await Store.open(image)
    assert wal.stat().st_size > 32  # kept for a rescue


def test_a_first_transaction_killed_before_its_commit_is_a_new_database(tmp_path) -> None:
    """A writer killed during its very first transaction leaves a log of frames none of
    which commits: nothing was ever written, so it is a new database, not lost data (the
    crash test's early kills found this). A log that does commit, unread, is still refused."""
    import sqlite3

    from bot.store.maintenance import check_before_serving, wal_commits

    live = tmp_path / "live.db"
    conn = sqlite3.connect(live)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA wal_autocheckpoint=0")
    conn.execute("CREATE TABLE t (x)")
    conn.commit()
    crash = tmp_path / "crash"
    crash.mkdir()
    for suffix in ("", "-wal"):
        shutil.copyfile(f"{live}{suffix}", crash / f"ddz.db{suffix}")
    conn.close()
    image, wal = crash / "ddz.db", crash / "ddz.db-wal"
    assert wal_commits(wal)  # as it is: a committed schema in the log
    data = bytearray(wal.read_bytes())
    page_size = int.from_bytes(data[8:12], "big")
    for at in range(32, len(data) - 23, 24 + page_size):  # every frame: no commit mark
        data[at + 4:at + 8] = bytes(4)
    wal.write_bytes(bytes(data))
    assert not wal_commits(wal)
    check_before_serving(image)  # no LostDataError: a new, empty database
    # the same log whose salts do not match its header is no commit either
    assert not wal_commits(tmp_path / "no-such-wal")

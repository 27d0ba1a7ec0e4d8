"""Keeping the database file healthy: start-up checks, checkpoints, backups and restore.

- :func:`check_before_serving` runs when the store opens, before any migration writes: it
  refuses a database that fails ``PRAGMA quick_check`` (:class:`DatabaseCorruptError`) and
  one whose files hold data that SQLite cannot see (:class:`LostDataError`: a WAL with a
  zeroed header looks like an empty database, and migrating it would start a fresh
  economy over the old one, re-granting every start balance).
- :func:`backup_database` copies a live database with SQLite's online backup API (readers
  and the writer go on meanwhile) into ``<dir>/doudizhu-YYYYMMDD-HHMMSS.db`` and keeps
  the newest ``keep``; :func:`backup_if_changed` writes none when the database holds
  what the newest backup holds; :func:`restore_database` puts a backup back (checked
  first, and only while no bot holds the database's :class:`RunLock`).

PostgreSQL is not backed up here: ``pg_dump`` is the tool (:data:`PG_BACKUP_HINT`).
"""

from __future__ import annotations

import fcntl
import filecmp
import os
import shutil
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType

BACKUP_PREFIX = "doudizhu-"
WAL_HEADER = 32  # bytes: a WAL of this size or less holds no frame
WAL_MAGIC = (0x377F0682, 0x377F0683)  # the first four bytes of a write-ahead log


class DatabaseCorruptError(RuntimeError):
    """The database file failed its integrity check: do not serve from it."""


class LostDataError(RuntimeError):
    """The database looks empty but its files hold data: refuse to start a new economy."""


class BotRunningError(RuntimeError):
    """Another process (the bot) holds the database."""


class BackupUnsupportedError(RuntimeError):
    """The store is not a SQLite file: PostgreSQL is backed up with its own tools."""


PG_BACKUP_HINT = ("the database is PostgreSQL: back it up with pg_dump (for example "
                  "`pg_dump --format=custom --file=doudizhu.dump \"$DDZ_DATABASE_URL\"`) and "
                  "restore it with pg_restore; `python -m bot backup` and `restore` handle "
                  "the SQLite file only")


def what_to_do(path: Path) -> str:
    backups = default_backup_dir(path)
    return (f"Stop here: restore the newest good backup with `python -m bot restore "
            f"{backups}/<file>` (the bot must not be running), or move {path} away to "
            "start a new, empty economy on purpose.")


def default_backup_dir(path: str | Path) -> Path:
    return Path(path).parent / "backups"


def check_before_serving(path: Path) -> None:
    """Refuse a corrupt database, and one that lost sight of its data. Runs before the
    store opens its own connections, on a read-only connection: closing it never folds
    or deletes a write-ahead log (the data SQLite could not read stays for a rescue)."""
    wal = Path(f"{path}-wal")
    wal_size = wal.stat().st_size if wal.exists() else 0
    size = path.stat().st_size if path.exists() else 0
    if size == 0 and wal_size == 0:
        return  # a new database
    if wal_size > WAL_HEADER and _wal_magic(wal) not in WAL_MAGIC:
        # SQLite would skip a log whose header it cannot read, and serve the file as it
        # was at the last checkpoint (or as an empty database): every later write lost
        raise LostDataError(
            f"the write-ahead log {wal} ({wal_size} bytes) has a damaged header, so SQLite "
            f"would not see the writes it holds: starting here would serve the database as "
            f"it was before them (or begin a new economy over the old one). "
            + what_to_do(path))
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=30)
    except sqlite3.Error as err:
        raise DatabaseCorruptError(f"{path} cannot be opened ({err}). "
                                   + what_to_do(path)) from err
    try:
        tables = conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0]
        page_size = conn.execute("PRAGMA page_size").fetchone()[0]
        if tables == 0 and (wal_commits(wal) or size > page_size):
            raise LostDataError(
                f"{path} looks empty, but its files hold data ({size} bytes, {wal_size} in "
                f"its write-ahead log) that SQLite cannot read: the log may be damaged. "
                f"Starting here would begin a new economy over the old one. "
                + what_to_do(path))
        problems = [r[0] for r in conn.execute("PRAGMA quick_check(5)").fetchall()]
    except sqlite3.DatabaseError as err:
        raise DatabaseCorruptError(f"{path} cannot be read as a database ({err}). "
                                   + what_to_do(path)) from err
    finally:
        conn.close()
    if problems != ["ok"]:
        raise DatabaseCorruptError(f"{path} failed its integrity check: "
                                   f"{'; '.join(problems)}. " + what_to_do(path))


def wal_commits(wal: Path) -> bool:
    """Whether the write-ahead log holds a committed transaction: a frame of the log's own
    salts that ends a commit. A log with frames but no commit is a first transaction
    killed before it committed (nothing was ever written, nothing is lost)."""
    try:
        with open(wal, "rb") as file:
            header = file.read(WAL_HEADER)
            if len(header) < WAL_HEADER:
                return False
            page_size = int.from_bytes(header[8:12], "big")
            salts = header[16:24]
            if not 512 <= page_size <= 65536:
                return True  # unreadable: assume the worst
            while len(frame := file.read(24)) == 24:
                if frame[8:16] == salts and int.from_bytes(frame[4:8], "big") > 0:
                    return True
                file.seek(page_size, os.SEEK_CUR)
    except FileNotFoundError:
        return False
    return False


def _wal_magic(wal: Path) -> int:
    with open(wal, "rb") as file:
        return int.from_bytes(file.read(4), "big")


# ---------------------------------------------------------------------------- backups
def backup_database(path: str | Path, backup_dir: str | Path | None = None, *,
                    keep: int = 24, now: datetime | None = None) -> Path:
    """Copy the live database at ``path`` into ``backup_dir`` (consistent, online) and
    delete all but the newest ``keep`` backups there. Returns the new file."""
    source = Path(path)
    if not source.exists():
        raise FileNotFoundError(f"there is no database at {source}")
    folder = Path(backup_dir) if backup_dir is not None else default_backup_dir(source)
    folder.mkdir(parents=True, exist_ok=True)
    stamp = (now or datetime.now(UTC)).strftime("%Y%m%d-%H%M%S")
    target = folder / f"{BACKUP_PREFIX}{stamp}.db"
    n = 1
    while target.exists():
        target = folder / f"{BACKUP_PREFIX}{stamp}-{n}.db"
        n += 1
    partial = target.with_suffix(".partial")
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True, timeout=30)
    try:
        dst = sqlite3.connect(partial)
        try:
            src.backup(dst)
            dst.execute("PRAGMA journal_mode = DELETE")  # one self-contained file
        finally:
            dst.close()
    finally:
        src.close()
    os.replace(partial, target)
    prune_backups(folder, keep)
    return target


def backup_if_changed(path: str | Path, backup_dir: str | Path | None = None, *,
                      keep: int = 24, now: datetime | None = None) -> Path | None:
    """:func:`backup_database`, unless the copy would be the newest backup's twin: then no
    new file is kept and None is returned (the copy of an unchanged database is the same
    bytes). Either way at most ``keep`` backups stay."""
    folder = Path(backup_dir) if backup_dir is not None else default_backup_dir(path)
    newest = list_backups(folder)[-1:]
    made = backup_database(path, folder, keep=0, now=now)  # 0: prune below, after comparing
    if newest and filecmp.cmp(newest[0], made, shallow=False):
        made.unlink()
        prune_backups(folder, keep)
        return None
    prune_backups(folder, keep)
    return made


def list_backups(folder: str | Path) -> list[Path]:
    """The backups in ``folder``, oldest first."""
    directory = Path(folder)
    if not directory.is_dir():
        return []
    return sorted(directory.glob(f"{BACKUP_PREFIX}*.db"), key=lambda p: p.stat().st_mtime_ns)


def prune_backups(folder: str | Path, keep: int) -> list[Path]:
    """Delete all but the newest ``keep`` backups; returns the deleted files."""
    backups = list_backups(folder)
    gone = backups[:-keep] if keep > 0 else []
    for old in gone:
        old.unlink(missing_ok=True)
    return gone


def check_backup(file: str | Path) -> None:
    """A backup fit to restore: a readable SQLite file with the bot's schema, intact."""
    conn = sqlite3.connect(f"file:{file}?mode=ro", uri=True)
    try:
        problems = [r[0] for r in conn.execute("PRAGMA quick_check(5)").fetchall()]
        has_schema = conn.execute("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' "
                                  "AND name IN ('schema_migrations', 'players')").fetchone()[0]
    except sqlite3.DatabaseError as err:
        raise DatabaseCorruptError(f"{file} is not a readable database ({err})") from err
    finally:
        conn.close()
    if problems != ["ok"]:
        raise DatabaseCorruptError(f"{file} failed its integrity check: {'; '.join(problems)}")
    if has_schema != 2:
        raise DatabaseCorruptError(f"{file} is not a doudizhu-bot database")


def restore_database(file: str | Path, path: str | Path, *,
                     backup_dir: str | Path | None = None) -> Path | None:
    """Replace the database at ``path`` by the backup ``file`` (checked first). Refuses
    with :class:`BotRunningError` while the bot runs on ``path``. The database being
    replaced is backed up first; returns that copy (None when there was no database)."""
    source, target = Path(file), Path(path)
    if not source.is_file():
        raise FileNotFoundError(f"there is no backup at {source}")
    check_backup(source)
    with RunLock(target):
        saved = None
        if target.exists():
            saved = backup_database(target, backup_dir, keep=10**6)
        partial = target.with_name(target.name + ".restoring")
        shutil.copyfile(source, partial)
        for suffix in ("-wal", "-shm"):  # the old log must not be replayed onto the backup
            Path(f"{target}{suffix}").unlink(missing_ok=True)
        os.replace(partial, target)
    return saved


class RunLock:
    """An exclusive lock on ``<database>.lock`` held while the bot serves (and while a
    restore replaces the file): a second holder gets :class:`BotRunningError` at once."""

    def __init__(self, path: str | Path) -> None:
        self.file = Path(f"{path}.lock")
        self._fd: int | None = None

    def acquire(self) -> RunLock:
        self.file.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.file, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise BotRunningError(f"the bot is running on {str(self.file)[:-5]} (it holds "
                                  f"{self.file}); stop it first") from None
        self._fd = fd
        return self

    def release(self) -> None:
        if self._fd is not None:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> RunLock:
        return self.acquire()

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.release()

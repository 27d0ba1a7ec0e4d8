"""Schema migrations: ``data/migrations/NNN_name.sql``, numbered and applied once.

Each file runs in its own ``BEGIN IMMEDIATE`` transaction together with the row that
records it in ``schema_migrations`` (version, name, sha256 checksum, time): a migration is
applied completely or not at all, and two processes opening the same new database apply
it once between them. An applied file must not change afterwards (its checksum is
compared at every open), and a database migrated by newer code is refused.
"""

from __future__ import annotations

import hashlib
import re
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import aiosqlite

from .errors import MigrationError

MIGRATIONS_DIR = Path(__file__).resolve().parents[2] / "data" / "migrations"
PG_MIGRATIONS_DIR = MIGRATIONS_DIR / "postgres"  # the same numbered set, in PostgreSQL's SQL
_FILE = re.compile(r"^(\d{3})_([a-z0-9_]+)\.sql$")

BOOKKEEPING = """
CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    checksum   TEXT NOT NULL,
    applied_at TEXT NOT NULL
)
"""


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str
    checksum: str

    @property
    def label(self) -> str:
        return f"{self.version:03d}_{self.name}.sql"

    @property
    def statements(self) -> list[str]:
        return split_statements(self.sql, self.label)


@dataclass(frozen=True)
class AppliedMigration:
    version: int
    name: str
    checksum: str
    applied_at: str


def find_migrations(directory: Path | str = MIGRATIONS_DIR) -> list[Migration]:
    """The migration files of ``directory`` in order of their numbers (001, 002, …).

    A number may be missing: numbers are handed out to changes made side by side, so 008
    can land before 006. A database that has 008 applies 006 when it arrives (each
    migration stands on its own); a repeated number is refused."""
    folder = Path(directory)
    if not folder.is_dir():
        raise MigrationError(f"no migrations folder at {folder}")
    found: list[Migration] = []
    for path in sorted(folder.iterdir()):
        match = _FILE.match(path.name)
        if match is None:
            if path.suffix == ".sql":
                raise MigrationError(f"{path.name}: a migration is named NNN_name.sql")
            continue
        text = path.read_text(encoding="utf-8")
        found.append(Migration(int(match.group(1)), match.group(2), text,
                               hashlib.sha256(text.encode("utf-8")).hexdigest()))
    seen: set[int] = set()
    for migration in found:
        if migration.version in seen or migration.version < 1:
            raise MigrationError(f"migrations are numbered from 001 without repeats; "
                                 f"{migration.version:03d} is there twice or is not a number "
                                 f"from 001")
        seen.add(migration.version)
    return found


def split_statements(sql: str, source: str = "<sql>") -> list[str]:
    """Split a script into complete statements (SQLite's own completeness test, so a
    trigger's ``BEGIN … END;`` stays whole). Comment-only tails are dropped."""
    statements: list[str] = []
    buffer = ""
    for line in sql.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            statements.append(buffer.strip())
            buffer = ""
    leftover = [ln for ln in buffer.splitlines() if ln.strip() and
                not ln.strip().startswith("--")]
    if leftover:
        raise MigrationError(f"{source}: incomplete statement at the end: {leftover[0]!r}")
    return statements


async def applied_migrations(conn: aiosqlite.Connection) -> list[AppliedMigration]:
    rows = await conn.execute_fetchall(
        "SELECT version, name, checksum, applied_at FROM schema_migrations ORDER BY version")
    return [AppliedMigration(*row) for row in rows]


async def migrate(conn: aiosqlite.Connection, migrations: list[Migration]) -> list[int]:
    """Bring the database up to date; return the versions applied now."""
    await conn.execute(BOOKKEEPING)
    check_known(await applied_migrations(conn), migrations)
    applied: list[int] = []
    for migration in migrations:
        if await _apply(conn, migration):
            applied.append(migration.version)
    return applied


def check_known(applied: list[AppliedMigration], migrations: list[Migration]) -> None:
    """Refuse a database that a newer version of the code migrated further."""
    known = {m.version for m in migrations}
    for row in applied:
        if row.version not in known:
            raise MigrationError(f"the database has migration {row.version:03d} "
                                 f"({row.name}) that this code does not know: it was made by "
                                 "a newer version")


def check_unchanged(stored_checksum: str, migration: Migration) -> None:
    """Refuse a migration file edited after it was applied."""
    if stored_checksum != migration.checksum:
        raise MigrationError(f"{migration.label} was changed after it was applied; add a new "
                             "numbered migration instead of editing an applied one")


def applied_now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


async def _apply(conn: aiosqlite.Connection, migration: Migration) -> bool:
    label = migration.label
    statements = migration.statements
    await conn.execute("BEGIN IMMEDIATE")
    try:
        rows = list(await conn.execute_fetchall(
            "SELECT checksum FROM schema_migrations WHERE version = ?", (migration.version,)))
        if rows:
            check_unchanged(rows[0][0], migration)
            await conn.execute("ROLLBACK")
            return False
        for statement in statements:
            try:
                await conn.execute(statement)
            except sqlite3.Error as e:
                raise MigrationError(f"{label} failed: {e} in {statement[:120]!r}") from e
        await conn.execute(
            "INSERT INTO schema_migrations (version, name, checksum, applied_at) "
            "VALUES (?, ?, ?, ?)",
            (migration.version, migration.name, migration.checksum, applied_now()))
        await conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            await conn.execute("ROLLBACK")
        raise
    return True

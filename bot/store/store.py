"""The :class:`Store`: opening and closing, settings, and the whole API in one object.

::

    async with Store.open("data/doudizhu.db") as store:
        await store.ensure_player(guild_id, user_id, "Alice")
        await store.settle(Settlement.from_result(game_id, guild_id, game.result, user_ids))

The API is the union of the mixins: accounts (players, bonuses, grants), games (records,
actions, deadlines, saved tables), settlement, reports (ranks, boards, invariants) and
history (a player's deals, deal ids, statistics) and tournaments.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Generator
from pathlib import Path
from types import TracebackType
from typing import Any

from .accounts import AccountsMixin
from .base import GUILD_SETTINGS, SETTINGS_IN_FORCE
from .database import Database
from .errors import InvalidSettingError, UnknownSettingError
from .games import GamesMixin
from .history import HistoryMixin
from .maintenance import (
    PG_BACKUP_HINT,
    BackupUnsupportedError,
    backup_database,
    backup_if_changed,
)
from .migrations import AppliedMigration
from .pg import PgDatabase, is_postgres_url
from .records import check_id
from .reports import ReportsMixin
from .settings import PLAYER_KEYS, Settings, check_player_value, check_setting, setting_key
from .settlement import SettlementMixin
from .sql import Connection, WriteTimer, fetch, fetch_one
from .tournament_deals import TournamentDealsMixin
from .tournament_lists import TournamentListsMixin

DEFAULT_PATH = Path("data") / "doudizhu.db"
KEPT_SETTINGS = 10_000  # (guild, channel) settings kept at most (Store.settings_ttl)


class Store(TournamentDealsMixin, AccountsMixin, GamesMixin, SettlementMixin, ReportsMixin,
            HistoryMixin, TournamentListsMixin):
    """The bot's persistent state: one SQLite file (WAL, one writer, a few readers), or a
    PostgreSQL database (a ``postgresql://`` URL: a pool, writes serialized by an advisory
    lock). The API and its guarantees are the same on both."""

    settings_ttl = 0.0
    """Seconds a :meth:`get_settings` answer is given again without reading (0: every call
    reads). The bot keeps them a while (:data:`bot.process.app.SETTINGS_TTL_S`): every hand
    update and turn ping asks, and at 500 tables those reads queued for seconds behind each other.
    A change made through this store is seen at once; one made elsewhere (another process,
    by hand) within ``settings_ttl``."""

    def __init__(self, db: Database | PgDatabase, defaults: Settings, *,
                 settings_ttl: float = 0.0) -> None:
        super().__init__(db, defaults)
        self.settings_ttl = settings_ttl
        # (guild, channel) -> (when it was read, the settings)
        self._kept_settings: dict[tuple[int, int | None], tuple[float, Settings]] = {}
        self._settings_changes = 0  # a read that began before a change keeps nothing

    @classmethod
    def open(cls, path: str | Path = DEFAULT_PATH, *, start_balance: int = 10_000,
             daily_bonus: int = 1_000, relief_amount: int = 2_000, relief_enabled: bool = True,
             readers: int = 2, busy_timeout_ms: int = 10_000, synchronous: str = "NORMAL",
             migrations_dir: str | Path | None = None,
             settings_ttl: float = 0.0) -> StoreOpener:
        """Open the store at ``path`` (created with its folder if needed), or at a
        ``postgresql://`` URL, and apply the migrations not applied yet:
        ``store = await Store.open(path)``, or ``async with Store.open(path) as store:`` to
        close it at the end. ``busy_timeout_ms`` and ``synchronous`` are SQLite's;
        ``migrations_dir`` defaults to the backend's own set; ``settings_ttl`` is
        :attr:`settings_ttl`.

        The economy arguments are the defaults every guild starts with (guild settings
        override them). ``synchronous="FULL"`` also keeps the last commits through a power
        cut (an fsync per write); the default NORMAL is safe against crashes of the process.
        """
        defaults = Settings(
            start_balance=int(check_setting("start_balance", start_balance)),
            daily_bonus=int(check_setting("daily_bonus", daily_bonus)),
            relief_amount=int(check_setting("relief_amount", relief_amount)),
            relief_enabled=bool(check_setting("relief_enabled", relief_enabled)))

        async def opening() -> Store:
            db: Database | PgDatabase
            if is_postgres_url(path):
                db = await PgDatabase.open(str(path), migrations_dir=migrations_dir,
                                           readers=readers)
            else:
                db = await Database.open(path, migrations_dir=migrations_dir, readers=readers,
                                         busy_timeout_ms=busy_timeout_ms,
                                         synchronous=synchronous)
            return cls(db, defaults, settings_ttl=settings_ttl)

        return StoreOpener(opening)

    async def checkpoint(self) -> None:
        """Fold SQLite's write-ahead log into the database file and truncate it (nothing
        to do on PostgreSQL, which keeps its own log)."""
        if isinstance(self._db, Database):
            await self._db.checkpoint()

    async def backup(self, backup_dir: str | Path | None = None, *, keep: int = 24) -> Path:
        """An online backup of the SQLite file into ``backup_dir`` (default ``backups/``
        beside the database), keeping the newest ``keep``; the bot goes on meanwhile.
        Returns the new file. A PostgreSQL store raises :class:`BackupUnsupportedError`
        (``pg_dump`` backs it up)."""
        if not isinstance(self._db, Database):
            raise BackupUnsupportedError(PG_BACKUP_HINT)
        return await asyncio.to_thread(backup_database, self._db.path, backup_dir, keep=keep)

    async def backup_if_changed(self, backup_dir: str | Path | None = None, *,
                                keep: int = 24) -> Path | None:
        """:meth:`backup`, but None and no new file when the database is unchanged since
        the newest backup (:func:`bot.store.maintenance.backup_if_changed`)."""
        if not isinstance(self._db, Database):
            raise BackupUnsupportedError(PG_BACKUP_HINT)
        return await asyncio.to_thread(backup_if_changed, self._db.path, backup_dir,
                                       keep=keep)

    async def ping(self) -> None:
        """One cheap query; raises when the database does not answer (the health check)."""
        await self._db.fetch_one("SELECT 1")

    def time_writes(self, observe: WriteTimer | None) -> None:
        """Tell ``observe(kind, seconds)`` how long each write takes (None: stop)."""
        self._db.on_write = observe

    async def close(self) -> None:
        """Finish the running write and close every connection (safe to call twice)."""
        await self._db.close()

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None,
                        exc: BaseException | None, tb: TracebackType | None) -> None:
        await self.close()

    @property
    def path(self) -> Path:
        """The SQLite file (a PostgreSQL store has none: see :attr:`location`)."""
        if isinstance(self._db, Database):
            return self._db.path
        raise AttributeError(f"a {self.backend} store has no file; it is at {self.location}")

    @property
    def backend(self) -> str:
        """``"sqlite"`` or ``"postgresql"``."""
        return self._db.backend

    @property
    def location(self) -> str:
        """Where the data is: the SQLite file, or the PostgreSQL URL without its password."""
        return self._db.location

    @property
    def closed(self) -> bool:
        return self._db.closed

    @property
    def migrations_applied_now(self) -> list[int]:
        """The migration versions this open applied (empty when the schema was current)."""
        return list(self._db.applied)

    async def schema_migrations(self) -> list[AppliedMigration]:
        """Every applied migration (version, name, checksum, applied_at), in order."""
        rows = await self._db.fetch_all("SELECT version, name, checksum, applied_at "
                                        "FROM schema_migrations ORDER BY version")
        return [AppliedMigration(*row) for row in rows]

    # ----------------------------------------------------------------- settings
    async def get_settings(self, guild_id: int, channel_id: int | None = None) -> Settings:
        """The settings in force: the channel's, else the guild's, else the defaults."""
        check_id(guild_id, "guild_id")
        if channel_id is not None:
            check_id(channel_id, "channel_id")
        key = (guild_id, channel_id)
        kept = self._kept_settings.get(key)
        now = time.monotonic()
        if kept is not None:
            if now - kept[0] < self.settings_ttl:
                return kept[1]
            del self._kept_settings[key]  # each its own age: they never all expire together
        changes = self._settings_changes
        # one statement (no BEGIN / COMMIT around it): read for every turn ping and hand
        if channel_id is None:
            settings = self._settings_of(await self._db.fetch_all(GUILD_SETTINGS, (guild_id,)))
        else:
            settings = self._settings_of(await self._db.fetch_all(
                SETTINGS_IN_FORCE, (guild_id, channel_id, guild_id)))
        if self.settings_ttl > 0 and changes == self._settings_changes:
            if len(self._kept_settings) >= KEPT_SETTINGS:
                self._kept_settings.clear()  # channels long quiet among them
            self._kept_settings[key] = (now, settings)
        return settings

    @contextlib.asynccontextmanager
    async def _setting_change(self) -> AsyncIterator[Connection]:
        """A transaction that changes settings: nothing read before its end is kept (a
        read running meanwhile may have seen the old value)."""
        self._settings_changes += 1
        self._kept_settings.clear()
        try:
            async with self._db.transaction() as conn:
                yield conn
        finally:
            self._settings_changes += 1
            self._kept_settings.clear()

    async def set_guild_setting(self, guild_id: int, key: str, value: Any) -> Settings:
        """Set (``value`` None: reset) one guild setting; returns the guild's settings.
        Unknown keys raise :class:`UnknownSettingError`, bad values
        :class:`InvalidSettingError`."""
        check_id(guild_id, "guild_id")
        name = setting_key(key)
        stored = None if value is None else check_setting(name, value)
        async with self._setting_change() as conn:
            if stored is None:
                await conn.execute("DELETE FROM guild_settings WHERE guild_id = ? AND key = ?",
                                   (guild_id, name))
            else:
                await conn.execute(
                    "INSERT INTO guild_settings (guild_id, key, value_json, updated_at) "
                    "VALUES (?, ?, ?, ?) ON CONFLICT (guild_id, key) DO UPDATE SET "
                    "value_json = excluded.value_json, updated_at = excluded.updated_at",
                    (guild_id, name, json.dumps(stored), self._now()))
            return await self._settings_on(conn, guild_id)

    async def player_setting(self, user_id: int, key: str) -> Any:
        """A player's own setting (``PLAYER_KEYS``), or its default when never set."""
        _check_player_key(user_id, key)
        async with self._db.snapshot() as conn:
            row = await fetch_one(conn, "SELECT value_json FROM player_settings "
                                        "WHERE user_id = ? AND key = ?", (user_id, key))
        return PLAYER_KEYS[key] if row is None else json.loads(row[0])

    async def set_player_setting(self, user_id: int, key: str, value: bool | str) -> None:
        """Set a player's own setting (``PLAYER_KEYS``: ``autopass`` a bool, ``hand_sort``
        and ``locale`` one of ``PLAYER_CHOICES``)."""
        _check_player_key(user_id, key)
        value = check_player_value(key, value)
        async with self._db.transaction() as conn:
            await conn.execute(
                "INSERT INTO player_settings (user_id, key, value_json, updated_at) "
                "VALUES (?, ?, ?, ?) ON CONFLICT (user_id, key) DO UPDATE SET "
                "value_json = excluded.value_json, updated_at = excluded.updated_at",
                (user_id, key, json.dumps(value), self._now()))

    async def set_channel_setting(self, channel_id: int, guild_id: int, key: str,
                                  value: Any) -> Settings:
        """Set (``value`` None: reset) one channel setting; returns the channel's
        settings. The economy keys (start balance, daily bonus, relief) are per guild."""
        check_id(channel_id, "channel_id")
        check_id(guild_id, "guild_id")
        name = setting_key(key, channel=True)
        stored = None if value is None else check_setting(name, value)
        async with self._setting_change() as conn:
            row = await fetch_one(conn, "SELECT guild_id FROM channel_settings "
                                        "WHERE channel_id = ? LIMIT 1", (channel_id,))
            if row is not None and row[0] != guild_id:
                raise InvalidSettingError(f"channel {channel_id} belongs to guild {row[0]}, "
                                          f"not {guild_id}", code="wrong_guild",
                                          channel_id=channel_id, guild_id=guild_id)
            if stored is None:
                await conn.execute("DELETE FROM channel_settings WHERE channel_id = ? "
                                   "AND key = ?", (channel_id, name))
            else:
                await conn.execute(
                    "INSERT INTO channel_settings (channel_id, guild_id, key, value_json, "
                    "updated_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (channel_id, key) DO "
                    "UPDATE SET value_json = excluded.value_json, "
                    "updated_at = excluded.updated_at",
                    (channel_id, guild_id, name, json.dumps(stored), self._now()))
            return await self._settings_on(conn, guild_id, channel_id)

    async def setting_overrides(self, guild_id: int, channel_id: int | None = None
                                ) -> dict[str, dict[str, Any]]:
        """What is set explicitly: ``{"guild": {...}, "channel": {...}}``."""
        check_id(guild_id, "guild_id")
        async with self._db.snapshot() as conn:
            guild = await fetch(conn, "SELECT key, value_json FROM guild_settings "
                                      "WHERE guild_id = ? ORDER BY key", (guild_id,))
            channel = [] if channel_id is None else await fetch(
                conn, "SELECT key, value_json FROM channel_settings WHERE channel_id = ? "
                      "AND guild_id = ? ORDER BY key", (channel_id, guild_id))
        return {"guild": {k: json.loads(v) for k, v in guild},
                "channel": {k: json.loads(v) for k, v in channel}}


class StoreOpener:
    """What :meth:`Store.open` returns: await it for the store, or use it with
    ``async with`` to have the store closed at the end."""

    def __init__(self, opening: Callable[[], Awaitable[Store]]) -> None:
        self._opening = opening
        self._store: Store | None = None

    def __await__(self) -> Generator[Any, None, Store]:
        return self._opening().__await__()

    async def __aenter__(self) -> Store:
        self._store = await self._opening()
        return self._store

    async def __aexit__(self, exc_type: type[BaseException] | None,
                        exc: BaseException | None, tb: TracebackType | None) -> None:
        if self._store is not None:
            await self._store.close()


def _check_player_key(user_id: int, key: str) -> None:
    check_id(user_id, "user_id")
    if key not in PLAYER_KEYS:
        raise UnknownSettingError(f"unknown player setting {key!r}", code="unknown_setting",
                                  key=key, known=sorted(PLAYER_KEYS))

"""What every part of the store shares: the database, the defaults, the clock, and the
small steps many operations take inside a transaction (look up a player, book a ledger row,
read the settings in force).

The public :class:`~bot.store.Store` is assembled from mixins (accounts, games,
settlement, reports) over this base; every one of them keeps its SQL to itself and works
on the connection of the transaction or read it runs in.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, date, datetime
from typing import Any

from .errors import UnknownGuildError, UnknownPlayerError
from .records import Player, check_id
from .settings import Settings, read_stored
from .sql import Connection, Database, execute_many, fetch, fetch_one

PLAYER_COLUMNS = ("guild_id, user_id, name, balance, points, games, wins, landlord_games, "
                  "landlord_wins, farmer_games, farmer_wins, last_daily, last_relief")

LEDGER_INSERT = ("INSERT INTO ledger (guild_id, user_id, amount, balance_after, reason, game_id, "
                 "seat, note, by_user_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")

# the overrides in force, in one statement (one round trip, one consistent read): the
# guild's (level 0), then the channel's (level 1)
GUILD_SETTINGS = "SELECT 0, key, value_json FROM guild_settings WHERE guild_id = ?"
SETTINGS_IN_FORCE = (GUILD_SETTINGS + " UNION ALL SELECT 1, key, value_json FROM "
                     "channel_settings WHERE channel_id = ? AND guild_id = ?")

# ledger reasons that create beans (the rest move them between accounts)
MINT_REASONS = ("start", "daily", "relief", "grant", "take")


def player_from_row(row: Sequence[Any]) -> Player:
    (guild_id, user_id, name, balance, points, games, wins, landlord_games, landlord_wins,
     farmer_games, farmer_wins, last_daily, last_relief) = row[:13]
    return Player(guild_id, user_id, name, balance, points, games, wins, landlord_games,
                  landlord_wins, farmer_games, farmer_wins, to_date(last_daily),
                  last_relief=to_date(last_relief))


def to_date(text: str | None) -> date | None:
    return None if text is None else date.fromisoformat(text)


class StoreBase:
    """Shared state and helpers of the store mixins."""

    _db: Database
    _defaults: Settings

    def __init__(self, db: Database, defaults: Settings) -> None:
        self._db = db
        self._defaults = defaults

    @staticmethod
    def _now() -> str:
        """Now, UTC, ISO 8601 with milliseconds (every created_at / updated_at)."""
        return datetime.now(UTC).isoformat(timespec="milliseconds")

    @property
    def defaults(self) -> Settings:
        """The settings of a guild that changed nothing."""
        return self._defaults

    # ----------------------------------------------------------------- settings
    async def _settings_on(self, conn: Connection, guild_id: int,
                           channel_id: int | None = None) -> Settings:
        """The settings in force, read on ``conn`` (channel > guild > defaults)."""
        if channel_id is None:
            return self._settings_of(await fetch(conn, GUILD_SETTINGS, (guild_id,)))
        return self._settings_of(await fetch(conn, SETTINGS_IN_FORCE,
                                             (guild_id, channel_id, guild_id)))

    def _settings_of(self, rows: Sequence[Sequence[Any]]) -> Settings:
        """The settings in force from the rows of :data:`GUILD_SETTINGS` or
        :data:`SETTINGS_IN_FORCE` (a channel's value over its guild's)."""
        overrides: dict[str, Any] = {}
        for level in (0, 1):
            for row_level, key, value_json in rows:
                if row_level != level:
                    continue
                value = read_stored(key, json.loads(value_json))
                if value is not None:
                    overrides[key] = value
        return self._defaults.merged(overrides)

    # ----------------------------------------------------------------- guilds and players
    async def _ensure_guild(self, conn: Connection, guild_id: int) -> None:
        await conn.execute("INSERT INTO guilds (guild_id, house_balance, created_at) "
                           "VALUES (?, 0, ?) ON CONFLICT (guild_id) DO NOTHING",
                           (guild_id, self._now()))

    async def _guild_exists(self, conn: Connection, guild_id: int) -> bool:
        return await fetch_one(conn, "SELECT 1 FROM guilds WHERE guild_id = ?",
                               (guild_id,)) is not None

    async def _player_on(self, conn: Connection, guild_id: int,
                         user_id: int) -> Player | None:
        row = await fetch_one(conn, f"SELECT {PLAYER_COLUMNS} FROM players "
                                    "WHERE guild_id = ? AND user_id = ?", (guild_id, user_id))
        return None if row is None else player_from_row(row)

    async def _require_player(self, conn: Connection, guild_id: int,
                              user_id: int) -> Player:
        """The player, or :class:`UnknownPlayerError` / :class:`UnknownGuildError`."""
        check_id(guild_id, "guild_id")
        check_id(user_id, "user_id")
        player = await self._player_on(conn, guild_id, user_id)
        if player is None:
            raise await self._unknown(conn, guild_id, user_id)
        return player

    async def _unknown(self, conn: Connection, guild_id: int,
                       user_id: int) -> UnknownGuildError | UnknownPlayerError:
        if not await self._guild_exists(conn, guild_id):
            return UnknownGuildError(f"guild {guild_id} has no players yet",
                                     guild_id=guild_id)
        return UnknownPlayerError(f"user {user_id} has no account in guild {guild_id}",
                                  guild_id=guild_id, user_id=user_id)

    @staticmethod
    async def _held_on(conn: Connection, guild_id: int, user_id: int,
                       except_game: str | None = None) -> int:
        """Beans of the player held for escaped deals (but ``except_game``)."""
        sql = "SELECT COALESCE(SUM(amount), 0) FROM holds WHERE guild_id = ? AND user_id = ?"
        params: tuple[object, ...] = (guild_id, user_id)
        if except_game is not None:  # no untyped NULL parameter: PostgreSQL cannot type it
            sql += " AND game_id <> ?"
            params += (except_game,)
        row = await fetch_one(conn, sql, params)
        return int(row[0]) if row else 0

    # ----------------------------------------------------------------- the ledger
    async def _book(self, conn: Connection, guild_id: int, user_id: int,
                    amount: int, reason: str, *, note: str | None = None,
                    by_user_id: int | None = None, set_column: str | None = None,
                    set_value: str | None = None) -> int:
        """Move ``amount`` beans into a player's account (negative: out) with its ledger
        row; optionally set one more column (``last_daily``…). Returns the new balance.
        The caller has checked the balance stays >= 0 (the schema enforces it too)."""
        extra = f", {set_column} = ?" if set_column else ""
        params: tuple[Any, ...] = (amount, self._now()) + ((set_value,) if set_column else ())
        row = await fetch_one(
            conn, f"UPDATE players SET balance = balance + ?, updated_at = ?{extra} "
                  "WHERE guild_id = ? AND user_id = ? RETURNING balance",
            (*params, guild_id, user_id))
        assert row is not None, "the caller checked the player exists"
        balance = int(row[0])
        await conn.execute(LEDGER_INSERT, (guild_id, user_id, amount, balance, reason, None,
                                           None, note, by_user_id, self._now()))
        return balance

    @staticmethod
    async def _insert_ledger(conn: Connection,
                             rows: Sequence[Sequence[Any]]) -> None:
        await execute_many(conn, LEDGER_INSERT, rows)

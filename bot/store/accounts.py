"""Players and their beans outside of games: accounts, the daily bonus, relief, admin
grants and takes, balances and the ledger.

Every change is one transaction that updates the balance and appends its ledger row, so a
balance always equals the sum of its rows. Beans enter the economy only here: a start
balance, a daily bonus, relief, or an admin grant (and leave by an admin take).
"""

from __future__ import annotations

from datetime import UTC, date, datetime

from .base import PLAYER_COLUMNS, StoreBase, player_from_row
from .errors import (
    AlreadyClaimedError,
    ClaimRefusedError,
    InsufficientBalanceError,
    InvalidInputError,
    UnknownGuildError,
)
from .records import LedgerEntry, Player, check_id, check_int, check_name
from .sql import fetch

MAX_GRANT = 10**12
LEDGER_COLUMNS = ("entry_id, guild_id, user_id, amount, balance_after, reason, game_id, seat, "
                  "note, by_user_id, created_at")


def _day(today: date | None) -> date:
    if today is None:
        return datetime.now(UTC).date()
    if isinstance(today, datetime) or not isinstance(today, date):
        raise InvalidInputError(f"today must be a date (the UTC day), not {today!r}",
                                code="bad_date", value=today)
    return today


class AccountsMixin(StoreBase):
    """Player accounts and the bean movements that are not settlements."""

    async def ensure_player(self, guild_id: int, user_id: int, name: str) -> Player:
        """The player's account, created with the guild's start balance if new (booked as
        a ``start`` ledger row); the display name is updated if it changed."""
        check_id(guild_id, "guild_id")
        check_id(user_id, "user_id")
        clean = check_name(name)
        known = await self.get_player(guild_id, user_id)  # the usual case: a read, no lock
        if known is not None and known.name == clean:
            return known
        async with self._db.transaction() as conn:
            player = await self._player_on(conn, guild_id, user_id)
            if player is not None:
                if player.name != clean:
                    await conn.execute("UPDATE players SET name = ?, updated_at = ? "
                                       "WHERE guild_id = ? AND user_id = ?",
                                       (clean, self._now(), guild_id, user_id))
                    player = await self._player_on(conn, guild_id, user_id)
                assert player is not None
                return player
            await self._ensure_guild(conn, guild_id)
            start = (await self._settings_on(conn, guild_id)).start_balance
            now = self._now()
            await conn.execute(
                "INSERT INTO players (guild_id, user_id, name, balance, created_at, updated_at) "
                "VALUES (?, ?, ?, 0, ?, ?)", (guild_id, user_id, clean, now, now))
            if start:
                await self._book(conn, guild_id, user_id, start, "start")
            player = await self._player_on(conn, guild_id, user_id)
            assert player is not None
            return player

    async def get_player(self, guild_id: int, user_id: int) -> Player | None:
        """The player's account, or None if the user never played in that guild."""
        check_id(guild_id, "guild_id")
        check_id(user_id, "user_id")
        row = await self._db.fetch_one(f"SELECT {PLAYER_COLUMNS} FROM players "
                                       "WHERE guild_id = ? AND user_id = ?", (guild_id, user_id))
        return None if row is None else player_from_row(row)

    async def balance(self, guild_id: int, user_id: int) -> int:
        """The player's beans (:class:`UnknownPlayerError` if there is no account)."""
        async with self._db.reader() as conn:
            return (await self._require_player(conn, guild_id, user_id)).balance

    async def house_balance(self, guild_id: int) -> int:
        """The house's beans in that guild: every fee and penalty, plus or minus what the
        AI seats it bankrolls won or lost."""
        check_id(guild_id, "guild_id")
        row = await self._db.fetch_one("SELECT house_balance FROM guilds WHERE guild_id = ?",
                                       (guild_id,))
        if row is None:
            raise UnknownGuildError(f"guild {guild_id} has no players yet", guild_id=guild_id)
        return int(row[0])

    # ----------------------------------------------------------------- bonuses
    async def claim_daily(self, guild_id: int, user_id: int, today: date | None = None) -> int:
        """Give the daily bonus, once per UTC day; returns the beans given.
        :class:`AlreadyClaimedError` (code ``daily_claimed``) on a second claim."""
        day = _day(today)
        async with self._db.transaction() as conn:
            player = await self._require_player(conn, guild_id, user_id)
            if player.last_daily is not None and player.last_daily >= day:
                raise AlreadyClaimedError(
                    f"the daily bonus for {day.isoformat()} was already claimed",
                    code="daily_claimed", guild_id=guild_id, user_id=user_id, day=day)
            amount = (await self._settings_on(conn, guild_id)).daily_bonus
            if amount <= 0:
                raise ClaimRefusedError("the daily bonus is switched off in this server",
                                        code="daily_disabled", guild_id=guild_id)
            await self._book(conn, guild_id, user_id, amount, "daily",
                             note=day.isoformat(), set_column="last_daily",
                             set_value=day.isoformat())
            return amount

    async def claim_relief(self, guild_id: int, user_id: int, room_min: int,
                           today: date | None = None) -> int:
        """Give relief (救济) to a player whose balance is below ``room_min``, once per
        UTC day, if the guild has it on; returns the beans given. Refusals:
        ``relief_disabled``, ``relief_claimed`` (already today), ``relief_not_needed``."""
        day = _day(today)
        check_int(room_min, "room_min")
        if room_min < 0:
            raise InvalidInputError(f"room_min must be >= 0, not {room_min}", code="bad_amount",
                                    value=room_min)
        async with self._db.transaction() as conn:
            player = await self._require_player(conn, guild_id, user_id)
            settings = await self._settings_on(conn, guild_id)
            if not settings.relief_enabled or settings.relief_amount <= 0:
                raise ClaimRefusedError("relief is switched off in this server",
                                        code="relief_disabled", guild_id=guild_id)
            if player.last_relief is not None and player.last_relief >= day:
                raise AlreadyClaimedError(f"relief for {day.isoformat()} was already claimed",
                                          code="relief_claimed", guild_id=guild_id,
                                          user_id=user_id, day=day)
            if player.balance >= room_min:
                raise ClaimRefusedError(
                    f"relief is for balances below {room_min}; you have {player.balance}",
                    code="relief_not_needed", balance=player.balance, room_min=room_min)
            amount = settings.relief_amount
            await self._book(conn, guild_id, user_id, amount, "relief",
                             note=f"{day.isoformat()} below {room_min}",
                             set_column="last_relief", set_value=day.isoformat())
            return amount

    # ----------------------------------------------------------------- admin
    async def grant(self, guild_id: int, user_id: int, amount: int, reason: str,
                    by_user_id: int) -> int:
        """An admin gives ``amount`` (> 0) beans; returns the new balance."""
        amount, note = _check_admin(amount, reason, by_user_id)
        async with self._db.transaction() as conn:
            await self._require_player(conn, guild_id, user_id)
            return await self._book(conn, guild_id, user_id, amount, "grant", note=note,
                                    by_user_id=by_user_id)

    async def take(self, guild_id: int, user_id: int, amount: int, reason: str,
                   by_user_id: int) -> int:
        """An admin removes ``amount`` (> 0) beans, at most the balance; returns the new
        balance."""
        amount, note = _check_admin(amount, reason, by_user_id)
        async with self._db.transaction() as conn:
            player = await self._require_player(conn, guild_id, user_id)
            if amount > player.balance - await self._held_on(conn, guild_id, user_id):
                raise InsufficientBalanceError(
                    f"cannot take {amount} beans from a balance of {player.balance}",
                    guild_id=guild_id, user_id=user_id, amount=amount, balance=player.balance)
            return await self._book(conn, guild_id, user_id, -amount, "take", note=note,
                                    by_user_id=by_user_id)

    # ----------------------------------------------------------------- history
    async def ledger_entries(self, guild_id: int, user_id: int | None, *, limit: int = 20,
                             before: int | None = None) -> list[LedgerEntry]:
        """The latest ledger rows of an account (``user_id`` None: the house), newest
        first; ``before`` an entry id to page further back."""
        check_id(guild_id, "guild_id")
        if user_id is not None:
            check_id(user_id, "user_id")
        check_int(limit, "limit")
        if not 1 <= limit <= 1000:
            raise InvalidInputError(f"limit must be within 1..1000, not {limit}",
                                    code="bad_limit", value=limit)
        account = "user_id IS NULL" if user_id is None else "user_id = ?"
        params: list[object] = [guild_id, *([] if user_id is None else [user_id])]
        page = ""
        if before is not None:
            page = " AND entry_id < ?"
            params.append(check_int(before, "before"))
        async with self._db.reader() as conn:
            rows = await fetch(conn, f"SELECT {LEDGER_COLUMNS} FROM ledger WHERE guild_id = ? "
                                     f"AND {account}{page} ORDER BY entry_id DESC LIMIT ?",
                               (*params, limit))
        return [LedgerEntry(*row) for row in rows]

    async def game_ledger(self, game_id: str) -> list[LedgerEntry]:
        """Every ledger row of one settled game, in order."""
        async with self._db.reader() as conn:
            rows = await fetch(conn, f"SELECT {LEDGER_COLUMNS} FROM ledger WHERE game_id = ? "
                                     "ORDER BY entry_id", (game_id,))
        return [LedgerEntry(*row) for row in rows]


def _check_admin(amount: object, reason: object, by_user_id: object) -> tuple[int, str]:
    check_int(amount, "amount")
    assert isinstance(amount, int)
    if not 0 < amount <= MAX_GRANT:
        raise InvalidInputError(f"the amount must be a positive number of beans up to "
                                f"{MAX_GRANT}, not {amount}", code="bad_amount", value=amount)
    if not isinstance(reason, str) or not reason.strip() or len(reason.strip()) > 200:
        raise InvalidInputError(f"give a reason of 1..200 characters, not {reason!r}",
                                code="bad_reason", value=reason)
    check_id(by_user_id, "by_user_id")
    return amount, reason.strip()

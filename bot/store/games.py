"""Game records and live tables: what restores a table after a restart.

A game record holds the rules, the seed, the seats and the beans each brought, then every
accepted action in order (``seq`` 0, 1, 2, … with no gap or repeat) and the running turn's
deadline; :meth:`GameRecord.replay` rebuilds the game from it. A record ends ``settled``
(by :meth:`Store.settle`, in the settlement's transaction) or ``abandoned``. The live
tables' own state (JSON the table runtime owns) is saved per channel.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from typing import Any

from bot.ai.levels import AI_LEVELS
from bot.engine import GameLog

from .errors import (
    ActionSequenceError,
    GameConflictError,
    InvalidInputError,
    UnknownGameError,
)
from .records import (
    GameRecord,
    GameStatus,
    SavedTable,
    SeatRecord,
    check_game_id,
    check_id,
    check_int,
    check_json_object,
    check_name,
)
from .seats import SeatsMixin
from .sql import INTEGRITY_ERRORS, Connection, execute_many, fetch, fetch_one

GAME_COLUMNS = ("game_id, guild_id, channel_id, rules_json, seed_json, balances_json, status, "
                "result_json, created_at, finished_at, deadline_seq, deadline_at, first_seat")

SeatInput = Mapping[str, Any] | SeatRecord


class GamesMixin(SeatsMixin):
    """Game records, action logs, turn deadlines and saved tables."""

    async def create_game(self, game_id: str, guild_id: int, channel_id: int | None,
                          log: GameLog, seats: Sequence[SeatInput]) -> GameRecord:
        """Record a new game from its log (:attr:`bot.engine.Game.log` before any action:
        rules, seed, balances, first bidder). Seats are ``{"user_id": int | None, "name":
        str, "ai_level": str | None}`` (or :class:`SeatRecord`), one per player of the
        rules; every human must have an account in the guild. Recording the same game
        again with the same content is a no-op; with different content,
        :class:`GameConflictError`."""
        check_game_id(game_id)
        check_id(guild_id, "guild_id")
        if channel_id is not None:
            check_id(channel_id, "channel_id")
        if not isinstance(log, GameLog) or log.actions:
            raise InvalidInputError(f"a new game needs the GameLog of its start, not {log!r}",
                                    code="bad_log")
        rules, seed = log.rules, log.seed
        if isinstance(seed, str) and len(seed) > 200:
            raise InvalidInputError(f"the seed must be an int or 1..200 characters of text, "
                                    f"not {seed!r}", code="bad_seed", seed=seed)
        seat_records = _check_seats(seats, rules.players)
        if log.balances is None:
            raise InvalidInputError("a recorded game needs the balances each seat brought",
                                    code="bad_balances")
        bal, first = log.balances, log.first
        rules_json = rules.to_json()
        record = GameRecord(game_id, guild_id, channel_id, rules_json, seed, seat_records, bal,
                            (), GameStatus.LIVE, None, self._now(), None, first=first)
        async with self._db.transaction() as conn:
            existing = await self._game_on(conn, game_id)
            if existing is not None:
                if _same_start(existing, record):
                    return existing
                raise GameConflictError(f"game {game_id!r} is already recorded with other "
                                        "content", game_id=game_id)
            if await fetch_one(conn, "SELECT 1 FROM settlements WHERE game_id = ?",
                               (game_id,)) is not None:
                raise GameConflictError(f"game {game_id!r} was already settled",
                                        game_id=game_id)
            for s in seat_records:
                if s.user_id is not None:
                    await self._require_player(conn, guild_id, s.user_id)
            await self._ensure_guild(conn, guild_id)
            await conn.execute(
                "INSERT INTO games (game_id, guild_id, channel_id, rules_json, seed_json, "
                "balances_json, first_seat, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (game_id, guild_id, channel_id, rules_json, json.dumps(seed), json.dumps(bal),
                 first, record.created_at))
            await execute_many(
                conn, "INSERT INTO game_seats (game_id, seat, guild_id, user_id, name, "
                      "ai_level) VALUES (?, ?, ?, ?, ?, ?)",
                [(game_id, s.seat, guild_id, s.user_id, s.name, s.ai_level)
                 for s in seat_records])
        return record

    async def append_action(self, game_id: str, seq: int, action_json: str, *,
                            escaper: int | None = None) -> None:
        """Append action number ``seq`` (0 for the first) to a live game's log. ``seq`` must
        be the next number: a gap or a repeat raises :class:`ActionSequenceError`.

        ``escaper`` (the seat of an escape that does not end the deal): in the same
        transaction, hold the beans that seat brought (up to its free beans) until the
        settlement, and free its live seat (see :mod:`bot.store.seats`)."""
        check_game_id(game_id)
        _check_seq(seq)
        check_json_object(action_json, "action_json")
        if escaper is not None:
            check_int(escaper, "escaper")
        opening = self._db.statement() if escaper is None else self._db.transaction()
        async with opening as conn:
            try:  # the triggers of migration 004 check the sequence and advance the game
                await conn.execute("INSERT INTO game_actions (game_id, seq, action_json, "
                                   "created_at) VALUES (?, ?, ?, ?)",
                                   (game_id, seq, action_json, self._now()))
                if escaper is not None:
                    await self._hold_escaper(conn, game_id, escaper)
                return
            except INTEGRITY_ERRORS as err:
                if "action_sequence" not in str(err):
                    raise
            # refused (nothing was written): say exactly why
            next_seq = await self._live_next_seq(conn, game_id)
            what = "a gap" if seq > next_seq else "a duplicate"
            raise ActionSequenceError(
                f"game {game_id!r}: action {seq} would be {what}; the next action is "
                f"number {next_seq}", code="action_gap" if seq > next_seq
                else "action_duplicate", game_id=game_id, seq=seq, expected=next_seq)

    async def set_deadline(self, game_id: str, seq: int, deadline_epoch_s: float | None) -> None:
        """Store the running turn timer: action ``seq`` (the next one) is due at
        ``deadline_epoch_s`` (None clears it). Appending that action clears it too."""
        check_game_id(game_id)
        _check_seq(seq)
        if deadline_epoch_s is not None and (
                isinstance(deadline_epoch_s, bool)
                or not isinstance(deadline_epoch_s, int | float)
                or not math.isfinite(deadline_epoch_s) or deadline_epoch_s < 0):
            raise InvalidInputError(f"a deadline is epoch seconds, not {deadline_epoch_s!r}",
                                    code="bad_deadline", value=deadline_epoch_s)
        async with self._db.statement() as conn:
            cursor = await conn.execute(
                "UPDATE games SET deadline_seq = ?, deadline_at = ? "
                "WHERE game_id = ? AND status = 'live' AND next_seq = ?",
                (None if deadline_epoch_s is None else seq,
                 None if deadline_epoch_s is None else float(deadline_epoch_s),
                 game_id, seq))
            if cursor.rowcount == 1:
                return
            next_seq = await self._live_next_seq(conn, game_id)  # unknown or finished
            raise ActionSequenceError(f"game {game_id!r}: a deadline is for the next "
                                      f"action, number {next_seq}, not {seq}",
                                      code="deadline_seq", game_id=game_id, seq=seq,
                                      expected=next_seq)

    async def abandon_game(self, game_id: str, reason: str = "abandoned") -> bool:
        """Close a live game without settling it (no beans move). False if it was already
        abandoned; :class:`GameConflictError` if it was settled."""
        check_game_id(game_id)
        result = json.dumps({"outcome": "abandoned", "reason": str(reason)[:200]})
        async with self._db.transaction() as conn:
            row = await fetch_one(conn, "SELECT status FROM games WHERE game_id = ?",
                                  (game_id,))
            if row is None:
                raise UnknownGameError(f"no game {game_id!r}", game_id=game_id)
            if row[0] == GameStatus.ABANDONED:
                return False
            if row[0] == GameStatus.SETTLED:
                raise GameConflictError(f"game {game_id!r} was settled; it cannot be "
                                        "abandoned", code="game_finished", game_id=game_id,
                                        status=GameStatus.SETTLED)
            await conn.execute("UPDATE games SET status = 'abandoned', result_json = ?, "
                               "finished_at = ?, deadline_seq = NULL, deadline_at = NULL "
                               "WHERE game_id = ?", (result, self._now(), game_id))
            await conn.execute("DELETE FROM holds WHERE game_id = ?", (game_id,))
            return True

    async def get_game(self, game_id: str) -> GameRecord:
        """The stored game (:class:`UnknownGameError` if there is none)."""
        check_game_id(game_id)
        async with self._db.snapshot() as conn:
            record = await self._game_on(conn, game_id)
        if record is None:
            raise UnknownGameError(f"no game {game_id!r}", game_id=game_id)
        return record

    async def unfinished_games(self, guild_id: int | None = None) -> list[GameRecord]:
        """Every live game (of one guild, or all), oldest first: the tables to restore."""
        where = "" if guild_id is None else " AND guild_id = ?"
        params = () if guild_id is None else (check_id(guild_id, "guild_id"),)
        async with self._db.snapshot() as conn:
            ids = await fetch(conn, f"SELECT game_id FROM games WHERE status = 'live'{where} "
                                    "ORDER BY created_at, game_id", params)
            records = [await self._game_on(conn, row[0]) for row in ids]
        return [r for r in records if r is not None]

    # ----------------------------------------------------------------- live tables
    async def save_table(self, channel_id: int, guild_id: int, data: dict[str, Any], *,
                         seated: Sequence[int] | None = None) -> None:
        """Save (replace) a channel's live table state, any JSON-ready dict. ``seated``:
        the humans who hold a seat there now (not given: the seats are left as they are);
        one seated at another table (of any guild) raises :class:`SeatTakenError` and
        nothing is saved."""
        check_id(channel_id, "channel_id")
        check_id(guild_id, "guild_id")
        if not isinstance(data, dict):
            raise InvalidInputError(f"table data must be a dict, not {type(data).__name__}",
                                    code="bad_table_data")
        try:
            text = json.dumps(data, ensure_ascii=False, sort_keys=True, allow_nan=False)
        except (TypeError, ValueError) as e:
            raise InvalidInputError(f"table data is not JSON-ready: {e}",
                                    code="bad_table_data") from None
        opening = self._db.statement() if seated is None else self._db.transaction()
        async with opening as conn:  # one upsert (and the seats): atomic
            await conn.execute(
                "INSERT INTO live_tables (channel_id, guild_id, data_json, updated_at) "
                "VALUES (?, ?, ?, ?) ON CONFLICT (channel_id) DO UPDATE SET "
                "guild_id = excluded.guild_id, data_json = excluded.data_json, "
                "updated_at = excluded.updated_at", (channel_id, guild_id, text, self._now()))
            if seated is not None:
                await self._sync_seats(conn, channel_id, guild_id, seated)

    async def load_tables(self) -> list[SavedTable]:
        """Every saved table as ``(channel_id, guild_id, data)``."""
        rows = await self._db.fetch_all(
            "SELECT channel_id, guild_id, data_json FROM live_tables ORDER BY channel_id")
        return [SavedTable(int(c), int(g), json.loads(d)) for c, g, d in rows]

    async def delete_table(self, channel_id: int) -> bool:
        """Forget a channel's table (and its seats); False if none was saved."""
        check_id(channel_id, "channel_id")
        async with self._db.transaction() as conn:
            cursor = await conn.execute("DELETE FROM live_tables WHERE channel_id = ?",
                                        (channel_id,))
            await conn.execute("DELETE FROM table_seats WHERE channel_id = ?", (channel_id,))
            return cursor.rowcount > 0

    # ----------------------------------------------------------------- helpers
    async def _live_next_seq(self, conn: Connection, game_id: str) -> int:
        row = await fetch_one(conn, "SELECT next_seq, status FROM games WHERE game_id = ?",
                              (game_id,))
        if row is None:
            raise UnknownGameError(f"no game {game_id!r}", game_id=game_id)
        if row[1] != GameStatus.LIVE:
            raise GameConflictError(f"game {game_id!r} is {row[1]}: it takes no more actions",
                                    code="game_finished", game_id=game_id, status=row[1])
        return int(row[0])

    async def _game_on(self, conn: Connection, game_id: str) -> GameRecord | None:
        row = await fetch_one(conn, f"SELECT {GAME_COLUMNS} FROM games WHERE game_id = ?",
                              (game_id,))
        if row is None:
            return None
        (gid, guild_id, channel_id, rules_json, seed_json, balances_json, status, result_json,
         created_at, finished_at, deadline_seq, deadline_at, first) = row
        seats = await fetch(conn, "SELECT seat, user_id, name, ai_level FROM game_seats "
                                  "WHERE game_id = ? ORDER BY seat", (game_id,))
        actions = await fetch(conn, "SELECT action_json FROM game_actions WHERE game_id = ? "
                                    "ORDER BY seq", (game_id,))
        return GameRecord(gid, guild_id, channel_id, rules_json, json.loads(seed_json),
                          tuple(SeatRecord(*s) for s in seats),
                          tuple(json.loads(balances_json)), tuple(a[0] for a in actions),
                          GameStatus(status), result_json, created_at, finished_at, deadline_seq,
                          deadline_at, first)


def _check_seq(seq: object) -> int:
    check_int(seq, "seq")
    assert isinstance(seq, int)
    if seq < 0:
        raise InvalidInputError(f"an action number is 0 or more, not {seq}", code="bad_seq",
                                seq=seq)
    return seq


def _check_seats(seats: Sequence[SeatInput], players: int) -> tuple[SeatRecord, ...]:
    if isinstance(seats, str | bytes) or len(seats) != players:
        raise InvalidInputError(f"the rules seat {players} players; got {seats!r}",
                                code="bad_seats", seats=len(seats))
    out: list[SeatRecord] = []
    humans: set[int] = set()
    for n, seat in enumerate(seats):
        name: Any
        if isinstance(seat, SeatRecord):
            user_id, name, ai_level = seat.user_id, seat.name, seat.ai_level
        elif isinstance(seat, Mapping):
            unknown = set(seat) - {"user_id", "name", "ai_level"}
            if unknown:
                raise InvalidInputError(f"seat {n}: unknown fields {sorted(unknown)}",
                                        code="bad_seat", seat=n)
            user_id, name, ai_level = seat.get("user_id"), seat.get("name"), seat.get("ai_level")
        else:
            raise InvalidInputError(f"seat {n} must be a dict or SeatRecord, not {seat!r}",
                                    code="bad_seat", seat=n)
        if user_id is not None:
            check_id(user_id, "user_id")
            if user_id in humans:
                raise InvalidInputError(f"user {user_id} cannot take two seats",
                                        code="duplicate_seat", user_id=user_id)
            humans.add(user_id)
        if ai_level is not None and ai_level not in AI_LEVELS:
            raise InvalidInputError(f"seat {n}: ai_level must be one of "
                                    f"{', '.join(AI_LEVELS)}, not {ai_level!r}",
                                    code="bad_ai_level", level=ai_level)
        out.append(SeatRecord(n, user_id, check_name(name), ai_level))
    return tuple(out)


def _same_start(a: GameRecord, b: GameRecord) -> bool:
    return (a.guild_id, a.channel_id, a.rules_json, a.seed, a.seats, a.balances, a.first) == (
        b.guild_id, b.channel_id, b.rules_json, b.seed, b.seats, b.balances, b.first)

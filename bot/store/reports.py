"""Reading the books: ranks, leaderboards, and the audit that proves they balance.

:meth:`ReportsMixin.check_invariants` re-derives everything the store keeps in two places
and reports each disagreement: balances against their ledger rows (and each row's running
balance), beans held against beans minted, every settlement against its seats and ledger
rows, players' counters and points against their settlements, game records against their
settlements and action logs.
"""

from __future__ import annotations

from typing import Any

from bot.engine import level_for

from .base import MINT_REASONS, StoreBase
from .errors import InvalidInputError
from .records import InvariantReport, Leaderboard, LeaderboardEntry, Rank, check_id, check_int
from .sql import Connection, fetch, fetch_one

BOARDS = {
    "balance": ("", "balance DESC, user_id"),
    "points": ("", "points DESC, user_id"),
    "winrate": (" AND games >= ?", "CAST(wins AS REAL) / games DESC, games DESC, user_id"),
    # the best run of wins ever, then the running one; springs with anti-springs
    "streak": (" AND best_streak > 0", "best_streak DESC, streak DESC, user_id"),
    "springs": (" AND springs + anti_springs > 0",
                "springs + anti_springs DESC, springs DESC, user_id"),
}
MIN_GAMES = 5

_MINTED = ", ".join(f"'{r}'" for r in MINT_REASONS)


def _count(condition: str) -> str:
    """Portable SQL for the number of rows where ``condition`` holds."""
    return f"SUM(CASE WHEN {condition} THEN 1 ELSE 0 END)"


def _listed(*columns: str) -> str:
    """Portable SQL for ``[a,b,…]`` as text (SQLite's json_array, PostgreSQL's
    json_build_array, in the one syntax both speak)."""
    return "'[' || " + " || ',' || ".join(columns) + " || ']'"


_COUNTERS = _listed("p.games", "p.wins", "p.landlord_games", "p.landlord_wins", "p.farmer_games",
                    "p.farmer_wins", "p.points")
_ROLE_COUNTS = ", ".join(f"{_count(cond)} AS {name}" for name, cond in (
    ("lg", "role = 'landlord'"), ("lw", "role = 'landlord' AND won = 1"),
    ("fg", "role = 'farmer'"), ("fw", "role = 'farmer' AND won = 1")))
_SETTLED = _listed(*(f"COALESCE(s.{c}, 0)" for c in ("g", "w", "lg", "lw", "fg", "fw", "pts")))
_STATS = _listed("p.springs", "p.anti_springs", "p.bombs", "p.rockets", "p.biggest_win")
_STATS_SETTLED = _listed(*(f"COALESCE(s.{c}, 0)" for c in ("sp", "an", "bo", "ro", "big")))
_SPRING_COUNTS = ", ".join(f"{_count(cond)} AS {name}" for name, cond in (
    ("sp", "won = 1 AND spring = 'spring'"), ("an", "won = 1 AND spring = 'anti_spring'")))
_STREAKS = (_listed("p.streak", "p.best_streak") + ", "
            + _listed("COALESCE(x.cur, 0)", "COALESCE(x.best, 0)"))

# each check: (message template, SQL with an optional "{g}" guild filter on alias-free columns)
_CHECKS: tuple[tuple[str, str], ...] = (
    ("player {0}/{1}: balance {2} but its ledger rows sum to {3}",
     "SELECT p.guild_id, p.user_id, p.balance, COALESCE(SUM(l.amount), 0) FROM players p "
     "LEFT JOIN ledger l ON l.guild_id = p.guild_id AND l.user_id = p.user_id "
     "WHERE 1 = 1 {gp} GROUP BY p.guild_id, p.user_id "
     "HAVING p.balance <> COALESCE(SUM(l.amount), 0)"),
    ("player {0}/{1}: negative balance {2}",
     "SELECT guild_id, user_id, balance FROM players WHERE balance < 0 {g}"),
    ("house of guild {0}: balance {1} but its ledger rows sum to {2}",
     "SELECT guild_id, house_balance, booked FROM (SELECT guild_id, house_balance, (SELECT "
     "COALESCE(SUM(amount), 0) FROM ledger l WHERE l.guild_id = guilds.guild_id AND "
     "l.user_id IS NULL) AS booked FROM guilds WHERE 1 = 1 {g}) AS h WHERE house_balance <> "
     "booked"),
    ("ledger row {0} ({1}/{2}): balance_after {3} does not follow the previous row ({4})",
     "SELECT entry_id, guild_id, user_id, balance_after, prev FROM (SELECT entry_id, guild_id, "
     "user_id, balance_after, amount, LAG(balance_after, 1, 0) OVER (PARTITION BY guild_id, "
     "user_id ORDER BY entry_id) AS prev FROM ledger WHERE 1 = 1 {g}) AS r "
     "WHERE balance_after - amount "
     "<> prev"),
    ("guild {0}: balances plus the house hold {1} beans but {2} were minted",
     "SELECT guild_id, held, minted FROM (SELECT g.guild_id, g.house_balance + (SELECT "
     "COALESCE(SUM(balance), 0) FROM players p WHERE p.guild_id = g.guild_id) AS held, "
     f"(SELECT COALESCE(SUM(amount), 0) FROM ledger l WHERE l.guild_id = g.guild_id AND "
     f"l.reason IN ({_MINTED})) AS minted FROM guilds g WHERE 1 = 1 {{gg}}) AS m "
     "WHERE held <> minted"),
    ("game {0}: its ledger rows sum to {1}, not 0",
     "SELECT game_id, SUM(amount) FROM ledger WHERE game_id IS NOT NULL {g} GROUP BY game_id "
     "HAVING SUM(amount) <> 0"),
    ("game {0} seat {1}: ledger books {2} to the player and {3} to the house; the settlement "
     "says {4} and {5}",
     "SELECT s.game_id, s.seat, COALESCE(l.pa, 0), COALESCE(l.ha, 0), "
     "CASE WHEN s.user_id IS NULL THEN 0 ELSE s.transfer - s.fee END, "
     "CASE WHEN s.user_id IS NULL THEN s.transfer ELSE s.fee END FROM settlement_seats s "
     "LEFT JOIN (SELECT game_id, seat, SUM(CASE WHEN user_id IS NULL THEN 0 ELSE amount END) "
     "AS pa, SUM(CASE WHEN user_id IS NULL THEN amount ELSE 0 END) AS ha FROM ledger "
     "WHERE game_id IS NOT NULL GROUP BY game_id, seat) l "
     "ON l.game_id = s.game_id AND l.seat = s.seat WHERE (COALESCE(l.pa, 0) <> CASE WHEN "
     "s.user_id IS NULL THEN 0 ELSE s.transfer - s.fee END OR COALESCE(l.ha, 0) <> CASE WHEN "
     "s.user_id IS NULL THEN s.transfer ELSE s.fee END) {gs}"),
    ("game {0}: ledger row {1} books seat {2}, which the settlement does not have",
     "SELECT l.game_id, l.entry_id, l.seat FROM ledger l LEFT JOIN settlement_seats s "
     "ON s.game_id = l.game_id AND s.seat = l.seat WHERE l.game_id IS NOT NULL "
     "AND s.game_id IS NULL {gl}"),
    ("settlement {0}: no seats stored, or transfers sum to {1}",
     "SELECT t.game_id, COALESCE(SUM(s.transfer), 0) FROM settlements t LEFT JOIN "
     "settlement_seats s ON s.game_id = t.game_id WHERE 1 = 1 {gt} GROUP BY t.game_id "
     "HAVING COUNT(s.seat) = 0 OR SUM(s.transfer) <> 0"),
    ("settlement {0}: house_delta {1} but the house booked {2}",
     "SELECT game_id, house_delta, booked FROM (SELECT t.game_id, t.house_delta, (SELECT "
     "COALESCE(SUM(amount), 0) FROM ledger l WHERE l.game_id = t.game_id AND l.user_id IS NULL) "
     "AS booked FROM settlements t WHERE 1 = 1 {gt}) AS d WHERE house_delta <> booked"),
    ("player {0}/{1}: counters (games, wins, landlord, landlord wins, farmer, farmer wins, "
     "points) {2} but the settlements say {3}",
     f"SELECT p.guild_id, p.user_id, {_COUNTERS}, {_SETTLED} FROM players p LEFT JOIN (SELECT "
     "guild_id, user_id, SUM(counted) AS g, SUM(won) AS w, "
     f"{_ROLE_COUNTS}, "
     "SUM(points) AS pts FROM settlement_seats WHERE user_id IS NOT NULL GROUP BY guild_id, "
     "user_id) s ON s.guild_id = p.guild_id AND s.user_id = p.user_id WHERE 1 = 1 {gp} AND "
     "(p.games, p.wins, p.landlord_games, p.landlord_wins, p.farmer_games, p.farmer_wins, "
     "p.points) <> (COALESCE(s.g, 0), COALESCE(s.w, 0), COALESCE(s.lg, 0), "
     "COALESCE(s.lw, 0), COALESCE(s.fg, 0), COALESCE(s.fw, 0), COALESCE(s.pts, 0))"),
    ("player {0}/{1}: statistics (springs, anti-springs, bombs, rockets, biggest win) {2} "
     "but the settlements say {3}",
     f"SELECT p.guild_id, p.user_id, {_STATS}, {_STATS_SETTLED} FROM players p LEFT JOIN "
     f"(SELECT guild_id, user_id, {_SPRING_COUNTS}, SUM(bombs) AS bo, "
     "SUM(rockets) AS ro, MAX(CASE WHEN transfer - fee > 0 THEN transfer - fee ELSE 0 END) "
     "AS big FROM settlement_seats WHERE user_id IS NOT NULL GROUP BY guild_id, user_id) s "
     "ON s.guild_id = p.guild_id AND s.user_id = p.user_id WHERE 1 = 1 {gp} AND "
     "(p.springs, p.anti_springs, p.bombs, p.rockets, p.biggest_win) <> (COALESCE(s.sp, 0), "
     "COALESCE(s.an, 0), COALESCE(s.bo, 0), COALESCE(s.ro, 0), COALESCE(s.big, 0))"),
    # a run of wins: the counted deals after the k-th loss, in settlement order
    ("player {0}/{1}: streak and best streak {2} but the settlements say {3}",
     "WITH o AS (SELECT guild_id, user_id, won, SUM(1 - won) OVER (PARTITION BY guild_id, "
     "user_id ORDER BY deal_no ROWS UNBOUNDED PRECEDING) AS k FROM settlement_seats "
     "WHERE user_id IS NOT NULL AND counted = 1), r AS (SELECT guild_id, user_id, k, "
     "SUM(won) AS n FROM o GROUP BY guild_id, user_id, k), x AS (SELECT r.guild_id, r.user_id, "
     "MAX(r.n) AS best, (SELECT r2.n FROM r r2 WHERE r2.guild_id = r.guild_id AND "
     "r2.user_id = r.user_id ORDER BY r2.k DESC LIMIT 1) AS cur FROM r GROUP BY r.guild_id, "
     f"r.user_id) SELECT p.guild_id, p.user_id, {_STREAKS} FROM players p LEFT JOIN x "
     "ON x.guild_id = p.guild_id AND x.user_id = p.user_id WHERE 1 = 1 {gp} AND "
     "(p.streak, p.best_streak) <> (COALESCE(x.cur, 0), COALESCE(x.best, 0))"),
    ("game {0}: status {1} but {2}",
     "SELECT g.game_id, g.status, CASE WHEN t.game_id IS NULL THEN 'no settlement' ELSE "
     "'a settlement exists' END FROM games g LEFT JOIN settlements t ON t.game_id = g.game_id "
     "WHERE (g.status = 'settled') <> (t.game_id IS NOT NULL) {gg2}"),
    ("game {0}: next_seq {1} but {2} actions stored (last seq {3})",
     "SELECT g.game_id, g.next_seq, COUNT(a.seq), MAX(a.seq) FROM games g LEFT JOIN "
     "game_actions a ON a.game_id = g.game_id WHERE 1 = 1 {gg2} GROUP BY g.game_id "
     "HAVING g.next_seq <> COUNT(a.seq) OR COALESCE(MAX(a.seq), -1) <> g.next_seq - 1"),
)

_FILTERS = {"g": "guild_id", "gp": "p.guild_id", "gg": "g.guild_id", "gs": "s.guild_id",
            "gl": "l.guild_id", "gt": "t.guild_id", "gg2": "g.guild_id"}


class ReportsMixin(StoreBase):
    """Ranks, leaderboards, invariants and counts."""

    async def rank(self, guild_id: int, user_id: int) -> Rank:
        """The player's level and position on the guild's points board."""
        async with self._db.snapshot() as conn:
            player = await self._require_player(conn, guild_id, user_id)
            row = await fetch_one(conn, f"SELECT COUNT(*), COALESCE({_count('points > ?')}, 0) "
                                        "FROM players WHERE guild_id = ?",
                                  (player.points, guild_id))
        assert row is not None
        return Rank(guild_id, user_id, player.name, player.points, player.level,
                    int(row[1]) + 1, int(row[0]))

    async def leaderboard(self, guild_id: int, by: str = "balance", page: int = 1,
                          per_page: int = 10, *, min_games: int = MIN_GAMES) -> Leaderboard:
        """One page of the guild's board by ``balance``, ``points``, ``winrate`` (only
        players with at least ``min_games`` games), ``streak`` (the best winning streak;
        players with one) or ``springs`` (springs and anti-springs won; players with one).
        The house is never on a board."""
        check_id(guild_id, "guild_id")
        if by not in BOARDS:
            raise InvalidInputError(f"a board is by {', '.join(BOARDS)}, not {by!r}",
                                    code="bad_board", by=by)
        for value, name, high in ((page, "page", 10**6), (per_page, "per_page", 100),
                                  (min_games, "min_games", 10**6)):
            check_int(value, name)
            if not (0 if name == "min_games" else 1) <= value <= high:
                raise InvalidInputError(f"{name} out of range: {value}", code="bad_page",
                                        what=name, value=value)
        where, order = BOARDS[by]
        tied = order.removesuffix(", user_id")  # equal on the board's measure: one rank
        params: tuple[Any, ...] = (guild_id, min_games) if "?" in where else (guild_id,)
        async with self._db.snapshot() as conn:
            total_row = await fetch_one(
                conn, f"SELECT COUNT(*) FROM players WHERE guild_id = ?{where}", params)
            rows = await fetch(
                conn, f"SELECT user_id, name, balance, points, games, wins, streak, "
                      f"best_streak, springs, anti_springs, RANK() OVER (ORDER BY {tied}) "
                      f"FROM players "
                      f"WHERE guild_id = ?{where} ORDER BY {order} LIMIT ? OFFSET ?",
                (*params, per_page, (page - 1) * per_page))
        entries = tuple(LeaderboardEntry(int(position), u, n, b, p, g, w, level_for(p), *more)
                        for (u, n, b, p, g, w, *more, position) in rows)
        total = int(total_row[0]) if total_row else 0
        return Leaderboard(guild_id, by, page, per_page, total, entries)

    async def check_invariants(self, guild_id: int | None = None) -> InvariantReport:
        """Audit the books (one guild, or all) in one consistent read; the report lists
        every problem (``report.ok``; ``report.raise_if_broken()`` raises
        :class:`InvariantError`)."""
        if guild_id is not None:
            check_id(guild_id, "guild_id")
        problems: list[str] = []
        async with self._db.snapshot() as conn:
            for message, sql in _CHECKS:
                for row in await self._check_rows(conn, sql, guild_id):
                    problems.append(message.format(*row))
            summary = await self._summary(conn, guild_id)
        return InvariantReport(*summary, problems=tuple(problems))

    async def table_counts(self) -> dict[str, int]:
        """Rows per table (diagnostics; tests compare them before and after)."""
        async with self._db.snapshot() as conn:
            names = await self._db.table_names(conn)
            counts = {}
            for name in names:
                row = await fetch_one(conn, f'SELECT COUNT(*) FROM "{name}"')
                counts[name] = int(row[0]) if row else 0
        return counts

    # ----------------------------------------------------------------- helpers
    @staticmethod
    async def _check_rows(conn: Connection, sql: str,
                          guild_id: int | None) -> list[Any]:
        fills = {k: "" if guild_id is None else f"AND {col} = ?" for k, col in _FILTERS.items()}
        text = sql.format(**fills)
        params = () if guild_id is None else (guild_id,) * text.count("= ?")
        return await fetch(conn, text + " LIMIT 200", params)

    @staticmethod
    async def _summary(conn: Connection, guild_id: int | None
                       ) -> tuple[int, int, int, int, int, int]:
        where = "" if guild_id is None else " WHERE guild_id = ?"
        p = () if guild_id is None else (guild_id,)
        one = "SELECT COUNT(*), COALESCE(SUM({0}), 0) FROM {1}" + where
        guilds, house = (await fetch(conn, one.format("house_balance", "guilds"), p))[0]
        players, held = (await fetch(conn, one.format("balance", "players"), p))[0]
        rows, _ = (await fetch(conn, one.format("0", "ledger"), p))[0]
        settled, _ = (await fetch(conn, one.format("0", "settlements"), p))[0]
        mint_where = f"reason IN ({_MINTED})" + ("" if guild_id is None else " AND guild_id = ?")
        minted = (await fetch(conn, f"SELECT COALESCE(SUM(amount), 0) FROM ledger "
                                    f"WHERE {mint_where}", p))[0][0]
        return (int(guilds), int(guilds) + int(players), int(rows), int(settled), int(minted),
                int(held) + int(house))

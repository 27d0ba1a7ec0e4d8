"""The store: players, beans, the ledger, levels, game records and leaderboards, in SQLite
or PostgreSQL.

The only package with SQL. The schema lives in ``data/migrations/NNN_*.sql`` (PostgreSQL's
twin set in ``data/migrations/postgres/``) and is applied at open. SQLite runs in WAL mode
with one writer connection (writes queue behind a lock, each one transaction) and a pool of
readers that never wait for it; PostgreSQL (a ``postgresql://`` URL, :mod:`bot.store.pg`)
serializes write transactions with an advisory lock, across processes. The mixins' SQL is
shared by both. Nothing outside this package knows which backend it is::

    from bot.store import Settlement, Store

    async with Store.open("data/doudizhu.db") as store:
        await store.ensure_player(guild_id, user_id, "Alice")
        await store.settle(Settlement.from_result(game_id, guild_id, game.result, user_ids))
        board = await store.leaderboard(guild_id, by="points")

The live tables see the store through :class:`TableStore` (:mod:`bot.store.protocol`), the
typing.Protocol a second backend implements.

Beans are conserved: every movement is a ledger row, a balance is the sum of its rows,
settlements are applied once per game id (all or nothing), and beans enter the economy
only as start balances, daily bonuses, relief and admin grants
(:meth:`Store.check_invariants` proves it).
"""

from .errors import (
    ActionSequenceError,
    AlreadyClaimedError,
    ClaimRefusedError,
    GameConflictError,
    InsufficientBalanceError,
    InvalidInputError,
    InvalidSettingError,
    InvariantError,
    MigrationError,
    SeatTakenError,
    SettlementConflictError,
    StoreClosedError,
    StoreError,
    StoreUnavailableError,
    UnknownGameError,
    UnknownGuildError,
    UnknownPlayerError,
    UnknownSettingError,
)
from .history import HistoryEntry, HistoryPage, PlayerStats
from .migrations import AppliedMigration
from .protocol import TableStore
from .records import (
    GameRecord,
    GameStatus,
    InvariantReport,
    Leaderboard,
    LeaderboardEntry,
    LedgerEntry,
    Player,
    Rank,
    SavedTable,
    SeatRecord,
    SeatSettlement,
    Settlement,
)
from .settings import Settings
from .store import Store, StoreOpener
from .tournaments import Payout, Tournament

__all__ = [
    "ActionSequenceError",
    "AlreadyClaimedError",
    "AppliedMigration",
    "ClaimRefusedError",
    "GameConflictError",
    "GameRecord",
    "GameStatus",
    "HistoryEntry",
    "HistoryPage",
    "InsufficientBalanceError",
    "InvalidInputError",
    "InvalidSettingError",
    "InvariantError",
    "InvariantReport",
    "Leaderboard",
    "LeaderboardEntry",
    "LedgerEntry",
    "MigrationError",
    "Payout",
    "Player",
    "PlayerStats",
    "Rank",
    "SavedTable",
    "SeatRecord",
    "SeatSettlement",
    "SeatTakenError",
    "Settings",
    "Settlement",
    "SettlementConflictError",
    "Store",
    "StoreClosedError",
    "StoreError",
    "StoreOpener",
    "StoreUnavailableError",
    "TableStore",
    "Tournament",
    "UnknownGameError",
    "UnknownGuildError",
    "UnknownPlayerError",
    "UnknownSettingError",
]

"""Typed store errors.

Bad input to the store (an unknown player, a negative grant, a reused game id…) raises a
:class:`StoreError` (a ``ValueError``), like the engine's ``RuleError``: a stable ``code``
and the ``params`` needed to translate the message, while ``str(error)`` is the English text
and quotes the offending input. A store error is raised before anything is written, or
the transaction that was writing is rolled back: bad input never changes the database.

Problems that are not the caller's input are ``RuntimeError``\\ s: :class:`MigrationError`
(the schema cannot be brought up to date), :class:`InvariantError` (the books do not
balance) and :class:`StoreClosedError`.
"""

from __future__ import annotations

from typing import Any

from bot.engine.errors import CodedError


class StoreError(CodedError):
    """Base class: input the store refuses. Nothing was written."""

    code = "store_error"


class InvalidInputError(StoreError):
    """A malformed argument: a bad id, an oversize name, a negative amount, bad JSON."""

    code = "invalid_input"


class UnknownGuildError(StoreError):
    """A guild the store has never seen (no player has joined its economy)."""

    code = "unknown_guild"


class UnknownPlayerError(StoreError):
    """A user with no account in that guild."""

    code = "unknown_player"


class UnknownGameError(StoreError):
    """A game id with no game record."""

    code = "unknown_game"


class InsufficientBalanceError(StoreError):
    """A change that would take a balance below zero."""

    code = "insufficient_balance"


class SettlementConflictError(StoreError):
    """A game id settled before with different content, or a settlement that does not fit
    its game record."""

    code = "settlement_conflict"


class GameConflictError(StoreError):
    """A game id already recorded with different content, or a game in the wrong state
    (e.g. an action for a finished game)."""

    code = "game_conflict"


class ActionSequenceError(StoreError):
    """An action whose sequence number is not the next one (a gap or a duplicate)."""

    code = "action_sequence"


class SeatTakenError(StoreError):
    """A player seated at one table cannot take a seat at another (of any guild)."""

    code = "already_seated"


class UnknownSettingError(StoreError):
    """A setting key the store does not know."""

    code = "unknown_setting"


class InvalidSettingError(StoreError):
    """A known setting with a value of the wrong type or out of range."""

    code = "invalid_setting"


class AlreadyClaimedError(StoreError):
    """A daily bonus or relief already claimed on that (UTC) day."""

    code = "already_claimed"


class ClaimRefusedError(StoreError):
    """A bonus or relief that cannot be claimed: switched off, or not needed."""

    code = "claim_refused"


class MigrationError(RuntimeError):
    """A migration failed or an applied migration file was changed afterwards."""


class InvariantError(RuntimeError):
    """The books do not balance: carries the :class:`~bot.store.records.InvariantReport`."""

    def __init__(self, report: Any) -> None:
        super().__init__(str(report))
        self.report = report


class StoreClosedError(RuntimeError):
    """The store was used after :meth:`Store.close`."""


class StoreUnavailableError(RuntimeError):
    """The database did not answer: locked past the busy timeout, disk full, an I/O error.
    Nothing was written (the transaction rolled back); the same call may succeed later.
    ``error_id`` names this failure in the log, so a user can quote it."""

    def __init__(self, message: str, *, error_id: str) -> None:
        super().__init__(message)
        self.error_id = error_id

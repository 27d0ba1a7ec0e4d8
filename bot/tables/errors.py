"""Errors a table raises for what a user asked: each with a code the bot translates."""

from __future__ import annotations

from bot.engine.errors import CodedError


class TableError(CodedError):
    """A table operation that cannot be done now (not a rule of the game)."""

    code = "table_error"


class StaleActionError(TableError):
    """An action for a turn that has already passed (a late click)."""

    code = "stale"

"""Errors a table raises for what a user asked: each with a code the bot translates."""

from __future__ import annotations

from typing import Any


class TableError(ValueError):
    """A table operation that cannot be done now (not a rule of the game)."""

    code = "table_error"

    def __init__(self, message: str, *, code: str | None = None, **params: Any) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        self.params: dict[str, Any] = params


class StaleActionError(TableError):
    """An action for a turn that has already passed (a late click)."""

    code = "stale"

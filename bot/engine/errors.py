"""Typed rule errors.

Every error the engine raises for bad input is a :class:`RuleError` (a ``ValueError``).
Each carries a stable ``code`` and the ``params`` needed to translate the message, so the
bot can say the same thing in the user's language; ``str(error)`` is the English text and
always quotes the offending input.
"""

from __future__ import annotations

from typing import Any


class CodedError(ValueError):
    """A refusal a user can be told about: a stable ``code`` and the ``params`` to
    translate the message; ``str(error)`` is the English text. The engine's, the store's
    and the tables' errors all derive from it."""

    code = "error"

    def __init__(self, message: str, *, code: str | None = None, **params: Any) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        self.params: dict[str, Any] = params


class RuleError(CodedError):
    """Base class: an action or input the rules do not allow."""

    code = "rule_error"


class InvalidCardsError(RuleError):
    """Text that is not a list of cards (names the token it could not read)."""

    code = "invalid_cards"


class CardsNotHeldError(InvalidCardsError):
    """Cards that the hand does not hold ("you have no second 7")."""

    code = "not_held"


class IllegalActionError(RuleError):
    """A well-formed action that the rules forbid in this state."""

    code = "illegal_action"


class NotYourTurnError(RuleError):
    """An action by a seat that is not the one to act."""

    code = "not_your_turn"


class WrongPhaseError(RuleError):
    """An action of a kind that does not belong to the current phase."""

    code = "wrong_phase"

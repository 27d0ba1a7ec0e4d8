"""A game's log: everything that rebuilds it (rules, seed, balances, first bidder, actions).

The same log always gives the same game (:meth:`bot.engine.game.Game.from_log`); it is
what the store keeps and what a bug report attaches. ``to_json`` / ``from_json`` give its
text form.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .actions import Action, SeatIndex
from .errors import RuleError
from .rules import Rules


@dataclass(frozen=True)
class GameLog:
    """A game from its start: validated when made, so a log read back is a playable one."""

    rules: Rules
    seed: int | str
    balances: tuple[int, ...] | None = None  # beans each seat brought (None: ample)
    first: SeatIndex | None = None  # the first deal's first bidder, when the table fixed it
    actions: tuple[Action, ...] = ()  # every accepted action, in order

    def __post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise RuleError(f"a game needs Rules, not {self.rules!r}", code="bad_rules")
        seed = self.seed
        if isinstance(seed, bool) or not isinstance(seed, int | str) or seed == "":
            raise RuleError(f"a seed is an int or some text, not {seed!r}", code="bad_seed",
                            seed=seed)
        players = self.rules.players
        if self.balances is not None:
            balances = tuple(self.balances)
            if len(balances) != players or any(
                    isinstance(b, bool) or not isinstance(b, int) or b < 0 for b in balances):
                raise RuleError(f"need {players} balances of 0 or more, got {balances}",
                                code="bad_balances")
            object.__setattr__(self, "balances", balances)
        first = self.first
        if first is not None and (isinstance(first, bool) or not isinstance(first, int)
                                  or not 0 <= first < players):
            raise RuleError(f"no seat {first}", code="bad_seat", seat=first)
        actions = tuple(self.actions)
        for action in actions:
            if not isinstance(action, Action):
                raise RuleError(f"not an action: {action!r}", code="not_an_action")
        object.__setattr__(self, "actions", actions)

    @classmethod
    def start(cls, rules: Rules, seed: int | str, balances: Sequence[int] | None = None,
              first: SeatIndex | None = None) -> GameLog:
        """The log of a game that has not had an action yet."""
        return cls(rules, seed, None if balances is None else tuple(balances), first)

    def to_dict(self) -> dict[str, Any]:
        return {"rules": self.rules.to_dict(), "seed": self.seed,
                "balances": None if self.balances is None else list(self.balances),
                "first": self.first, "actions": [a.to_dict() for a in self.actions]}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, sort_keys=True)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameLog:
        balances = data.get("balances")
        return cls(Rules.from_dict(data["rules"]), data["seed"],
                   None if balances is None else tuple(balances), data.get("first"),
                   tuple(Action.from_dict(a) for a in data.get("actions", ())))

    @classmethod
    def from_json(cls, text: str) -> GameLog:
        return cls.from_dict(json.loads(text))

"""A tournament's settings, validated: the one value a tournament is created from; and
where a tournament is (:class:`TournamentStatus`).

:class:`TournamentSettings` is frozen data (like :class:`bot.engine.Rules`), stored with the
tournament as JSON (:meth:`~TournamentSettings.to_json`). Bad settings raise
:class:`TournamentError` (a ``ValueError``) with a ``code`` the front-ends translate.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any

from bot.engine import VARIANTS
from bot.engine.errors import CodedError
from bot.text_input import normalise_name

MAX_ROUNDS = 9
MAX_DEALS = 12  # deals per round
MAX_BUY_IN = 1_000_000
MAX_PLACES = 10  # paid places
MAX_HOUSE_PERCENT = 20
NAME_LENGTH = 60


class TournamentStatus(StrEnum):
    """Where a tournament is. A ``StrEnum``: stored (``tournaments.status``) and shown as
    the same words as before it had names."""

    SIGNUP = "signup"  # taking entrants until it is started
    RUNNING = "running"  # its rounds are being played
    FINISHED = "finished"  # played out, prizes paid
    CANCELLED = "cancelled"  # stopped, buy-ins returned

    @property
    def is_open(self) -> bool:
        """Signing up or running: not over."""
        return self in (TournamentStatus.SIGNUP, TournamentStatus.RUNNING)


class TournamentError(CodedError):
    """Bad tournament settings: ``code`` names the case, ``params`` carry what the message
    quotes."""

    code = "bad_tournament"


@dataclass(frozen=True)
class TournamentSettings:
    """What the creator chose.

    ``prize_split``: the paid places' shares of the pool in percent, first place first,
    each >= 1, summing to 100 (``(100,)``: winner takes all). ``house_percent`` of the pool
    (rounded down) is the house's take; the rest is split. ``ai_fill``: AI players fill the
    short tables; without it, players left over sit the round out (a bye, 0 points).
    ``duplicate``: every table of a round plays the same deals (:mod:`.duplicate`).
    """

    name: str
    variant: str = "classic"
    rounds: int = 3
    deals_per_round: int = 3
    buy_in: int = 0  # 0: free entry, no pool
    prize_split: tuple[int, ...] = (50, 30, 20)
    house_percent: int = 0
    ai_fill: bool = True
    duplicate: bool = False
    extra: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "prize_split", tuple(self.prize_split))
        if isinstance(self.name, str):  # normalised once, before it is checked and stored
            object.__setattr__(self, "name", normalise_name(self.name))
        self.validate()

    @property
    def table_size(self) -> int:
        """Players at a table: 4 in ``four``, else 3."""
        return 4 if self.variant == "four" else 3

    def validate(self) -> None:
        """Raise :class:`TournamentError` unless every setting is in range."""
        name = normalise_name(self.name) if isinstance(self.name, str) else ""
        if not 1 <= len(name) <= NAME_LENGTH:
            raise TournamentError(f"a tournament's name has 1 to {NAME_LENGTH} characters",
                                  code="bad_name", name=name[:NAME_LENGTH])
        if self.variant not in VARIANTS:
            raise TournamentError(f"unknown variant {self.variant!r}; choose one of "
                                  f"{', '.join(VARIANTS)}", code="bad_variant",
                                  variant=self.variant)
        for value, what, low, high in ((self.rounds, "rounds", 1, MAX_ROUNDS),
                                       (self.deals_per_round, "deals_per_round", 1, MAX_DEALS),
                                       (self.buy_in, "buy_in", 0, MAX_BUY_IN),
                                       (self.house_percent, "house_percent", 0,
                                        MAX_HOUSE_PERCENT)):
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise TournamentError(f"{what} must be a whole number from {low} to {high}, "
                                      f"not {value!r}", code="bad_setting", setting=what,
                                      value=value, low=low, high=high)
        split = self.prize_split
        if (not 1 <= len(split) <= MAX_PLACES
                or any(isinstance(s, bool) or not isinstance(s, int) or s < 1 for s in split)
                or sum(split) != 100):
            raise TournamentError(f"the prize split is 1 to {MAX_PLACES} shares in percent, "
                                  f"each at least 1, adding up to 100; not {list(split)}",
                                  code="bad_prize_split", split=list(split))
        if not isinstance(self.ai_fill, bool) or not isinstance(self.duplicate, bool):
            raise TournamentError("ai_fill and duplicate are yes or no",
                                  code="bad_flag")

    def to_json(self) -> str:
        """Canonical JSON (sorted keys), as stored; the front-ends' ``extra`` keys (a
        sign-up's start time and message) are kept beside the settings."""
        data = asdict(self)
        extra = data.pop("extra")
        data.update({k: v for k, v in extra.items() if k not in _FIELDS})
        data["prize_split"] = list(self.prize_split)
        return json.dumps(data, sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> TournamentSettings:
        data = json.loads(text)
        known = {k: v for k, v in data.items() if k in _FIELDS}
        known["prize_split"] = tuple(known.get("prize_split", (100,)))
        return cls(**known, extra={k: v for k, v in data.items() if k not in _FIELDS})


_FIELDS = ("name", "variant", "rounds", "deals_per_round", "buy_in", "prize_split",
           "house_percent", "ai_fill", "duplicate")

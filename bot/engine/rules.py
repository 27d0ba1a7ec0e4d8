"""Rule sets as data.

A :class:`Rules` value is frozen and made by :meth:`Rules.preset`; it is stored with every
game, so a game can always be replayed under the exact rules it was played with. Room
parameters (beans per point, fees, minimum balance…) are part of it because settlement
depends on them.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .cards import RANK_INDEX, TWO
from .errors import RuleError
from .kinds import VARIANT_KINDS

VARIANTS = ("classic", "happy", "laizi", "super", "four")

_SHAPE = {
    # players, decks, flower, hand size, bottom size, bidding, stake of the landlord per farmer
    "classic": (3, 1, False, 17, 3, "points", 2),
    "happy": (3, 1, False, 17, 3, "call", 2),
    "laizi": (3, 1, False, 17, 3, "call", 2),
    "super": (3, 1, True, 17, 4, "points", 2),
    "four": (4, 2, False, 25, 8, "points", 3),
}

ROOMS: dict[str, dict[str, int]] = {
    "novice": {"beans_per_point": 10, "table_fee": 1, "min_balance": 100},
    "normal": {},
    "high": {"beans_per_point": 1000, "table_fee": 50, "min_balance": 20_000},
}
"""The rooms a table opens in: the room options each fixes (the defaults of docs/rules.md §6.3
are the normal room's). ``Rules.preset(variant, **ROOMS[room])``; :func:`room_of` reads the
room back from the rules."""

_ALIASES = {"N": "beans_per_point", "A": "table_fee", "n": "beans_per_point", "a": "table_fee"}


@dataclass(frozen=True)
class Rules:
    """One variant with its room parameters. Make it with :meth:`preset`."""

    variant: str
    players: int
    decks: int
    flower: bool
    hand_size: int
    bottom_size: int
    bidding: str  # "points" (1/2/3) or "call" (call and grab)
    landlord_share: int  # landlord : farmer stake (2, or 3 in four)
    kinds: frozenset[str] = field(repr=False)
    laizi: str | None = None  # the wild rank (laizi variant), once drawn or fixed
    # room parameters (docs/rules.md §6.3)
    beans_per_point: int = 100  # N
    table_fee: int = 5  # A, taken from every player (not super)
    fee_rate: Fraction = Fraction(5, 100)  # super's service fee on winnings
    min_balance: int = 1000
    double_min: int = 5000
    m_init: int = 1
    laizi_coef: int = 1
    show_split: int = 9
    deal_cap: int | None = None
    turn_play_s: int = 30
    turn_bid_s: int = 15
    max_all_pass_deals: int = 3  # classic and four: the third all-pass deal dissolves

    # ----------------------------------------------------------------- constructors
    @classmethod
    def preset(cls, name: str, **options: Any) -> Rules:
        """The rules of variant ``name`` (classic, happy, laizi, super, four), with room
        options, e.g. ``Rules.preset("laizi", laizi="7")`` or ``Rules.preset("super", N=10)``."""
        if name not in _SHAPE:
            raise RuleError(
                f"unknown variant {name!r}; choose one of {', '.join(VARIANTS)}",
                code="unknown_variant", variant=name,
            )
        players, decks, flower, hand, bottom, bidding, share = _SHAPE[name]
        rules = cls(name, players, decks, flower, hand, bottom, bidding, share,
                    VARIANT_KINDS[name])
        return rules.with_options(**options) if options else rules

    def with_options(self, **options: Any) -> Rules:
        """A copy with some room options changed (validated)."""
        fields = {f.name for f in dataclasses.fields(self)}
        fixed = {"variant", "players", "decks", "flower", "hand_size", "bottom_size",
                 "bidding", "landlord_share", "kinds"}
        changes: dict[str, Any] = {}
        for key, value in options.items():
            key = _ALIASES.get(key, key)
            if key not in fields or key in fixed:
                raise RuleError(f"unknown rule option {key!r}", code="unknown_option", option=key)
            changes[key] = _check_option(self, key, value)
        return dataclasses.replace(self, **changes)

    def with_laizi(self, rank: str | None) -> Rules:
        """The same rules with the wild rank set (the laizi variant only)."""
        return self.with_options(laizi=rank)

    # ----------------------------------------------------------------- derived
    @property
    def laizi_index(self) -> int | None:
        """The rank index of the laizi, or None."""
        return None if self.laizi is None else RANK_INDEX[self.laizi]

    @property
    def has_wilds(self) -> bool:
        return self.flower or self.laizi is not None

    @property
    def has_show_and_double(self) -> bool:
        return self.bidding == "call"

    @property
    def deck_size(self) -> int:
        return 54 * self.decks + (1 if self.flower else 0)

    # ----------------------------------------------------------------- storage
    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the variant plus every option that differs from the preset."""
        base = Rules.preset(self.variant)
        out: dict[str, Any] = {"variant": self.variant}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name == "kinds" or value == getattr(base, f.name):
                continue
            out[f.name] = str(value) if isinstance(value, Fraction) else value
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        data = dict(data)
        return cls.preset(data.pop("variant"), **data)

    @classmethod
    def from_json(cls, text: str) -> Rules:
        return cls.from_dict(json.loads(text))


def _check_option(rules: Rules, key: str, value: Any) -> Any:
    """Validate one room option and return it in its stored type."""
    if key == "laizi":
        if value is None:
            return None
        if rules.variant != "laizi":
            raise RuleError("only the laizi variant has a wild rank", code="bad_option",
                            option=key, value=value)
        text = str(value).upper().replace("10", "T")
        if len(text) != 1 or text not in RANK_INDEX or RANK_INDEX[text] > TWO:
            raise RuleError(f"the laizi must be a rank 3..2, not {value!r}", code="bad_option",
                            option=key, value=value)
        return text
    if key == "fee_rate":
        try:
            rate = Fraction(str(value))
        except (ValueError, ZeroDivisionError):
            raise RuleError(f"fee_rate must be a number, not {value!r}", code="bad_option",
                            option=key, value=value) from None
        if not 0 <= rate < 1:
            raise RuleError(f"fee_rate must be in [0, 1), not {value!r}", code="bad_option",
                            option=key, value=value)
        return rate
    if key == "deal_cap" and value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(f"{key} must be a whole number, not {value!r}", code="bad_option",
                        option=key, value=value)
    if value < 1:  # docs/rules.md: room parameters are positive integers (but fee_rate)
        raise RuleError(f"{key} must be at least 1, not {value}", code="bad_option",
                        option=key, value=value)
    if key == "show_split" and not 2 <= value <= rules.hand_size:
        raise RuleError(f"show_split must be within 2..{rules.hand_size}", code="bad_option",
                        option=key, value=value)
    return value


def table_rules(variant: str, room: str = "normal", server: Mapping[str, int] | None = None,
                *, turn_seconds: int | None = None) -> Rules:
    """The rules a new table plays by, built in one place for every front-end: the
    ``variant``'s preset with the ``server``'s room options (its beans a point, fee, minimum
    balance, turn timers: keys of :class:`Rules`), then the ``room``'s fixed stakes over
    them (:data:`ROOMS`: the normal room fixes none), then ``turn_seconds``, when given,
    for every turn (a play and a bid alike)."""
    if room not in ROOMS:
        raise RuleError(f"unknown room {room!r}; choose one of {', '.join(ROOMS)}",
                        code="bad_option", option="room", value=room)
    options: dict[str, Any] = {**(server or {}), **ROOMS[room]}
    if turn_seconds:
        options["turn_play_s"] = options["turn_bid_s"] = turn_seconds
    return Rules.preset(variant, **options)


def room_of(rules: Rules) -> str:
    """The room whose stakes the rules have ("normal" unless novice or high fixed them)."""
    for name in ("novice", "high"):
        if all(getattr(rules, key) == value for key, value in ROOMS[name].items()):
            return name
    return "normal"

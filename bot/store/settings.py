"""Guild and channel settings: the known keys, their ranges, and the merged view.

A value is looked up channel first, then guild, then the store's defaults (which
:meth:`Store.open` takes for the economy: start balance, daily bonus, relief). The economy
keys are per guild only: a channel cannot print its own beans. Values arrive as Python
values or as text typed in a slash command (``"200"``, ``"on"``) and are validated here.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from bot.ai.levels import AI_LEVELS
from bot.engine import VARIANTS, Rules, table_rules

from .errors import InvalidSettingError, UnknownSettingError

MAX_BEANS = 10**12


@dataclass(frozen=True)
class Settings:
    """The settings in force at a guild or channel (channel > guild > defaults)."""

    variant: str = "classic"  # the default variant of a new table
    beans_per_point: int = 100  # N (docs/rules.md §6.3)
    table_fee: int = 5  # A
    min_balance: int = 1000  # beans needed to take a seat
    turn_s: int = 30  # seconds for a play
    bid_turn_s: int = 15  # seconds for a bid, call, grab, show or double
    ai_level: str = "normal"
    start_balance: int = 10_000  # beans of a new player
    daily_bonus: int = 1_000
    relief_amount: int = 2_000  # 救济: for a player below a room's minimum, once a day
    relief_enabled: bool = True
    turn_pings: bool = True  # a turn is announced by a mention in the channel (else by DM)
    # 记牌器 (the card counter) in the hand message, per room: on where players learn
    counter_novice: bool = True
    counter_normal: bool = False
    counter_high: bool = False
    tournament_role: int = 0  # a role that may create tournaments (0: Manage Server only)

    def counter(self, room: str) -> bool:
        """Is the card counter on in ``room`` ("novice", "normal" or "high")?"""
        return bool(getattr(self, f"counter_{room}", False))

    def rules(self, variant: str | None = None, room: str = "normal", *,
              turn_seconds: int | None = None) -> Rules:
        """The rules of a new table here: ``variant`` (default: this setting's) in ``room``
        with this server's stakes and turn timers (:func:`bot.engine.table_rules`)."""
        server = {"beans_per_point": self.beans_per_point, "table_fee": self.table_fee,
                  "min_balance": self.min_balance, "turn_play_s": self.turn_s,
                  "turn_bid_s": self.bid_turn_s}
        return table_rules(variant or self.variant, room, server, turn_seconds=turn_seconds)

    def merged(self, overrides: dict[str, Any]) -> Settings:
        return dataclasses.replace(self, **overrides) if overrides else self


@dataclass(frozen=True)
class _Key:
    kind: type  # int, str or bool
    low: int = 0
    high: int = 0
    choices: tuple[str, ...] = ()
    guild_only: bool = False
    role: bool = False  # a role's id: typed as a mention or an id, "none" for 0


KEYS: dict[str, _Key] = {
    "variant": _Key(str, choices=VARIANTS),
    "beans_per_point": _Key(int, 1, 100_000),
    "table_fee": _Key(int, 1, 1_000_000),  # room parameters are positive (docs/rules.md)
    "min_balance": _Key(int, 1, MAX_BEANS),
    "turn_s": _Key(int, 10, 600),
    "bid_turn_s": _Key(int, 5, 600),
    "ai_level": _Key(str, choices=AI_LEVELS),
    "start_balance": _Key(int, 0, MAX_BEANS, guild_only=True),
    "daily_bonus": _Key(int, 0, 10**9, guild_only=True),
    "relief_amount": _Key(int, 0, 10**9, guild_only=True),
    "relief_enabled": _Key(bool, guild_only=True),
    "turn_pings": _Key(bool),
    "counter_novice": _Key(bool),
    "counter_normal": _Key(bool),
    "counter_high": _Key(bool),
    "tournament_role": _Key(int, 0, 2**63 - 1, guild_only=True, role=True),
}

PLAYER_KEYS: dict[str, Any] = {"autopass": False, "hand_sort": "desc", "locale": None}
"""A player's own settings and their defaults (stored per user, not per guild): 要不起 by
itself, how the hand picture is ordered (``/ddz sort``, render.ORDERS), the language last
seen on the player's interactions (None: not known yet; their hand DMs use it)."""
PLAYER_CHOICES: dict[str, tuple[str, ...]] = {
    "hand_sort": ("desc", "asc", "grouped"),
    "locale": ("en", "zh-CN", "zh-TW"),
}


def check_player_value(key: str, value: Any) -> Any:
    """``value`` checked for the player setting ``key`` (a known key): a bool for
    ``autopass``, one of :data:`PLAYER_CHOICES` for the others."""
    choices = PLAYER_CHOICES.get(key)
    if choices is None:
        if not isinstance(value, bool):
            raise InvalidSettingError(f"{key} must be on or off, not {value!r}", key=key,
                                      value=value)
        return value
    if value not in choices:
        raise InvalidSettingError(f"{key} must be one of {', '.join(choices)}, not {value!r}",
                                  code="setting_choice", key=key, value=value,
                                  choices=", ".join(choices))
    return value

ALIASES = {"N": "beans_per_point", "A": "table_fee", "turn": "turn_s",
           "bid_turn": "bid_turn_s", "ai": "ai_level", "start": "start_balance",
           "daily": "daily_bonus", "relief": "relief_enabled"}

_TRUE = {"1", "true", "yes", "on", "enable", "enabled"}
_FALSE = {"0", "false", "no", "off", "disable", "disabled"}


def setting_key(key: object, *, channel: bool = False) -> str:
    """The canonical name of ``key``; raise :class:`UnknownSettingError` if unknown."""
    if not isinstance(key, str):
        raise UnknownSettingError(f"a setting key must be text, not {key!r}", key=key,
                                  known=sorted(KEYS))
    name = ALIASES.get(key.strip(), key.strip().lower())
    if name not in KEYS:
        raise UnknownSettingError(f"unknown setting {key!r}; known: {', '.join(KEYS)}",
                                  key=key, known=sorted(KEYS))
    if channel and KEYS[name].guild_only:
        raise InvalidSettingError(f"{name} is set per server, not per channel",
                                  code="guild_only_setting", key=name)
    return name


def check_setting(key: str, value: object) -> int | str | bool:
    """Validate ``value`` for the canonical ``key`` and return it in its stored type."""
    spec = KEYS[key]
    if spec.kind is bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
            return value.strip().lower() in _TRUE
        raise InvalidSettingError(f"{key} must be on or off, not {value!r}", key=key,
                                  value=value)
    if spec.kind is str:
        text = value.strip().lower() if isinstance(value, str) else value
        if text not in spec.choices:
            raise InvalidSettingError(f"{key} must be one of {', '.join(spec.choices)}, not "
                                      f"{value!r}", code="setting_choice", key=key,
                                      value=value, choices=", ".join(spec.choices))
        assert isinstance(text, str)
        return text
    number: object = value
    if spec.role and isinstance(value, str):
        text = value.strip().lower()
        value = "0" if text in _FALSE | {"none", ""} else text.removeprefix("<@&").rstrip(">")
    if isinstance(value, str):
        try:
            number = int(value.strip().replace("_", "").replace(",", ""))
        except ValueError:
            number = value
    if isinstance(number, bool) or not isinstance(number, int):
        raise InvalidSettingError(f"{key} must be a whole number, not {value!r}", key=key,
                                  value=value)
    if not spec.low <= number <= spec.high:
        raise InvalidSettingError(f"{key} must be within {spec.low}..{spec.high}, not "
                                  f"{number}", code="setting_range", key=key, value=value,
                                  low=spec.low, high=spec.high)
    return number


def read_stored(key: str, value: Any) -> Any | None:
    """A stored value back in its type; None (ignored) for a key this version dropped."""
    if key not in KEYS:
        return None
    try:
        return check_setting(key, value)
    except InvalidSettingError:
        return None

"""Names in words: the variants, the play kinds, the players (an AI's level in the
reader's language) and the 23 levels (级别)."""

from __future__ import annotations

import re
from typing import Any

from bot.engine import LEVELS

from .catalogue import t
from .locales import EN, TW, ZH, traditional

VARIANT_NAMES = {
    EN: {"classic": "Classic", "happy": "Happy (call & grab)", "laizi": "Laizi (wild rank)",
         "super": "Super (flower card)", "four": "Four players"},
    ZH: {"classic": "经典斗地主", "happy": "欢乐斗地主", "laizi": "癞子斗地主",
         "super": "超级斗地主", "four": "四人斗地主"},
}
VARIANT_NAMES[TW] = {key: traditional(value) for key, value in VARIANT_NAMES[ZH].items()}
# the play kinds' names (zh-TW is converted from zh-CN); 王炸, as the app says, for the rocket
KIND_NAMES: dict[str, tuple[str, str]] = {  # kind -> (zh-CN, en)
    "single": ("单张", "single"),
    "pair": ("对子", "pair"),
    "trio": ("三张", "trio"),
    "trio_single": ("三带一", "trio with a single"),
    "trio_pair": ("三带二", "trio with a pair"),
    "chain": ("顺子", "chain"),
    "pair_chain": ("连对", "pair chain"),
    "plane": ("飞机", "plane"),
    "plane_singles": ("飞机带翅膀", "plane with single wings"),
    "plane_pairs": ("飞机带对子", "plane with pair wings"),
    "four_two_singles": ("四带二", "four with two singles"),
    "four_two_pairs": ("四带两对", "four with two pairs"),
    "bomb": ("炸弹", "bomb"),
    "rocket": ("王炸", "rocket"),
    "super_bomb": ("超级炸弹", "super bomb"),
    "soft_bomb": ("软炸弹", "soft bomb"),
    "hard_bomb": ("硬炸弹", "hard bomb"),
    "laizi_bomb": ("纯癞子炸弹", "laizi bomb"),
}


def kind_name(locale: str, kind: str) -> str:
    """The name of a pattern kind (``"pair_chain"``: 连对, 連對, pair chain)."""
    zh, en = KIND_NAMES[kind]
    if locale == TW:
        return traditional(zh)
    return zh if locale == ZH else en


def variant_name(locale: str, variant: str) -> str:
    return VARIANT_NAMES.get(locale, VARIANT_NAMES[EN]).get(variant, variant)


def level_name(locale: str, number: int, *, chinese: bool = False) -> str:
    """The name of level ``number`` (1..23) in the reader's language: 短工 in zh-CN,
    its 繁體 form in zh-TW, ``Day Labourer`` in any other (``Day Labourer (短工)`` with
    ``chinese``, where a line has room for the game's own title)."""
    zh, en, _ = LEVELS[number - 1]
    if locale == ZH:
        return zh
    if locale == TW:
        return traditional(zh)
    return f"{en} ({zh})" if chinese else en


_AI_NAME = re.compile(r"(?P<name>.+) \((?P<level>easy|normal|hard)\)")


def player_name(name: str, locale: str) -> str:
    """A seat's name as the reader sees it: an AI's level in their language
    (``AI 🤖 Ada (normal)`` reads ``AI 🤖 Ada（普通）`` in zh-CN)."""
    match = _AI_NAME.fullmatch(name)
    if match is None or not name.startswith("AI "):
        return name
    return t(locale, "ai.name", name=match["name"],
             level=t(locale, f"level.{match['level']}"))


def seat_name(seat: Any, locale: str) -> str:
    """The player of a seat (a table's seat or its snapshot: anything with a ``name``) as
    the reader sees them."""
    return player_name(str(seat.name), locale)


__all__ = ["KIND_NAMES", "VARIANT_NAMES", "kind_name", "level_name", "player_name",
           "seat_name", "variant_name"]

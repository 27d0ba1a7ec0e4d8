"""The multiplier in words: its parts (抢×2 炸弹×2×2 明牌×4) and the whole equation, as the
pictures, the Discord messages, the terminal and the Activity page all show it.

A part that came several times is counted, each time its own factor (three bombs are
``炸弹×2×2×2``, never ``炸弹×8``): the equation still multiplies out, and the reader sees
how many bombs made it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.engine import Phase

from .pictures import picture_words

if TYPE_CHECKING:
    from bot.engine import SeatView

_PART_KEYS = {"grab": "grab_x", "bid": "base"}


def part_label(key: str, locale: str = "zh-CN") -> str:
    """The word of a multiplier part (``"grab"`` → 抢, ``"bomb"`` → 炸弹), or ``key``."""
    return picture_words(locale).get(_PART_KEYS.get(key, key), key)


def merge_parts(parts: tuple[tuple[str, int], ...]) -> list[tuple[str, int]]:
    """Parts with the same key multiplied together, in order of first appearance
    (three grabs ×2 are ``抢×8``)."""
    merged: dict[str, int] = {}
    for key, factor in parts:
        merged[key] = merged.get(key, 1) * factor
    return list(merged.items())


def counted_parts(parts: tuple[tuple[str, int], ...]) -> list[tuple[str, list[int]]]:
    """Parts grouped by key in order of first appearance, each with its factors one per
    time (three bombs ×2: ``("bomb", [2, 2, 2])``)."""
    grouped: dict[str, list[int]] = {}
    for key, factor in parts:
        grouped.setdefault(key, []).append(factor)
    return list(grouped.items())


def multiplier_words(parts: tuple[tuple[str, int], ...], total: int,
                     locale: str = "zh-CN") -> tuple[str, ...]:
    """The words of a multiplier breakdown: ``("抢×2", "炸弹×2×2", "明牌×4", "= ×32")``
    (just ``("×16",)`` without parts); a part that came several times counted."""
    words = [part_label(key, locale) + "".join(f"×{f}" for f in factors)
             for key, factors in counted_parts(parts)]
    return (*words, f"= ×{total}") if words else (f"×{total}",)


def multiplier_text(parts: tuple[tuple[str, int], ...], total: int,
                    locale: str = "zh-CN") -> str:
    """``抢×2 炸弹×2×2 明牌×4 = ×32`` (just ``×16`` without parts)."""
    return " ".join(multiplier_words(parts, total, locale))


def deal_factors(view: SeatView) -> tuple[tuple[str, int], ...]:
    """A deal's multiplier parts as its header says them: the view's, with 春天 named 反春
    once the deal is over and the landlord still holds cards (the farmers sprang it), as
    the result names it (:func:`bot.engine.result_factors`)."""
    factors = view.factors()
    landlord = view.landlord
    anti = (landlord is not None and view.phase == Phase.OVER
            and landlord < len(view.counts) and view.counts[landlord] > 0)
    if not anti:
        return factors
    return tuple(("anti_spring" if key == "spring" else key, f) for key, f in factors)


__all__ = ["counted_parts", "deal_factors", "merge_parts", "multiplier_text",
           "multiplier_words", "part_label"]

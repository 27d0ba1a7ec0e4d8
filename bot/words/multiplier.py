"""The multiplier in words: its parts (抢×2 炸弹×2 明牌×4) and the whole equation, as the
pictures, the Discord messages, the terminal and the Activity page all show it."""

from __future__ import annotations

from .pictures import picture_words

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


def multiplier_words(parts: tuple[tuple[str, int], ...], total: int,
                     locale: str = "zh-CN") -> tuple[str, ...]:
    """The words of a multiplier breakdown: ``("抢×2", "炸弹×2", "明牌×4", "= ×16")``
    (just ``("×16",)`` without parts)."""
    words = [f"{part_label(key, locale)}×{factor}" for key, factor in merge_parts(parts)]
    return (*words, f"= ×{total}") if words else (f"×{total}",)


def multiplier_text(parts: tuple[tuple[str, int], ...], total: int,
                    locale: str = "zh-CN") -> str:
    """``抢×2 炸弹×2 明牌×4 = ×16`` (just ``×16`` without parts)."""
    return " ".join(multiplier_words(parts, total, locale))


__all__ = ["merge_parts", "multiplier_text", "multiplier_words", "part_label"]

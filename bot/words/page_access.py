"""The Activity page's words for a screen reader: the card ranks a play is read out with
(never the letters of the notation run together), the hand's keys, and the result read
out with each seat's beans."""

from __future__ import annotations

from .locales import EN, ZH

TEXTS: dict[str, dict[str, str]] = {
    EN: {
        "access.rank_J": "Jack", "access.rank_Q": "Queen", "access.rank_K": "King",
        "access.rank_A": "Ace",
        "access.cards_sep": ", ",
        "access.hand_keys": "Left and Right arrows move between the cards, Up and Down to "
                            "the row above or below, Space selects, Enter plays, P passes, "
                            "H asks for a hint.",
        "access.result_seat": "{name} {beans} ({total} beans)",
        "access.result_seat_ai": "{name} {beans}",
        "access.result_sep": "; ",
        "access.result_line": "{outcome}. {seats}.",
    },
    ZH: {
        "access.rank_J": "J", "access.rank_Q": "Q", "access.rank_K": "K", "access.rank_A": "A",
        "access.cards_sep": "、",
        "access.hand_keys": "左右方向键在牌间移动，上下键到上一行或下一行，空格选牌，回车出牌，"
                            "P 键不出，H 键提示。",
        "access.result_seat": "{name} {beans}（共 {total} 豆）",
        "access.result_seat_ai": "{name} {beans}",
        "access.result_sep": "；",
        "access.result_line": "{outcome}。{seats}。",
    },
}

__all__ = ["TEXTS"]

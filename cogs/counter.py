"""The card counter (记牌器) line of a hand message and of ``/ddz hand``.

A server setting turns it on per room (``counter_novice``, on by default;
``counter_normal`` and ``counter_high``, off), as the app sells it as an item. The room of a
table is read from its rules: the novice and high rooms fix their stakes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.engine import room_of
from bot.engine.counter import unseen_counts
from bot.words.catalogue import t
from bot.words.locales import EN

if TYPE_CHECKING:
    from collections.abc import Sequence

    from bot.engine import Card
    from bot.tables import TableSnapshot

    from .readers import SettingsReader

_NAMES = {  # what a player calls the ranks, high to low
    EN: {"R": "Big joker ", "B": "Small joker ", "F": "Flower ", "T": "10"},
    "zh": {"R": "大王", "B": "小王", "F": "花", "T": "10"},
}
_ORDER = "FRB2AKQJT9876543"


def counter_text(counts: dict[str, int], locale: str) -> str:
    """``大王1 小王0 · 2×3 A×4 …`` (English: ``Big joker 1 …``), highest rank first."""
    names = _NAMES[EN] if locale == EN else _NAMES["zh"]
    jokers, ranks = [], []
    for rank in _ORDER:
        if rank not in counts:
            continue
        if rank in "FRB":
            jokers.append(f"{names[rank]}{counts[rank]}")
        else:
            ranks.append(f"{names.get(rank, rank)}×{counts[rank]}")
    if not any(counts.values()):
        return t(locale, "counter.none")
    return t(locale, "counter.line", counts=" ".join(jokers) + " · " + " ".join(ranks))


async def counter_line(store: SettingsReader, table: TableSnapshot, seat: int,
                       hand: Sequence[Card], locale: str) -> str | None:
    """The counter line for ``seat``'s hand (``hand``: its cards), or None when its room has
    the counter off (or the deal is not being played)."""
    game = table.game
    if game is None:
        return None
    settings = await store.get_settings(table.guild_id, table.channel_id)
    if not settings.counter(room_of(table.rules)):
        return None
    return counter_text(unseen_counts(game.view_of(seat, hand)), locale)


__all__ = ["counter_line", "counter_text"]

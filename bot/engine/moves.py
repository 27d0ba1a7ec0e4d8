"""Legal plays: every distinct (cards, reading) a hand may play (docs/rules.md §2–§4).

Hands without wild cards take :mod:`bot.engine.natural` (every card set has one reading
there); hands with wild cards take :mod:`bot.engine.wild`. Results are distinct by
(cards, kind, main rank).
"""

from __future__ import annotations

from collections.abc import Iterable

from .cards import FLOWER, NUM_RANKS, RANK_CHARS, Card
from .natural import natural_plays
from .notation import counts_of_cards
from .play import Play
from .rules import Rules
from .wild import wild_plays

_INDEX = {ch: i for i, ch in enumerate(RANK_CHARS)}


def hand_counts(hand: str | Iterable[Card] | list[int], rules: Rules) -> list[int]:
    """Rank counts of a hand given as notation, cards or counts."""
    if isinstance(hand, str):
        counts = [0] * NUM_RANKS
        try:
            for ch in hand:
                counts[_INDEX[ch]] += 1
        except KeyError:  # not plain notation: the full parser explains what is wrong
            return counts_of_cards(hand, rules)
        return counts
    return counts_of_cards(hand, rules)


def legal_plays(hand: str | Iterable[Card] | list[int], last: Play | None,
                rules: Rules) -> list[Play]:
    """Every distinct legal play of ``hand``: a free lead when ``last`` is None, else the
    plays that beat ``last``. Each result carries its reading; a card set with several
    legal readings appears once per reading."""
    counts = hand_counts(hand, rules)
    wilds = counts[FLOWER] if rules.flower else (
        counts[rules.laizi_index] if rules.laizi is not None else 0)  # type: ignore[index]
    if not wilds:
        return natural_plays(counts, last, rules)
    plays = wild_plays(counts, last, rules)
    if rules.flower and counts[FLOWER]:
        total = sum(counts)
        # the no-strand rule: never leave the flower as the only card
        plays = [p for p in plays if not (len(p.cards) == total - 1 and "F" not in p.cards)]
    return plays

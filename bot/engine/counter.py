"""The card counter (记牌器): how many of each rank a seat has not seen yet.

Unseen by a seat: in the deck of the rules, but not in its own hand, not played yet, and
not face up in a hand shown by 明牌. Computed from the seat's :class:`SeatView` only, so it
never tells a seat anything it could not count itself.
"""

from __future__ import annotations

from .cards import NUM_RANKS, RANK_CHARS, counts_of, counts_of_text, make_deck
from .view import SeatView


def unseen_counts(view: SeatView) -> dict[str, int]:
    """Rank character -> cards of that rank unseen by ``view``'s seat, for every rank the
    deck has (``"3"`` … ``"2"``, ``"B"``, ``"R"``, and ``"F"`` with the flower card)."""
    rules = view.rules
    deck = counts_of(make_deck(rules.decks, rules.flower))
    seen = list(counts_of_text(view.hand))
    for _seat, play in view.plays:
        if play is not None:
            for rank, n in enumerate(counts_of_text(play.cards)):
                seen[rank] += n
    for seat, cards in view.shown.items():
        if seat != view.seat:
            for rank, n in enumerate(counts_of_text(cards)):
                seen[rank] += n
    return {RANK_CHARS[r]: max(0, deck[r] - seen[r]) for r in range(NUM_RANKS) if deck[r]}


__all__ = ["unseen_counts"]

"""Cards, ranks and decks.

Ranks are small integers in the one order of the game, ``3 < 4 < ... < A < 2 < B < R``,
with the flower card ``F`` last:

====  ===  ===  ===  ===  ===  ===  ===  ===  ===  ===  ===  ===  ===  ===  ===
 3     4    5    6    7    8    9    T    J    Q    K    A    2    B    R    F
 0     1    2    3    4    5    6    7    8    9   10   11   12   13   14   15
====  ===  ===  ===  ===  ===  ===  ===  ===  ===  ===  ===  ===  ===  ===  ===

A :class:`Card` keeps its suit (and, with two decks, which deck) for display only: the
rules never look at either.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

RANK_CHARS = "3456789TJQKA2BRF"
"""Notation character of each rank index."""

RANK_INDEX: dict[str, int] = {c: i for i, c in enumerate(RANK_CHARS)}

ACE = 11
TWO = 12
BLACK = 13
RED = 14
FLOWER = 15
NUM_RANKS = 16

SUITS = "SHCD"
"""Spades, hearts, clubs, diamonds: display only."""

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "C": "♣", "D": "♦", "": ""}

RANK_NAMES_EN = {
    "3": "3", "4": "4", "5": "5", "6": "6", "7": "7", "8": "8", "9": "9", "T": "10",
    "J": "J", "Q": "Q", "K": "K", "A": "A", "2": "2",
    "B": "small joker", "R": "big joker", "F": "flower",
}


class Card(NamedTuple):
    """One physical card: a rank index, a suit letter ('' for jokers and the flower)
    and the deck it came from (0, or 1 for the second deck of ``four``)."""

    rank: int
    suit: str = ""
    deck: int = 0

    @property
    def char(self) -> str:
        """The card's notation character."""
        return RANK_CHARS[self.rank]

    def __str__(self) -> str:
        return RANK_CHARS[self.rank]

    def label(self) -> str:
        """A human label with the suit symbol, e.g. ``♠10``, ``大王``-free ASCII for jokers."""
        if self.rank >= BLACK:
            return {BLACK: "B", RED: "R", FLOWER: "F"}[self.rank]
        rank = "10" if self.rank == 7 else RANK_CHARS[self.rank]
        return SUIT_SYMBOLS[self.suit] + rank


def make_deck(decks: int = 1, flower: bool = False) -> list[Card]:
    """A fresh, ordered deck: 54 cards per deck, plus the flower card when asked."""
    cards: list[Card] = []
    for d in range(decks):
        for rank in range(TWO + 1):
            for suit in SUITS:
                cards.append(Card(rank, suit, d))
        cards.append(Card(BLACK, "", d))
        cards.append(Card(RED, "", d))
    if flower:
        cards.append(Card(FLOWER, "", 0))
    return cards


def counts_of(cards: Iterable[Card]) -> list[int]:
    """The number of cards of each rank index (a list of 16 ints)."""
    counts = [0] * NUM_RANKS
    for card in cards:
        counts[card.rank] += 1
    return counts


def counts_of_text(text: str) -> list[int]:
    """Rank counts of a notation string that is already normalised (``"3334F"``)."""
    counts = [0] * NUM_RANKS
    for ch in text:
        counts[RANK_INDEX[ch]] += 1
    return counts


def text_of_counts(counts: Iterable[int]) -> str:
    """The sorted notation string of rank counts."""
    return "".join(RANK_CHARS[i] * n for i, n in enumerate(counts) if n)


def text_of(cards: Iterable[Card]) -> str:
    """The sorted notation string of physical cards."""
    return "".join(RANK_CHARS[c.rank] for c in sorted(cards))


def sort_text(text: str) -> str:
    """Sort a string of valid notation characters into the game's order."""
    return "".join(sorted(text, key=RANK_INDEX.__getitem__))

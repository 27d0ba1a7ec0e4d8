"""A play: physical cards plus the reading they are played as."""

from __future__ import annotations

from .cards import RANK_INDEX, sort_text
from .kinds import BOMB_KINDS


class Play:
    """Cards played as one reading.

    ``cards`` is the sorted notation of the physical cards (``"3456F"``); ``kind``,
    ``main_rank`` and ``len(play)`` are the reading; ``wild_as`` says what each wild card
    stands for, in order (``"7"``: the flower is a 7), and ``resolved`` is the cards as read
    (``"34567"``); ``wild`` is the wild card's own character. Two plays are equal when
    they have the same cards, kind and main rank.
    """

    __slots__ = ("cards", "kind", "main_rank", "wild", "wild_as")

    def __init__(self, kind: str, main_rank: str, cards: str, wild_as: str = "",
                 wild: str = "") -> None:
        self.kind = kind
        self.main_rank = main_rank
        self.cards = cards
        self.wild_as = wild_as
        self.wild = wild  # the wild card's character ("F" or the laizi's rank) when used

    @property
    def resolved(self) -> str:
        """The cards as read, each wild card replaced by what it stands for."""
        if not self.wild_as:
            return self.cards
        return sort_text(self.cards.replace(self.wild, "") + self.wild_as)

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def main_index(self) -> int:
        """The main rank as a rank index (3 is 0, R is 14)."""
        return RANK_INDEX[self.main_rank]

    @property
    def is_bomb(self) -> bool:
        """True for every bomb class (bombs, rockets, super bombs, laizi bombs)."""
        return self.kind in BOMB_KINDS

    @property
    def key(self) -> tuple[str, str, str]:
        """What makes plays distinct: (cards, kind, main_rank)."""
        return (self.cards, self.kind, self.main_rank)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Play):
            return NotImplemented
        return (self.cards == other.cards and self.kind == other.kind
                and self.main_rank == other.main_rank)

    def __hash__(self) -> int:
        return hash((self.cards, self.kind, self.main_rank))

    def __str__(self) -> str:
        return self.cards

    def __repr__(self) -> str:
        extra = f" as {self.resolved}" if self.wild_as else ""
        return f"Play({self.cards!r} {self.kind} {self.main_rank}{extra})"


_new = object.__new__


def make_play(kind: str, main_rank: str, cards: str) -> Play:
    """A play without wild cards, built without the checks of ``__init__`` (hot path)."""
    play = _new(Play)
    play.kind = kind
    play.main_rank = main_rank
    play.cards = cards
    play.wild_as = ""
    play.wild = ""
    return play

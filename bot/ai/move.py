"""The AI's own fast view of a variant and of a play.

The engine's :class:`~bot.engine.play.Play` is the public, validated value; inside the AI a
play is a :class:`Move`: rank counts of the physical cards (16 ints, the wild cards counted
at their printed rank, the flower at 15), the reading's kind and main rank index, and its
bomb class. :class:`Variant` holds what the AI needs to know of a rule set (wild slot, bomb
classes, deck). Moves turn back into engine plays with :func:`to_play`, which re-checks the
reading with the engine.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from bot.engine import Play, Rules, beats, bomb_class, reading_of
from bot.engine.cards import (
    FLOWER,
    RANK_CHARS,
    RED,
    TWO,
    counts_of,
    counts_of_text,
    make_deck,
    text_of_counts,
)
from bot.engine.errors import RuleError
from bot.engine.kinds import KINDS
from bot.engine.notation import counts_of_cards
from bot.engine.scoring import SUPER_CAP, bomb_factor

Counts = list[int]

@dataclass(frozen=True)
class Variant:
    """What the AI needs of a rule set, precomputed once per :class:`Rules`."""

    rules: Rules
    name: str
    players: int
    kinds: frozenset[str]
    four: bool
    wslot: int | None  # rank index of the wild cards (the laizi rank, or 15 for the flower)
    laizi: int | None
    flower: bool
    classes: dict[str, int]
    pair_top: int  # highest rank a pair may have (R in four, else 2)
    deck: tuple[int, ...]  # rank counts of the full deck
    bomb_kind: str  # the kind of a natural four of a rank
    factors: dict[str, int]  # what a played bomb-class kind multiplies the stake by
    cap: int | None  # the most the deal's factors multiply the stake by (super: 24)


@lru_cache(maxsize=64)
def variant_of(rules: Rules) -> Variant:
    """The AI's view of ``rules`` (cached)."""
    # every kind the engine knows; bomb classes come from the engine itself
    classes = {k: bomb_class(Play(k, "3", "3333"), rules) for k in KINDS}
    laizi = rules.laizi_index if rules.variant == "laizi" else None
    wslot = FLOWER if rules.flower else laizi
    deck = counts_of(make_deck(rules.decks, rules.flower))
    return Variant(
        rules=rules, name=rules.variant, players=rules.players, kinds=rules.kinds,
        four=rules.variant == "four", wslot=wslot, laizi=laizi, flower=rules.flower,
        classes=classes, pair_top=RED if rules.variant == "four" else TWO, deck=tuple(deck),
        bomb_kind="hard_bomb" if rules.variant == "laizi" else "bomb",
        factors={k: max(2, bomb_factor(rules, k)) for k, c in classes.items() if c},
        cap=SUPER_CAP if rules.variant == "super" else None,
    )


def raise_stake(v: Variant, stake: int, kind: str) -> int:
    """The stake after a bomb-class play of ``kind``: times its factor, within the rules'
    cap (docs/rules.md §6.1)."""
    stake *= v.factors.get(kind, 2)
    return stake if v.cap is None else min(stake, v.cap)


class Move:
    """A play inside the AI: card counts plus its reading (kind, main rank index)."""

    __slots__ = ("cards", "cls", "kind", "main", "n")

    def __init__(self, kind: str, main: int, cards: tuple[int, ...], cls: int) -> None:
        self.kind = kind
        self.main = main
        self.cards = cards
        self.cls = cls
        self.n = sum(cards)

    @property
    def key(self) -> tuple[tuple[int, ...], str, int]:
        return (self.cards, self.kind, self.main)

    @property
    def text(self) -> str:
        return text_of_counts(self.cards)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Move):
            return NotImplemented
        return self.key == other.key

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        return f"Move({self.text!r} {self.kind} {RANK_CHARS[self.main]})"


def move_beats(a: Move, b: Move, four: bool) -> bool:
    """Does ``a`` beat ``b``? (docs/rules.md §3, on the AI's moves.)"""
    if a.cls != b.cls:
        return a.cls > b.cls
    if a.cls == 0:
        return a.kind == b.kind and a.n == b.n and a.main > b.main
    if a.kind == "rocket":
        return False
    if four and a.n != b.n:
        return a.n > b.n
    return a.main > b.main


def move_of_play(play: Play, v: Variant) -> Move:
    """The AI's move for an engine play."""
    return Move(play.kind, play.main_index, tuple(counts_of_text(play.cards)), v.classes[play.kind])


def to_play(move: Move, v: Variant, last: Play | None) -> Play | None:
    """The engine play for ``move`` (its declared reading), or None if the engine refuses it
    (not a reading of those cards, or does not beat ``last``)."""
    try:
        play = reading_of(move.text, v.rules, kind=move.kind, main_rank=RANK_CHARS[move.main])
    except RuleError:
        return None
    if last is not None and not beats(play, last, v.rules):
        return None
    return play


def as_counts(cards: str | Iterable[Any] | None, rules: Rules) -> Counts:
    """Rank counts of cards given as notation (checked against the variant's deck), an
    engine play, 16 rank counts, or physical cards; nothing (``""``, None) is no cards."""
    if not cards:
        return [0] * 16
    return counts_of_cards(cards, rules)


def subtract(hand: Counts, cards: tuple[int, ...] | Counts) -> Counts:
    """``hand`` minus ``cards`` (a new list)."""
    return [h - c for h, c in zip(hand, cards, strict=True)]

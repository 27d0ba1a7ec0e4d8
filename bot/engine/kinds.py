"""The play kinds, defined once: what each kind is made of, and what each variant allows.

One row per kind (docs/rules.md §2): the cards of each rank in its main part (its *unit*), and
for a run (chain, pair chain, plane, with or without wings) its cards per rank, wings
included, and its fewest ranks. Then per variant (docs/rules.md §3, §6.1): the kinds it plays,
the order of its bomb classes (higher beats lower) and what each played bomb class
multiplies the stake by. The engine's readings, comparison and scoring, and the AI, read
these tables; the kinds' names in words are ``bot/words/names.py``'s.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class KindShape:
    """What a kind is made of."""

    unit: int  # cards of each rank in the main part (1 single, 2 pair, 3 trio, 4 four)
    run: int = 0  # a run's cards per rank, wings included (0: not a run)
    run_min: int = 0  # a run's fewest ranks
    kickers: bool = False  # one trio or four with attached cards (a plane's are its wings)
    bomb: bool = False  # a bomb class (what beats ordinary plays)


SHAPES: dict[str, KindShape] = {  # in this order everywhere (a kind's number is its index)
    "single": KindShape(1),
    "pair": KindShape(2),
    "trio": KindShape(3),
    "trio_single": KindShape(3, kickers=True),
    "trio_pair": KindShape(3, kickers=True),
    "chain": KindShape(1, run=1, run_min=5),
    "pair_chain": KindShape(2, run=2, run_min=3),
    "plane": KindShape(3, run=3, run_min=2),
    "plane_singles": KindShape(3, run=4, run_min=2),
    "plane_pairs": KindShape(3, run=5, run_min=2),
    "four_two_singles": KindShape(4, kickers=True),
    "four_two_pairs": KindShape(4, kickers=True),
    "bomb": KindShape(4, bomb=True),
    "rocket": KindShape(2, bomb=True),
    "super_bomb": KindShape(5, bomb=True),
    "soft_bomb": KindShape(4, bomb=True),
    "hard_bomb": KindShape(4, bomb=True),
    "laizi_bomb": KindShape(4, bomb=True),
}

KINDS: tuple[str, ...] = tuple(SHAPES)
BOMB_KINDS = frozenset(k for k, s in SHAPES.items() if s.bomb)
UNIT: dict[str, int] = {k: s.unit for k, s in SHAPES.items()}
"""Cards of each rank in a kind's main part (the canonical order of readings,
docs/rules.md §4.3)."""
RUN_CARDS: dict[str, int] = {k: s.run for k, s in SHAPES.items() if s.run}
"""Cards per rank of a run, wings included: a run's length in ranks is its cards / this."""
RUN_MIN: dict[str, int] = {k: s.run_min for k, s in SHAPES.items() if s.run}
"""The fewest ranks of each run kind."""
PLAIN_RUNS: tuple[str, ...] = tuple(k for k, s in SHAPES.items() if s.run == s.unit)
"""The runs without wings (chain, pair chain, plane): only their unit repeats."""
WITH_KICKERS: tuple[str, ...] = tuple(k for k, s in SHAPES.items() if s.kickers)
"""A trio or a four with attached cards (trio with a single or a pair, four with two)."""

_BASIC = frozenset({
    "single", "pair", "trio", "trio_single", "trio_pair", "chain", "pair_chain", "plane",
    "plane_singles", "plane_pairs", "four_two_singles", "four_two_pairs", "bomb", "rocket",
})

VARIANT_KINDS: dict[str, frozenset[str]] = {
    "classic": _BASIC,
    "happy": _BASIC,
    "laizi": (_BASIC - {"bomb"}) | {"soft_bomb", "hard_bomb", "laizi_bomb"},
    "super": (_BASIC - {"trio_pair", "plane_pairs", "four_two_pairs"}) | {"super_bomb"},
    "four": frozenset({
        "single", "pair", "trio", "trio_pair", "chain", "pair_chain", "plane", "plane_pairs",
        "bomb", "rocket",
    }),
}
"""The kinds each variant plays (``bomb`` is any natural four or more of a rank)."""

BOMB_CLASSES: dict[str, dict[str, int]] = {
    "classic": {"bomb": 1, "rocket": 2},
    "happy": {"bomb": 1, "rocket": 2},
    "laizi": {"soft_bomb": 1, "hard_bomb": 2, "laizi_bomb": 3, "rocket": 4},
    "super": {"bomb": 1, "rocket": 2, "super_bomb": 3},
    "four": {"bomb": 1, "rocket": 2},
}
"""Each variant's bomb classes, weakest first (an ordinary play is class 0)."""

BOMB_FACTORS: dict[str, dict[str, int]] = {
    "classic": {"bomb": 2, "rocket": 2},
    "happy": {"bomb": 2, "rocket": 2},
    "laizi": {"soft_bomb": 2, "hard_bomb": 4, "laizi_bomb": 4, "rocket": 4},
    "super": {"bomb": 2, "rocket": 2, "super_bomb": 3},
    "four": {"bomb": 2, "rocket": 2},
}
"""What a played bomb of each class multiplies the stake by, per variant (docs/rules.md §6.1)."""

__all__ = ["BOMB_CLASSES", "BOMB_FACTORS", "BOMB_KINDS", "KINDS", "PLAIN_RUNS", "RUN_CARDS",
           "RUN_MIN", "SHAPES", "UNIT", "VARIANT_KINDS", "WITH_KICKERS", "KindShape"]

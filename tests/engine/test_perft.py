"""Perft-style table: exact legal-play counts for fixed hands of every variant.

The counts were produced by this engine after it passed the brute-force cross-check and
RLCard parity; any change to move generation that changes a count shows up here. The
big laizi hands were counted by the first wild-card generator and match the packed-count
generator that replaced it (same plays, readings and wild-card meanings).
"""

from __future__ import annotations

import pytest

from bot.engine import Rules, canonical, legal_plays

PERFT = [
    # variant, laizi, hand, play to beat (None: free lead), number of legal plays
    ("classic", None, "33344455566789TJQKA2", None, 352),
    ("classic", None, "3345566778899TTJJQK", "334455", 5),
    ("classic", None, "3456789TJQKA2BR", None, 52),
    ("happy", None, "333444555666777A2", None, 182),
    ("happy", None, "3456789TJQKKAA22BR", "KK", 3),
    ("laizi", "7", "3345567789TJQQKA2", None, 821),
    ("laizi", "5", "33445555689TTJQK2R", None, 4206),
    ("laizi", "9", "345689999TJQKA22B", "3456789T", 101),
    # landlord-sized laizi hands with all four wild cards, leading and following
    ("laizi", "8", "34455668888TJQKA2", None, 3629),
    ("laizi", "3", "3333445566789TTJQQKA", None, 10798),
    ("laizi", "J", "3344556678JJJJQKA2B", "333444TJ", 773),
    ("laizi", "6", "34556666789TTQKKA", "334455", 50),
    ("laizi", "6", "34556666789TTQKKA", "33334455", 422),
    ("super", None, "3334445556789TJQKA2BF", None, 1818),
    ("super", None, "3344455667788TJQKA2RF", "55566678", 2),
    ("super", None, "33445566789TJJQKAAF", "3344F5", 5),
    ("four", None, "3334445556667778899TTJJQKA2BBR", None, 398),
    ("four", None, "33333444556677889TTJQKA22BR", "333444", 3),
]


@pytest.mark.parametrize(("variant", "laizi", "hand", "last", "count"), PERFT,
                         ids=[f"{v}-{h}-{b}" for v, _, h, b, _ in PERFT])
def test_perft(variant: str, laizi: str | None, hand: str, last: str | None,
               count: int) -> None:
    rules = Rules.preset(variant, **({"laizi": laizi} if laizi else {}))
    target = canonical(last, rules) if last else None
    assert len(legal_plays(hand, target, rules)) == count

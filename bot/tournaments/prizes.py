"""Splitting a prize pool into whole beans, exactly.

``pool`` beans: the house takes ``house_percent`` of it, rounded down; the rest is split by
the paid places' shares. Each place gets ``rest × share // total`` and the beans left by the
rounding go one at a time to the places in order (first place first), so the prizes plus
the take are the pool, always. With fewer ranked players than paid places, only the places
that exist are paid and their shares are the whole (the shares of absent places are spread
in proportion). Players tied on every tie-break share the places they cover: the group's
beans are divided equally and the beans left over go one at a time in the group's order
(the earlier entrant first).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TypeVar

P = TypeVar("P", bound=Hashable)


def house_take(pool: int, house_percent: int) -> int:
    """The house's share of the pool, rounded down."""
    _check_amount(pool)
    return pool * house_percent // 100


def split_amount(amount: int, shares: Sequence[int]) -> list[int]:
    """``amount`` in proportion to ``shares`` (positive), in whole units, summing to
    ``amount``: floors first, then the remainder one at a time from the first share on."""
    _check_amount(amount)
    if not shares or any(s <= 0 for s in shares):
        raise ValueError(f"shares must be positive, not {list(shares)}")
    total = sum(shares)
    parts = [amount * s // total for s in shares]
    for n in range(amount - sum(parts)):  # fewer than len(shares)
        parts[n] += 1
    return parts


def place_prizes(pool: int, split: Sequence[int], ranked: int,
                 house_percent: int = 0) -> list[int]:
    """The prize of each place 1..min(len(split), ranked) when ``ranked`` players finish."""
    rest = pool - house_take(pool, house_percent)
    places = min(len(split), ranked)
    if places <= 0:
        return []
    return split_amount(rest, split[:places])


def prizes_for(pool: int, split: Sequence[int], groups: Sequence[Sequence[P]],
               house_percent: int = 0) -> dict[P, int]:
    """Every ranked player's prize (0 included). ``groups``: the final ranking, each group
    the players tied on every tie-break, best group first, each in entry order. The values
    plus :func:`house_take` add up to ``pool`` (with at least one player)."""
    ranked = sum(len(g) for g in groups)
    by_place = place_prizes(pool, split, ranked, house_percent)
    out: dict[P, int] = {}
    place = 0
    for group in groups:
        beans = sum(by_place[place:place + len(group)])
        place += len(group)
        for player, amount in zip(group, split_amount(beans, [1] * len(group)) if group
                                  else [], strict=True):
            out[player] = amount
    return out


def _check_amount(amount: int) -> None:
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
        raise ValueError(f"an amount of beans is a whole number >= 0, not {amount!r}")

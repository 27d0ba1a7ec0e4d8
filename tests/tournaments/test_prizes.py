"""The prize split: whole beans, the remainder placed by a stated rule, the sum exact."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.tournaments import house_take, place_prizes, prizes_for, split_amount


def test_remainder_goes_to_the_first_places() -> None:
    assert split_amount(100, [50, 30, 20]) == [50, 30, 20]
    assert split_amount(101, [50, 30, 20]) == [51, 30, 20]
    assert split_amount(10, [1, 1, 1]) == [4, 3, 3]
    assert split_amount(0, [60, 40]) == [0, 0]


def test_fewer_players_than_places_pays_the_places_that_exist() -> None:
    assert place_prizes(900, [50, 30, 20], 2) == [563, 337]  # 900·50/80, 900·30/80
    assert place_prizes(900, [50, 30, 20], 0) == []


def test_house_take_is_rounded_down() -> None:
    assert house_take(999, 5) == 49
    assert place_prizes(999, [100], 5, house_percent=5) == [950]


def test_tied_players_share_their_places() -> None:
    # 1 800 pool, 50/30/20: places 900, 540, 360; players 2 and 3 tie for 2nd
    prizes = prizes_for(1800, [50, 30, 20], [[1], [2, 3], [4]])
    assert prizes == {1: 900, 2: 450, 3: 450, 4: 0}
    odd = prizes_for(1801, [50, 30, 20], [[1, 2], [3]])
    assert odd == {1: 721, 2: 720, 3: 360} and sum(odd.values()) == 1801


def test_bad_amounts_are_refused() -> None:
    with pytest.raises(ValueError):
        split_amount(-1, [1])
    with pytest.raises(ValueError):
        split_amount(5, [0, 1])


@given(pool=st.integers(0, 10**9),
       split=st.lists(st.integers(1, 100), min_size=1, max_size=10),
       sizes=st.lists(st.integers(1, 4), min_size=1, max_size=12),
       house=st.integers(0, 20))
def test_prizes_plus_take_are_the_pool(pool: int, split: list[int], sizes: list[int],
                                       house: int) -> None:
    groups, n = [], 0
    for size in sizes:
        groups.append(list(range(n, n + size)))
        n += size
    prizes = prizes_for(pool, split, groups, house)
    assert sum(prizes.values()) + house_take(pool, house) == pool
    assert set(prizes) == set(range(n))
    assert all(v >= 0 for v in prizes.values())
    # a better group never gets less than a worse one (shares are in place order only when
    # the split is non-increasing)
    if split == sorted(split, reverse=True):
        per_group = [min(prizes[p] for p in g) for g in groups]
        assert per_group == sorted(per_group, reverse=True) or any(len(g) > 1 for g in groups)

"""Swiss pairing: tables of the right sizes, leaders together, no repeated pair when a
seating without one exists (checked against every seating for small fields)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations, permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tournaments import meetings, pair_round, table_sizes
from bot.tournaments.pairing import Meetings, Pairing


def _seatings(players: list[int], sizes: list[int]) -> Iterator[list[tuple[int, ...]]]:
    """Every way to seat ``players`` at tables of ``sizes`` (order inside a table aside)."""
    if not sizes:
        yield []
        return
    first, rest = players[0], players[1:]
    for companions in combinations(rest, sizes[0] - 1):
        left = [p for p in rest if p not in companions]
        for tail in _seatings(left, sizes[1:]):
            yield [(first, *companions), *tail]


def _fewest_repeats(players: list[int], sizes: list[int], met: Meetings) -> int:
    # the tables' sizes may differ only by one AI seat: try each order of sizes
    best = None
    for order in set(permutations(sizes)):
        for seating in _seatings(players, list(order)):
            cost = Pairing(tuple(seating)).repeats(met)
            best = cost if best is None else min(best, cost)
    assert best is not None
    return best


def _check_shape(pairing: Pairing, ranked: list[int], size: int) -> None:
    seated = [p for t in pairing.tables for p in t if p is not None]
    assert sorted(seated + list(pairing.byes)) == sorted(ranked)
    assert all(len(t) == size for t in pairing.tables)
    assert all(any(p is not None for p in t) for t in pairing.tables)


def test_first_round_seats_by_rank() -> None:
    p = pair_round(list(range(1, 10)), {}, 3)
    assert p.tables == ((1, 2, 3), (4, 5, 6), (7, 8, 9))


def test_second_round_avoids_the_first() -> None:
    first = pair_round(list(range(1, 10)), {}, 3)
    second = pair_round([1, 4, 7, 2, 5, 8, 3, 6, 9], meetings(first.tables), 3)
    assert second.repeats(meetings(first.tables)) == 0
    assert second.tables[0] == (1, 4, 7)  # leaders meet leaders


def test_ai_fill_short_tables_at_the_bottom() -> None:
    assert table_sizes(7, 3, True) == [3, 2, 2]
    assert table_sizes(10, 4, True) == [4, 3, 3]
    assert table_sizes(1, 3, True) == [1]
    p = pair_round([1, 2, 3, 4, 5, 6, 7], {}, 3)
    assert p.tables == ((1, 2, 3), (4, 5, None), (6, 7, None))


def test_without_ai_fill_the_lowest_sit_out_and_byes_rotate() -> None:
    p = pair_round([1, 2, 3, 4, 5, 6, 7, 8], {}, 3, ai_fill=False)
    assert p.byes == (8, 7)
    assert all(None not in t for t in p.tables)
    again = pair_round([1, 2, 3, 4, 5, 6, 7, 8], meetings(p.tables), 3, ai_fill=False,
                       byes_had={7: 1, 8: 1})
    assert set(again.byes) == {6, 5}


def test_a_name_twice_is_refused() -> None:
    with pytest.raises(ValueError):
        pair_round([1, 2, 2], {}, 3)


@pytest.mark.parametrize("seed", range(60))
def test_never_a_repeat_when_avoidable_small_fields(seed: int) -> None:
    """Random fields of 3..9 (3 and 4 seats), 1..4 earlier rounds: the pairing's repeats
    are the fewest any seating has."""
    rng = random.Random(seed)
    size = rng.choice([3, 3, 4])
    n = rng.randint(3, 9)
    players = list(range(100, 100 + n))
    met: dict[frozenset[int], int] = {}
    for _ in range(rng.randint(1, 4)):
        rng.shuffle(players)
        earlier = pair_round(players, met, size)
        for k, v in meetings(earlier.tables).items():
            met[k] = met.get(k, 0) + v
    rng.shuffle(players)
    p = pair_round(players, met, size)
    _check_shape(p, players, size)
    assert p.repeats(met) == _fewest_repeats(players, table_sizes(n, size, True), met)


@settings(max_examples=40, deadline=None)
@given(st.integers(24, 60), st.sampled_from([3, 4]), st.integers(0, 2**32), st.booleans())
def test_large_fields_play_several_rounds_without_repeats(n: int, size: int, seed: int,
                                                          ai_fill: bool) -> None:
    """Fields of 24 to 60, three rounds in random standings: a field that large always has
    a seating without repeats (an entrant has met at most 6 or 9 others), and the pairing
    finds it. (Small fields, where repeats can be forced, are checked against every
    seating above.)"""
    rng = random.Random(seed)
    players = list(range(1, n + 1))
    met: dict[frozenset[int], int] = {}
    for _ in range(3):
        rng.shuffle(players)  # the standings after a round
        p = pair_round(players, met, size, ai_fill=ai_fill)
        _check_shape(p, players, size)
        assert p.repeats(met) == 0
        for k, v in meetings(p.tables).items():
            met[k] = met.get(k, 0) + v

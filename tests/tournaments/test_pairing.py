"""Swiss pairing: tables of the right sizes, leaders together, the fewest repeated
meetings and then the seating closest to standings order (both checked against every
seating for small fields), and what the search answers when its steps run out."""

from __future__ import annotations

import random
from itertools import combinations, permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.pairing import all_seatings
from bot.tournaments import meetings, pair_round, table_sizes
from bot.tournaments.pairing import Meetings, Pairing
from bot.tournaments.seating_search import (
    SearchBudgetSpent,
    _Exact,
    best_seating,
    greedy_seating,
    improved_greedy,
    seating_cost,
    seating_key,
)


def _fewest_repeats(players: list[int], sizes: list[int], met: Meetings) -> int:
    # the tables' sizes may differ only by one AI seat: try each order of sizes
    best = None
    for order in set(permutations(sizes)):
        for seating in all_seatings(players, list(order)):
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


# --- the exact search against every seating --------------------------------------------

def _exhaustive(n: int, sizes: list[int], weight: list[list[int]],
                seats: int) -> tuple[int, tuple[int, ...]]:
    """The fewest repeats of any seating of ranks 0..n-1, and the smallest standings-order
    key among the seatings with that many (every seating, every order of the sizes)."""
    best: tuple[int, tuple[int, ...]] | None = None
    for order in set(permutations(sizes)):
        for seating in all_seatings(list(range(n)), list(order)):
            found = (seating_cost(weight, seating), seating_key(seating, n, seats))
            best = found if best is None or found < best else best
    assert best is not None
    return best


def _ranked_weights(ranked: list[int], met: Meetings) -> list[list[int]]:
    return [[met.get(frozenset((a, b)), 0) if a != b else 0 for b in ranked] for a in ranked]


def _history(rng: random.Random, players: list[int], size: int) -> dict[frozenset[int], int]:
    """Earlier rounds: 0 to 5 rounds of tables drawn at random (not Swiss), so pairs may
    have met several times."""
    met: dict[frozenset[int], int] = {}
    for _ in range(rng.randint(0, 5)):
        order = players[:]
        rng.shuffle(order)
        start = 0
        for seats in table_sizes(len(order), size, True):
            for k, v in meetings([order[start:start + seats]]).items():
                met[k] = met.get(k, 0) + v
            start += seats
    return met


@pytest.mark.parametrize("seed", range(200))
def test_pairing_is_the_exhaustive_best(seed: int) -> None:
    """3 to 9 entrants, tables of 3 or 4, with and without AI seats, random histories:
    the pairing's repeats are the fewest of any seating, and of those seatings it is the
    one closest to standings order (the smallest key)."""
    rng = random.Random(seed)
    size = rng.choice([3, 4])
    n = rng.randint(3, 9)
    ai_fill = rng.random() < 0.75
    players = rng.sample(range(100, 200), n)
    met = _history(rng, players, size)
    p = pair_round(players, met, size, ai_fill=ai_fill)
    _check_shape(p, players, size)
    seated = [q for q in players if q not in p.byes]
    rank = {q: i for i, q in enumerate(seated)}
    tables = [[rank[q] for q in t if q is not None] for t in p.tables]
    weight = _ranked_weights(seated, met)
    fewest, closest = _exhaustive(len(seated), table_sizes(len(seated), size, ai_fill),
                                  weight, size)
    assert p.repeats(met) == fewest
    assert seating_key(tables, len(seated), size) == closest
    # tables listed best first, each in standings order
    assert tables == sorted(sorted(t) for t in tables)


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 9), st.sampled_from([3, 4]), st.booleans(),
       st.lists(st.integers(0, 3), min_size=36, max_size=36))
def test_search_is_the_exhaustive_best_for_any_weights(n: int, seats: int, ai_fill: bool,
                                                       draws: list[int]) -> None:
    """Any meeting counts (not only those a history of rounds makes): still exact."""
    m = n if ai_fill else n - n % seats
    weight = [[0] * m for _ in range(m)]
    for i, (a, b) in enumerate(combinations(range(m), 2)):
        weight[a][b] = weight[b][a] = draws[i]
    sizes = table_sizes(m, seats, ai_fill)
    found = best_seating(weight, sizes, seats)
    assert found.fewest and found.closest
    assert sorted(len(t) for t in found.tables) == sorted(sizes)
    if m:
        assert (found.repeats, seating_key(found.tables, m, seats)) == _exhaustive(
            m, sizes, weight, seats)


def test_the_short_table_goes_where_it_avoids_repeats() -> None:
    """Eight entrants after three rounds (the tables below): seating the short table at
    the bottom repeats two meetings (4 and 7, 7 and 8); a seating without any exists, and
    the pairing finds it, the short table in the middle."""
    earlier = [(4, 7, 2), (6, 8, 1), (5, 3, None), (2, 5, 8), (4, 6, 3), (7, 1, None),
               (8, 3, 7), (6, 2, None), (5, 4, 1)]
    met = meetings(earlier)
    ranked = [1, 3, 4, 2, 7, 8, 5, 6]
    bottom_short = Pairing(((1, 3, 2), (4, 7, 8), (5, 6, None)))
    assert bottom_short.repeats(met) == 2
    p = pair_round(ranked, met, 3)
    assert p.repeats(met) == 0
    assert p.tables == ((1, 3, 2), (4, 8, None), (7, 5, 6))


def test_leaders_keep_the_full_table_when_it_costs_nothing() -> None:
    """No history: the short tables are the last ones, full tables first."""
    assert pair_round(list(range(1, 6)), {}, 4).tables == ((1, 2, 3, None), (4, 5, None,
                                                                              None))


# --- when the search's steps run out ---------------------------------------------------

def _random_weights(rng: random.Random, n: int, top: int) -> list[list[int]]:
    weight = [[0] * n for _ in range(n)]
    for a, b in combinations(range(n), 2):
        weight[a][b] = weight[b][a] = rng.randint(0, top)
    return weight


@pytest.mark.parametrize("seed", range(30))
def test_any_step_limit_gives_a_valid_seating_and_honest_flags(seed: int) -> None:
    """Whatever the step limit: every entrant seated once at tables of the right sizes;
    flagged fewest means the exhaustive fewest; flagged closest means the exhaustive best;
    never more repeats than the greedy Swiss seating."""
    rng = random.Random(seed)
    seats = rng.choice([3, 4])
    n = rng.randint(4, 9)
    weight = _random_weights(rng, n, rng.choice([1, 2, 3]))
    sizes = table_sizes(n, seats, True)
    fewest, closest = _exhaustive(n, sizes, weight, seats)
    greedy = seating_cost(weight, greedy_seating(weight, sizes))
    flags = set()
    for steps in (0, 1, 2, 5, 10, 20, 50, 100, 300, 1000, None):
        found = best_seating(weight, sizes, seats, steps)
        assert sorted(r for t in found.tables for r in t) == list(range(n))
        assert sorted(len(t) for t in found.tables) == sorted(sizes)
        assert found.repeats == seating_cost(weight, found.tables) <= greedy
        assert found.repeats >= fewest
        if found.fewest:
            assert found.repeats == fewest
        if found.closest:
            assert found.fewest and seating_key(found.tables, n, seats) == closest
        flags.add((found.fewest, found.closest))
    assert (True, True) in flags and (False, False) in flags


def test_a_proved_fewest_is_kept_when_the_order_is_not_proved() -> None:
    """Somewhere between proving the fewest repeats and proving the order, the answer has
    the fewest repeats but is not flagged the closest."""
    seen = False
    for seed in range(40):
        rng = random.Random(seed)
        weight = _random_weights(rng, 9, 2)
        sizes = table_sizes(9, 3, True)
        fewest, _ = _exhaustive(9, sizes, weight, 3)
        for steps in range(0, 400, 3):
            found = best_seating(weight, sizes, 3, steps)
            if found.fewest and not found.closest:
                assert found.repeats == fewest
                seen = True
    assert seen


@pytest.mark.parametrize("seed", range(20))
def test_the_fallback_is_a_local_optimum_no_worse_than_greedy(seed: int) -> None:
    """The fallback beyond the step limit: no swap of two entrants of different tables
    (nor moving an entrant from a full table to a short one) lowers its repeats."""
    rng = random.Random(seed)
    seats = rng.choice([3, 4])
    n = rng.randint(5, 40)
    weight = _random_weights(rng, n, 2)
    sizes = table_sizes(n, seats, True)
    tables = [list(t) for t in improved_greedy(weight, sizes, seats)]
    cost = seating_cost(weight, tables)
    assert cost <= seating_cost(weight, greedy_seating(weight, sizes))
    assert sorted(r for t in tables for r in t) == list(range(n))
    big = max(sizes)
    for ti, tj in combinations(range(len(tables)), 2):
        for i in range(len(tables[ti])):
            for j in range(len(tables[tj])):
                swapped = [list(t) for t in tables]
                swapped[ti][i], swapped[tj][j] = swapped[tj][j], swapped[ti][i]
                assert seating_cost(weight, swapped) >= cost
        for src, dst in ((ti, tj), (tj, ti)):
            if len(tables[src]) == big and len(tables[dst]) == big - 1:
                for i in range(len(tables[src])):
                    moved = [list(t) for t in tables]
                    moved[dst].append(moved[src].pop(i))
                    assert seating_cost(weight, moved) >= cost


def test_the_step_limit_is_kept() -> None:
    """A dense history of the four-player game (everyone met everyone several times,
    unevenly): the search stops near its limit."""
    rng = random.Random(7)
    weight = _random_weights(rng, 28, 3)
    search = _Exact(weight, table_sizes(28, 4, True), 4, 500)
    with pytest.raises(SearchBudgetSpent):
        search.run()
    assert search.steps == 501

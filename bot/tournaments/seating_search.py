"""The search behind :func:`.pair_round`: the seating with the fewest repeated meetings,
then the one closest to standings order.

Entrants are numbered by rank (0: the leader). ``weight[a][b]`` is how often ``a`` and
``b`` met before; a seating's *repeats* are the sum of its tables' pair weights. The
tables' sizes are given as a multiset (at most two sizes, one apart, as
:func:`.table_sizes` makes them); which tables are the short ones is part of the search.

*Closest to standings order*: write each table as its ranks in increasing order, padded to
``seats`` with the rank ``n`` for each AI seat (an AI seat ranks below every entrant), the
tables ordered by their best entrant, and read the tables one after another as one
sequence; of the seatings with the fewest repeats the pairing takes the one whose sequence
is lexicographically smallest. So the leader's table is the best the leader can have
(the next-ranked companions, a full table before a short one), then the best of the rest,
and so on: with no history this is plain Swiss order, short tables at the bottom.

:func:`best_seating` is exact: an iterative deepening over the allowed repeats (from a
lower bound up) asks whether the entrants left can be seated within a budget, branching on
the entrant with the fewest companions not met before, with a memo of what each set of
entrants left can and cannot reach and two lower bounds (:meth:`_Exact._bound`); the
answer is then read off in standings order, each table the smallest that still lets the
rest reach the fewest repeats. ``max_steps`` caps the work (a step: a table weighed or a
bound by tables counted); when it runs out, :class:`Seating` says what is still proved:
after the fewest repeats were proved, the seating that proved them (the order not
proved); before, :func:`improved_greedy`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

Weights = Sequence[Sequence[int]]


class SearchBudgetSpent(Exception):
    """The search weighed ``max_steps`` tables without an answer."""


@dataclass(frozen=True)
class Seating:
    """Tables of ranks, best table first; whether the repeats are proved the fewest and
    whether the seating is proved the closest to standings order among those."""

    tables: tuple[tuple[int, ...], ...]
    repeats: int
    fewest: bool
    closest: bool


def best_seating(weight: Weights, sizes: Sequence[int], seats: int,
                 max_steps: int | None = None) -> Seating:
    """The fewest-repeats seating of ranks ``0..n-1`` at tables of ``sizes``, closest to
    standings order (see the module). With ``max_steps`` spent before the fewest repeats
    are proved: :func:`improved_greedy`; spent after: a fewest-repeats seating, not
    necessarily the closest."""
    search = _Exact(weight, sizes, seats, max_steps)
    try:
        tables = search.run()
        closest = True
    except SearchBudgetSpent:
        if search.fewest is None:
            tables = improved_greedy(weight, sizes, seats)
        else:
            tables = search.witnessed()
        closest = False
    return Seating(tuple(tables), seating_cost(weight, tables), search.fewest is not None,
                   closest)


def seating_cost(weight: Weights, tables: Sequence[Sequence[int]]) -> int:
    """The repeats of a seating of ranks."""
    return sum(weight[a][b] for t in tables for a, b in combinations(t, 2))


def seating_key(tables: Sequence[Sequence[int]], n: int, seats: int) -> tuple[int, ...]:
    """The standings-order key of a seating of ranks ``0..n-1`` (smaller: closer)."""
    ordered = sorted(tuple(sorted(t)) for t in tables)
    return tuple(r for t in ordered for r in (*t, *(n,) * (seats - len(t))))


def greedy_seating(weight: Weights, sizes: Sequence[int]) -> list[tuple[int, ...]]:
    """Swiss by rank: the best unseated entrant opens the next table (a full one while
    any are left) and takes the companions adding the fewest repeats, the higher-ranked
    first."""
    left = list(range(len(weight)))
    seating: list[tuple[int, ...]] = []
    for size in sorted(sizes, reverse=True):
        opener, table = left.pop(0), list[int]()
        for _ in range(size - 1):
            pick = min(left, key=lambda b: sum(weight[b][m] for m in (opener, *table)))
            table.append(pick)
            left.remove(pick)
        seating.append((opener, *sorted(table)))
    return seating


def improved_greedy(weight: Weights, sizes: Sequence[int],
                    seats: int) -> list[tuple[int, ...]]:
    """:func:`greedy_seating`, then swaps of two entrants of different tables (or of an
    entrant and an AI seat, moving the entrant from a full table to a short one) while a
    swap lowers the repeats: never more repeats than the greedy seating, and no single
    such swap lowers them further."""
    n = len(weight)
    big = max(sizes) if sizes else 0
    tables = [list(t) + [-1] * (seats - len(t)) for t in greedy_seating(weight, sizes)]

    def cost_at(table: list[int], skip: int, add: int) -> int:
        if add < 0:
            return 0
        return sum(weight[add][m] for i, m in enumerate(table) if i != skip and m >= 0)

    improved = True
    while improved:
        improved = False
        for ti, tj in combinations(range(len(tables)), 2):
            for i, a in enumerate(tables[ti]):
                for j, b in enumerate(tables[tj]):
                    if a < 0 and b < 0:
                        continue
                    if a < 0 or b < 0:  # an entrant moves from a full table to a short one
                        src, dst = (tables[tj], tables[ti]) if a < 0 else (tables[ti],
                                                                          tables[tj])
                        if (sum(m >= 0 for m in src) != big
                                or sum(m >= 0 for m in dst) != big - 1):
                            continue
                    before = cost_at(tables[ti], i, a) + cost_at(tables[tj], j, b)
                    after = cost_at(tables[ti], i, b) + cost_at(tables[tj], j, a)
                    if after < before:
                        tables[ti][i], tables[tj][j] = b, a
                        a = b
                        improved = True
    out = [tuple(sorted(m for m in t if m >= 0)) for t in tables]
    assert sorted(m for t in out for m in t) == list(range(n))
    return sorted(out)


class _Exact:
    def __init__(self, weight: Weights, sizes: Sequence[int], seats: int,
                 max_steps: int | None) -> None:
        self.n = n = len(weight)
        self.w = weight
        self.seats = seats
        self.big = max(sizes) if sizes else 0
        self.small = self.big - 1
        self.bigs = sum(1 for s in sizes if s == self.big)
        if any(s not in (self.big, self.small) for s in sizes) or sum(sizes) != n:
            raise ValueError("table sizes must be at most one apart and seat everyone")
        # each entrant's others, the least met first
        self.lightest = [sorted((b for b in range(n) if b != a), key=lambda b: weight[a][b])
                         for a in range(n)]
        self.zero = [sum(1 << b for b in range(n) if b != a and weight[a][b] == 0)
                     for a in range(n)]
        self.low: dict[int, int] = {}  # state -> the completion's repeats are at least
        self.high: dict[int, int] = {}  # state -> a completion within this many exists
        self.witness: dict[int, tuple[int, ...]] = {}  # state -> its table in that completion
        self.steps = 0
        self.max_steps = max_steps
        self.fewest: int | None = None  # the fewest repeats, once proved
        # a table without repeats last found for each entrant (a mask; -1: none yet)
        self.big_free = [-1] * n
        self.small_free = [-1] * n
        self.big_none = [0] * n  # a set of entrants known to hold no such table for each
        self.small_none = [0] * n

    def run(self) -> list[tuple[int, ...]]:
        full = (1 << self.n) - 1
        budget = self._bound(full, self.bigs)
        while not self._can(full, self.bigs, budget):
            budget += 1
        self.fewest = budget
        return self._read(full, self.bigs, budget)

    def witnessed(self) -> list[tuple[int, ...]]:
        """The seating with the fewest repeats that proved them (not yet the closest to
        standings order)."""
        left, bigs, seating = (1 << self.n) - 1, self.bigs, []
        while left:
            table = tuple(sorted(self.witness[left | bigs << self.n]))
            seating.append(table)
            left &= ~sum(1 << m for m in table)
            bigs -= len(table) == self.big
        return sorted(seating)

    def _spend(self) -> None:
        """One step: a table weighed or a bound by tables counted."""
        self.steps += 1
        if self.max_steps is not None and self.steps > self.max_steps:
            raise SearchBudgetSpent

    # the state: who is left and how many big tables are left
    def _smalls(self, left: int, bigs: int) -> int:
        rest = left.bit_count() - bigs * self.big
        return rest // self.small if self.small > 0 else 0

    def _bound(self, left: int, bigs: int, budget: int | None = None) -> int:
        """A lower bound on the repeats of seating ``left``, the larger of two. By pairs:
        an entrant's companions (k of them at the smallest table left) weigh at least its
        k lightest meetings with the entrants left, and each pair is counted from both
        ends. By tables: :meth:`_most_free_tables`. With ``budget``, the second is
        counted only as far as needed to tell whether the bound exceeds the budget."""
        need = (self.small if self._smalls(left, bigs) else self.big) - 1
        if need <= 0:
            return 0
        w = self.w
        short = 0
        rest = left
        while rest:
            low = rest & -rest
            a = low.bit_length() - 1
            rest ^= low
            if (self.zero[a] & left).bit_count() < need:
                taken, row = 0, w[a]
                for b in self.lightest[a]:
                    if left >> b & 1:
                        short += row[b]
                        taken += 1
                        if taken == need:
                            break
        by_pairs = (short + 1) // 2
        tables = bigs + self._smalls(left, bigs)
        if by_pairs >= tables or (budget is not None and (by_pairs > budget
                                                          or tables <= budget)):
            return by_pairs
        enough = None if budget is None else tables - budget
        free = self._most_free_tables(left, bigs, enough)
        if enough is not None and free >= enough:
            return by_pairs  # not above the budget either way
        return max(by_pairs, tables - free)

    def _most_free_tables(self, left: int, bigs: int, enough: int | None = None) -> int:
        """At most how many of the tables left can be free of repeats: a table without
        repeats is made of entrants who each have such a table (a clique of unmet
        entrants) of its size, counted by seats alone. Counting stops once ``enough``
        is reached (the answer is then at least ``enough``)."""
        self._spend()
        smalls = self._smalls(left, bigs)
        free_big = free_small = 0
        rest = left
        while rest:
            low = rest & -rest
            a = low.bit_length() - 1
            rest ^= low
            if self._free(a, left, self.small, self.small_free, self.small_none):
                free_small += 1
                if bigs and self._free(a, left, self.big, self.big_free, self.big_none):
                    free_big += 1
                if (enough is not None and free_small // max(self.small, 1) >= enough
                        and self._free_tables(bigs, smalls, free_big, free_small) >= enough):
                    break
        return self._free_tables(bigs, smalls, free_big, free_small)

    def _free_tables(self, bigs: int, smalls: int, free_big: int, free_small: int) -> int:
        best = 0
        for small_free in range(min(smalls, free_small // max(self.small, 1)) + 1):
            room = min(free_big, free_small - small_free * self.small)
            best = max(best, small_free + min(bigs, room // self.big))
        return best

    def _free(self, a: int, left: int, size: int, known: list[int], none: list[int]) -> bool:
        """Whether ``a`` has a table of ``size`` without repeats within ``left``: the last
        one found for ``a`` is tried first, and a set of entrants known to hold none
        answers for every set inside it."""
        if known[a] & left == known[a]:
            return True
        if left & none[a] == left:
            return False
        found = self._clique(self.zero[a] & left, size - 1)
        if found < 0:
            if left.bit_count() > none[a].bit_count():
                none[a] = left
            return False
        known[a] = found | 1 << a
        return True

    def _clique(self, among: int, k: int) -> int:
        """``k`` entrants of ``among`` who never met one another (a mask), or -1."""
        if k <= 0:
            return 0
        if among.bit_count() < k:
            return -1
        if k == 1:
            return among & -among
        rest = among
        while rest:
            low = rest & -rest
            b = low.bit_length() - 1
            rest ^= low
            found = self._clique(rest & self.zero[b], k - 1)
            if found >= 0:
                return found | low
        return -1

    def _options(self, opener: int, left: int, bigs: int,
                 budget: int) -> Iterator[tuple[int, tuple[int, ...]]]:
        """The tables of ``opener`` and others from ``left`` (of a size still to seat)
        with at most ``budget`` repeats, with their repeats, in standings order: by the
        companions' ranks, a full table before the short one it starts (an AI seat ranks
        below everyone)."""
        take_big = bigs > 0
        take_small = self.small > 0 and self._smalls(left, bigs) > 0
        w, zero, big, small = self.w, self.zero, self.big, self.small

        def grow(members: list[int], cand: int,
                 cost: int) -> Iterator[tuple[int, tuple[int, ...]]]:
            size = len(members)
            if size < big and (take_big or size < small):
                if cost == budget:
                    for m in members:
                        cand &= zero[m]
                while cand:
                    low = cand & -cand
                    b = low.bit_length() - 1
                    cand ^= low
                    extra = cost
                    for m in members:
                        extra += w[m][b]
                    if extra <= budget:
                        members.append(b)
                        yield from grow(members, cand, extra)
                        members.pop()
            if (size == big and take_big) or (size == small and take_small):
                self._spend()
                yield cost, tuple(members)

        return grow([opener], left & ~(1 << opener), 0)

    def _cheapest_first(self, pivot: int, left: int, bigs: int,
                        budget: int) -> Iterator[tuple[int, tuple[int, ...]]]:
        """:meth:`_options`: those without repeats first (found lazily), then the others
        by their repeats."""
        yield from self._options(pivot, left, bigs, 0)
        if budget > 0:
            rest = [o for o in self._options(pivot, left, bigs, budget) if o[0] > 0]
            rest.sort(key=lambda o: o[0])
            yield from rest

    def _can(self, left: int, bigs: int, budget: int) -> bool:
        """Whether ``left`` can be seated with at most ``budget`` repeats."""
        if not left:
            return True
        key = left | bigs << self.n
        if self.low.get(key, 0) > budget:
            return False
        if self.high.get(key, budget + 1) <= budget:
            return True
        if self._bound(left, bigs, budget) > budget:
            self.low[key] = budget + 1
            return False
        # branch on the entrant with the fewest unmet companions left
        pivot, fewest, rest = 0, self.n + 1, left
        while rest:
            low = rest & -rest
            a = low.bit_length() - 1
            rest ^= low
            free = (self.zero[a] & left).bit_count()
            if free < fewest:
                pivot, fewest = a, free
        for cost, table in self._cheapest_first(pivot, left, bigs, budget):
            mask = 0
            for m in table:
                mask |= 1 << m
            if self._can(left & ~mask, bigs - (len(table) == self.big), budget - cost):
                self.high[key] = budget
                self.witness[key] = table
                return True
        self.low[key] = budget + 1
        return False

    def _read(self, left: int, bigs: int, budget: int) -> list[tuple[int, ...]]:
        """The smallest seating in standings order within ``budget`` (which is the fewest)."""
        seating: list[tuple[int, ...]] = []
        while left:
            opener = (left & -left).bit_length() - 1
            for cost, table in self._options(opener, left, bigs, budget):
                mask = 0
                for m in table:
                    mask |= 1 << m
                nbigs = bigs - (len(table) == self.big)
                if self._can(left & ~mask, nbigs, budget - cost):
                    seating.append(table)
                    left, bigs, budget = left & ~mask, nbigs, budget - cost
                    break
            else:  # pragma: no cover - _can(left, bigs, budget) held
                raise AssertionError("no table continues a feasible seating")
        return seating

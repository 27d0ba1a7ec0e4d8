"""Swiss pairing: a round's tables, from the standings.

The entrants come in standings order (the leader first). Tables are filled from the top:
the best unseated entrant opens the next table and takes the next best entrants who have
not met anyone already there, so leaders meet leaders. Repeats are avoided whenever some
seating avoids them: a branch-and-bound search looks for the seating with the fewest
repeated meetings (a pair that met twice before counts twice), preferring higher-ranked
companions; it looks first among the nearest entrants, then among all of them, and stops
after weighing :data:`BUDGET` sets of companions with the best seating found (the first
one found is the greedy Swiss seating, so there is always one).

Short tables: with ``ai_fill`` the round has ``ceil(n / size)`` tables, and the seats left
over are AI seats (None), one per table from the bottom table up, so the short tables are
those of the lowest-ranked entrants. Without it, the entrants left over sit the round out
(:attr:`Pairing.byes`): the lowest-ranked of those who had the fewest byes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

BUDGET = 200_000  # companion sets weighed per phase
WINDOW = 12  # the nearest unseated entrants tried first

Meetings = Mapping[frozenset[int], int]


@dataclass(frozen=True)
class Pairing:
    """A round's seating: ``tables`` of entrant ids (None: an AI seat), best table first,
    and the entrants who sit the round out."""

    tables: tuple[tuple[int | None, ...], ...]
    byes: tuple[int, ...] = ()

    def repeats(self, met: Meetings) -> int:
        """Repeated meetings in this seating (each earlier meeting of a pair counts)."""
        return sum(_cost(met, [p for p in table if p is not None]) for table in self.tables)


def meetings(tables: Iterable[Sequence[int | None]]) -> dict[frozenset[int], int]:
    """How often each pair of entrants sat at one table, from earlier rounds' tables."""
    met: dict[frozenset[int], int] = {}
    for table in tables:
        humans = [p for p in table if p is not None]
        for a, b in combinations(humans, 2):
            key = frozenset((a, b))
            met[key] = met.get(key, 0) + 1
    return met


def table_sizes(entrants: int, size: int, ai_fill: bool) -> list[int]:
    """How many entrants sit at each table, best table first."""
    if entrants <= 0:
        return []
    if not ai_fill:
        return [size] * (entrants // size)
    count = -(-entrants // size)
    sizes = [size] * count
    short = count * size - entrants
    for n in range(short):
        sizes[count - 1 - n % count] -= 1
    return sizes


def pair_round(ranked: Sequence[int], met: Meetings, size: int, *, ai_fill: bool = True,
               byes_had: Mapping[int, int] | None = None) -> Pairing:
    """Seat ``ranked`` (standings order, no repeats) at tables of ``size``."""
    if len(set(ranked)) != len(ranked):
        raise ValueError("an entrant is listed twice")
    players = list(ranked)
    byes: list[int] = []
    if not ai_fill:
        extra = len(players) % size
        had = byes_had or {}
        # the fewest byes first, then the lowest ranked
        order = sorted(range(len(players)), key=lambda i: (had.get(players[i], 0), -i))
        out = {players[i] for i in order[:extra]}
        byes = [p for p in reversed(players) if p in out]
        players = [p for p in players if p not in out]
    sizes = table_sizes(len(players), size, ai_fill)
    search = _Search(players, sizes, met)
    best = search.run(WINDOW)
    if search.best_cost > 0 and len(players) > WINDOW:
        search.steps = 0
        best = search.run(len(players)) or best
    tables = tuple(tuple(t) + (None,) * (size - len(t)) for t in best)
    return Pairing(tables, tuple(byes))


def _cost(met: Meetings, group: Sequence[int]) -> int:
    return sum(met.get(frozenset((a, b)), 0) for a, b in combinations(group, 2))


class _Search:
    """Branch and bound over seatings: tables filled in order, each opened by the best
    unseated entrant."""

    def __init__(self, players: list[int], sizes: list[int], met: Meetings) -> None:
        self.players = players
        self.sizes = sizes
        self.met = met
        self.best: list[list[int]] = []
        self.best_cost = -1
        self.steps = 0
        self.window = WINDOW

    def run(self, window: int) -> list[list[int]]:
        self.window = window
        self._visit(list(self.players), [], 0)
        return [list(t) for t in self.best]

    def _visit(self, left: list[int], tables: list[list[int]], cost: int) -> None:
        if self.best_cost == 0 or self.steps >= BUDGET:
            return
        if len(tables) == len(self.sizes):
            if self.best_cost < 0 or cost < self.best_cost:
                self.best, self.best_cost = [list(t) for t in tables], cost
            return
        opener, rest = left[0], left[1:]
        need = self.sizes[len(tables)] - 1
        pool = rest[:self.window]
        options = sorted(((_cost(self.met, [opener, *c]), c) for c in combinations(pool, need)),
                         key=lambda o: o[0])  # stable: higher-ranked companions first
        self.steps += max(1, len(options))
        for added, companions in options:
            if self.best_cost >= 0 and cost + added >= self.best_cost:
                break
            chosen = set(companions)
            tables.append([opener, *companions])
            self._visit([p for p in rest if p not in chosen], tables, cost + added)
            tables.pop()
            if self.best_cost == 0 or self.steps >= BUDGET:
                return

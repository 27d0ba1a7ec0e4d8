"""Swiss pairing: a round's tables, from the standings.

The entrants come in standings order (the leader first). A round's seating has the fewest
repeated meetings any seating has (a pair of entrants who sat at one table before, counted
once per earlier meeting); among those seatings it is the one closest to standings order:
each table written as its entrants' ranks in order, an AI seat ranking below everyone, the
tables ordered by their best entrant and read as one sequence, the lexicographically
smallest. So leaders meet leaders, a full table comes before a short one, and with no
history the tables are plain Swiss order. The search (:mod:`.seating_search`) is exact and
takes which tables are short as part of the seating, not fixed to the last ranks.

The search is capped at :data:`MAX_STEPS` (about a quarter of a second of CPU at worst
here; the runner calls it in a thread). Measured by ``bench/pairing.py`` (standings drawn at random,
every round up to the ninth): the three-player game is proved exact on every round of
fields up to 30 entrants, in milliseconds; so is the four-player game, except late rounds
of dense fields (about 16 to 30 entrants from the sixth round on, when every seating
repeats several meetings), where the cap is reached in about a sixth of the rounds at 30
entrants. Larger fields (45, 60 and 100 entrants tried, both games) were proved exact too:
seatings without repeats abound there. Then the answer still has the fewest repeats
when those were proved (only the order among such seatings is not), else it is the greedy
Swiss seating improved by swapping entrants while a swap lowers the repeats: never more
repeats than the greedy seating, and no single swap (nor moving an entrant from a full
table to a short one) lowers them.

Short tables: with ``ai_fill`` the round has ``ceil(n / size)`` tables whose sizes differ
by at most one, the seats left over being AI seats (None). Without it, the entrants left
over sit the round out (:attr:`Pairing.byes`): the lowest-ranked of those who had the
fewest byes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from .seating_search import Seating, best_seating

MAX_STEPS = 20_000
"""The exact search's steps for one round (tables weighed, bounds counted)."""

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
    found = search_round(players, met, table_sizes(len(players), size, ai_fill), size)
    tables = tuple(tuple(players[r] for r in t) + (None,) * (size - len(t))
                   for t in found.tables)
    return Pairing(tables, tuple(byes))


def search_round(ranked: Sequence[int], met: Meetings, sizes: Sequence[int], seats: int,
                 max_steps: int = MAX_STEPS) -> Seating:
    """The search's answer for ``ranked`` at tables of ``sizes`` (as ranks into
    ``ranked``, with whether it is proved the best)."""
    weight = [[met.get(frozenset((a, b)), 0) if a != b else 0 for b in ranked]
              for a in ranked]
    return best_seating(weight, sizes, seats, max_steps)


def _cost(met: Meetings, group: Sequence[int]) -> int:
    return sum(met.get(frozenset((a, b)), 0) for a, b in combinations(group, 2))

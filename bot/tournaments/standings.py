"""Standings: the entrants ranked by the points of the deals they played.

A tournament counts a deal's points (积分, docs/rules.md §6.2: the signed points of the
settlement, not beans). An entrant's seat counts even when the AI played it (托管, or the
player left): the seat belongs to the entrant. AI seats that filled a table are not ranked.

Tie-breaks, in order (:data:`TIE_BREAKS`):

1. more points;
2. more deals won as the landlord;
3. more deals won as a farmer;
4. fewer deals played as the landlord (the same wins from fewer chances);
5. otherwise the players are tied: they share a rank and the prizes of the places they
   cover (:mod:`.prizes`); the list shows the earlier entrant first.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

TIE_BREAKS = ("points", "landlord_wins", "farmer_wins", "fewer_landlord_deals")


@dataclass(frozen=True)
class SeatScore:
    """One seat of one deal: who held it (None: an AI filling the table), its points, its
    role (``landlord``, ``farmer``, or ``""`` for a void deal) and whether it won."""

    user_id: int | None
    points: int
    role: str
    won: bool


@dataclass(frozen=True)
class Standing:
    """One entrant's line in the standings."""

    rank: int  # tied entrants share a rank (1, 2, 2, 4 …)
    user_id: int
    points: int
    landlord_wins: int
    farmer_wins: int
    landlord_deals: int
    deals: int  # deals played (a void deal counts as played)

    @property
    def key(self) -> tuple[int, int, int, int]:
        """The order of the tie-breaks (smaller ranks first)."""
        return (-self.points, -self.landlord_wins, -self.farmer_wins, self.landlord_deals)


def standings(entrants: Sequence[int], deals: Iterable[Sequence[SeatScore]]
              ) -> list[Standing]:
    """The entrants ranked; ``entrants`` in entry order, ``deals`` each a deal's seats.
    Seats of users who are not entrants are ignored."""
    totals = {u: [0, 0, 0, 0, 0] for u in entrants}  # points, lw, fw, ld, deals
    for seats in deals:
        for seat in seats:
            row = totals.get(seat.user_id) if seat.user_id is not None else None
            if row is None:
                continue
            row[0] += seat.points
            row[4] += 1
            if seat.role == "landlord":
                row[3] += 1
                row[1] += int(seat.won)
            elif seat.role == "farmer":
                row[2] += int(seat.won)
    order = {u: n for n, u in enumerate(entrants)}
    lines = sorted(((u, *t) for u, t in totals.items()),
                   key=lambda r: (-r[1], -r[2], -r[3], r[4], order[r[0]]))
    out: list[Standing] = []
    for n, (user, points, lw, fw, ld, played) in enumerate(lines):
        rank = n + 1
        if out and out[-1].key == (-points, -lw, -fw, ld):
            rank = out[-1].rank
        out.append(Standing(rank, user, points, lw, fw, ld, played))
    return out


def tied_groups(table: Sequence[Standing]) -> list[list[int]]:
    """The ranking as groups of tied entrants (best first, each in listed order)."""
    groups: list[list[int]] = []
    previous: int | None = None
    for line in table:
        if line.rank == previous:
            groups[-1].append(line.user_id)
        else:
            groups.append([line.user_id])
        previous = line.rank
    return groups

"""A tournament table's place in its tournament: which tournament, round and table, its
players by position, how its deals are planned, and who of them is away.

:class:`TournamentPlace` is frozen data saved with the table (:meth:`to_dict`), so a
restart restores it with the table. :meth:`TournamentPlace.order` says, for each deal, which
position sits in which seat (:func:`bot.tournaments.deal_plan`: the rotation of duplicate
deals) and :meth:`TournamentPlace.seed_of` the deal's engine seed.

A tournament deal moves no beans (the buy-in is the stake): :func:`no_stakes` is its
result with every bean amount 0 (the points stay), settled like any deal so the game is
kept for the history and replays, and :func:`seat_scores` is what the standings count.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from bot.engine import Result
from bot.store.records import Settlement
from bot.tournaments import SeatScore, deal_plan

__all__ = ["TournamentPlace", "no_stakes", "seat_scores"]


def no_stakes(result: Result) -> Result:
    """``result`` moving no beans: transfers, fees, penalties, net beans and the house's
    take 0; the points, roles and winners as they were."""
    def zeros(values: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(0 for _ in values)

    return replace(result, transfers=zeros(result.transfers), fees=zeros(result.fees),
                   penalties=zeros(result.penalties), beans=zeros(result.beans), house=0)


def seat_scores(settlement: Settlement) -> list[SeatScore]:
    """What a deal counts for the standings: each seat's signed points, role and win."""
    return [SeatScore(s.user_id, s.points, s.role, s.won) for s in settlement.seats]


@dataclass(frozen=True)
class TournamentPlace:
    """Table ``table_no`` of round ``round_no`` of tournament ``tournament_id``.

    ``players``: the entrants by position (None: an AI seat); ``deals``: the deals it plays;
    ``seed`` and ``duplicate``: the tournament's, for :func:`bot.tournaments.deal_plan`;
    ``away``: the entrants the AI plays for (they left, or let it: 托管), who stay trustees
    from deal to deal until they act."""

    tournament_id: int
    round_no: int
    table_no: int
    players: tuple[int | None, ...]
    deals: int
    seed: int
    duplicate: bool = False
    away: frozenset[int] = frozenset()

    def order(self, deal_no: int) -> tuple[int, ...]:
        """The position sitting in each seat in deal ``deal_no`` (deal 0: the table's
        order, before the first deal)."""
        if deal_no < 1:
            return tuple(range(len(self.players)))
        plan = deal_plan(self.seed, self.round_no, self.table_no, deal_no,
                         list(range(len(self.players))), self.duplicate)
        return tuple(p for p in plan.seats if p is not None)

    def seed_of(self, deal_no: int) -> int:
        """The engine seed of deal ``deal_no``."""
        return deal_plan(self.seed, self.round_no, self.table_no, deal_no,
                         list(self.players), self.duplicate).seed

    def with_away(self, away: frozenset[int]) -> TournamentPlace:
        return replace(self, away=frozenset(away))

    def to_dict(self) -> dict[str, Any]:
        return {"tournament_id": self.tournament_id, "round_no": self.round_no,
                "table_no": self.table_no, "players": list(self.players), "deals": self.deals,
                "seed": self.seed, "duplicate": self.duplicate, "away": sorted(self.away)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TournamentPlace:
        return cls(int(data["tournament_id"]), int(data["round_no"]), int(data["table_no"]),
                   tuple(None if p is None else int(p) for p in data["players"]),
                   int(data["deals"]), int(data["seed"]), bool(data.get("duplicate", False)),
                   frozenset(int(u) for u in data.get("away", ())))

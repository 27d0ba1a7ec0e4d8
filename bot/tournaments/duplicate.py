"""Which deal a table plays and who sits where: seeds and seats, per round and deal.

Every deal's seed comes from the tournament's own seed (drawn once, stored), so a restart
deals the same cards. The engine deals hand ``s`` and fixes the first bidder from the seed
alone (:meth:`bot.engine.Game.new`), so moving players between seats moves who holds which
hand while the hands stay where they are.

Without duplicate deals, each table's deals have seeds of their own and the players keep
their table order (seat = position at the table).

With duplicate deals, the deals of a round go in blocks of ``size`` (the table size): block
``b`` (deals ``b·size + 1`` … ``b·size + size``) is one seed for every table of the round,
and in its ``j``-th deal (``j`` = 0, 1, …) the player at position ``p`` of the table sits
in seat ``(p + j) mod size``. Over a whole block each player holds each of the seed's hands
once, and at every table the player at position ``p`` holds the same hand as the others at
position ``p``: the same cards are played from the same seats in the same rotation. A round
whose deals are not a multiple of ``size`` ends with a partial block (the same at every
table, but not every player holds every hand of its seed).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")
SEED_BITS = 62


@dataclass(frozen=True)
class DealPlan:
    """One deal of one table: the engine seed and the table's players by seat."""

    seed: int
    seats: tuple[int | None, ...]
    block: int  # duplicate: the block's number (0, 1 …); else the deal's index
    rotation: int  # duplicate: j within the block; else 0


def derive_seed(tournament_seed: int, *parts: object) -> int:
    """A seed for the engine from the tournament's seed and a path (round, table, deal…)."""
    text = ":".join(str(p) for p in (tournament_seed, *parts))
    digest = hashlib.sha256(text.encode("ascii")).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - SEED_BITS)


def rotate(players: Sequence[T], shift: int) -> tuple[T, ...]:
    """Seat order after moving each player ``shift`` seats on: the player at position ``p``
    sits in seat ``(p + shift) mod n``."""
    n = len(players)
    return tuple(players[(s - shift) % n] for s in range(n))


def deal_plan(tournament_seed: int, round_no: int, table_no: int, deal_no: int,
              players: Sequence[int | None], duplicate: bool) -> DealPlan:
    """The ``deal_no``-th deal (from 1) of table ``table_no`` in round ``round_no``;
    ``players`` the table's players by position."""
    if deal_no < 1 or round_no < 1 or table_no < 1:
        raise ValueError("rounds, tables and deals are numbered from 1")
    if not duplicate:
        return DealPlan(derive_seed(tournament_seed, "r", round_no, "t", table_no, "d",
                                    deal_no), tuple(players), deal_no - 1, 0)
    size = len(players)
    block, j = divmod(deal_no - 1, size)
    return DealPlan(derive_seed(tournament_seed, "r", round_no, "dup", block),
                    rotate(players, j), block, j)

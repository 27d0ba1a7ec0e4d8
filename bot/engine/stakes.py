"""What is at stake for a seat now, as the engine settles it (RULES.md §6.2–§6.4).

:func:`pair_stake` is the multiplier between two seats with 加倍 (pairwise: a farmer's
doubles for his own 加倍 and for the landlord's), and :func:`seat_stakes` a seat's against
each opponent: a hand message shows them, and settlement charges ``stake_base × pair
stake`` points between the landlord and each farmer. :func:`escape_cost` is what leaving a
deal now costs (逃跑), asked before a player confirms it.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import SeatIndex
from .game import Game
from .scoring import ESCAPE_POINTS, pair_multiplier
from .states import Phase
from .view import SeatView


def pair_stake(view: SeatView, a: SeatIndex, b: SeatIndex) -> int:
    """The multiplier between seats ``a`` and ``b``: the table's, ×2 for each of the two
    who chose 加倍 (a 加倍 not known to ``view`` counts as none)."""
    return pair_multiplier(view.multiplier, bool(view.doubles[a]), bool(view.doubles[b]))


def seat_stakes(view: SeatView, seat: SeatIndex) -> dict[SeatIndex, int]:
    """``seat``'s :func:`pair_stake` against each opponent: the landlord has one per
    farmer, a farmer one against the landlord. Empty while there is no landlord or a 加倍 is
    still unknown (points bidding has no 加倍: always empty there); then the table
    multiplier stands for everyone."""
    landlord = view.landlord
    if landlord is None or view.phase == Phase.DOUBLE or None in view.doubles:
        return {}
    if seat != landlord:
        return {landlord: pair_stake(view, seat, landlord)}
    return {f: pair_stake(view, landlord, f) for f in range(len(view.counts)) if f != landlord}


@dataclass(frozen=True)
class EscapeCost:
    beans: int  # beans the escaper loses (a positive number)
    points: int  # points the escaper loses
    final: bool  # True: the deal ends and this is all; False: plus the rest of the deal


def escape_cost(game: Game, seat: SeatIndex) -> EscapeCost:
    """The cost for ``seat`` of leaving ``game`` now (the game is not changed).

    happy and laizi settle an escape at once, so the cost is exact
    (:meth:`Game.escape_settlement`). super, classic and four go on with the AI in the
    escaper's seat: the cost known now is the penalty (RULES.md §6.4), at most the seat's
    beans, and the rest of the deal settles as usual at its end.
    """
    if game.rules.bidding == "call":
        settled, _ = game.escape_settlement(seat)
        return EscapeCost(settled.fees[seat] - settled.transfers[seat], -settled.points[seat],
                          True)
    beans = ESCAPE_POINTS * game.rules.beans_per_point
    if game.balances is not None:
        beans = min(beans, game.balances[seat])
    return EscapeCost(beans, ESCAPE_POINTS, False)

"""What is at stake for a seat now, as the engine settles it (docs/rules.md §6.2–§6.4).

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
from .rules import Rules
from .scoring import ESCAPE_POINTS, Result, pair_multiplier, points_cap, stake_base
from .states import Outcome, Phase
from .view import SeatView, factor_list


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


@dataclass(frozen=True)
class Limits:
    """What kept a finished deal's settlement below its full amounts (docs/rules.md §6.2, §6.3):
    ``stake_cap`` is the points cap that scaled the stakes down (laizi's 10,000, a room's
    deal cap), or None; ``by`` names, per seat, the seat whose balance cut that seat's
    beans (a loser who paid all he had, a winner who took no more than he brought, or the
    other side's short balance), or None."""

    stake_cap: int | None
    by: tuple[int | None, ...]


def settlement_limits(rules: Rules, result: Result,
                      balances: tuple[int | None, ...] | None) -> Limits:
    """The :class:`Limits` of ``result`` for the seats' ``balances`` before the deal
    (None for a seat with no balance to run out of: an AI seat)."""
    n = rules.players
    landlord = result.landlord
    if result.outcome not in (Outcome.LANDLORD, Outcome.FARMERS) or landlord is None \
            or len(result.stakes) != n or len(result.transfers) != n:
        return Limits(None, (None,) * n)
    farmers = [(landlord + k) % n for k in range(1, n)]
    base = stake_base(rules, result.bid)
    full_stakes = [base * pair_multiplier(result.multiplier, bool(result.doubles[landlord]),
                                          bool(result.doubles[f])) if result.doubles
                   else base * result.multiplier for f in farmers]
    cap = points_cap(rules)
    cap = cap if cap is not None and sum(full_stakes) > cap else None
    won = result.outcome == Outcome.LANDLORD
    per_bean = rules.beans_per_point
    full = [0] * n  # the beans each seat would have moved with no balance short
    full[landlord] = result.stakes[landlord] * per_bean
    for f in farmers:
        full[f] = result.stakes[f] * per_bean
    if won and result.escaper is not None and result.escaper != landlord:
        full = [full[landlord] if s in (landlord, result.escaper) else 0 for s in range(n)]

    def short(seat: int) -> bool:  # this seat's balance was below what it had to move
        balance = balances[seat] if balances is not None else None
        return balance is not None and balance < full[seat]

    by: list[int | None] = [None] * n
    for seat in range(n):
        if abs(result.transfers[seat]) >= full[seat]:
            continue
        if short(seat):
            by[seat] = seat
        elif seat != landlord:
            by[seat] = landlord if short(landlord) else None
        else:
            by[seat] = next((f for f in farmers if short(f)), None)
    return Limits(cap, tuple(by))


def beans_at_stake(view: SeatView, seat: SeatIndex, factor: int = 1) -> int:
    """The beans ``seat`` would win or lose if the deal were settled at the multiplier of
    now, times ``factor`` (a 加倍 or 明牌 being weighed): against each opponent with 加倍
    (the landlord against every farmer; before there is a landlord, as the landlord, the
    most a seat can have at stake), the points cap applied, at most the seat's balance."""
    rules = view.rules
    base = stake_base(rules, max(view.bid, 1))
    n = rules.players
    if view.landlord is None:
        points = base * view.multiplier * factor * (n - 1)
    elif seat == view.landlord:
        points = sum(base * pair_stake(view, seat, f) * factor for f in range(n) if f != seat)
    else:
        points = base * pair_stake(view, seat, view.landlord) * factor
    cap = points_cap(rules)
    beans = (points if cap is None else min(points, cap)) * rules.beans_per_point
    balance = view.balances[seat] if view.balances is not None else None
    return beans if balance is None else min(beans, balance)


def result_factors(rules: Rules, result: Result) -> tuple[tuple[str, int], ...]:
    """The factors that multiply out to a finished deal's table multiplier with its base
    (the points bid first): 春天 named 反春 when the farmers sprang it. 加倍 is not one of
    them: it is pairwise (each pair's own stake, :attr:`Result.stakes`)."""
    out = [("base", result.bid)] if rules.bidding == "points" and result.bid else []
    out.extend(("anti_spring" if key == "spring" and result.anti_spring else key, factor)
               for key, factor in factor_list(result.parts))
    return tuple(out)


def result_total(rules: Rules, result: Result) -> int:
    """A finished deal's table multiplier with its base: what :func:`result_factors`
    multiply out to (the points bid × the multiplier; in call games the multiplier)."""
    return result.multiplier * (result.bid if rules.bidding == "points" and result.bid else 1)


def escape_cost(game: Game, seat: SeatIndex) -> EscapeCost:
    """The cost for ``seat`` of leaving ``game`` now (the game is not changed).

    happy and laizi settle an escape at once, so the cost is exact
    (:meth:`Game.escape_settlement`). super, classic and four go on with the AI in the
    escaper's seat: the cost known now is the penalty (docs/rules.md §6.4), at most the seat's
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

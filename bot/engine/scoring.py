"""Multipliers, points and bean settlement (docs/rules.md §6).

Pure arithmetic on whole numbers: :func:`multiplier` turns a deal's events into the table
multiplier, :func:`farmer_stakes` gives each farmer's pairwise stake in points (caps
applied), and :func:`settle` moves beans with the floors, escape penalties and the
house's take. Every settlement satisfies ``sum(beans) + house == 0``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import NamedTuple

from .cards import BLACK, RED, TWO
from .kinds import BOMB_FACTORS, BOMB_KINDS, KINDS
from .rules import Rules
from .states import Outcome

LAIZI_CAP = 10_000
SUPER_CAP = 24
ESCAPE_POINTS = 3  # super, classic, four: 3 points to the house


@dataclass
class Tally:
    """The multiplier events of one deal so far."""

    bombs: int = 0
    rockets: int = 0
    super_bombs: int = 0
    soft_bombs: int = 0
    hard_bombs: int = 0
    laizi_bombs: int = 0
    grabs: int = 0
    show: int = 1  # the largest 明牌 factor, 1 when nobody showed
    spring: bool = False  # spring or anti-spring

    def copy(self) -> Tally:
        return Tally(**self.__dict__)


_TALLY_FIELD = {kind: f"{kind}s" for kind in KINDS if kind in BOMB_KINDS}  # Tally's field


def bomb_factor(rules: Rules, kind: str) -> int:
    """The multiplier a played bomb of ``kind`` brings (1 for ordinary plays)."""
    return BOMB_FACTORS[rules.variant].get(kind, 1)


def count_bomb(tally: Tally, kind: str) -> None:
    """Record a played bomb-class play in the tally."""
    name = _TALLY_FIELD.get(kind)
    if name:
        setattr(tally, name, getattr(tally, name) + 1)


def multiplier(rules: Rules, tally: Tally) -> tuple[int, tuple[tuple[str, int, int], ...]]:
    """The table multiplier and its parts ``(event, factor, count)``.

    classic, four: ×2 per bomb, rocket and spring. super: the same with ×3 per super bomb,
    capped at 24. happy: ×2 per bomb, rocket, spring and grab, times the largest show.
    laizi: soft ×2, hard ×4, laizi bomb ×4, rocket ×4, spring ×2, grab ×2, show.
    """
    factors = BOMB_FACTORS[rules.variant]
    parts: list[tuple[str, int, int]] = []
    for kind, name in _TALLY_FIELD.items():
        n = getattr(tally, name)
        if n and kind in factors:
            parts.append((kind, factors[kind], n))
    if tally.spring:
        parts.append(("spring", 2, 1))
    if rules.bidding == "call":
        if tally.grabs:
            parts.append(("grab", 2, tally.grabs))
        if tally.show > 1:
            parts.append(("show", tally.show, 1))
    total = 1
    for _, factor, n in parts:
        total *= factor**n
    if rules.variant == "super" and total > SUPER_CAP:
        parts.append(("cap", SUPER_CAP, 0))
        total = SUPER_CAP
    return total, tuple(parts)


def split(total: int, weights: list[int]) -> list[int]:
    """Share ``total`` in proportion to ``weights``: rounded down, the last takes the rest."""
    if not weights:
        return []
    whole = sum(weights)
    if whole <= 0:
        shares = [0] * len(weights)
        shares[-1] = total
        return shares
    shares = [total * w // whole for w in weights[:-1]]
    shares.append(total - sum(shares))
    return shares


def refund(total: int, paid: list[int]) -> list[int]:
    """Give back ``total`` (at most ``sum(paid)``) to the payers in proportion to ``paid``
    (docs/rules.md §6.3). Two payers: rounded down, the last takes the rest (it never exceeds
    what he paid). More (four): the remainder goes one bean at a time, in order, to the
    payers still below what they paid, so no refund exceeds a payment."""
    if len(paid) <= 2:
        return split(total, paid)
    whole = sum(paid)
    shares = [total * p // whole for p in paid] if whole > 0 else [0] * len(paid)
    rest = total - sum(shares)
    while rest > 0:
        for i, p in enumerate(paid):
            if rest > 0 and shares[i] < p:
                shares[i] += 1
                rest -= 1
    return shares


def apply_cap(stakes: list[int], cap: int | None) -> list[int]:
    """Scale the farmers' stakes down so they sum to ``cap`` at most (docs/rules.md §6.2)."""
    if cap is None or sum(stakes) <= cap:
        return stakes
    return split(cap, stakes)


def stake_base(rules: Rules, bid: int) -> int:
    """What one unit of a pair's multiplier is worth in points: the bid (points
    bidding), or M_init (× the laizi coefficient in laizi) (docs/rules.md §6.2)."""
    if rules.bidding == "points":
        return bid
    return rules.m_init * (rules.laizi_coef if rules.variant == "laizi" else 1)


def pair_multiplier(mult: int, a_doubled: bool, b_doubled: bool) -> int:
    """The table multiplier between two seats with 加倍, which is pairwise: ×2 for each
    of the two who doubled."""
    return mult * (2 if a_doubled else 1) * (2 if b_doubled else 1)


def farmer_stakes(rules: Rules, *, bid: int, tally: Tally, landlord_doubled: bool,
                  farmers_doubled: list[bool]) -> list[int]:
    """Each farmer's stake ``x_i`` in points, farmers in seat order from next(landlord)."""
    mult, _ = multiplier(rules, tally)
    base = stake_base(rules, bid)
    if rules.bidding == "points":  # no 加倍
        stakes = [base * mult for _ in farmers_doubled]
    else:
        stakes = [base * pair_multiplier(mult, landlord_doubled, d) for d in farmers_doubled]
    return apply_cap(stakes, points_cap(rules))


def points_cap(rules: Rules) -> int | None:
    """The most points a deal's stakes may sum to: laizi's 10,000, a room's deal cap (the
    lower of the two), or None."""
    caps = [c for c in (LAIZI_CAP if rules.variant == "laizi" else None, rules.deal_cap)
            if c is not None]
    return min(caps) if caps else None


@dataclass(frozen=True)
class Result:
    """The outcome of a deal. Seats index every tuple."""

    outcome: Outcome
    landlord: int | None
    winners: tuple[int, ...]
    spring: bool = False
    anti_spring: bool = False
    bid: int = 0  # the points bid (底分); 1 in call/grab variants
    multiplier: int = 1  # the table multiplier (without 加倍)
    parts: tuple[tuple[str, int, int], ...] = ()
    doubles: tuple[bool, ...] = ()
    stakes: tuple[int, ...] = ()  # each farmer's x_i; the landlord's entry is their sum
    points: tuple[int, ...] = ()  # signed points for levels (escape points included)
    transfers: tuple[int, ...] = ()  # beans between players, after the floors
    fees: tuple[int, ...] = ()  # beans each seat paid the house (fees and penalties)
    penalties: tuple[int, ...] = ()  # the escape-penalty part of ``fees``
    beans: tuple[int, ...] = ()  # net bean change of each seat
    house: int = 0  # the house's take: sum(fees)
    escaper: int | None = None
    escape_multiplier: int = 0  # happy/laizi: M_esc
    notes: tuple[str, ...] = field(default=())

    def to_dict(self) -> dict[str, object]:
        return {
            "outcome": self.outcome, "landlord": self.landlord, "winners": list(self.winners),
            "spring": self.spring, "anti_spring": self.anti_spring, "bid": self.bid,
            "multiplier": self.multiplier, "parts": [list(p) for p in self.parts],
            "doubles": list(self.doubles), "stakes": list(self.stakes),
            "points": list(self.points), "transfers": list(self.transfers),
            "fees": list(self.fees), "penalties": list(self.penalties),
            "beans": list(self.beans), "house": self.house,
            "escaper": self.escaper, "escape_multiplier": self.escape_multiplier,
        }


class Settled(NamedTuple):
    """Per-seat outcome of a settlement: points, bean transfers between players, what
    each seat paid the house (fees and penalties), and the escape-penalty part of it."""

    points: list[int]
    transfers: list[int]
    fees: list[int]
    penalties: list[int]


def _balance(balances: tuple[int, ...] | None, seat: int) -> int | float:
    return float("inf") if balances is None else balances[seat]


def settle(rules: Rules, *, landlord: int, landlord_won: bool, stakes: list[int],
           balances: tuple[int, ...] | None, escaper: int | None = None) -> Settled:
    """Settle a finished deal per seat (docs/rules.md §6.3, §6.4).

    ``stakes`` are the farmers' x_i in seat order from next(landlord); ``escaper`` is the
    first seat that escaped in super, classic or four (the deal was auto-played).
    """
    n = rules.players
    farmers = [(landlord + k) % n for k in range(1, n)]
    N = rules.beans_per_point
    points = [0] * n
    transfers = [0] * n
    total_x = sum(stakes)
    escaper_pays_all = escaper is not None and escaper != landlord and landlord_won
    # points
    if landlord_won:
        points[landlord] = total_x
        if escaper_pays_all:
            points[escaper] = -total_x  # type: ignore[index]
        else:
            for f, x in zip(farmers, stakes, strict=True):
                points[f] = -x
    else:
        points[landlord] = -total_x
        for f, x in zip(farmers, stakes, strict=True):
            points[f] = x
    # step 2: transfers with the floors
    S = [x * N for x in stakes]
    bal = [_balance(balances, s) for s in range(n)]
    if landlord_won:
        if escaper_pays_all:
            pay = [0] * len(farmers)
            i = farmers.index(escaper)  # type: ignore[arg-type]
            pay[i] = int(min(sum(S), bal[escaper]))  # type: ignore[index]
        else:
            pay = [int(min(s, bal[f])) for s, f in zip(S, farmers, strict=True)]
        gain = int(min(sum(pay), bal[landlord]))
        back = refund(sum(pay) - gain, pay)
        transfers[landlord] = gain
        for f, p, b in zip(farmers, pay, back, strict=True):
            transfers[f] = -p + b
    else:
        paid = int(min(sum(S), bal[landlord]))
        shares = split(paid, S)
        kept = [int(min(s, bal[f])) for s, f in zip(shares, farmers, strict=True)]
        transfers[landlord] = -paid + (paid - sum(kept))
        for f, k in zip(farmers, kept, strict=True):
            transfers[f] = k
    # step 3: the escape penalty, to the house
    fees = [0] * n
    penalties = [0] * n
    left = [bal[s] + transfers[s] for s in range(n)]
    if escaper is not None:
        penalty = int(min(ESCAPE_POINTS * N, left[escaper]))
        fees[escaper] += penalty
        penalties[escaper] = penalty
        left[escaper] -= penalty
        points[escaper] -= ESCAPE_POINTS
    # step 4: the house
    if rules.variant == "super":
        rate = Fraction(rules.fee_rate)
        for s in range(n):
            if transfers[s] > 0:
                fee = int(min(rate * transfers[s] // 1, left[s]))
                fees[s] += fee
                left[s] -= fee
    else:
        for s in range(n):
            fee = int(min(rules.table_fee, left[s]))
            fees[s] += fee
    return Settled(points, transfers, fees, penalties)


def escape_points(rules: Rules, *, m_esc: int, escaper_is_landlord: bool) -> int:
    """happy, laizi: the escape penalty in points (docs/rules.md §6.4)."""
    if escaper_is_landlord:
        pts = 20 if m_esc < 10 else 4 * m_esc
    else:
        pts = 10 if m_esc < 10 else 2 * m_esc
    pts *= rules.m_init
    if rules.variant == "laizi":
        pts = min(pts * rules.laizi_coef, LAIZI_CAP)
    return pts


def escape_multiplier(rules: Rules, tally: Tally, hands: Iterable[Sequence[int]]) -> int:
    """M_esc: the multiplier now (grabs, shows, bombs played) times every natural bomb
    and rocket held in one hand (``hands``: each seat's rank counts) (docs/rules.md §6.4). In
    laizi every four held counts ×4: a hard bomb, the laizi bomb, or any four before the
    laizi is drawn."""
    m, _ = multiplier(rules, tally)
    four_factor = 4 if rules.variant == "laizi" else bomb_factor(rules, "bomb")
    rocket_factor = bomb_factor(rules, "rocket")
    for counts in hands:
        for r in range(TWO + 1):
            if counts[r] == 4:
                m *= four_factor
        if counts[BLACK] and counts[RED]:
            m *= rocket_factor
    return m


def settle_escape(rules: Rules, *, escaper: int, landlord: int | None, m_esc: int,
                  balances: tuple[int, ...] | None) -> Settled:
    """happy, laizi: the deal stopped at an escape (docs/rules.md §6.4)."""
    n = rules.players
    N = rules.beans_per_point
    pts = escape_points(rules, m_esc=m_esc, escaper_is_landlord=escaper == landlord)
    points = [0] * n
    transfers = [0] * n
    fees = [0] * n
    penalties = [0] * n
    bal = [_balance(balances, s) for s in range(n)]
    pay = int(min(pts * N, bal[escaper]))
    points[escaper] = -pts
    if landlord is None:
        fees[escaper] += pay  # before the landlord is fixed: to the house
        penalties[escaper] = pay
    else:
        if escaper == landlord:
            receivers = [(landlord + k) % n for k in range(1, n)]
        else:
            receivers = [landlord]
        for r, p in zip(receivers, split(pts, [1] * len(receivers)), strict=True):
            points[r] = p
        shares = split(pay, [1] * len(receivers))
        kept = [int(min(s, bal[r])) for s, r in zip(shares, receivers, strict=True)]
        for r, k in zip(receivers, kept, strict=True):
            transfers[r] = k
        transfers[escaper] = -sum(kept)
    left = bal[escaper] + transfers[escaper] - fees[escaper]
    fees[escaper] += int(min(rules.table_fee, left))
    return Settled(points, transfers, fees, penalties)

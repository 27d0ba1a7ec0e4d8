"""Decisions before the play: points bids, call and grab, 明牌 and 加倍.

Each decision is a pure function of explicit inputs (the seat's own cards and what the
table has said so far) and rests on one estimate: the chance that the seat's side wins,
from :func:`landlord_odds` (the hand as the landlord's, before or after the bottom) or
:func:`farmer_odds`. The estimate is a logistic model over three features of the hand -
the cost of its best decomposition against an average opposition (see
:mod:`bot.ai.decompose`), its bombs and rockets, and its wild cards - whose coefficients
were fitted per variant and role on simulated deals played by the heuristic (the fit is
``bench/calibrate.py``; the table below is its output).

Thresholds (win chance needed):

======================  =====================================================
points bid 1 / 2 / 3     0.52 / 0.56 / 0.60 (:func:`bid_for_points`: the bid
                         ``k`` that maximises the landlord's expected points at
                         ``k`` less a charge for the stake, ``k * (2p - 1) -
                         STAKE_RISK * k**2``), and only above the current bid; the
                         last bidder of a round nobody bid in bids 1 from 0.37
                         (a redeal, or in classic and four the third one dissolving
                         the table, is worse for everybody than a middling landlord)
call 叫地主              0.50
grab 抢地主              0.58 (0.62 once somebody grabbed): a grab doubles the stake
                         and makes the grabber the landlord, whose stake is both
                         farmers'; its fair odds are about 0.5
明牌 before the deal     never (no card is known yet)
明牌 during the deal     0.85 on the cards dealt so far
明牌 as the landlord     0.80
加倍                     0.56 as the landlord (his 加倍 doubles both stakes; landlords
                         at 0.62 won 68-71% of the doubled deals, the undoubled ones
                         still 55% in happy), 0.66 as a farmer (his own stake only;
                         farmers doubling at 0.60 won 46% in happy: the farmer model
                         is optimistic)
======================  =====================================================
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine import Rules

from .decompose import Planner
from .move import Counts, as_counts, variant_of
from .opposition import estimate_opposition

STAKE_RISK = 0.04  # what a bid's stake costs: k points bid risk k**2 of this
BID_ODDS = {k: 0.5 + STAKE_RISK * (2 * k - 1) / 2 for k in (1, 2, 3)}  # 0.52, 0.56, 0.60
LAST_CHANCE = 0.15  # how much lower the last bidder goes when nobody has bid
CALL_ODDS = 0.50
GRAB_ODDS = 0.58
REGRAB_ODDS = 0.62
SHOW_DEAL_ODDS = 0.85
SHOW_LANDLORD_ODDS = 0.80
DOUBLE_LANDLORD_ODDS = 0.56
DOUBLE_FARMER_ODDS = 0.66

# variant -> role -> (intercept, per cost, per bomb or rocket, per wild card), fitted by
# bench/calibrate.py: role "bid" is the landlord's hand before the bottom, "landlord" after
# it, "farmer" a farmer's hand once the bottom is shown.
COEFFICIENTS: dict[str, dict[str, tuple[float, float, float, float]]] = {
    "classic": {"bid": (0.876, -0.21, 0.166, 0.0), "landlord": (2.17, -0.505, 0.291, 0.0),
                "farmer": (1.42, -0.223, 0.413, 0.0)},
    "laizi": {"bid": (0.386, -0.146, 0.313, 0.0), "landlord": (0.295, -0.603, 0.617, 0.626),
              "farmer": (0.86, -0.221, 0.367, 0.24)},
    "super": {"bid": (0.517, -0.186, 0.229, 1.128), "landlord": (1.931, -0.55, 0.415, 0.72),
              "farmer": (0.772, -0.178, 0.329, 0.492)},
    "four": {"bid": (-0.323, -0.068, 0.255, 0.0), "landlord": (0.19, -0.444, 0.562, 0.0),
             "farmer": (0.784, -0.164, 0.434, 0.0)},
}
COEFFICIENTS["happy"] = COEFFICIENTS["classic"]
# mean decomposition cost of a dealt hand (same fit), per variant: a partial hand during
# the deal is charged this much per card still to come
MEAN_DEALT_COST = {"classic": 5.604, "happy": 5.604, "laizi": 5.665, "super": 5.233,
                   "four": 5.716}


@dataclass(frozen=True)
class HandFeatures:
    """What the odds are computed from."""

    cost: float
    bombs: int
    wilds: int


def hand_features(rules: Rules, hand: str | Counts, role: str,
                  bottom: str | Counts = "") -> HandFeatures:
    """Features of ``hand`` for ``role`` ("bid", "landlord" or "farmer"). ``bottom`` is
    the landlord's bottom cards once shown (a farmer knows them to be in his hand)."""
    v = variant_of(rules)
    mine = as_counts(hand, rules)
    bot = as_counts(bottom, rules)
    n = rules.players
    unknown = [d - m - (b if role == "farmer" else 0)
               for d, m, b in zip(v.deck, mine, bot, strict=True)]
    unknown = [max(0, x) for x in unknown]
    size = rules.hand_size
    if role == "farmer":
        # the landlord holds ``size`` unknown cards plus the bottom; partners hold ``size``
        seats = [0]
        slots = [size]
        known = [bot]
        counts = [size + rules.bottom_size]
    else:
        seats = list(range(1, n))
        slots = [size] * (n - 1)
        known = [[0] * 16 for _ in seats]
        counts = [size] * (n - 1)
    opp = estimate_opposition(v, seats, unknown, slots, known, counts)
    planner = Planner(v, opp)
    plan = planner.plan(mine)
    bombs = sum(1 for g in plan.groups if g.cls)
    wilds = mine[v.wslot] if v.wslot is not None else 0
    return HandFeatures(plan.cost, bombs, wilds)


def _odds(rules: Rules, role: str, f: HandFeatures) -> float:
    table = COEFFICIENTS.get(rules.variant) or COEFFICIENTS["classic"]
    a, b, c, d = table[role]
    z = a + b * f.cost + c * f.bombs + d * f.wilds
    return 1.0 / (1.0 + math.exp(-z))


def landlord_odds(rules: Rules, hand: str | Counts, with_bottom: bool = False) -> float:
    """The chance to win as the landlord with ``hand``: the dealt hand before the bottom
    is taken, or (``with_bottom``) the landlord's full hand."""
    role = "landlord" if with_bottom else "bid"
    return _odds(rules, role, hand_features(rules, hand, role))


def farmer_odds(rules: Rules, hand: str | Counts, bottom: str | Counts = "") -> float:
    """The chance that the farmers win, judged from one farmer's hand (and the bottom
    cards, which the landlord holds)."""
    return _odds(rules, "farmer", hand_features(rules, hand, "farmer", bottom))


# ---------------------------------------------------------------------- decisions
def choose_bid(rules: Rules, hand: str | Counts, bids: Sequence[tuple[int, int]] = ()
               ) -> int:
    """Points bidding (classic, four, super): 0 for 不叫, else 1, 2 or 3, always above
    the highest bid so far. ``bids`` is ``[(seat, points), ...]`` in order (0 = 不叫)."""
    high = max((p for _, p in bids), default=0)
    p = landlord_odds(rules, hand)
    want = bid_for_points(p)
    if not want and not high and len(bids) == rules.players - 1 and \
            p >= BID_ODDS[1] - LAST_CHANCE:
        want = 1  # the last bidder of an all-pass round: a middling hand beats a redeal
    return want if want > high else 0


def bid_for_points(p: float) -> int:
    """The points bid (0-3) for a landlord win chance ``p``: the one that maximises the
    expected points ``k * (2p - 1)`` (the landlord wins or loses ``k`` times the deal's
    factors from each farmer) less a charge ``STAKE_RISK * k**2`` for the stake put at
    risk; so a bid is raised only as far as the hand is sure (thresholds ``BID_ODDS``)."""
    return max(range(4), key=lambda k: (k * (2 * p - 1) - STAKE_RISK * k * k, -k))


def choose_call(rules: Rules, hand: str | Counts, declined: int = 0) -> bool:
    """叫地主 (True) or 不叫 (False): happy and laizi, on the dealt hand. ``declined`` is
    how many seats said 不叫 before this one: the last seat of an all-decline round calls
    a middling hand rather than force a redeal."""
    need = CALL_ODDS - LAST_CHANCE if declined >= rules.players - 1 else CALL_ODDS
    return landlord_odds(rules, hand) >= need


def choose_grab(rules: Rules, hand: str | Counts, grabs: int = 0) -> bool:
    """抢地主 (True) or 不抢: ``grabs`` is how many grabs were made so far."""
    return landlord_odds(rules, hand) >= (REGRAB_ODDS if grabs else GRAB_ODDS)


@dataclass(frozen=True)
class ShowChoice:
    """A 明牌 decision and the multiplier a show would give now."""

    show: bool
    factor: int


def show_factor(rules: Rules, stage: str, cards_held: int) -> int:
    """The multiplier of a show at ``stage``: "start" (明牌开始 ×5), "deal" (发牌明牌:
    ×4 holding fewer than ``show_split`` cards, else ×3), "landlord" (×2)."""
    if stage == "start":
        return 5
    if stage == "deal":
        return 4 if cards_held < rules.show_split else 3
    if stage == "landlord":
        return 2
    raise ValueError(f"unknown show stage {stage!r}: start, deal or landlord")


def choose_show(rules: Rules, hand: str | Counts, stage: str) -> ShowChoice:
    """明牌 at ``stage`` ("start", "deal" or "landlord"). A show reveals the hand for the
    whole deal, so only a hand that wins anyway is shown."""
    counts = as_counts(hand, rules)
    held = sum(counts)
    factor = show_factor(rules, stage, held)
    if stage == "start" or not held:
        return ShowChoice(False, factor)
    if stage == "deal":
        # the cards dealt so far, charged the average cost of the cards still to come
        f = hand_features(rules, counts, "bid")
        per_card = MEAN_DEALT_COST.get(rules.variant, 5.6) / rules.hand_size
        f = HandFeatures(f.cost + per_card * max(0, rules.hand_size - held), f.bombs, f.wilds)
        return ShowChoice(_odds(rules, "bid", f) >= SHOW_DEAL_ODDS, factor)
    return ShowChoice(landlord_odds(rules, counts, with_bottom=True) >= SHOW_LANDLORD_ODDS,
                      factor)


def choose_double(rules: Rules, hand: str | Counts, is_landlord: bool,
                  bottom: str | Counts = "") -> bool:
    """加倍: True to double. The landlord judges his full hand; a farmer his hand and the
    bottom cards (public once the landlord takes them)."""
    if is_landlord:
        return landlord_odds(rules, hand, with_bottom=True) >= DOUBLE_LANDLORD_ODDS
    return farmer_odds(rules, hand, bottom) >= DOUBLE_FARMER_ODDS

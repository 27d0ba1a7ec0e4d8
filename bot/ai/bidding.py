"""Decisions before the play: points bids, call and grab, 明牌 and 加倍.

Each decision is a pure function of explicit inputs (the seat's own cards and what the
table has said so far) and rests on one estimate: the chance that the seat's side wins,
from :func:`landlord_odds` (the hand as the landlord's, before or after the bottom) or
:func:`farmer_odds`. The estimate is a logistic model over three features of the hand -
the cost of its best decomposition against an average opposition (see
:mod:`bot.ai.decompose`), its bombs and rockets, and its wild cards - whose coefficients
were fitted per variant and role on simulated deals played by the heuristic (the fit is
``bench/calibrate.py``; the table below is its output).

Raising the stake (grab, 明牌, 加倍) follows the rule the points bid follows: a stake of
``s`` points per farmer at win chance ``p`` is worth :func:`stake_value` ``s * (2p - 1) -
STAKE_RISK * s**2`` (the expected points, less a charge for the stake put at risk), and the
raise is made when it is worth more than the stake without it. ``p`` there is the chance
the AI's own play turns the model's estimate into (:func:`played_odds`: the model was fitted
on deals without an auction, and the auction tells: a caller is strong, so a grabber facing
him and a farmer facing a landlord who chose his hand win less often than their hands alone
say; fitted on self-play deals, ``bench/raises.py``). A shown hand also loses
``SHOW_COST`` of its win chance (the opponents play against open cards; measured the same
way, per AI level: 0.045 at easy, 0.21 at normal and hard). ``s`` is the table
multiplier so far (the largest show, the grabs; 加倍 too once known), in units of the
room's initial multiplier.

Thresholds (win chance needed; for grab, 明牌 and 加倍 on the played chance, at ``s = 1``;
明牌 at easy, then at normal and hard):

======================  =====================================================
points bid 1 / 2 / 3     0.52 / 0.56 / 0.60 (:func:`bid_for_points`: the bid
                         ``k`` that maximises :func:`stake_value` at ``k``), and
                         only above the current bid; the last bidder of a round
                         nobody bid in bids 1 from 0.37 (a redeal is worse for
                         everybody than a middling landlord), and with any hand in
                         the deal whose all-pass would dissolve the table (the third
                         in classic and four)
call 叫地主              0.50 on the model's chance
grab 抢地主              0.54 (``0.5 + STAKE_RISK * s``: the grabber's value as the
                         landlord at ``2s`` against none as a farmer, as a points
                         bid counts not bidding), 0.58 once somebody grabbed; on the
                         model's chance 0.586 / 0.643 in happy, 0.60 / 0.64 in laizi
明牌 before the deal     never: no card is known, so the seat's chance is the even
                         1/2 of a seat nobody knows anything of, below any raise
明牌 during the deal     0.660 / 0.880 at ×4, 0.648 / 0.895 at ×3 (``0.5 +
                         STAKE_RISK * s * (f + 1) / 2 + f * SHOW_COST / (f - 1)``,
                         :func:`raise_odds`, for a show that multiplies the stake by
                         ``f``: none once a larger show was made), on the cards dealt
                         so far
明牌 as the landlord     0.650 / 0.98 (×2, the same formula); at easy on the model's
                         chance 0.60 in happy (0.72 once he doubled), 0.65 in laizi
加倍                     0.56 (``0.5 + 3 * STAKE_RISK * s / 2``) as the landlord (his
                         加倍 doubles both farmers' stakes) and as a farmer (his own);
                         on the model's chance, landlord / farmer: 0.42 / 0.77 in
                         happy, 0.56 / 0.65 in laizi
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

STAKE_RISK = 0.04  # what a stake costs: s points per farmer risk s**2 of this
BID_ODDS = {k: 0.5 + STAKE_RISK * (2 * k - 1) / 2 for k in (1, 2, 3)}  # 0.52, 0.56, 0.60
LAST_CHANCE = 0.15  # how much lower the last bidder goes when nobody has bid
CALL_ODDS = 0.50
# the win chance a shown hand loses, per level of the AI (self-play, bench/raises.py: a
# happy landlord won 0.596 of 1,000 deals unshown, 0.552 shown at easy, whose heuristic
# makes little of open cards; 0.647 and 0.439 of 200 at normal, whose search plays them
# as known); hard is taken as normal (not measured, it searches at least as much)
SHOW_COST = {"easy": 0.045, "normal": 0.21, "hard": 0.21}
START_ODDS = 0.5  # 明牌开始: no card is known yet

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
# variant -> role -> (a, b): the chance the AI's own play wins with, a + b * (p - 0.5) for
# the model's p (clamped to 0.02 .. 0.98), fitted on self-play deals with an auction
# (bench/raises.py, easy level): "grab" the model's "bid" chance of a seat grabbing from a
# caller, "landlord" and "farmer" their chances once the bottom is taken.
PLAYED: dict[str, dict[str, tuple[float, float]]] = {
    "happy": {"grab": (0.48, 0.7), "landlord": (0.60, 0.5), "farmer": (0.41, 0.55)},
    "laizi": {"grab": (0.44, 1.0), "farmer": (0.45, 0.75)},
}
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
def stake_value(p: float, stake: float) -> float:
    """What a stake of ``stake`` points per farmer is worth at win chance ``p``: the
    expected points ``stake * (2p - 1)`` less ``STAKE_RISK * stake**2`` for the stake put
    at risk. Every choice that sets or raises the stake compares these."""
    return stake * (2 * p - 1) - STAKE_RISK * stake * stake


def choose_bid(rules: Rules, hand: str | Counts, bids: Sequence[tuple[int, int]] = (),
               redeals: int = 0) -> int:
    """Points bidding (classic, four, super): 0 for 不叫, else 1, 2 or 3, always above
    the highest bid so far. ``bids`` is ``[(seat, points), ...]`` in order (0 = 不叫);
    ``redeals`` is how many deals of this game nobody bid in (the all-pass deal that
    reaches ``rules.max_all_pass_deals`` dissolves the table)."""
    high = max((p for _, p in bids), default=0)
    p = landlord_odds(rules, hand)
    want = bid_for_points(p)
    all_passed = not high and len(bids) == rules.players - 1  # this seat bids last
    # the last bidder of an all-pass round: a middling hand beats a redeal, and any hand
    # beats the table closing
    if not want and all_passed and (p >= BID_ODDS[1] - LAST_CHANCE or
                                    redeals + 1 >= rules.max_all_pass_deals):
        want = 1
    return want if want > high else 0


def bid_for_points(p: float) -> int:
    """The points bid (0-3) for a landlord win chance ``p``: the one that maximises
    :func:`stake_value` (the landlord wins or loses ``k`` times the deal's factors from
    each farmer, less the charge for the stake put at risk); so a bid is raised only as
    far as the hand is sure (thresholds ``BID_ODDS``)."""
    return max(range(4), key=lambda k: (stake_value(p, k), -k))


def choose_call(rules: Rules, hand: str | Counts, declined: int = 0) -> bool:
    """叫地主 (True) or 不叫 (False): happy and laizi, on the dealt hand. ``declined`` is
    how many seats said 不叫 before this one: the last seat of an all-decline round calls
    a middling hand rather than force a redeal."""
    need = CALL_ODDS - LAST_CHANCE if declined >= rules.players - 1 else CALL_ODDS
    return landlord_odds(rules, hand) >= need


def raise_odds(stake: float, factor: float, cost: float = 0.0) -> float:
    """The win chance from which multiplying a stake ``stake`` by ``factor`` (> 1) pays:
    where ``stake_value(p - cost, factor * stake)`` overtakes ``stake_value(p, stake)``
    (``cost``: the chance the raise itself loses, a shown hand's)."""
    return 0.5 + STAKE_RISK * stake * (factor + 1) / 2 + factor * cost / (factor - 1)


def played_odds(rules: Rules, role: str, p: float) -> float:
    """The chance the AI's play wins with when the model says ``p`` for ``role``
    ("grab", "landlord" or "farmer"; see ``PLAYED``): ``p`` itself where nothing was
    fitted (the points variants have no grab, 明牌 or 加倍)."""
    fit = PLAYED.get(rules.variant, {}).get(role)
    if fit is None:
        return p
    a, b = fit
    return min(0.98, max(0.02, a + b * (p - 0.5)))


def choose_grab(rules: Rules, hand: str | Counts, grabs: int = 0,
                stake: int | None = None) -> bool:
    """抢地主 (True) or 不抢: ``grabs`` is how many grabs were made so far, ``stake`` the
    table multiplier now (default: ``2**grabs``). The grab makes this seat the landlord at
    twice the stake: worth it when that is worth more than nothing (the seat's value as a
    farmer, counted as a points bid counts not bidding)."""
    s = 2 ** grabs if stake is None else stake
    return stake_value(grab_odds(rules, hand), 2 * s) > 0


def grab_odds(rules: Rules, hand: str | Counts) -> float:
    """The chance a grab is judged on: the dealt hand's, as the AI plays it against the
    caller it takes the landlord's seat from (:func:`played_odds`, role "grab")."""
    return played_odds(rules, "grab", landlord_odds(rules, hand))


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


def show_cost(level: str) -> float:
    """The win chance a shown hand loses when ``level`` plays the deal (``SHOW_COST``;
    an unknown level as normal)."""
    return SHOW_COST.get(level, SHOW_COST["normal"])


def choose_show(rules: Rules, hand: str | Counts, stage: str, stake: float = 1,
                shown: int = 1, level: str = "normal") -> ShowChoice:
    """明牌 at ``stage`` ("start", "deal" or "landlord"). ``stake`` is the seat's stake per
    farmer now (the table multiplier, times the 加倍 once known), ``shown`` the largest
    show factor so far (1: none; only the largest counts), ``level`` the AI level playing
    the deal. A show multiplies the stake by what it adds to the largest show and costs
    the hand ``SHOW_COST[level]`` of its chance."""
    counts = as_counts(hand, rules)
    factor = show_factor(rules, stage, sum(counts))
    gain = max(factor, shown) / max(shown, 1)
    p = show_odds(rules, counts, stage) if gain > 1 else START_ODDS
    show = gain > 1 and stake_value(p - show_cost(level), gain * stake) > \
        stake_value(p, stake)
    return ShowChoice(show, factor)


def show_odds(rules: Rules, hand: str | Counts, stage: str) -> float:
    """The chance a 明牌 at ``stage`` is judged on, before the show's own cost: the even
    ``START_ODDS`` before the deal; during it, the cards dealt so far as a landlord's,
    charged the average cost of the cards still to come; as the landlord, his full hand as
    the AI plays it (:func:`played_odds`)."""
    counts = as_counts(hand, rules)
    held = sum(counts)
    if stage == "start":
        return START_ODDS
    if stage == "deal":
        f = hand_features(rules, counts, "bid")
        per_card = MEAN_DEALT_COST.get(rules.variant, 5.6) / rules.hand_size
        f = HandFeatures(f.cost + per_card * max(0, rules.hand_size - held), f.bombs, f.wilds)
        return _odds(rules, "bid", f)
    return played_odds(rules, "landlord", landlord_odds(rules, counts, with_bottom=True))


def choose_double(rules: Rules, hand: str | Counts, is_landlord: bool,
                  bottom: str | Counts = "", stake: float = 1) -> bool:
    """加倍: True to double. The landlord judges his full hand; a farmer his hand and the
    bottom cards (public once the landlord takes them). ``stake`` is the table multiplier
    now; either 加倍 doubles the seat's stake (the landlord's with both farmers)."""
    p = double_odds(rules, hand, is_landlord, bottom)
    return stake_value(p, 2 * stake) > stake_value(p, stake)


def double_odds(rules: Rules, hand: str | Counts, is_landlord: bool,
                bottom: str | Counts = "") -> float:
    """The chance a 加倍 is judged on: the seat's side's, as the AI plays it (the landlord
    on his full hand, a farmer on his hand and the bottom cards)."""
    if is_landlord:
        return played_odds(rules, "landlord", landlord_odds(rules, hand, with_bottom=True))
    return played_odds(rules, "farmer", farmer_odds(rules, hand, bottom))

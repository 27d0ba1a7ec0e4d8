"""Why the AI answers the auction as it does: bids, calls, grabs, 明牌 and 加倍.

An :class:`Ask` is what one auction question puts to a seat (the phase, its cards, what the
table has said so far), read off a seat's view by :func:`ask_of`; :func:`answer_of` is the
AI's answer to it (what :func:`bot.ai.agent.decide` plays). :func:`explain_auction` gives
the first :class:`~bot.ai.reasons.Reason` of :data:`AUCTION_REASONS` true of an answer. Each
reason states the bidding model's own estimate for the hand (:mod:`bot.ai.bidding`: the
chance that decides the question, in tenths), and holds only for the answer the model gives,
so a "bid 3" reason never calls its hand weak and a pass never calls it strong.

A chance is said as ``chance`` in 10: the estimate rounded to tenths, and kept within 1 to 9
("about 10 in 10" is no thing a player says; the model never claims certainty).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from bot.engine import Phase, Rules
from bot.engine.view import SeatView

from .bidding import (
    BID_ODDS,
    CALL_ODDS,
    LAST_CHANCE,
    bid_for_points,
    choose_bid,
    choose_call,
    choose_double,
    choose_grab,
    choose_show,
    double_odds,
    grab_odds,
    hand_features,
    landlord_odds,
    show_factor,
    show_odds,
)
from .move import as_counts
from .reasons import Reason

SHOW_STAGES = {Phase.SHOW_START: "start", Phase.SHOW_DEAL: "deal", Phase.SHOW_LANDLORD: "landlord"}
AUCTION_PHASES = (Phase.BID, Phase.CALL, Phase.GRAB, Phase.DOUBLE, *SHOW_STAGES)


@dataclass(frozen=True)
class Ask:
    """One auction question to a seat and everything its answer depends on.

    ``bids``: points bids so far ``[(seat, points)]``; ``redeals``: deals of this game
    nobody bid in; ``declined``: 不叫 said before this call; ``grabs``: grabs made so far;
    ``multiplier``: the table multiplier now; ``landlord``: the seat is the landlord (加倍);
    ``bottom``: the bottom cards once shown; ``stake``: the seat's stake per farmer now
    and ``shown``: the largest show factor so far (明牌); ``level``: the AI level (a shown
    hand's cost depends on it)."""

    rules: Rules
    phase: Phase
    hand: str
    bids: tuple[tuple[int, int], ...] = field(default=())
    redeals: int = 0
    declined: int = 0
    grabs: int = 0
    multiplier: int = 1
    landlord: bool = False
    bottom: str = ""
    stake: float = 1.0
    shown: int = 1
    level: str = "normal"


def ask_of(view: SeatView, level: str = "normal") -> Ask:
    """The question the view's seat answers now (the view must be in an auction phase)."""
    phase = view.phase
    if phase not in AUCTION_PHASES:
        raise ValueError(f"no auction question in phase {phase!r}")
    return Ask(
        rules=view.rules, phase=phase, hand=view.hand, bids=tuple(view.bids),
        redeals=view.deal - 1,
        declined=sum(1 for _, what in view.calls if what == "no_call"),
        grabs=sum(1 for _, what in view.calls if what == "grab"),
        multiplier=view.multiplier, landlord=view.landlord == view.seat,
        bottom=view.bottom or "", stake=stake_of(view),
        shown=max((factor for _, factor in view.shows), default=1), level=level)


def stake_of(view: SeatView) -> float:
    """The view's seat's stake per farmer in units of the room's initial multiplier: the
    table multiplier, times the 加倍 made (known once every seat chose), averaged over
    the landlord's farmers."""
    doubled = [2 if d else 1 for d in view.doubles] or [1] * view.rules.players
    if view.landlord is None or view.seat is None or len(doubled) != view.rules.players:
        return float(view.multiplier)
    mine = doubled[view.seat] * doubled[view.landlord] if view.seat != view.landlord else \
        doubled[view.landlord] * (sum(doubled) - doubled[view.landlord]) / (len(doubled) - 1)
    return float(view.multiplier * mine)


def answer_of(ask: Ask) -> int | bool:
    """The AI's answer: the points bid (0 for 不叫), else yes or no."""
    rules, hand = ask.rules, ask.hand
    if ask.phase == Phase.BID:
        return choose_bid(rules, hand, ask.bids, redeals=ask.redeals)
    if ask.phase == Phase.CALL:
        return choose_call(rules, hand, ask.declined)
    if ask.phase == Phase.GRAB:
        return choose_grab(rules, hand, ask.grabs, ask.multiplier)
    if ask.phase == Phase.DOUBLE:
        return choose_double(rules, hand, ask.landlord, ask.bottom, ask.multiplier)
    return choose_show(rules, hand, SHOW_STAGES[ask.phase], ask.stake, ask.shown,
                       ask.level).show


def in_tenths(p: float) -> int:
    """A chance as "about n in 10": rounded to tenths, within 1 .. 9."""
    return min(9, max(1, round(p * 10)))


# ---------------------------------------------------------------------- checks
# each takes the question and an answer; none holds unless the answer is the AI's own
def _bid_state(a: Ask) -> tuple[float, int, int, bool]:
    """The bid's chance, the bid it is worth, the high bid, and whether every other seat
    passed before this one (it bids last in a round nobody bid in)."""
    p = landlord_odds(a.rules, a.hand)
    high = max((pts for _, pts in a.bids), default=0)
    return p, bid_for_points(p), high, not high and len(a.bids) == a.rules.players - 1


def _bid_odds(a: Ask, x: int | bool) -> Reason | None:
    if a.phase != Phase.BID or not x or x != answer_of(a):
        return None
    p, want, _, _ = _bid_state(a)
    return Reason("bid_odds", count=int(x), chance=in_tenths(p)) if want == x else None


def _bid_table(a: Ask, x: int | bool) -> Reason | None:
    if a.phase != Phase.BID or x != 1 or x != answer_of(a):
        return None
    _, want, _, last = _bid_state(a)
    closing = a.redeals + 1 >= a.rules.max_all_pass_deals
    return Reason("bid_table", count=1) if not want and last and closing else None


def _bid_redeal(a: Ask, x: int | bool) -> Reason | None:
    if a.phase != Phase.BID or x != 1 or x != answer_of(a):
        return None
    p, want, _, last = _bid_state(a)
    if want or not last or p < BID_ODDS[1] - LAST_CHANCE:
        return None
    return Reason("bid_redeal", count=1, chance=in_tenths(p))


def _bid_weak(a: Ask, x: int | bool) -> Reason | None:
    if a.phase != Phase.BID or x != 0 or answer_of(a) != 0:
        return None
    p, want, _, _ = _bid_state(a)
    return Reason("bid_weak", chance=in_tenths(p)) if not want else None


def _bid_outbid(a: Ask, x: int | bool) -> Reason | None:
    if a.phase != Phase.BID or x != 0 or answer_of(a) != 0:
        return None
    p, want, high, _ = _bid_state(a)
    return Reason("bid_outbid", count=high, chance=in_tenths(p)) if 0 < want <= high \
        else None


def _call_odds(a: Ask, x: int | bool) -> Reason | None:
    if a.phase != Phase.CALL or x is not True or not answer_of(a):
        return None
    p = landlord_odds(a.rules, a.hand)
    return Reason("call_odds", chance=in_tenths(p)) if p >= CALL_ODDS else None


def _call_redeal(a: Ask, x: int | bool) -> Reason | None:
    if a.phase != Phase.CALL or x is not True or not answer_of(a):
        return None
    p = landlord_odds(a.rules, a.hand)
    last = a.declined >= a.rules.players - 1
    return Reason("call_redeal", chance=in_tenths(p)) if last and p < CALL_ODDS else None


def _call_weak(a: Ask, x: int | bool) -> Reason | None:
    if a.phase != Phase.CALL or x is not False or answer_of(a):
        return None
    # a 不叫 means the chance is below CALL_ODDS (0.5): most such hands lose
    return Reason("call_weak", chance=in_tenths(landlord_odds(a.rules, a.hand)))


def _grab_odds(a: Ask, x: int | bool) -> Reason | None:
    if a.phase != Phase.GRAB or x is not True or not answer_of(a):
        return None
    return Reason("grab_odds", count=2 * a.multiplier,
                  chance=in_tenths(grab_odds(a.rules, a.hand)))


def _grab_weak(a: Ask, x: int | bool) -> Reason | None:
    if a.phase != Phase.GRAB or x is not False or answer_of(a):
        return None
    return Reason("grab_weak", count=2 * a.multiplier,
                  chance=in_tenths(grab_odds(a.rules, a.hand)))


def _show_parts(a: Ask) -> tuple[str, int, bool]:
    """The show's stage, its factor now, and whether it would raise the largest show."""
    stage = SHOW_STAGES[a.phase]
    factor = show_factor(a.rules, stage, sum(as_counts(a.hand, a.rules)))
    return stage, factor, factor > a.shown


def _show_start(a: Ask, x: int | bool) -> Reason | None:
    if a.phase != Phase.SHOW_START or x is not False or answer_of(a) or a.shown > 1:
        return None
    return Reason("show_start", count=5)


def _show_yes(a: Ask, x: int | bool) -> Reason | None:
    if a.phase not in SHOW_STAGES or x is not True or not answer_of(a):
        return None
    stage, factor, _ = _show_parts(a)
    return Reason("show_yes", count=factor,
                  chance=in_tenths(show_odds(a.rules, a.hand, stage)))


def _show_outdone(a: Ask, x: int | bool) -> Reason | None:
    if a.phase not in SHOW_STAGES or x is not False or answer_of(a):
        return None
    _, _, raises = _show_parts(a)
    return Reason("show_outdone", count=a.shown) if not raises else None


def _show_no(a: Ask, x: int | bool) -> Reason | None:
    if a.phase not in SHOW_STAGES or x is not False or answer_of(a):
        return None
    stage, factor, raises = _show_parts(a)
    if not raises:
        return None
    return Reason("show_no", count=factor,
                  chance=in_tenths(show_odds(a.rules, a.hand, stage)))


def _bombs(a: Ask) -> int:
    """Bombs and rockets of the hand's best plan, as the 加倍 model counts them."""
    role = "landlord" if a.landlord else "farmer"
    return hand_features(a.rules, a.hand, role, "" if a.landlord else a.bottom).bombs


def _double_chance(a: Ask) -> int:
    return in_tenths(double_odds(a.rules, a.hand, a.landlord, a.bottom))


def _double_bombs(a: Ask, x: int | bool) -> Reason | None:
    if a.phase != Phase.DOUBLE or x is not True or not answer_of(a):
        return None
    bombs = _bombs(a)
    return Reason("double_bombs", count=bombs, chance=_double_chance(a)) if bombs else None


def _double_odds(a: Ask, x: int | bool) -> Reason | None:
    if a.phase != Phase.DOUBLE or x is not True or not answer_of(a):
        return None
    return Reason("double_odds", chance=_double_chance(a))


def _double_weak(a: Ask, x: int | bool) -> Reason | None:
    if a.phase != Phase.DOUBLE or x is not False or answer_of(a):
        return None
    return Reason("double_weak", count=a.multiplier, chance=_double_chance(a))


AUCTION_CHECKS: dict[str, Callable[[Ask, int | bool], Reason | None]] = {
    "bid_odds": _bid_odds, "bid_table": _bid_table, "bid_redeal": _bid_redeal,
    "bid_weak": _bid_weak, "bid_outbid": _bid_outbid,
    "call_odds": _call_odds, "call_redeal": _call_redeal, "call_weak": _call_weak,
    "grab_odds": _grab_odds, "grab_weak": _grab_weak,
    "show_start": _show_start, "show_yes": _show_yes, "show_outdone": _show_outdone,
    "show_no": _show_no,
    "double_bombs": _double_bombs, "double_odds": _double_odds, "double_weak": _double_weak,
}
AUCTION_REASONS = tuple(AUCTION_CHECKS)
"""Every auction reason kind, in the order :func:`explain_auction` tries them."""
YES_KINDS = frozenset({"bid_odds", "bid_table", "bid_redeal", "call_odds", "call_redeal",
                       "grab_odds", "show_yes", "double_bombs", "double_odds"})
"""The kinds that explain a bid or a yes (the others explain 不叫 or a no)."""


def auction_reason_holds(kind: str, ask: Ask, answer: int | bool) -> Reason | None:
    """The reason ``kind`` for ``answer`` to ``ask``, if it is true there."""
    return AUCTION_CHECKS[kind](ask, answer)


def explain_auction(ask: Ask, answer: int | bool) -> Reason | None:
    """The first reason of :data:`AUCTION_REASONS` true of ``answer``, or None (none
    holds: the answer is not the AI's)."""
    for check in AUCTION_CHECKS.values():
        got = check(ask, answer)
        if got is not None:
            return got
    return None


__all__ = ["AUCTION_REASONS", "YES_KINDS", "Ask", "answer_of", "ask_of",
           "auction_reason_holds", "explain_auction", "in_tenths", "stake_of"]

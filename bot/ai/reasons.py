"""Why the AI plays what it plays: a fixed set of reasons it can attribute to a play.

:func:`explain` takes a position (what :func:`bot.ai.choose_play` takes) and a play (the
hint) and returns the first :class:`Reason` of :data:`REASONS` that is true of them, or
None. Each reason has a checker that looks only at the position and the play, so a reason
is never shown where it does not hold (``tests/ai/test_reasons.py`` tries each one on
positions where it holds and where it does not). A reason that claims something of the
other hands (``bomb_win``: nobody can stop you; ``block``: he cannot go out on it;
``partner_holds``: nobody still to act can beat it; ``top_card``) is checked against every
card this seat cannot place, as the guards of :mod:`bot.ai.guards` read them. The last
kinds are fallbacks: with them every pass that could beat (``partner_ahead``,
``breaks_hand``, ``partner_next``, ``saves_answer``) and every play (``lowest_beat``,
``bomb_back``, ``plan_group``, ``plays_left``) has a reason, stated from the planner's own
numbers. The words live with the other words
(``bot/words/reasons.py``); ``cards`` and ``count`` fill them in. The auction's reasons are
in :mod:`bot.ai.auction_reasons`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from bot.engine import Pass, Play, Rules, reading_of
from bot.engine.errors import RuleError
from bot.engine.kinds import PLAIN_RUNS  # the runs "keeps your chain" names

from . import guards
from .cooperation import (
    feed_partner,
    lowest_single,
    open_to,
    partner_leads,
    wins_from_here,
)
from .guarded import view_of
from .move import Counts, Move, move_of_play, subtract, to_play
from .movegen import beating_moves, lead_moves
from .position import turn_of
from .situation import HistoryItem, Situation, read_situation
from .turn import Turn


@dataclass(frozen=True)
class Reason:
    """A reason kind and what its sentence names: ``cards`` (a chain kept, the play that
    holds, the answer held back), ``count`` (cards an opponent or the partner has left,
    plays the hand's plan has left; in the auction a bid, a multiplier or bombs) and
    ``chance`` (the auction's win chance, in tenths: "about 7 in 10"); ``risk``: a kind of
    :data:`bot.ai.guards.RISKS` when the play breaks a rule every player expects (a hint
    alternative kept though risky: its words say the risk after the reason); ``stake``:
    for a bomb or rocket, the table's multiplier before and after it ("×4 → ×8 for
    everyone", :func:`bot.ai.guards.stake_after`; (0, 0) for any other play)."""

    kind: str
    cards: str = ""
    count: int = 0
    chance: int = 0
    risk: str = ""
    stake: tuple[int, int] = (0, 0)


@dataclass
class Position:
    """A situation, its heuristic turn and the legal moves (leads, or answers to beat)."""

    sit: Situation
    turn: Turn
    moves: list[Move]
    bottom: str | Counts = ""
    shown: Mapping[int, str | Counts] | None = None

    @property
    def total(self) -> int:
        return sum(self.sit.hand)


def position_of(rules: Rules, hand: str | Counts, history: Sequence[HistoryItem],
                landlord: int, seat: int, bottom: str | Counts = "",
                shown: Mapping[int, str | Counts] | None = None) -> Position:
    sit = read_situation(rules, hand, history, landlord, seat, bottom, shown)
    moves = lead_moves(sit.hand, sit.v) if sit.last_move is None else \
        beating_moves(sit.hand, sit.last_move, sit.v)
    return Position(sit, turn_of(sit), moves, bottom, shown)


def _wins_now(p: Position, m: Move | None) -> Reason | None:
    return Reason("wins_now") if m is not None and m.n == p.total else None


def _bomb_win(p: Position, m: Move | None) -> Reason | None:
    """A bomb or rocket after which the deal is won whatever the unseen cards hold
    (:func:`bot.ai.guards.sure_win`: nobody could beat it or the plays left but one)."""
    if m is None or not m.cls or m.n == p.total or not wins_from_here(p.turn, m):
        return None
    play = to_play(m, p.sit.v, p.sit.last)
    if play is None or not guards.sure_win(view_of(p.sit, p.bottom, p.shown), play, p.turn):
        return None
    return Reason("bomb_win", m.text)


def _feed_partner(p: Position, m: Move | None) -> Reason | None:
    if m is None or p.sit.last is not None or feed_partner(p.turn) is None:
        return None
    low = lowest_single(p.moves)
    return Reason("feed_partner", m.text, 1) if low is not None and low == m else None


def _block(p: Position, m: Move | None) -> Reason | None:
    """A lead none of the opponents down to one or two cards could go out on, while some
    other lead would let one of them go out (read from the cards unseen)."""
    t = p.turn
    if m is None or t.last is not None or open_to(t, m):
        return None
    tempting = sorted((x for x in p.moves if open_to(t, x)), key=lambda x: (x.n, x.main))
    if not tempting:
        return None
    view = view_of(p.sit, p.bottom, p.shown)
    short = guards.short_opponents(view)
    play = to_play(m, t.v, None)
    if play is None or any(guards.goes_out_on(view, o, play) for o in short):
        return None
    for x in tempting:
        lead = to_play(x, t.v, None)
        out = [o for o in short if lead is not None and guards.goes_out_on(view, o, lead)]
        if out:
            return Reason("block", m.text, view.counts[out[0]])
    return None


def _partner_holds(p: Position, m: Move | None) -> Reason | None:
    """A pass on the partner's play that no opponent still to act could beat from the
    cards unseen (:func:`bot.ai.guards.partner_holds`): it holds the trick."""
    if m is not None or not p.moves or not partner_leads(p.turn):
        return None
    return Reason("partner_holds") if guards.partner_holds(view_of(p.sit, p.bottom, p.shown)) \
        else None


def _partner_ahead(p: Position, m: Move | None) -> Reason | None:
    """A pass on the partner's play that the guards find safe, though an opponent still to
    act could beat it: none of them is down to one or two cards and able to beat it while
    this hand has an answer they could not beat (``let_stand_unsafe`` of
    :func:`bot.ai.guards.violations`). The words say only that the play is the partner's."""
    if m is not None or not p.moves or not partner_leads(p.turn):
        return None
    view = view_of(p.sit, p.bottom, p.shown)
    if "let_stand_unsafe" in guards.violations(view, Pass(p.sit.seat)):
        return None
    return Reason("partner_ahead")


def _no_answer(p: Position, m: Move | None) -> Reason | None:
    return Reason("no_answer") if m is None and p.sit.last is not None and not p.moves \
        else None


def _keep_bomb(p: Position, m: Move | None) -> Reason | None:
    if m is not None or not p.moves or partner_leads(p.turn):
        return None
    return Reason("keep_bomb") if all(x.cls for x in p.moves) else None


def _keeps_chain(p: Position, m: Move | None) -> Reason | None:
    """A sequence of the plan of the cards left, which another play of the same kind and
    size would have broken."""
    if m is None or m.n == p.total:
        return None
    after = subtract(p.sit.hand, m.cards)
    seqs = [g for g in p.turn.planner.plan(after).groups if g.kind in PLAIN_RUNS]
    for g in sorted(seqs, key=lambda g: -g.n):
        for x in p.moves:
            if x.kind != m.kind or x.n != m.n or x == m:
                continue
            left = subtract(p.sit.hand, x.cards)
            if any(left[r] < c for r, c in enumerate(g.cards)):
                return Reason("keeps_chain", g.text)
    return None


def _top_card(p: Position, m: Move | None) -> Reason | None:
    """No play of the same kind can be made from all the cards still out (bombs aside)."""
    if m is None or m.cls or m.n == p.total:
        return None
    sit = p.sit
    out = sit.unknown[:]
    for s in range(sit.players):
        if s != sit.seat:
            out = [a + b for a, b in zip(out, sit.known[s], strict=True)]
    if sum(out) < m.n:
        return None
    if any(not x.cls for x in beating_moves(out, m, sit.v)):
        return None
    return Reason("top_card", m.text)


def _sheds_weakest(p: Position, m: Move | None) -> Reason | None:
    """A lead of the plan's group with the lowest main rank (bombs aside)."""
    if m is None or p.sit.last is not None or m.cls or m.n == p.total:
        return None
    groups = [g for g in p.turn.planner.plan(p.sit.hand).groups if not g.cls]
    if len(groups) < 2 or m not in groups:
        return None
    return Reason("sheds_weakest", m.text) if m.main == min(g.main for g in groups) else None


# ------------------------------------------------------------ fallbacks
# with these, every pass and every play the hand can make has a reason that holds
def plays_of(p: Position, hand: Counts) -> int:
    """How many plays the planner's best plan of ``hand`` has (0 for no cards)."""
    return len(p.turn.planner.plan(hand).groups) if any(hand) else 0


def lowest_answer(p: Position) -> Move | None:
    """The lowest answer that beats the trick's play, bombs aside (None when leading or
    when only bombs beat it)."""
    if p.sit.last is None:
        return None
    plain = [x for x in p.moves if not x.cls]
    return min(plain, key=lambda x: (x.main, x.n)) if plain else None


def _breaks_hand(p: Position, m: Move | None) -> Reason | None:
    """A pass where the lowest answer leaves the hand no fewer plays than it has now: the
    answer breaks up more of the plan than the one play it makes."""
    low = lowest_answer(p) if m is None and not partner_leads(p.turn) else None
    if low is None:
        return None
    after = plays_of(p, subtract(p.sit.hand, low.cards))
    return Reason("breaks_hand", low.text, after) if after >= plays_of(p, p.sit.hand) \
        else None


def _partner_next(p: Position, m: Move | None) -> Reason | None:
    """A farmer's pass on the landlord's play, with a partner still to play in the trick."""
    t = p.turn
    if m is not None or lowest_answer(p) is None or t.seat == t.landlord or \
            t.last_seat != t.landlord:
        return None
    return Reason("partner_next") if any(t.same_side(s, t.seat) for s in t.seats_after()) \
        else None


def _saves_answer(p: Position, m: Move | None) -> Reason | None:
    """Any pass on an opponent's play that the hand could beat without a bomb: the lowest
    answer is kept."""
    low = lowest_answer(p) if m is None and not partner_leads(p.turn) else None
    return Reason("saves_answer", low.text) if low is not None else None


def _lowest_beat(p: Position, m: Move | None) -> Reason | None:
    """The lowest answer that beats the trick's play (bombs aside)."""
    low = lowest_answer(p) if m is not None and not m.cls else None
    return Reason("lowest_beat", m.text) if low is not None and low == m else None


def _plan_group(p: Position, m: Move | None) -> Reason | None:
    """A play of the hand's best plan, and how many plays the plan has left after it."""
    if m is None or m.n == p.total:
        return None
    plan = p.turn.planner.plan(p.sit.hand)
    return Reason("plan_group", m.text, len(plan.groups) - 1) if m in plan.groups else None


def _bomb_back(p: Position, m: Move | None) -> Reason | None:
    """A bomb on an opponent's play (every play it answers is beaten by it)."""
    if m is None or not m.cls or p.sit.last is None or partner_leads(p.turn):
        return None
    return Reason("bomb_back", m.text)


def _plays_left(p: Position, m: Move | None) -> Reason | None:
    """Any play: how many plays the planner's best plan of the cards left has."""
    if m is None or m.n == p.total:
        return None
    return Reason("plays_left", m.text, plays_of(p, subtract(p.sit.hand, m.cards)))


CHECKS: dict[str, Callable[[Position, Move | None], Reason | None]] = {
    "wins_now": _wins_now, "bomb_win": _bomb_win, "feed_partner": _feed_partner,
    "block": _block, "partner_holds": _partner_holds, "partner_ahead": _partner_ahead,
    "no_answer": _no_answer,
    "keep_bomb": _keep_bomb, "keeps_chain": _keeps_chain, "top_card": _top_card,
    "sheds_weakest": _sheds_weakest,
    "breaks_hand": _breaks_hand, "partner_next": _partner_next,
    "saves_answer": _saves_answer, "lowest_beat": _lowest_beat, "bomb_back": _bomb_back,
    "plan_group": _plan_group, "plays_left": _plays_left,
}
REASONS = tuple(CHECKS)
"""Every reason kind, in the order :func:`explain` tries them."""


def move_for(p: Position, play: Play | str | None) -> Move | None:
    """The AI move of a play given as an engine Play, notation (its default reading
    against the trick) or ``""`` / None for a pass."""
    if play is None or play == "":
        return None
    if isinstance(play, str):
        try:
            play = reading_of(play, p.sit.v.rules, last=p.sit.last)
        except RuleError:
            return None
    return move_of_play(play, p.sit.v)


def reason_holds(kind: str, p: Position, play: Play | str | None) -> Reason | None:
    """The reason ``kind`` for ``play`` in the position, if it is true there."""
    return CHECKS[kind](p, move_for(p, play))


def explain(rules: Rules, hand: str | Counts, history: Sequence[HistoryItem], landlord: int,
            seat: int, play: Play | str | None, bottom: str | Counts = "",
            shown: Mapping[int, str | Counts] | None = None) -> Reason | None:
    """The first reason of :data:`REASONS` true of ``play`` in the position, or None."""
    p = position_of(rules, hand, history, landlord, seat, bottom, shown)
    m = move_for(p, play)
    if m is not None and any(c > h for c, h in zip(m.cards, p.sit.hand, strict=True)):
        return None
    for check in CHECKS.values():
        got = check(p, m)
        if got is not None:
            return got
    return None


__all__ = ["REASONS", "Position", "Reason", "explain", "position_of", "reason_holds"]

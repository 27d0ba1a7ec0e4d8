"""The heuristic player: one step of look-ahead over a hand decomposition.

Every candidate (and passing) gets a value::

    value = - cost(plan of the cards left)          # fewer, stronger groups is better
            + LEAD_VALUE * P(the play stands)        # keeping the lead is worth a turn
            - danger                                 # an opponent about to go out
            + partner terms                          # don't beat a winning partner, feed him

Leads are taken from the groups of the hand's best decomposition (plus a few simple
alternatives), follows from the pruned legal answers. A hand whose groups are all sure
winners but one plays the sure ones first. The same code plays every seat in the search's
simulated deals, where the :class:`Turn` carries an exact opposition instead of an estimate,
and where the searching seat's opponents answer eagerly (:func:`eager_answer`: their lowest
play of the kind, as many players play) until :mod:`.styles` reads them otherwise.
"""

from __future__ import annotations

from bot.engine.cards import BLACK, FLOWER, RED, TWO

from .cooperation import allowed, feed_partner, forced_lead
from .move import Move, subtract
from .movegen import beating_moves, lead_moves
from .turn import Turn

LEAD_VALUE = 0.7  # worth of keeping the lead after a play
PASS_TO_PARTNER = 0.9  # worth of leaving a winning trick to the partner
LOSE_LEAD = 0.6  # cost of letting an opponent keep the lead
BOMB_USE = 0.45  # reluctance to spend a bomb (the stake doubles for both sides)
DANGER_OUT = 3.0  # an opponent can go out by beating this play
DANGER_SINGLE = {1: 3.0, 2: 1.2}  # leading a single into an opponent with 1-2 cards
DANGER_PASS = {1: 2.5, 2: 1.5, 3: 0.6}  # passing while an opponent this close keeps the lead
FEED = 1.6  # leading what a partner about to go out can beat
WINNING_COST = 1.2  # a hand this cheap to play out is all but won
BOMB_WIN = 0.3  # bonus for a bomb that leaves such a hand
LEAD_CARDS = 0.12  # per card: a lead that sheds more cards is harder to answer
BREAK_BOMB = 0.8  # cost of breaking a bomb or rocket into other plays (its double is lost)


def choose_move(t: Turn, moves: list[Move] | None = None) -> Move | None:
    """The heuristic's play (None: pass). ``moves`` are the turn's legal moves
    (``lead_moves`` or ``beating_moves`` of the hand) when the caller has them already;
    they are not modified."""
    if t.last is None:
        return _lead(t, moves)
    return _follow(t, moves)


def value_of(t: Turn, m: Move, after_cost: float | None = None) -> float:
    """The heuristic value of playing ``m`` (leading or following); ``after_cost`` is the
    cost of the cards left if already known."""
    if after_cost is None:
        after = subtract(t.hand, m.cards)
        if not any(after):
            return 100.0
        after_cost = t.planner.cost(after)
    q = -after_cost + LEAD_VALUE * t.opp.strength(m.kind, m.n, m.main)
    q -= _danger(t, m)
    if m.cls:
        q -= _bomb_reluctance(t, after_cost)
    elif breaks_bomb(t, m):
        q -= _break_cost(t)
    return q


def breaks_bomb(t: Turn, m: Move) -> bool:
    """Does ``m``, not itself a bomb, take cards of a natural bomb (four of a rank; in four
    a rank held four times or more left with fewer than four) or one joker of a rocket?
    Wild cards aside."""
    if m.cls:
        return False
    hand, cards = t.hand, m.cards
    for r in range(TWO + 1):
        if hand[r] >= 4 and cards[r] and hand[r] - cards[r] < 4 and r != t.v.wslot:
            return True
    return (not t.v.four and hand[BLACK] > 0 and hand[RED] > 0
            and cards[BLACK] + cards[RED] == 1)


def _break_cost(t: Turn) -> float:
    """Breaking a bomb costs its double, unless an opponent is about to go out."""
    return _by_closeness(t, BREAK_BOMB)


def _by_closeness(t: Turn, full: float) -> float:
    """``full``, halved when an opponent is down to 3-4 cards, nothing from 2."""
    fewest = min(t.counts[o] for o in t.opp.seats) if t.opp.seats else 99
    if fewest <= 2:
        return 0.0
    if fewest <= 4:
        return full / 2
    return full


def _lead(t: Turn, given: list[Move] | None = None) -> Move | None:
    hand = t.hand
    if t.fast:
        # rollouts trust the plan's groups (always plays, except a lone flower, and those
        # that would strand the flower)
        moves: list[Move] = []
        plan = t.planner.plan(hand)
        total = sum(hand)
        strand = t.v.flower and hand[FLOWER] > 0
        groups = [g for g in plan.groups if g.kind in t.v.classes
                  and not (strand and g.n == total - 1 and not g.cards[FLOWER])]
        if len(groups) == 1 and groups[0].n == total:
            return groups[0]
        if feed_partner(t) is not None:
            moves = lead_moves(hand, t.v) if given is None else given
            fed = forced_lead(t, moves)
            if fed is not None:
                return fed
        if not groups:
            moves = lead_moves(hand, t.v) if given is None else given
            return max(moves, key=lambda m: m.n) if moves else None
        groups = allowed(t, groups)
    else:
        total = sum(hand)
        moves = lead_moves(hand, t.v) if given is None else given
        finishing = [m for m in moves if m.n == total]
        if finishing:
            return min(finishing, key=lambda m: m.cls)
        fed = forced_lead(t, moves)
        if fed is not None:
            return fed
        moves = allowed(t, moves)
        legal = {m.key: m for m in moves}
        plan = t.planner.plan(hand)
        groups = [g for g in plan.groups if g.key in legal]
    if len(groups) >= 2:
        opp = t.opp
        sure = [g for g in groups if opp.strength(g.kind, g.n, g.main) >= 0.999]
        if sure and len(groups) - len(sure) <= 1:
            return max(sure, key=lambda g: (g.cls == 0, g.n, -g.main))
    cands = {g.key: g for g in groups}
    best, best_q = None, float("-inf")
    if t.fast:
        # the plan minus one of its groups costs about the plan minus that group's cost
        for m in cands.values():
            cost = t.planner.move_cost(m)
            q = (cost + LEAD_VALUE * t.opp.strength(m.kind, m.n, m.main)
                 - _danger(t, m) + _feed(t, m)
                 - (_bomb_reluctance(t, plan.cost - cost) if m.cls else 0.0)
                 + LEAD_CARDS * m.n)
            if q > best_q:
                best, best_q = m, q
        if best is not None:
            return best
    for m in _simple_leads(moves):
        cands.setdefault(m.key, m)
    if not cands:
        cands = {m.key: m for m in moves}
    for m in cands.values():
        q = value_of(t, m) + _feed(t, m) + LEAD_CARDS * m.n
        if q > best_q:
            best, best_q = m, q
    return best


def _simple_leads(moves: list[Move]) -> list[Move]:
    """The lowest single and pair, whatever the plan says."""
    out = []
    for kind in ("single", "pair"):
        ms = [m for m in moves if m.kind == kind]
        if ms:
            out.append(min(ms, key=lambda m: m.main))
    return out


def _follow(t: Turn, given: list[Move] | None = None) -> Move | None:
    assert t.last is not None and t.last_seat is not None
    hand = t.hand
    cands = beating_moves(hand, t.last, t.v) if given is None else given
    if not cands:
        return None
    total = sum(hand)
    finishing = [m for m in cands if m.n == total]
    if finishing:
        return min(finishing, key=lambda m: m.cls)
    if t.eager and (t.eager_partner or not t.same_side(t.last_seat, t.seat)):
        answer = eager_answer(t.last, cands)
        if answer is not None:
            return answer
    cands = allowed(t, cands)
    best: Move | None = None
    best_q = _pass_value(t)
    if t.fast:
        # plays that are groups of the plan cost about the plan minus the group; of the
        # others, only the cheapest, the strongest and the weakest bomb are weighed
        plan = t.planner.plan(hand)
        groups = {g.key: t.planner.move_cost(g) for g in plan.groups
                  if g.kind in t.v.classes}
        plain = [m for m in cands if not m.cls]
        others: list[Move] = []
        # a bomb of the plan is weighed when the player must (the last cards of the play's
        # owner are one play: let it stand and he goes out)
        for m in (cands if t.last_seat in t.out_next else plain):
            c = groups.get(m.key)
            if c is not None:
                q = value_of(t, m, plan.cost - c)
                if q > best_q:
                    best, best_q = m, q
        if plain:
            lo = min(plain, key=lambda m: (m.main, m.n))
            hi = max(plain, key=lambda m: (m.main, -m.n))
            others = [lo] if lo is hi else [lo, hi]
        bombs = [m for m in cands if m.cls]
        if bombs:
            others.append(min(bombs, key=lambda m: (m.cls, m.n, m.main)))
        cands = [m for m in others if m.key not in groups]
    for m in cands:
        q = value_of(t, m)
        if q > best_q:
            best, best_q = m, q
    return best


def eager_answer(last: Move, cands: list[Move]) -> Move | None:
    """How an eager player answers ``last``: with his lowest play of its kind, whoever's
    it is (None: no such play; bombs are not of its kind)."""
    same = [m for m in cands if not m.cls and m.kind == last.kind and m.n == last.n]
    return min(same, key=lambda m: m.main) if same else None


def _pass_value(t: Turn) -> float:
    assert t.last is not None and t.last_seat is not None
    q = -t.planner.cost(t.hand)
    last, ls = t.last, t.last_seat
    if t.same_side(ls, t.seat):
        opps_after = tuple(s for s in t.seats_after() if not t.same_side(s, t.seat))
        hold = t.opp.strength(last.kind, last.n, last.main, opps_after) if opps_after else 1.0
        q += LEAD_VALUE * hold + PASS_TO_PARTNER
        if t.counts[ls] <= 2:
            q += 2.0
    else:
        danger = DANGER_PASS.get(t.counts[ls], 0.0)
        if ls in t.out_next:  # let this stand and he leads his last cards
            danger = max(danger, DANGER_OUT)
        q -= LOSE_LEAD + danger
    return q


def _danger(t: Turn, m: Move) -> float:
    """Risk that an opponent close to going out answers ``m`` and gets the lead."""
    d = 0.0
    for o in t.opp.seats:
        c = t.counts[o]
        if c > 3:
            continue
        beat = 1.0 - t.opp.strength(m.kind, m.n, m.main, (o,))
        if not beat:
            continue
        if m.n == c:
            d += DANGER_OUT * beat
        elif m.kind == "single" and c in DANGER_SINGLE:
            d += DANGER_SINGLE[c] * beat
    return d


def _bomb_reluctance(t: Turn, after_cost: float) -> float:
    """Spend bombs freely when an opponent is about to go out, and gladly when the hand
    left (costing ``after_cost``) is all but won (the bomb doubles what the deal is worth)."""
    if after_cost <= WINNING_COST:
        return -BOMB_WIN
    return _by_closeness(t, BOMB_USE)


def _feed(t: Turn, m: Move) -> float:
    """Bonus for leading a low single or pair that a partner about to go out can beat."""
    if m.cls or m.kind not in ("single", "pair"):
        return 0.0
    bonus = 0.0
    pool = sum(t.unknown)
    if not pool:
        return 0.0
    for p in range(len(t.counts)):
        if p == t.seat or not t.same_side(p, t.seat) or t.counts[p] != m.n:
            continue
        if m.n == 1:
            higher = sum(t.unknown[r] for r in range(m.main + 1, 15))
            chance = higher / pool
        else:
            pairs = sum(n * (n - 1) for r, n in enumerate(t.unknown) if r > m.main and r < 15)
            chance = min(1.0, pairs / max(1, pool * (pool - 1)) * 3)
        bonus += FEED * chance
    return bonus

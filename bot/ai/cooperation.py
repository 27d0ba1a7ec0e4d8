"""Table manners: the farmers' cooperation and the blocks against a player about to go out.

Rules every level keeps (the heuristic, the search's candidates and its rollouts):

- A farmer never bombs his partner's play (the partner holds the trick for now) unless the
  bomb ends the deal or wins it from there (:func:`wins_from_here`); when no opponent is
  left to answer the partner's play, he does not beat it at all unless he goes out
  (:func:`partner_holds`).
- A farmer whose partner plays next and has one card left (报单) leads his lowest single,
  unless an opponent is down to one card too.
- Nobody leads a single (or a pair) that an opponent holding exactly one card (two cards)
  could beat while another lead is possible; when only singles are left, the strongest.

:func:`blunders` names the rules a chosen move breaks (the bench's blunder counter and the
position suite use it).
"""

from __future__ import annotations

from .move import Move, subtract
from .turn import Turn

SURE = 0.999  # a play this likely to stand is taken as sure


def wins_from_here(t: Turn, m: Move) -> bool:
    """After ``m``, is the deal won with the lead kept: ``m`` stands and every group of the
    cards left is sure to stand, but one (played last)?"""
    after = subtract(t.hand, m.cards)
    if not any(after):
        return True
    if t.opp.strength(m.kind, m.n, m.main) < SURE:
        return False
    # the flower left as a kicker (``wild_kicker``) is no play: it goes out with another
    groups = [g for g in t.planner.plan(after).groups if g.kind in t.v.classes]
    unsure = sum(1 for g in groups if t.opp.strength(g.kind, g.n, g.main) < SURE)
    return unsure <= 1


def partner_holds(t: Turn) -> bool:
    """Is the trick won by a partner whom no opponent can answer any more?"""
    ls = t.last_seat
    if ls is None or ls == t.seat or not t.same_side(ls, t.seat):
        return False
    return all(t.same_side(s, t.seat) for s in t.seats_after())


def partner_leads(t: Turn) -> bool:
    """Is the play to beat the partner's?"""
    ls = t.last_seat
    return ls is not None and ls != t.seat and t.same_side(ls, t.seat)


def feed_partner(t: Turn) -> int | None:
    """The partner to feed: a farmer acting right after this one, down to one card, while
    no opponent is; None when there is none (or when this seat is not leading)."""
    if t.last is not None or t.seat == t.landlord:
        return None
    nxt = (t.seat + 1) % len(t.counts)
    if nxt == t.landlord or t.counts[nxt] != 1:
        return None
    if any(t.counts[o] == 1 for o in t.opp.seats):
        return None
    return nxt


def lowest_single(moves: list[Move]) -> Move | None:
    singles = [m for m in moves if m.kind == "single" and not m.cls]
    return min(singles, key=lambda m: m.main) if singles else None


def open_to(t: Turn, m: Move) -> bool:
    """Could an opponent holding exactly ``m.n`` cards (one or two) beat this single or
    pair and go out?"""
    if m.cls or m.kind not in ("single", "pair"):
        return False
    return any(t.counts[o] == m.n and t.opp.strength(m.kind, m.n, m.main, (o,)) < 1.0
               for o in t.opp.seats)


def allowed(t: Turn, moves: list[Move]) -> list[Move]:
    """The moves the rules above leave (never none when ``moves`` has some)."""
    if not moves:
        return moves
    total = sum(t.hand)
    if t.last is not None:
        if partner_leads(t):
            return [m for m in moves if not m.cls or m.n == total or wins_from_here(t, m)]
        return moves
    if not any(t.counts[o] <= 2 for o in t.opp.seats):
        return moves
    safe = [m for m in moves if m.n == total or not open_to(t, m)]
    if safe:
        return safe
    return [max(moves, key=lambda m: (m.main, m.n))]


def forced_lead(t: Turn, moves: list[Move]) -> Move | None:
    """The lead the feeding rule asks for, if any (a finishing lead comes first)."""
    if feed_partner(t) is None:
        return None
    total = sum(t.hand)
    if any(m.n == total for m in moves):
        return None
    return lowest_single(moves)


def blunders(t: Turn, move: Move | None, moves: list[Move]) -> list[str]:
    """The rules ``move`` breaks in the turn, by name (``moves``: the legal ones):

    ``bomb_partner``, ``beat_partner`` (a partner's play nobody can answer), ``no_feed``
    (not the lowest single to a partner with one card) and ``open_single`` /
    ``open_pair`` (a lead an opponent with that many cards can beat, with a safe one at
    hand)."""
    out: list[str] = []
    if move is None:
        return out
    total = sum(t.hand)
    if move.n == total:
        return out
    if t.last is not None:
        if partner_leads(t) and move.cls and not wins_from_here(t, move):
            out.append("bomb_partner")
        if partner_holds(t):
            out.append("beat_partner")
        return out
    if wins_from_here(t, move):
        return out
    if feed_partner(t) is not None:
        low = lowest_single(moves)
        if low is not None and (move.kind != "single" or move.main > low.main):
            out.append("no_feed")
    if open_to(t, move) and any(not open_to(t, m) for m in moves):
        out.append("open_single" if move.n == 1 else "open_pair")
    return out

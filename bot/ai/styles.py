"""How the other players answer plays, read from the deal's public history.

The search simulates the seat's opponents as *eager* answerers (they answer a play with
their lowest play of its kind whenever they hold one:
:func:`bot.ai.policy.eager_answer`) until the deal shows otherwise: an opponent who
answered a single or a pair with a higher one than he could have played, passed on one
he could have beaten with a single or pair, or led a play without his lowest card (an
eager player starts with it), is simulated by the heuristic from then on. He could have
played it because he held it: the cards a player plays later were in his hand at every
earlier turn. Wild ranks and the flower are left out (a wild card may have been kept for
what it stands for).

A partner's play is read apart (:attr:`Styles.partner`): an eager opponent answers his
partner's plays eagerly too, as RLCard's rule agent does, until he passes on one with an
answer in hand, or one he most likely could beat (:data:`LIKELY`, from the cards he could
hold then): he is a player who lets his partner's trick stand, and the rollouts leave
those plays to the heuristic. A pass on a partner's play says nothing of how he answers
his opponents.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

from bot.engine.cards import BLACK, RED

from .move import Move
from .situation import Situation

LIKELY = 0.9  # a pass on a partner's play he most likely could beat: he lets it stand


@dataclass(frozen=True)
class Styles:
    """How the seat's opponents answer, as far as the deal shows."""

    eager: frozenset[int]  # they answer their opponents' plays eagerly
    partner: frozenset[int]  # ... and their partner's plays too


def read_styles(sit: Situation) -> Styles:
    """The seat's opponents whom the deal has not shown playing otherwise than eagerly
    (every answer of theirs the lowest they held, no pass on an opponent's play with an
    answer in hand, every lead holding their lowest card), and those of them not shown
    letting their partner's play stand (a pass on it with an answer in hand, or most
    likely in hand)."""
    opps = set(sit.opponents())
    if not opps:
        return Styles(frozenset(), frozenset())
    n = sit.players
    # what each seat plays after the move at hand: all it played, less what it played so far
    later = [row[:] for row in sit.played]
    eager = set(opps)
    partner = set(opps)
    last: Move | None = None
    last_seat = -1
    passes = 0
    for s, m in sit.moves:
        if m is None:
            if last is not None:
                if s in opps and not sit.same_side(s, last_seat):
                    if _held_higher(sit, last, later[s]):
                        eager.discard(s)
                elif s in opps and (_held_higher(sit, last, later[s]) or
                                    _likely_held(sit, last, s, later) >= LIKELY):
                    partner.discard(s)
                passes += 1
                if passes >= n - 1:
                    last, passes = None, 0
            continue
        mine = later[s]
        for r, c in enumerate(m.cards):
            mine[r] -= c
        if s in eager and (_held_lower(sit, last, m, mine) if last is not None
                           else _kept_lowest(sit, m, mine)):
            eager.discard(s)
        last, last_seat, passes = m, s, 0
    return Styles(frozenset(eager), frozenset(partner))


def _likely_held(sit: Situation, last: Move, s: int, later: list[list[int]]) -> float:
    """The chance, from the unseen cards then, that ``s`` held a natural single or pair
    beating ``last`` when he passed on it."""
    ranks = _answer_ranks(sit, last, RED + 1)
    if not ranks:
        return 0.0
    pool = sit.unknown[:]
    for o in range(sit.players):
        if o != sit.seat:
            for r, c in enumerate(later[o]):
                pool[r] += c
    held = sit.counts[s] + sum(later[s])
    total = sum(pool)
    if held <= 0 or total < held:
        return 0.0
    if last.n == 1:
        high = sum(pool[r] for r in ranks)
        return 1.0 - comb(total - high, held) / comb(total, held)
    none = 1.0
    for r in ranks:
        k = pool[r]
        # fewer than two of rank r among his cards (hypergeometric), ranks taken apart
        p = (comb(total - k, held) + k * comb(total - k, held - 1)) / comb(total, held)
        none *= p
    return 1.0 - none


def _held_lower(sit: Situation, last: Move, answer: Move, later: list[int]) -> bool:
    """Did ``answer`` (to ``last``) pass over a lower single or pair its player held?"""
    if answer.cls or answer.kind != last.kind:
        return False
    return _held_between(sit, last, answer.main, later)


def _kept_lowest(sit: Situation, lead: Move, later: list[int]) -> bool:
    """Did ``lead`` keep back a card lower than all of its own (an eager player leads
    the play that holds his lowest card)?"""
    low = min(r for r, c in enumerate(lead.cards) if c)
    wild = sit.v.wslot
    return any(later[r] for r in range(low) if r != wild)


def _held_higher(sit: Situation, last: Move, later: list[int]) -> bool:
    """Did a pass on ``last`` keep a single or pair that beats it?"""
    return _held_between(sit, last, RED + 1, later)


def _held_between(sit: Situation, last: Move, below: int, later: list[int]) -> bool:
    """Are cards held (``later``: played afterwards) of a rank above ``last``'s and below
    ``below`` enough for a play of ``last``'s kind, a single or a pair?"""
    return any(later[r] >= last.n for r in _answer_ranks(sit, last, below))


def _answer_ranks(sit: Situation, last: Move, below: int) -> list[int]:
    """The natural ranks above ``last``'s and below ``below`` whose single or pair answers
    ``last``, a single or a pair (none for other plays; no pairs of jokers)."""
    if last.cls or last.kind not in ("single", "pair"):
        return []
    top = BLACK if last.n == 2 else RED + 1
    wild = sit.v.wslot
    return [r for r in range(last.main + 1, min(below, top)) if r != wild]

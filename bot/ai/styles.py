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
"""

from __future__ import annotations

from bot.engine.cards import BLACK, RED

from .move import Move
from .situation import Situation


def eager_seats(sit: Situation) -> frozenset[int]:
    """The seat's opponents whom the deal has not shown playing otherwise than eagerly:
    every answer of theirs the lowest they held, no pass with an answer in hand, every lead
    holding their lowest card."""
    opps = set(sit.opponents())
    if not opps:
        return frozenset()
    n = sit.players
    # what each seat plays after the move at hand: all it played, less what it played so far
    later = [row[:] for row in sit.played]
    eager = set(opps)
    last: Move | None = None
    passes = 0
    for s, m in sit.moves:
        if m is None:
            if last is not None:
                if s in eager and _held_higher(sit, last, later[s]):
                    eager.discard(s)
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
        last, passes = m, 0
    return frozenset(eager)


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
    if last.cls or last.kind not in ("single", "pair"):
        return False
    need = last.n
    top = BLACK if need == 2 else RED + 1  # no pairs of jokers; singles up to the red joker
    wild = sit.v.wslot
    return any(later[r] >= need for r in range(last.main + 1, min(below, top)) if r != wild)

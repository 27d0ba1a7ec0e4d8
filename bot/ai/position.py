"""The position API: the AI's play for one seat, from public information.

::

    from bot.ai import choose_play
    choose_play(rules, hand="33445566789TJQKA2BR",
                history=[(0, "34567"), (1, ""), (2, "6789T")],
                landlord=0, seat=0, bottom="2BR", shown={}, seed=0)   # "" (pass) or cards

:func:`choose_play_reading` returns the engine :class:`~bot.engine.Play` with its reading
(what a wild play stands for), or None for a pass. Both are pure: the same arguments and
seed give the same answer. ``budget_ms`` (default 100) is a safety cap on thinking time:
the amount of search is fixed by the level and sized to fit in it, so the cap only bites
on a machine slower than planned (or, here, on a first move with several laizi), and
``budget_ms=None`` removes it.

Levels: ``easy`` plays the heuristic (:mod:`bot.ai.policy`) with a greedy slip a third
of the time and never searches; ``normal`` searches every decision
(:mod:`bot.ai.search`: 4 candidates, up to 20 sampled deals); ``hard`` weighs 6
candidates over up to 40 samples. Every answer is checked with the engine before it is
returned, and held to the guards of :mod:`bot.ai.guards` (:mod:`bot.ai.guarded`): the
whole hand is played when it is one legal play, and a move that breaks a guard gives way
to the best legal play that breaks none.
"""

from __future__ import annotations

import logging
import random
import time
import zlib
from collections.abc import Mapping, Sequence

from bot.engine import Play, Rules, legal_plays
from bot.engine.cards import FLOWER, text_of_counts

from .decompose import Planner
from .guarded import guarded, view_of, win_now
from .levels import AI_LEVELS
from .move import Counts, Move, to_play
from .movegen import beating_moves, lead_moves
from .policy import choose_move
from .search import search_move
from .situation import HistoryItem, Situation, read_situation
from .turn import Turn

STRICT = False
"""When True, an AI answer the engine refuses raises AssertionError instead of being
logged and replaced by a legal one (the test suite turns it on, ``tests/conftest.py``)."""

log = logging.getLogger("ddz.ai")


def choose_play(rules: Rules, hand: str | Counts, history: Sequence[HistoryItem],
                landlord: int, seat: int, bottom: str | Counts = "",
                shown: Mapping[int, str | Counts] | None = None, seed: int = 0,
                level: str = "normal", budget_ms: float | None = 100) -> str:
    """The cards the seat should play, in sorted notation, or ``""`` to pass."""
    play = choose_play_reading(rules, hand, history, landlord, seat, bottom, shown, seed,
                               level, budget_ms)
    return play.cards if play is not None else ""


def choose_play_reading(rules: Rules, hand: str | Counts, history: Sequence[HistoryItem],
                        landlord: int, seat: int, bottom: str | Counts = "",
                        shown: Mapping[int, str | Counts] | None = None, seed: int = 0,
                        level: str = "normal", budget_ms: float | None = 100) -> Play | None:
    """The play with its declared reading (None: pass). See the module docstring."""
    if level not in AI_LEVELS:
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(AI_LEVELS)}")
    started = time.perf_counter()
    sit = read_situation(rules, hand, history, landlord, seat, bottom, shown)
    view = view_of(sit, bottom, shown)
    whole = win_now(view)
    if whole is not None:  # the deal is won by one play: nothing to search
        return whole
    rng = random.Random(position_seed(seed, sit))
    move = decide_move(sit, rng, level, budget_ms, started)
    return guarded(view, turn_of(sit), checked_play(sit, move))


def decide_move(sit: Situation, rng: random.Random, level: str,
                budget_ms: float | None, started: float | None = None) -> Move | None:
    """The AI's move for a situation (not yet checked by the engine)."""
    turn = turn_of(sit)
    if level == "easy":
        return _easy_move(turn, rng)
    return search_move(sit, turn, rng, level, budget_ms, started)


def turn_of(sit: Situation) -> Turn:
    opp = sit.opposition()
    return Turn(sit.v, sit.seat, sit.landlord, sit.hand, sit.counts, sit.last_move,
                sit.last_seat, opp, Planner(sit.v, opp), sit.unknown)


def _easy_move(turn: Turn, rng: random.Random) -> Move | None:
    """The heuristic, but a third of the time a cheaper, greedier choice."""
    if rng.random() < 0.67:
        return choose_move(turn)
    if turn.last is None:
        moves = lead_moves(turn.hand, turn.v)
        lowest = min(m.main for m in moves)
        return rng.choice([m for m in moves if m.main == lowest])
    moves = [m for m in beating_moves(turn.hand, turn.last, turn.v) if not m.cls]
    if not moves or turn.same_side(turn.last_seat or 0, turn.seat):
        return None
    return min(moves, key=lambda m: (m.main, m.n))


def checked_play(sit: Situation, move: Move | None) -> Play | None:
    """The engine play for ``move``. A refused move (a bug) is logged and falls back to
    the engine's own list (a pass when following, the lowest lead when leading), so the
    answer is always legal; under :data:`STRICT` it raises AssertionError instead."""
    if move is not None:
        play = to_play(move, sit.v, sit.last)
        if play is not None and all(c <= h for c, h in zip(move.cards, sit.hand, strict=True)) \
                and not _strands_flower(sit, move):
            return play
    elif not sit.leading:
        return None
    if not sit.leading:  # a refused answer: the only legal fallback is a pass
        _refused(sit, move)
        return None
    options = legal_plays(sit.hand, None, sit.v.rules)
    if not options:  # nothing can be led (an empty hand): passing is all there is
        return None
    _refused(sit, move)
    return min(options, key=lambda p: (len(p.cards) > 1, p.main_index))


def _strands_flower(sit: Situation, move: Move) -> bool:
    """Would ``move`` leave the flower card as the hand's only card? (docs/rules.md: never.)"""
    hand = sit.hand
    return bool(sit.v.rules.flower and hand[FLOWER] and not move.cards[FLOWER]
                and sum(hand) - sum(move.cards) == 1)


def _refused(sit: Situation, move: Move | None) -> None:
    """Report an AI answer the engine refuses: raise under :data:`STRICT`, else log."""
    what = "a pass on the lead" if move is None else f"an illegal move {move!r}"
    message = (f"AI answered {what} ({sit.v.name}, seat {sit.seat}, hand "
               f"{text_of_counts(sit.hand)!r}, last {sit.last!r}); falling back")
    if STRICT:
        raise AssertionError(message)
    log.warning(message)


def position_seed(seed: int, sit: Situation) -> int:
    """A per-position seed: the caller's seed and the public position."""
    key = f"{seed}|{sit.seat}|{sit.hand}|{len(sit.moves)}".encode()
    return zlib.crc32(key) ^ (seed * 2654435761 & 0xFFFFFFFF)

"""The hint's suggestions (提示): the AI's choice first, then its next best plays.

Pressing 提示 again in the app shows the next suggestion; :func:`plays_after` gives the
plays that follow the AI's own choice, best first by the heuristic's value
(:func:`bot.ai.policy.value_of`), each an engine :class:`~bot.engine.Play` checked legal.
Only the play phase has more than one suggestion; a pass is never suggested after the
first (nothing to show), so a hand that can only pass has the one.
"""

from __future__ import annotations

from bot.engine import Phase, Play, SeatView

from .move import Move
from .movegen import beating_moves, lead_moves
from .policy import value_of
from .position import checked_play, turn_of
from .situation import read_situation

MORE = 4  # suggestions after the AI's own, at most


def plays_after(view: SeatView, first: Play | None, more: int = MORE) -> list[Play]:
    """Up to ``more`` plays for the view's seat other than ``first`` (the AI's choice),
    best first; none outside the seat's play turn."""
    seat = view.seat
    if view.phase != Phase.PLAY or seat is None or seat != view.to_act or view.landlord is None:
        return []
    history = [(s, p if p is not None else "") for s, p in view.plays]
    sit = read_situation(view.rules, view.hand, history, view.landlord, seat,
                         view.bottom or "", dict(view.shown))
    turn = turn_of(sit)
    moves = lead_moves(turn.hand, turn.v) if turn.last is None else \
        beating_moves(turn.hand, turn.last, turn.v)
    ranked: list[tuple[float, int, Move]] = sorted(
        ((-value_of(turn, m), i, m) for i, m in enumerate(moves)), key=lambda x: x[:2])
    seen = {_key(first)} if first is not None else set()
    out: list[Play] = []
    for _, _, move in ranked:
        play = checked_play(sit, move)
        if play is None or _key(play) in seen:
            continue
        seen.add(_key(play))
        out.append(play)
        if len(out) >= more:
            break
    return out


def _key(play: Play) -> tuple[str, str, str]:
    return "".join(sorted(play.cards)), play.kind, play.main_rank


__all__ = ["MORE", "plays_after"]

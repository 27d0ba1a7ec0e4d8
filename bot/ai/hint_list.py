"""A turn's whole hint list (提示), worked out in one call: the AI's own choice first, then
in the play phase its next best plays, each with the reason the AI can give for it.

Everything a Hint press shows at one turn comes from this one call, made once per (deal,
turn, seat) off the event loop (in an AI worker process: the function and its answer are
plain, picklable values; :mod:`bot.tables.hints` keeps the answer for the turn). Like
:func:`bot.ai.agent.decide`, it sees only the seat's view.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from bot.engine import Action, Pass, Play, PlayCards, SeatView, reading_of

from .agent import decide, explain_action
from .guards import risk_of, violations
from .reasons import Reason
from .suggestions import MORE, plays_after

Decide = Callable[[SeatView, str, int], Action]
"""``decide(view, level, seed) -> action``: who chooses the first suggestion (the AI, or a
test's stand-in)."""


@dataclass(frozen=True)
class Suggestion:
    """One suggestion of the hint list: the action, why the AI would make it (None: no
    reason it can attribute) and, for a play, its reading resolved (what its words say:
    a play of four wild cards reads 1,820 ways, too many to look for at every press)."""

    action: Action
    reason: Reason | None
    play: Play | None = None


def hint_list(view: SeatView, level: str, seed: int, budget_ms: float | None = 100, *,
              first: Action | None = None,
              choose: Decide | None = None) -> tuple[Suggestion, ...]:
    """The suggestions for the view's seat (which must be the seat to act), best first:
    ``first`` (default: the AI's :func:`~bot.ai.agent.decide` at ``level`` with ``seed``
    and ``budget_ms``, or ``choose(view, level, seed)`` when given), then in the play phase
    the plays :func:`~bot.ai.suggestions.plays_after` ranks after it, less those that break a
    rule of :mod:`bot.ai.guards` (all kept, marked risky, when every one does); each with
    its reason at ``level`` (:func:`~bot.ai.agent.explain_action`)."""
    if first is None:
        first = choose(view, level, seed) if choose is not None else \
            decide(view, level, seed, budget_ms)
    out = [Suggestion(first, explain_action(view, first, level), _resolved(first, view))]
    if isinstance(first, PlayCards | Pass):
        chosen = reading_of(first.cards, view.rules, kind=first.kind,
                            main_rank=first.main) if isinstance(first, PlayCards) else None
        more = [PlayCards(first.seat, p.cards, p.kind, p.main_rank)
                for p in plays_after(view, chosen, MORE * 3)]
        out += _guarded(view, more, level)
    return tuple(out)


def _guarded(view: SeatView, more: list[PlayCards], level: str) -> list[Suggestion]:
    """The alternatives that break no rule of :mod:`bot.ai.guards` (the first
    :data:`~bot.ai.suggestions.MORE`); when every one breaks one, the first ones kept,
    each reason marked with its risk (``Reason.risk``)."""
    broken = [(a, violations(view, a)) for a in more]
    kept = [(a, "") for a, rules in broken if not rules][:MORE] or \
        [(a, risk_of(rules) or "risky_one") for a, rules in broken[:MORE]]
    return [Suggestion(a, _marked(explain_action(view, a, level), risk), _resolved(a, view))
            for a, risk in kept]


def _marked(reason: Reason | None, risk: str) -> Reason | None:
    """``reason`` with ``risk`` (a reason of its own when there is none)."""
    if not risk:
        return reason
    return Reason(risk, risk=risk) if reason is None else replace(reason, risk=risk)


def _resolved(action: Action, view: SeatView) -> Play | None:
    """The reading a play makes in the deal (as :func:`bot.words.cards.action_play`)."""
    if not isinstance(action, PlayCards):
        return None
    last = view.last[1] if view.last and view.last[0] != action.seat else None
    return reading_of(action.cards, view.rules, kind=action.kind, main_rank=action.main,
                      last=last)


__all__ = ["Decide", "Suggestion", "hint_list"]

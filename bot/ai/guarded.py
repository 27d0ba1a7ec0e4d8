"""The AI's play held to the guards of :mod:`bot.ai.guards` (issue 55).

:func:`view_of` gives the seat view of a :class:`~bot.ai.situation.Situation` (what the
position API is given: hand, history, landlord, bottom, shown hands), so the guards read
the AI's positions exactly as they read a table's. :func:`win_now` is the whole hand when
it is one legal play (the deal is won by it: no search needed), and :func:`guarded` keeps
the AI's own choice unless it breaks a rule while some legal play breaks none; then the
best of those by the heuristic's value (:func:`bot.ai.policy.value_of`).
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.engine import Pass, Play, PlayCards, SeatView
from bot.engine.cards import RANK_CHARS, text_of_counts
from bot.engine.play import make_play
from bot.engine.states import Phase

from . import guards
from .move import Counts, move_of_play
from .policy import value_of
from .situation import Situation
from .turn import Turn


def view_of(sit: Situation, bottom: str | Counts = "",
            shown: Mapping[int, str | Counts] | None = None) -> SeatView:
    """The seat view of the situation: its hand, counts, plays, the play to beat; the
    hands shown (明牌) as the cards of them still held; the bottom."""
    rules = sit.v.rules
    plays = tuple((s, make_play(m.kind, RANK_CHARS[min(m.main, len(RANK_CHARS) - 1)],
                                m.text) if m is not None else None)
                  for s, m in sit.moves)
    last = (sit.last_seat, sit.last) if sit.last is not None and sit.last_seat is not None \
        else None
    open_hands = {s: text_of_counts(sit.known[s]) for s in (shown or {})
                  if s != sit.seat and 0 <= s < sit.players and shown and shown[s]}
    bottom_text = bottom if isinstance(bottom, str) else text_of_counts(bottom)
    return SeatView(seat=sit.seat, rules=rules, phase=Phase.PLAY, to_act=sit.seat, deal=0,
                    first=0, hand=text_of_counts(sit.hand), counts=tuple(sit.counts),
                    landlord=sit.landlord, bottom=bottom_text or None, laizi=rules.laizi,
                    shown=open_hands, plays=plays, last=last)


def win_now(view: SeatView) -> Play | None:
    """The whole hand, when it is one legal play."""
    return guards.whole_hand(view)


def _action(view: SeatView, play: Play | None) -> PlayCards | Pass:
    assert view.seat is not None
    if play is None:
        return Pass(view.seat)
    return PlayCards(view.seat, play.cards, play.kind, play.main_rank)


def clean_plays(view: SeatView, broken: list[str], legal: list[Play],
                turn: Turn | None = None) -> list[Play]:
    """The legal plays that mend every rule of ``broken`` (a lead no short opponent can
    answer; a play no one-card opponent, or no short opponent (still to act), can beat; no
    bomb that does not win the race). ``turn``: the AI's turn for the view, if built."""
    out = legal
    if "lead_single_into_one" in broken or "lead_pair_into_two" in broken:
        out = [p for p in out if guards.open_lead(view, p) is None]
    if "pass_when_must_beat" in broken:
        ones = guards.with_cards(view, 1)
        out = [p for p in out if guards.safe_from(view, p, ones)]
    if "answer_into_one" in broken or "answer_into_two" in broken:
        out = [p for p in out if not guards.open_answer(view, p, legal)]
    if "let_stand_unsafe" in broken:
        danger = guards.danger_to_stand(view)
        out = [p for p in out if guards.safe_from(view, p, danger)]
    if "bomb_without_race" in broken:
        out = [p for p in out if not guards.bomb_race(view, p, turn)]
    return out


ENFORCED = guards.RULES
"""The rules the AI's move is held to (the hint's alternatives are held to every rule)."""


def guarded(view: SeatView, turn: Turn, chosen: Play | None) -> Play | None:
    """``chosen`` (None: a pass), unless it breaks a guard of :data:`ENFORCED` that some
    legal play mends: then the best such play by the heuristic's value. A bomb that does
    not win the race, following, gives way to a pass when no other play mends it and
    the pass breaks no rule."""
    broken = [r for r in guards.violations(view, _action(view, chosen)) if r in ENFORCED]
    if not broken:
        return chosen
    if "not_winning_now" in broken:
        whole = win_now(view)
        if whole is not None:
            return whole
    legal = view.legal_plays()
    options = clean_plays(view, broken, legal, turn)
    if not options:
        if broken == ["bomb_without_race"] and view.last is not None and not [
                r for r in guards.violations(view, _action(view, None), legal)
                if r in ENFORCED]:
            return None
        return chosen
    v = turn.v
    return max(options, key=lambda p: (value_of(turn, move_of_play(p, v)),
                                       -len(p.cards), p.key))


__all__ = ["ENFORCED", "clean_plays", "guarded", "view_of", "win_now"]

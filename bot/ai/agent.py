"""The adapter between the game state machine and the AI: one action for a seat.

::

    from bot.ai.agent import decide
    action = decide(game.view(game.to_act), level="normal", seed=game_seed)
    game.apply(action)

``decide`` receives a :class:`~bot.engine.view.SeatView`, never the game: what the AI sees
is what that seat may see, by construction. Each phase maps to one pure decision of
:mod:`bot.ai.bidding` or to the position API.
"""

from __future__ import annotations

from bot.engine import Play, reading_of
from bot.engine.actions import Action, Bid, Call, Double, Grab, Pass, PlayCards, Show
from bot.engine.errors import RuleError
from bot.engine.view import SeatView

from .bidding import choose_bid, choose_call, choose_double, choose_grab, choose_show
from .position import choose_play_reading
from .reasons import Reason, explain

_SHOW_STAGES = {"show_start": "start", "show_deal": "deal", "show_landlord": "landlord"}


def decide(view: SeatView, level: str = "normal", seed: int = 0,
           budget_ms: float | None = 100) -> Action:
    """The AI's action for the view's seat (which must be the seat to act), any phase."""
    if not isinstance(view, SeatView):
        raise TypeError(f"the AI decides from a SeatView, not {type(view).__name__}")
    seat = view.seat
    if seat is None or seat != view.to_act:
        raise ValueError(f"the view is seat {seat}'s, but seat {view.to_act} is to act")
    rules = view.rules
    phase = view.phase
    hand = view.hand
    if phase in _SHOW_STAGES:
        shown = max((factor for _, factor in view.shows), default=1)
        return Show(seat, choose_show(rules, hand, _SHOW_STAGES[phase], _stake(view),
                                      shown, level).show)
    if phase == "bid":
        # points bidding redeals only when nobody bids: the deals before this one
        return Bid(seat, choose_bid(rules, hand, view.bids, redeals=view.deal - 1))
    if phase == "call":
        declined = sum(1 for _, what in view.calls if what == "no_call")
        return Call(seat, choose_call(rules, hand, declined))
    if phase == "grab":
        grabs = sum(1 for _, what in view.calls if what == "grab")
        return Grab(seat, choose_grab(rules, hand, grabs, view.multiplier))
    if phase == "double":
        return Double(seat, choose_double(rules, hand, view.landlord == seat,
                                          view.bottom or "", view.multiplier))
    if phase == "play":
        if view.landlord is None:
            raise ValueError("no landlord in the play phase")
        history = [(s, p if p is not None else "") for s, p in view.plays]
        play = choose_play_reading(rules, hand, history, view.landlord, seat,
                                   view.bottom or "", dict(view.shown), seed, level, budget_ms)
        if play is None:
            return Pass(seat)
        return PlayCards(seat, play.cards, play.kind, play.main_rank)
    raise ValueError(f"nothing to decide in phase {phase!r}")


def _stake(view: SeatView) -> float:
    """The view's seat's stake per farmer in units of the room's initial multiplier: the
    table multiplier, times the 加倍 made (known once every seat chose), averaged over
    the landlord's farmers."""
    doubled = [2 if d else 1 for d in view.doubles] or [1] * view.rules.players
    if view.landlord is None or view.seat is None or len(doubled) != view.rules.players:
        return float(view.multiplier)
    mine = doubled[view.seat] * doubled[view.landlord] if view.seat != view.landlord else \
        doubled[view.landlord] * (sum(doubled) - doubled[view.landlord]) / (len(doubled) - 1)
    return float(view.multiplier * mine)


def explain_action(view: SeatView, action: Action) -> Reason | None:
    """Why the AI would play ``action`` (a play or a pass of the play phase) for the view's
    seat now: a reason of :mod:`bot.ai.reasons` that holds, or None (none holds, another
    phase, or a spectator's view). Like :func:`decide`, it sees only the seat's view."""
    if not isinstance(view, SeatView):
        raise TypeError(f"the AI explains from a SeatView, not {type(view).__name__}")
    seat = view.seat
    if view.phase != "play" or view.landlord is None or seat is None:
        return None
    if isinstance(action, Pass):
        play: Play | None = None
    elif isinstance(action, PlayCards):
        try:
            play = reading_of(action.cards, view.rules, kind=action.kind,
                              main_rank=action.main)
        except RuleError:
            return None
    else:
        return None
    history = [(s, p if p is not None else "") for s, p in view.plays]
    return explain(view.rules, view.hand, history, view.landlord, seat, play,
                   view.bottom or "", dict(view.shown))

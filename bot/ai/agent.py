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

from dataclasses import replace

from bot.engine import Phase, Play, reading_of
from bot.engine.actions import Action, Bid, Call, Choice, Double, Grab, Pass, PlayCards, Show
from bot.engine.errors import RuleError
from bot.engine.view import SeatView

from .auction_reasons import AUCTION_PHASES, answer_of, ask_of, explain_auction
from .guards import stake_after
from .position import choose_play_reading
from .reasons import Reason, explain

_ANSWERS: dict[Phase, type[Choice]] = {Phase.CALL: Call, Phase.GRAB: Grab,
                                       Phase.DOUBLE: Double, Phase.SHOW_START: Show,
                                       Phase.SHOW_DEAL: Show, Phase.SHOW_LANDLORD: Show}


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
    if phase in AUCTION_PHASES:
        # the bidding model (bot.ai.bidding), on what the auction asks this seat now
        answer = answer_of(ask_of(view, level))
        if phase == Phase.BID:
            return Bid(seat, int(answer))
        return _ANSWERS[phase].answer(seat, bool(answer))
    if phase == Phase.PLAY:
        if view.landlord is None:
            raise ValueError("no landlord in the play phase")
        history = [(s, p if p is not None else "") for s, p in view.plays]
        play = choose_play_reading(rules, view.hand, history, view.landlord, seat,
                                   view.bottom or "", dict(view.shown), seed, level, budget_ms)
        if play is None:
            return Pass(seat)
        return PlayCards(seat, play.cards, play.kind, play.main_rank)
    raise ValueError(f"nothing to decide in phase {phase!r}")


def explain_action(view: SeatView, action: Action, level: str = "normal") -> Reason | None:
    """Why the AI would make ``action`` for the view's seat now: a reason that holds, or
    None (none holds, nothing to decide, or a spectator's view). In the auction the reason
    comes from the bidding model (:mod:`bot.ai.auction_reasons`; ``level`` is the AI level
    whose answer it explains: 明牌 depends on it) and holds only for the AI's own answer; in
    the play phase from :mod:`bot.ai.reasons`. Like :func:`decide`, it sees only the seat's
    view."""
    if not isinstance(view, SeatView):
        raise TypeError(f"the AI explains from a SeatView, not {type(view).__name__}")
    seat = view.seat
    if seat is None or action.seat != seat:
        return None
    if view.phase in AUCTION_PHASES:
        if view.phase == Phase.BID:
            if not isinstance(action, Bid):
                return None
            return explain_auction(ask_of(view, level), action.points)
        if not isinstance(action, Choice) or type(action) is not _ANSWERS[view.phase]:
            return None
        return explain_auction(ask_of(view, level), action.yes)
    if view.phase != Phase.PLAY or view.landlord is None:
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
    reason = explain(view.rules, view.hand, history, view.landlord, seat, play,
                     view.bottom or "", dict(view.shown))
    if reason is None or play is None or not play.is_bomb:
        return reason
    return replace(reason, stake=stake_after(view, play))  # what the bomb does to the stake

"""The AI's review of one seat's decisions in a finished deal: for each bid, call, grab,
明牌, 加倍 and play of the seat, what the AI would have chosen there and how much the
seat's choice changes the AI's estimate of the outcome (win chance and expected points).

::

    from bot.ai.review import review_deal
    review = review_deal(record.log, seat=0, level="normal", seed=1)
    for d in review.costliest(3):
        print(d.made, d.best, d.cost)

The deal is replayed from its log; actions the table chose for the seat (``auto``: 托管, a
timeout, after an escape) are not the seat's decisions and are left out. At each of the
seat's decisions the AI sees the seat's
:class:`~bot.engine.view.SeatView` at that point (its own hand, the public history, hands
shown by 明牌), never a hidden hand.

- Plays and passes: the determinized search the AI plays with (:mod:`.search`). The AI's
  choice is the move :func:`~.search.search_move` picks (the same candidates, samples and
  work); the seat's own move, when it is not a candidate, is played out on the same
  sampled deals by :func:`~.search.score_moves` (which changes nothing of the choice).
  When the AI has a single candidate (the move that ends the deal, a rule of
  :mod:`.cooperation`) the two are still played out, for the estimates. The estimates are
  the share of sampled deals the seat's side won and the mean points (the deal's stake,
  signed, as the search counts it: bombs included, 加倍 and bids not).
- Bids, calls, grabs, 明牌 and 加倍: the AI decides these with the bidding model
  (:mod:`.bidding`), so that model's win chance is the estimate: as the landlord
  (:func:`~.bidding.landlord_odds`) when the choice makes or keeps the seat the landlord,
  else as a farmer (:func:`~.bidding.farmer_odds`), turned into the chance the AI's play
  wins with as the AI's own grabs, 明牌 and 加倍 turn it (:func:`~.bidding.played_odds`),
  less what a shown hand loses at the level (:func:`~.bidding.show_cost`) when the choice
  is a show; the expected points are ``(2p - 1)`` times the seat's own stake after the
  choice (the landlord's counts every farmer).

No time limit is set (``budget_ms=None``): a review depends only on the log, the seat, the
level and the seed, so it repeats exactly.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from bot.engine import Game, GameLog, Phase, Play, Rules
from bot.engine.actions import Action, Bid, Call, Double, Grab, Pass, PlayCards, Show
from bot.engine.view import SeatView

from .agent import decide
from .bidding import farmer_odds, landlord_odds, played_odds, show_cost, show_factor
from .move import Move, move_of_play
from .position import checked_play, position_seed, turn_of
from .search import EFFORT, Score, best_of, candidates, score_moves
from .situation import read_situation

AUCTION = (Bid, Call, Grab, Show, Double)


@dataclass(frozen=True)
class Estimate:
    """The AI's estimate of the deal's outcome after a choice, for the seat's side."""

    win: float  # chance to win, 0..1
    points: float  # expected points of the seat (signed)


@dataclass(frozen=True)
class Decision:
    """One decision of the seat: what it did, what the AI would have done, and both
    estimates. ``index`` is the action's place in the log, ``play_no`` the plays and
    passes made before it (0 in the auction), ``view`` what the seat knew then."""

    index: int
    play_no: int
    phase: Phase
    made: Action
    best: Action
    made_estimate: Estimate
    best_estimate: Estimate
    view: SeatView
    agrees: bool  # the seat chose what the AI would have (a play: the same reading)

    @property
    def cost(self) -> float:
        """Expected points the choice gave away against the AI's (0 when they agree)."""
        if self.agrees:
            return 0.0
        return self.best_estimate.points - self.made_estimate.points

    @property
    def win_cost(self) -> float:
        """Win chance the choice gave away against the AI's."""
        if self.agrees:
            return 0.0
        return self.best_estimate.win - self.made_estimate.win


@dataclass(frozen=True)
class Review:
    seat: int
    level: str
    seed: int
    decisions: tuple[Decision, ...]

    def costliest(self, n: int = 3) -> list[Decision]:
        """The ``n`` decisions that cost most (expected points, then win chance), where
        the seat chose otherwise than the AI and lost by it; earliest first among equals."""
        lost = [d for d in self.decisions if not d.agrees and (d.cost > 0 or d.win_cost > 0)]
        lost.sort(key=lambda d: (-d.cost, -d.win_cost, d.index))
        return lost[:n]

    @property
    def agreed(self) -> int:
        return sum(d.agrees for d in self.decisions)


def same_action(a: Action, b: Action) -> bool:
    """The same decision, whoever pressed it (托管 or the player): plays compare by their
    cards (in any order) and their declared reading."""
    if isinstance(a, PlayCards) and isinstance(b, PlayCards):
        return sorted(a.cards) == sorted(b.cards) and (a.kind, a.main) == (b.kind, b.main)
    return dataclasses.replace(a, auto=False) == dataclasses.replace(b, auto=False)


def same_play(a: Play | None, b: Play | None) -> bool:
    """The same play as the engine reads it (None: a pass)."""
    if a is None or b is None:
        return a is b
    return sorted(a.cards) == sorted(b.cards) and (a.kind, a.main_rank) == (b.kind,
                                                                            b.main_rank)


def review_deal(log: GameLog, seat: int, level: str = "normal", seed: int = 0) -> Review:
    """Every decision of ``seat`` in the deal of ``log``, reviewed (see the module)."""
    if level not in EFFORT:
        raise ValueError(f"a review searches: level normal or hard, not {level!r}")
    game = Game.from_log(dataclasses.replace(log, actions=()))
    if not 0 <= seat < game.players:
        raise ValueError(f"there is no seat {seat}")
    out: list[Decision] = []
    plays = 0
    for index, action in enumerate(log.actions):
        mine = action.seat == seat and game.to_act == seat and not action.auto and \
            isinstance(action, (*AUCTION, PlayCards, Pass))
        view = game.view(seat) if mine else None
        game.apply(action)
        if view is not None and view.phase == Phase.PLAY:
            made_play = game.history[-1][1]  # the play as the engine read it
            out.append(_review_play(view, action, made_play, index, plays, level, seed))
        elif view is not None:
            out.append(_review_auction(view, action, index, level, seed))
        if isinstance(action, PlayCards | Pass):
            plays += 1
    return Review(seat, level, seed, tuple(out))


# ---------------------------------------------------------------------- plays
def _review_play(view: SeatView, made: Action, made_play: Play | None, index: int,
                 plays: int, level: str, seed: int) -> Decision:
    assert view.seat is not None and view.landlord is not None
    history = [(s, p if p is not None else "") for s, p in view.plays]
    sit = read_situation(view.rules, view.hand, history, view.landlord, view.seat,
                         view.bottom or "", dict(view.shown))
    rng = random.Random(position_seed(seed, sit))  # the AI's own seeding of the position
    turn = turn_of(sit)
    width = EFFORT[level][1]
    cands = candidates(turn, width)
    mine: Move | None = None if made_play is None else move_of_play(made_play, sit.v)
    keys = [None if m is None else m.key for m in cands]
    mine_key = None if mine is None else mine.key
    extra = [] if mine_key in keys else [mine]
    scores = score_moves(sit, cands, rng, level, None, None, extra)
    chosen = best_of(scores[:len(cands)])  # a lone candidate: search_move's, unsearched
    best, best_score = cands[chosen], scores[chosen]
    mine_score = scores[len(cands)] if extra else scores[keys.index(mine_key)]
    play = checked_play(sit, best)
    suggestion: Action = Pass(view.seat) if play is None else \
        PlayCards(view.seat, play.cards, play.kind, play.main_rank)
    return Decision(index, plays, Phase.PLAY, made, suggestion, _estimate(mine_score),
                    _estimate(best_score), view, same_play(made_play, play))


def _estimate(score: Score) -> Estimate:
    return Estimate(score.win_chance, score.expected_points)


# ---------------------------------------------------------------------- the auction
def _review_auction(view: SeatView, made: Action, index: int, level: str,
                    seed: int) -> Decision:
    best = decide(view, level, seed, budget_ms=None)  # the bidding model: no search, no rng
    return Decision(index, 0, view.phase, made, best, _auction_estimate(view, made, level),
                    _auction_estimate(view, best, level), view, same_action(made, best))


def _auction_estimate(view: SeatView, action: Action, level: str = "normal") -> Estimate:
    """The bidding model's win chance for the role the choice leads to, as the AI's play
    wins with it (less a shown hand's cost at ``level``), and that times the seat's own
    stake after it."""
    rules: Rules = view.rules
    seat = view.seat
    assert seat is not None
    n = rules.players
    hand = view.hand
    base = max(view.bid, 1) if rules.bidding == "points" else max(rules.m_init, 1)
    mult = view.multiplier * base
    landlord: bool
    if isinstance(action, Bid):
        landlord = action.points > 0
        if landlord:
            mult = view.multiplier * action.points
    elif isinstance(action, Call):
        landlord = bool(action.call)
    elif isinstance(action, Grab):
        landlord = bool(action.grab)
        if landlord:
            mult *= 2
    else:
        landlord = view.landlord == seat if view.landlord is not None else \
            landlord_odds(rules, hand) >= 0.5
        if isinstance(action, Show) and action.show:
            mult *= _show_factor(view)
        if isinstance(action, Double) and action.double:
            mult *= 2
    bottom = view.bottom or ""
    if landlord:
        p = landlord_odds(rules, hand, with_bottom=view.landlord == seat)
        if isinstance(action, Grab):
            p = played_odds(rules, "grab", p)
        elif isinstance(action, (Show, Double)):
            p = played_odds(rules, "landlord", p)
        stake = mult * (n - 1)
    else:
        p = farmer_odds(rules, hand, bottom)
        if isinstance(action, (Show, Double)):
            p = played_odds(rules, "farmer", p)
        stake = mult
    if isinstance(action, Show) and action.show:
        p = max(0.0, p - show_cost(level))
    return Estimate(p, (2 * p - 1) * stake)


def _show_factor(view: SeatView) -> int:
    stage = {"show_start": "start", "show_deal": "deal"}.get(view.phase, "landlord")
    return show_factor(view.rules, stage, len(view.hand))


__all__ = ["Decision", "Estimate", "Review", "review_deal", "same_action", "same_play"]

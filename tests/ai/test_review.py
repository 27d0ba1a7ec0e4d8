"""The search's score per candidate (the choice unchanged) and the review of a deal."""

from __future__ import annotations

import dataclasses
import random

from bot.ai.agent import decide
from bot.ai.bidding import SHOW_COST, farmer_odds, landlord_odds, played_odds
from bot.ai.position import turn_of
from bot.ai.review import _auction_estimate, review_deal, same_action
from bot.ai.search import candidates, score_moves, search_move
from bot.ai.situation import read_situation
from bot.engine import Game, Rules
from bot.engine.actions import Double, Pass, PlayCards, Show

RULES = Rules.preset("classic")


def _situation():
    history = [(0, "34567"), (1, ""), (2, "89TJQ"), (0, ""), (1, "")]
    return read_situation(RULES, "3345566789TJKKA2B", history, landlord=0, seat=2,
                          bottom="2BR")


def test_scores_of_extra_moves_change_nothing() -> None:
    sit = _situation()
    turn = turn_of(sit)
    cands = candidates(turn, 4)
    assert len(cands) > 1
    alone = score_moves(sit, cands, random.Random(5), "normal")
    others = [m for m in candidates(turn, 8) if m not in cands][:2]
    assert others
    both = score_moves(sit, cands, random.Random(5), "normal", extra=others)
    assert both[:len(cands)] == alone and len(both) == len(cands) + len(others)
    assert all(s.samples == alone[0].samples > 0 for s in both)
    assert all(0 <= s.wins <= s.samples for s in both)
    # the searched move is the best scored candidate, the heuristic's first on ties
    best = max(range(len(cands)), key=lambda i: alone[i].points)
    assert search_move(sit, turn, random.Random(5), "normal", None) == cands[best]


def _deal(variant: str, seed: int) -> Game:
    rules = Rules.preset(variant)
    game = Game.new(rules, seed, balances=(10**6,) * rules.players)
    while not game.is_over:
        seat = game.to_act
        game.apply(decide(game.view(seat), "easy" if seat == 0 else "normal", seed,
                          budget_ms=None))
    return game


def test_a_review_covers_every_decision_and_repeats() -> None:
    game = _deal("happy", 3)
    log = game.log
    review = review_deal(log, 0, "normal", 9)
    assert review == review_deal(log, 0, "normal", 9)
    phases = {d.phase for d in review.decisions}
    assert "play" in phases and phases & {"call", "grab", "double"}
    for d in review.decisions:
        before = Game.from_log(dataclasses.replace(log, actions=log.actions[:d.index]))
        assert before.can(d.best) and before.can(d.made)
        assert d.best == decide(before.view(0), "normal", 9, budget_ms=None)
        if d.phase == "play":
            assert isinstance(d.made, PlayCards | Pass)
        else:
            assert d.agrees == same_action(d.made, d.best)
    costly = review.costliest(3)
    assert len(costly) <= 3 and all(not d.agrees for d in costly)
    # another seed: other samples, the same decisions reviewed
    other = review_deal(log, 0, "normal", 10)
    assert [d.made for d in other.decisions] == [d.made for d in review.decisions]


def test_a_review_of_another_seat_sees_only_that_seat() -> None:
    game = _deal("classic", 4)
    review = review_deal(game.log, 1, "normal", 1)
    assert review.decisions and all(d.made.seat == 1 and d.view.seat == 1
                                    for d in review.decisions)
    assert all(d.view.hand and set(d.view.shown) <= {s for s, _ in d.view.shows}
               for d in review.decisions)


def test_a_play_typed_without_its_reading_agrees_with_the_same_play() -> None:
    game = _deal("classic", 4)
    log = game.log
    review = review_deal(log, 0, "normal", 1)
    agreed = next(d for d in review.decisions if d.agrees and isinstance(d.made, PlayCards))
    typed = PlayCards(0, agreed.made.cards[::-1])  # as typed: no kind, no main rank
    actions = (*log.actions[:agreed.index], typed, *log.actions[agreed.index + 1:])
    again = review_deal(dataclasses.replace(log, actions=actions), 0, "normal", 1)
    assert again.decisions[review.decisions.index(agreed)].agrees
    assert not same_action(typed, agreed.best)  # the actions differ, the plays do not


def test_what_the_table_chose_for_the_seat_is_not_reviewed() -> None:
    game = _deal("classic", 4)
    log = game.log
    review = review_deal(log, 0, "normal", 1)
    first = review.decisions[0]
    auto = dataclasses.replace(first.made, auto=True)  # 托管 chose it
    actions = (*log.actions[:first.index], auto, *log.actions[first.index + 1:])
    again = review_deal(dataclasses.replace(log, actions=actions), 0, "normal", 1)
    assert [d.index for d in again.decisions] == [d.index for d in review.decisions[1:]]


def _auction_views(seed: int) -> list:
    """Every view of a happy deal at a 明牌 or 加倍 decision, the AI deciding all."""
    rules = Rules.preset("happy")
    game = Game.new(rules, seed, balances=(10**6,) * rules.players)
    views = []
    while game.phase != "play":
        view = game.view(game.to_act)
        if view.phase.startswith("show") or view.phase == "double":
            views.append(view)
        game.apply(decide(view, "normal", seed, budget_ms=None))
    return views


def test_the_auction_is_judged_with_the_odds_the_ai_decides_with() -> None:
    rules = Rules.preset("happy")
    doubles = shows = 0
    for seed in range(12):
        for view in _auction_views(seed):
            seat = view.seat
            if view.phase == "double":
                est = _auction_estimate(view, Double(seat, True), "normal")
                if view.landlord == seat:
                    raw = landlord_odds(rules, view.hand, with_bottom=True)
                    assert est.win == played_odds(rules, "landlord", raw)
                else:
                    raw = farmer_odds(rules, view.hand, view.bottom or "")
                    assert est.win == played_odds(rules, "farmer", raw)
                assert est.win != raw  # happy's play is fitted: the estimate is not the model's
                doubles += 1
            elif view.landlord == seat:
                # a shown hand loses what the level's search makes of open cards
                for level in ("easy", "normal"):
                    kept = _auction_estimate(view, Show(seat, False), level)
                    shown = _auction_estimate(view, Show(seat, True), level)
                    assert abs(kept.win - shown.win - SHOW_COST[level]) < 1e-9
                shows += 1
    assert doubles and shows

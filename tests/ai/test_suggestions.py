"""The hint's next suggestions (提示 pressed again): legal, distinct, the AI's own apart."""

from __future__ import annotations

import pytest

from bot.ai.agent import decide
from bot.ai.suggestions import plays_after
from bot.engine import Rules, legal_plays
from bot.engine.actions import PlayCards
from bot.engine.game import Game


def _play_turn(variant: str, seed: int, plays: int) -> Game:
    game = Game.new(Rules.preset(variant), seed)
    made = 0
    while not game.is_over and (game.phase != "play" or made < plays):
        action = decide(game.view(game.to_act), level="easy", seed=seed)
        game.apply(action)
        made += isinstance(action, PlayCards)
    return game


@pytest.mark.parametrize(("variant", "seed", "plays"), [
    ("classic", 1, 0), ("classic", 2, 1), ("laizi", 3, 0), ("laizi", 4, 2), ("super", 5, 1),
    ("four", 6, 0)])
def test_next_suggestions_are_legal_and_distinct(variant: str, seed: int, plays: int) -> None:
    game = _play_turn(variant, seed, plays)
    assert not game.is_over and game.phase == "play"
    view = game.view(game.to_act)
    legal = {("".join(sorted(p.cards)), p.kind, p.main_rank) for p in view.legal_plays()}
    first = legal_plays(view.hand, view.last[1] if view.last else None, view.rules)[:1]
    more = plays_after(view, first[0] if first else None)
    keys = [("".join(sorted(p.cards)), p.kind, p.main_rank) for p in more]
    assert len(keys) == len(set(keys)) and set(keys) <= legal
    if first:
        assert ("".join(sorted(first[0].cards)), first[0].kind, first[0].main_rank) not in keys
    if view.last is None:  # a lead has many choices: the hint has more than one to show
        assert len(more) >= 2


def test_no_suggestions_off_turn_or_outside_the_play() -> None:
    game = Game.new(Rules.preset("classic"), 7)
    assert game.phase != "play"
    assert plays_after(game.view(game.to_act), None) == []
    game = _play_turn("classic", 7, 0)
    other = (game.to_act + 1) % 3
    assert plays_after(game.view(other), None) == []

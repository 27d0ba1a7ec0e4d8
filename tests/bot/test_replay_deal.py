"""A stored deal, step by step, as snapshots (:mod:`bot.tables.replay`): what the replay
and the review draw, without a front-end building a game of its own."""

from __future__ import annotations

import random
from dataclasses import replace

from bot.engine import Escape, Game, Pass, PlayCards, Rules
from bot.store import GameRecord, GameStatus, SeatRecord
from bot.tables.replay import position_before, replay_deal


def _record(rules: Rules, seed: int, game: Game) -> GameRecord:
    seats = tuple(SeatRecord(i, None if i else 7, f"p{i}", "easy" if i else None)
                  for i in range(rules.players))
    return GameRecord(f"deal{seed}", 1, 2, rules.to_json(), seed, seats,
                      (10**9,) * rules.players, tuple(a.to_json() for a in game.actions),
                      GameStatus.SETTLED, None, "", None)


def _played(rules: Rules, seed: int) -> tuple[GameRecord, Game]:
    game = Game.new(rules, seed, balances=(10**9,) * rules.players)
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return _record(rules, seed, game), game


def test_a_stored_deal_gives_one_step_per_play_and_the_start() -> None:
    for variant, seed in (("classic", 3), ("four", 5), ("laizi", 8)):
        record, game = _played(Rules.preset(variant), seed)
        plays = sum(isinstance(a, PlayCards | Pass) for a in game.actions)
        deal = replay_deal(record)
        assert len(deal.steps) == plays + 1 and deal.plays == plays
        assert deal.result == game.result and deal.rules == game.rules
        ends = tuple(game.hand_text(i) for i in range(game.players))
        assert deal.hands == ends and deal.steps[-1].hands == ends
        last = deal.steps[-1].table
        assert last.game is not None and last.game.is_over and last.seq == len(game.actions)
        assert [s.name for s in last.seats if s is not None] == \
            [s.name for s in record.seats]
        first = deal.steps[0].table
        assert first.game is not None and first.game.phase == "play"
        # each step is the game after that many plays, every hand face up
        rebuilt = Game.from_log(replace(record.log, actions=()))
        step = 0
        for action in game.actions:
            rebuilt.apply(action)
            if isinstance(action, PlayCards | Pass):
                step += 1
                assert deal.steps[step].hands == tuple(rebuilt.hand_text(i)
                                                       for i in range(rebuilt.players))
                assert deal.steps[step].table.seq == len(rebuilt.actions)


def test_a_deal_over_before_any_play_has_one_step() -> None:
    rules = Rules.preset("happy")  # an escape ends a happy deal at once (classic goes on)
    game = Game.new(rules, 1, balances=(10**9,) * 3)
    game.apply(Escape(seat=1))
    assert game.is_over and game.result is not None
    record = _record(rules, 1, game)
    deal = replay_deal(record)
    assert len(deal.steps) == 1 and deal.plays == 0
    assert deal.result == game.result and deal.steps[0].table.game is not None


def test_the_position_before_an_action() -> None:
    record, game = _played(Rules.preset("classic"), 4)
    for index in (0, 5, len(game.actions) - 1):
        position = position_before(record, index)
        before = Game.from_log(replace(record.log, actions=record.log.actions[:index]))
        assert position.table.seq == index
        assert position.hands == tuple(before.hand_text(i) for i in range(before.players))
        assert position.table.game is not None
        assert position.table.game.to_act == before.to_act

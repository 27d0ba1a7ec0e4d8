"""A finished deal again, step by step, from its stored log: what the replay and the review
show, as snapshots (every front-end reads these, never the engine's ``Game``).

:func:`replay_deal` gives the table at the start of the play, then after every play or
pass (a deal over before any play, by an escape or three redeals, has its one step at
the end), each step with every hand face up (the deal has ended: nothing is hidden any
more), and the deal's result. :func:`position_before` gives the table just before one of
the deal's actions (a review's decision), with every hand as it was then.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from bot.engine import Game, Pass, Phase, PlayCards, Result, Rules
from bot.store.records import GameRecord

from .snapshot import TableSnapshot
from .state import Seat, Table

__all__ = ["DealStep", "ReplayedDeal", "position_before", "replay_deal"]


@dataclass(frozen=True)
class DealStep:
    """The table at one step of a stored deal, and every seat's cards then."""

    table: TableSnapshot
    hands: tuple[str, ...]  # each seat's cards at this step (text), face up


@dataclass(frozen=True)
class ReplayedDeal:
    """A stored deal's steps (:func:`replay_deal`) and how it ended."""

    steps: tuple[DealStep, ...]  # the start of the play, then one per play or pass
    rules: Rules
    result: Result | None  # None for a deal that never ended (dissolved)
    hands: tuple[str, ...]  # each seat's cards at the end

    @property
    def plays(self) -> int:
        """The plays and passes of the deal (its steps after the first)."""
        return len(self.steps) - 1


def _start(record: GameRecord, actions: int) -> Game:
    """The stored deal rebuilt with its first ``actions`` actions applied."""
    log = record.log
    return Game.from_log(dataclasses.replace(log, actions=log.actions[:actions]))


def _step(record: GameRecord, game: Game) -> DealStep:
    table = Table(record.channel_id or 1, record.guild_id, 0, game.rules,
                  [Seat(s.user_id, s.name, s.ai_level) for s in record.seats], game=game)
    return DealStep(table.snapshot(), tuple(game.hand_text(i) for i in range(game.players)))


def replay_deal(record: GameRecord) -> ReplayedDeal:
    """The stored deal step by step: the start of the play, then after every play or
    pass (the step's index is its number)."""
    game = _start(record, 0)
    steps: list[DealStep] = []
    for action in record.log.actions:
        if game.phase == Phase.PLAY and not steps:
            steps.append(_step(record, game))
        game.apply(action)
        if isinstance(action, PlayCards | Pass):
            steps.append(_step(record, game))
    if not steps:  # over before any play (an escape, or three redeals)
        steps.append(_step(record, game))
    return ReplayedDeal(tuple(steps), game.rules, game.result,
                        tuple(game.hand_text(i) for i in range(game.players)))


def position_before(record: GameRecord, action: int) -> DealStep:
    """The table just before the deal's action number ``action`` (0: the first)."""
    return _step(record, _start(record, action))

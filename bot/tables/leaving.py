"""What leaving a deal would cost, asked before a player confirms an escape (逃跑).

happy and laizi settle an escape at once, so the cost is exact: the escape is tried on a
copy of the game and its settlement read. super, classic and four go on with the AI in the
escaper's seat: the cost known now is the penalty (RULES.md §6.4), and the rest of the
deal settles as usual at its end.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from bot.engine import Escape, Game
from bot.engine.scoring import ESCAPE_POINTS


@dataclass(frozen=True)
class EscapeCost:
    beans: int  # beans the escaper loses (a positive number)
    points: int  # points the escaper loses
    final: bool  # True: the deal ends and this is all; False: plus the rest of the deal


def escape_cost(game: Game, seat: int) -> EscapeCost:
    """The cost for ``seat`` of leaving ``game`` now (the game is not changed)."""
    trial = copy.deepcopy(game)
    trial.apply(Escape(seat))
    result = trial.result
    if result is not None:
        return EscapeCost(-result.beans[seat], -result.points[seat], True)
    beans = ESCAPE_POINTS * game.rules.beans_per_point
    if game.balances is not None:
        beans = min(beans, game.balances[seat])
    return EscapeCost(beans, ESCAPE_POINTS, False)


__all__ = ["EscapeCost", "escape_cost"]

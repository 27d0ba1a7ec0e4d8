"""Every hint has a reason: over self-play deals of every variant, each action the AI
chooses (:func:`bot.ai.agent.decide` for the seat to act, at every decision of the deal,
auction and play alike) is explained by :func:`bot.ai.agent.explain_action`.

The count printed (``pytest -s``) is the measurement: hints given and hints with a reason,
per phase.
"""

from __future__ import annotations

from collections import Counter

import pytest

from bot.ai.agent import decide, explain_action
from bot.engine import Rules
from bot.engine.game import Game

VARIANTS = ("classic", "happy", "laizi", "super", "four")
RUNS = [("easy", seed) for seed in (1, 2, 3)] + [("normal", 4)]  # normal: the search


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_hint_of_a_deal_has_a_reason(variant: str) -> None:
    hints: Counter[str] = Counter()
    missing: list[str] = []
    for level, seed in RUNS:
        game = Game.new(Rules.preset(variant), seed)
        while not game.is_over:
            view = game.view(game.to_act)
            action = decide(view, level, seed, budget_ms=10)
            phase = str(view.phase)
            hints[phase] += 1
            if explain_action(view, action, level) is None:
                missing.append(f"{level} seed {seed} {phase}: {view.hand} -> {action}")
            game.apply(action)
    total = sum(hints.values())
    print(f"\n{variant}: {total - len(missing)} of {total} hints have a reason "
          f"({', '.join(f'{p} {n}' for p, n in sorted(hints.items()))})")
    assert set(hints) >= {"play"} and total > 50
    assert not missing, "\n".join(missing)

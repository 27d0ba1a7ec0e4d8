"""The result under the picture: an equation that multiplies out, each pair's own stake
when 加倍 made them differ, and why a number stopped short (issue 36, points 3 and 4)."""

from __future__ import annotations

import math
import re

import pytest

from bot.ai.agent import decide
from bot.engine import Rules
from bot.engine.game import Game
from bot.tables import DealEnded
from bot.tables.state import Seat, Table
from bot.words.catalogue import t
from cogs.result_text import result_text
from cogs.scenes import result_scene

NAMES = ("Ann", "Bo", "Cy")


def _ended(variant: str, seed: int, balances: tuple[int, ...]) -> DealEnded:
    rules = Rules.preset(variant)
    game = Game.new(rules, seed, balances=balances)
    while not game.is_over:
        game.apply(decide(game.view(game.to_act), level="easy", seed=seed))
    r = game.result
    after = tuple(b + d for b, d in zip(balances, r.beans, strict=True))
    event = DealEnded(1, "g", r, NAMES, (0, 0, 0), tuple(r.points), after)
    seats = [Seat(100 + i, name) for i, name in enumerate(NAMES)]
    table = Table(1, 1, 100, rules, seats, status="between", game=game).snapshot()
    object.__setattr__(event, "table", table)
    return event


def _multiplies_out(line: str) -> None:
    if "=" not in line:  # no factor at all: the multiplier is ×1
        assert line.endswith("×1"), line
        return
    left, total = line.rsplit("= ×", 1)
    factors = [int(x) for x in re.findall(r"×(\d+)", left)]
    assert factors and math.prod(factors) == int(total), line


@pytest.mark.parametrize("locale", ["en", "zh-CN", "zh-TW"])
def test_the_equation_multiplies_out_and_doubled_pairs_show_their_stake(locale: str) -> None:
    seen_double = False
    for seed in range(30):
        event = _ended("happy", seed, (10**9,) * 3)
        r = event.result
        if r.outcome not in ("landlord", "farmers"):
            continue
        lines = result_text(event, locale).splitlines()
        _multiplies_out(lines[1])
        scene = result_scene(event, event.table, locale=locale)
        # the picture's equation, finished in the reader's words, multiplies out too
        assert scene is not None
        line = " ".join(scene.multiplier_words) or f"×{scene.multiplier}"  # no parts: ×1
        assert line.endswith(f"×{scene.multiplier}")
        _multiplies_out(line)
        if any(r.doubles):
            seen_double = True
            assert all(t(locale, "result.stake", n=r.stakes[i]) in lines[2 + i]
                       for i in range(3))
        if seen_double and seed > 8:
            break
    assert seen_double


def test_a_capped_transfer_says_why_next_to_the_number() -> None:
    noted = 0
    for seed in range(20):
        event = _ended("classic", seed, (200, 10**9, 10**9))  # Ann can pay or take little
        r = event.result
        text = result_text(event, "en")
        rows = text.splitlines()[2:]
        limited = [i for i in range(3) if "capped: Ann had 200 beans" in rows[i]]
        if limited:
            noted += 1
            assert all(abs(r.transfers[i]) < r.stakes[i] * 100 for i in limited)
            scene = result_scene(event, event.table, locale="zh-CN")
            assert scene is not None
            assert all(scene.players[i].note == "封顶：Ann 只有 200 欢乐豆" for i in limited)
        else:
            assert "capped" not in text
    assert noted > 0

"""Before 加倍 and 明牌 the hand says what is at stake now, and with the raise (issue 36,
point 5): the beans the engine would move at the multiplier of now."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from bot.engine import Rules, beans_at_stake
from bot.engine.actions import Call, Double, Grab, Show
from bot.engine.game import Game
from bot.tables.state import Seat, Table
from cogs.handtext import at_stake_text, hand_content


def _to(phase: str, balances: tuple[int, ...]) -> Game:
    for seed in range(60):
        game = Game.new(Rules.preset("happy"), seed, balances=balances)
        while game.phase != phase and not game.is_over:
            actions = game.legal_actions()
            yes = [a for a in actions if isinstance(a, Call | Grab)]
            no = [a for a in actions if isinstance(a, Show | Double) and not (
                getattr(a, "show", True) and getattr(a, "double", True))]
            game.apply((yes or no or actions)[0])
        if game.phase == phase:
            return game
    raise AssertionError(f"no deal reached {phase}")


def _snapshot(game: Game):
    seats = [Seat(100 + i, name) for i, name in enumerate(("Ann", "Bo", "Cy"))]
    return Table(1, 1, 100, game.rules, seats, status="playing", game=game).snapshot()


@pytest.mark.parametrize("phase", ["double", "show_deal"])
def test_the_hand_says_the_stake_before_a_raise(phase: str) -> None:
    game = _to(phase, (10**9,) * 3)
    seat = game.to_act
    table = _snapshot(game)
    text = hand_content(table, seat, game.hands[seat], "en")
    line = next(x for x in text.splitlines() if x.startswith("At stake now"))
    now = beans_at_stake(game.view(seat), seat)
    assert f"up to {now:,} beans" in line
    more = int(re.search(r"\(([\d,]+) if you", line)[1].replace(",", ""))
    assert more > now and more == beans_at_stake(game.view(seat), seat,
                                                  2 if phase == "double" else more // now)
    zh = at_stake_text(table.game, seat, "zh-CN")
    assert zh.startswith("本局输赢") and f"{now:,}" in zh


def test_the_stake_is_never_more_than_the_balance() -> None:
    game = _to("double", (10**9,) * 3)
    seat = game.to_act
    view = game.view(seat)
    assert beans_at_stake(view, seat, 2) > 300
    assert beans_at_stake(replace(view, balances=(300, 300, 300)), seat, 2) == 300
    # nowhere else: the line is for a 加倍 or 明牌 turn only
    game = _to("play", (10**9,) * 3)
    text = hand_content(_snapshot(game), game.to_act, game.hands[game.to_act], "en")
    assert "At stake now" not in text

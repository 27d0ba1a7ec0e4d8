"""The settlement picture: winners, spring, numbers and level changes."""

from __future__ import annotations

import pytest

from render import PlayerResult, ResultScene, render_result
from render.canvas import GAIN, LOSS, RED
from render.result import (
    COL_BEANS,
    COL_LEVEL,
    HEADER_H,
    MARGIN,
    ROW_GAP,
    ROW_H,
    ROW_H_CARDS,
    WIDTH,
    result_height,
)

from .helpers import count_near, decode, is_light


def scene(winner: str, players: int = 3, spring: str | None = None,
          remaining: bool = False) -> ResultScene:
    landlord_gain = 1 if winner == "landlord" else -1
    rows = [PlayerResult("Lord", "landlord", 32 * landlord_gain, 3195 * landlord_gain,
                         "短工", "长工" if landlord_gain > 0 else "包身工")]
    for i in range(1, players):
        rows.append(PlayerResult(f"Farmer {i}", "farmer", -16 * landlord_gain,
                                 -1605 * landlord_gain, "小财主", "小财主",
                                 remaining="3456789TJQKA2BR" if remaining else ""))
    return ResultScene(winner, tuple(rows), spring=spring, multiplier=16,
                       multiplier_parts=(("base", 2), ("bomb", 2), ("spring", 2), ("bomb", 2)))


def row_boxes(s: ResultScene) -> list[tuple[int, int, int, int]]:
    row_h = ROW_H_CARDS if any(p.remaining for p in s.players) else ROW_H
    y = HEADER_H + 36
    out = []
    for _ in s.players:
        out.append((MARGIN, y, WIDTH - MARGIN, y + row_h))
        y += row_h + ROW_GAP
    return out


@pytest.mark.parametrize(("winner", "players", "spring", "remaining"), [
    ("landlord", 3, "spring", False),
    ("farmers", 3, "anti_spring", True),
    ("farmers", 3, None, False),
    ("landlord", 4, None, True),
    ("farmers", 4, "anti_spring", False),
])
def test_result_rows_show_gains_and_losses(winner: str, players: int, spring: str | None,
                                          remaining: bool) -> None:
    s = scene(winner, players, spring, remaining)
    image = decode(render_result(s))
    assert image.size == (WIDTH, result_height(s))
    for player, (_, y0, x1, y1) in zip(s.players, row_boxes(s), strict=True):
        numbers = (COL_BEANS - 420, y0, COL_BEANS, y1)
        gains = count_near(image, numbers, GAIN, 25)
        losses = count_near(image, numbers, LOSS, 25)
        if player.points > 0:
            assert gains > 200 and losses == 0, player
        else:
            assert losses > 200 and gains == 0, player
        level = (COL_LEVEL, y0, x1, y1)
        arrow_up = count_near(image, level, GAIN, 25)
        arrow_down = count_near(image, level, LOSS, 25)
        changed = player.level_before != player.level_after
        assert (arrow_up > 20) == (changed and player.points > 0)
        assert (arrow_down > 20) == (changed and player.points < 0)
        cards = image.crop((150, y0 + 60, 400, y1 - 6)).get_flattened_data()
        assert (sum(is_light(p) for p in cards) > 2000) == bool(player.remaining)
    header = (WIDTH // 2, 0, WIDTH, 110)
    assert (count_near(image, header, RED, 20) > 500) == (spring is not None)


def test_spring_and_winner_change_the_picture() -> None:
    assert render_result(scene("landlord")) != render_result(scene("farmers"))
    assert render_result(scene("landlord")) != render_result(scene("landlord", spring="spring"))


def test_result_validation() -> None:
    with pytest.raises(ValueError):
        ResultScene("nobody", scene("landlord").players)
    with pytest.raises(ValueError):
        ResultScene("landlord", scene("landlord").players, spring="summer")
    with pytest.raises(ValueError):
        PlayerResult("x", "king", 0, 0)

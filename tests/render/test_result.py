"""The settlement picture: winners, spring, numbers, own stakes, fees and level changes."""

from __future__ import annotations

import pytest
from PIL import ImageChops

from render import PlayerResult, ResultScene, render_result
from render.canvas import GAIN, GOLD, LOSS, RED_INK
from render.result import COL_BEANS, MINI, PAD, ROW_H, WIDTH, result_height, row_boxes
from render.textcache import Drawer

from .helpers import (
    ZH_WORDS,
    count_near,
    decode,
    is_light,
    parts,
    picture_words,
    script,
    text_sizes,
)


def scene(winner: str, players: int = 3, spring: str | None = None,
          remaining: bool = False, locale: str = "zh-CN") -> ResultScene:
    landlord_gain = 1 if winner == "landlord" else -1
    rows = [PlayerResult("Lord", "landlord", 32 * landlord_gain, 3195 * landlord_gain,
                         script("短工", locale),
                         script("长工" if landlord_gain > 0 else "包身工", locale),
                         stake=32, fee=100)]
    for i in range(1, players):
        rows.append(PlayerResult(f"Farmer {i}", "farmer", -16 * landlord_gain,
                                 -1605 * landlord_gain, script("小财主", locale),
                                 script("小财主", locale),
                                 remaining="3456789TJQKA2BR" if remaining else "",
                                 stake=16, fee=50))
    return ResultScene(winner, tuple(rows), spring=spring, multiplier=16,
                       multiplier_words=parts(
                           (("base", 2), ("bomb", 2), ("spring", 2), ("bomb", 2)), 16, locale),
                       words=picture_words(locale))


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
    for player, (x0, y0, x1, _) in zip(s.players, row_boxes(s), strict=True):
        numbers = (COL_BEANS - 380, y0, COL_BEANS, y0 + 56)
        gains = count_near(image, numbers, GAIN, 25)
        losses = count_near(image, numbers, LOSS, 25)
        if player.points > 0:
            assert gains > 200 and losses == 0, player
        else:
            assert losses > 200 and gains == 0, player
        level = (x1 - 240, y0 + 56, x1, y0 + ROW_H)
        arrow_up = count_near(image, level, GAIN, 25)
        arrow_down = count_near(image, level, LOSS, 25)
        changed = player.level_before != player.level_after
        assert (arrow_up > 20) == (changed and player.points > 0)
        assert (arrow_down > 20) == (changed and player.points < 0)
        top = y0 + ROW_H
        cards = image.crop((x0 + PAD, top + 10, x0 + PAD + 300, top + MINI.h - 6))
        assert (sum(is_light(p) for p in cards.get_flattened_data()) > 2000) == \
            bool(player.remaining)
    header = (WIDTH // 2, 0, WIDTH, 80)
    assert (count_near(image, header, RED_INK, 20) > 500) == (spring is not None)


def test_each_row_carries_its_own_stake() -> None:
    # 加倍 is pairwise: the doubled farmer plays for ×40, the other for ×20, the landlord ×60
    rows = (PlayerResult("L", "landlord", -60, -6000, stake=60, doubled=True),
            PlayerResult("A", "farmer", 40, 4000, stake=40, doubled=True),
            PlayerResult("B", "farmer", 20, 2000, stake=20))
    s = ResultScene("farmers", rows, multiplier=10, words=picture_words("en"))
    image = decode(render_result(s))
    same = decode(render_result(ResultScene("farmers", tuple(
        PlayerResult(p.name, p.role, p.points, p.beans, stake=20, doubled=p.doubled)
        for p in rows), multiplier=10, words=picture_words("en"))))
    for i, (x0, y0, _, _) in enumerate(row_boxes(s)):
        stake = (x0 + PAD, y0 + 60, x0 + PAD + 110, y0 + ROW_H - 6)
        assert count_near(image, stake, GOLD, 30) > 60  # the gold "Stake ×N"
        diff = ImageChops.difference(image.crop(stake), same.crop(stake)).convert("L")
        differs = sum(1 for d in diff.get_flattened_data() if d > 60) > 20  # not palette noise
        assert differs == (i != 2), i  # rows 0 and 1 are not ×20


def test_anti_spring_and_fee_words() -> None:
    anti = decode(render_result(scene("farmers", spring="anti_spring")))
    spring = decode(render_result(scene("farmers", spring="spring")))
    pill_box = (WIDTH - 220, 10, WIDTH - 10, 60)
    diff = ImageChops.difference(anti.crop(pill_box), spring.crop(pill_box)).convert("L")
    assert sum(1 for d in diff.get_flattened_data() if d > 60) > 100  # 反春, not 春天
    nofee = ResultScene("farmers", tuple(
        PlayerResult(p.name, p.role, p.points, p.beans, p.level_before, p.level_after,
                     stake=p.stake) for p in scene("farmers").players), multiplier=16,
        multiplier_words=scene("farmers").multiplier_words, words=ZH_WORDS)
    assert render_result(nofee) != render_result(scene("farmers"))


def test_the_new_level_is_drawn_whole() -> None:
    long_names = ResultScene("landlord", (
        PlayerResult("L" * 30, "landlord", 90, 9000, "小财主", "大财主", stake=3, fee=1000,
                     doubled=True, escaped=True),
        PlayerResult("A", "farmer", -45, -4500, stake=3),
        PlayerResult("B", "farmer", -45, -4500, stake=3)), multiplier=3, words=ZH_WORDS)
    sizes = text_sizes(lambda: render_result(long_names), WIDTH)
    assert min(sizes) >= 24
    drawn: list[str] = []
    original = Drawer.text

    def spy(self, xy, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        drawn.append(str(text))
        return original(self, xy, text, *args, **kwargs)

    Drawer.text = spy  # type: ignore[method-assign]
    try:
        render_result(long_names)
    finally:
        Drawer.text = original  # type: ignore[method-assign]
    assert any(t.endswith("大财主") and "…" not in t for t in drawn)


@pytest.mark.parametrize("locale", ["en", "zh-CN", "zh-TW"])
def test_every_word_is_readable_on_a_phone(locale: str) -> None:
    sizes = text_sizes(lambda: render_result(scene("farmers", 4, "anti_spring", True, locale)),
                       WIDTH)
    assert min(sizes) * 400 / WIDTH >= 12


def test_spring_and_winner_change_the_picture() -> None:
    assert render_result(scene("landlord")) != render_result(scene("farmers"))
    assert render_result(scene("landlord")) != render_result(scene("landlord", spring="spring"))


def test_long_remaining_hands_wrap() -> None:
    rows = (PlayerResult("L", "landlord", 10, 10, remaining="33445566778899TTJJQQKKAA22"),
            PlayerResult("A", "farmer", -5, -5), PlayerResult("B", "farmer", -5, -5))
    s = ResultScene("landlord", rows, words=ZH_WORDS)
    box = row_boxes(s)[0]
    assert box[3] - box[1] > ROW_H + MINI.h  # a second row of cards
    image = decode(render_result(s))
    assert image.size[0] == WIDTH


def test_result_validation() -> None:
    with pytest.raises(ValueError):
        ResultScene("nobody", scene("landlord").players, words=ZH_WORDS)
    with pytest.raises(ValueError):
        ResultScene("landlord", scene("landlord").players, spring="summer", words=ZH_WORDS)
    with pytest.raises(ValueError):
        PlayerResult("x", "king", 0, 0)

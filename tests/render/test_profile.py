"""The profile card and the leaderboard."""

from __future__ import annotations

import dataclasses

import pytest
from PIL import Image, ImageChops, ImageStat

from bot.engine.levels import level_for
from render import (
    LeaderboardRow,
    LeaderboardScene,
    ProfileScene,
    ProfileStats,
    render_leaderboard,
    render_profile,
)
from render.canvas import GOLD, LOSS
from render.profile import (
    BAR,
    BOARD_HEADER,
    BOARD_ROW,
    BOARD_W,
    MARGIN,
    MEDALS,
    PROFILE_H,
    PROFILE_W,
    STATS_H,
    board_height,
)

from .helpers import ZH_WORDS, count_near, decode, near, picture_words, script, text_sizes


def profile(points: int, progress: float, nxt: int | None, level: int = 5) -> ProfileScene:
    return ProfileScene("Alice 王小明", level, "贫农", points, progress,
                        None if nxt is None else "渔夫", nxt, 123456,
                        landlord_games=40, landlord_wins=23, farmer_games=90, farmer_wins=51,
                        words=ZH_WORDS)


def filled_fraction(image: Image.Image, y: int) -> float:
    """Where the gold fill of the progress bar ends on row ``y`` (0..1 of the bar)."""
    x0, _, x1, _ = BAR
    gold = [x for x in range(x0, x1) if near(image.getpixel((x, y)), GOLD, 30)]
    return 0.0 if not gold else (max(gold) + 1 - x0) / (x1 - x0)


@pytest.mark.parametrize(("points", "expected"), [
    (700, 0.5), (610, 0.05), (790, 0.95), (-50, 0.0), (123_456_789, 1.0),
])
def test_progress_bar_matches_the_points(points: int, expected: float) -> None:
    level = level_for(points)  # the progress comes from the engine, as the bot passes it
    assert level.progress == pytest.approx(expected)
    s = profile(points, level.progress, level.next_threshold, level=level.number)
    image = decode(render_profile(s))
    assert image.size == (PROFILE_W, PROFILE_H)
    y = BAR[3] - 5  # below the highlight and the percentage
    assert filled_fraction(image, y) == pytest.approx(expected, abs=0.04)


def test_points_below_zero_read_as_such() -> None:
    # -350 points were drawn as an empty bar labelled "0%", like a fresh 0
    below = decode(render_profile(profile(-350, 0.0, 100, level=1)))
    zero = decode(render_profile(profile(0, 0.0, 100, level=1)))
    x0, y0, x1, y1 = BAR
    bar = (x0 - 2, y0 - 2, x1 + 2, y1 + 2)
    assert count_near(below, bar, LOSS, 30) > 300  # red: below zero
    assert count_near(zero, bar, LOSS, 30) == 0
    points = (x0, y0 - 50, x0 + 200, y0 - 8)
    assert count_near(below, points, LOSS, 30) > 100 and count_near(zero, points, LOSS, 30) == 0


@pytest.mark.parametrize("locale", ["en", "zh-CN", "zh-TW"])
def test_profile_and_board_words_are_readable_on_a_phone(locale: str) -> None:
    s = ProfileScene("Alice 王小明", 5, script("贫农", locale), 700, 0.5, script("渔夫", locale),
                     800, 123456, words=picture_words(locale))
    assert min(text_sizes(lambda: render_profile(s), PROFILE_W)) * 400 / PROFILE_W >= 12
    rows = tuple(LeaderboardRow(i, f"P{i}", "1", script("短工", locale)) for i in range(1, 4))
    board = LeaderboardScene(picture_words(locale)["balance"], rows, "1/2",
                             words=picture_words(locale))
    assert min(text_sizes(lambda: render_leaderboard(board), BOARD_W)) * 400 / BOARD_W >= 12


STATS = ProfileStats(springs=3, anti_springs=1, bombs=17, rockets=4, streak=5, best_streak=12,
                     biggest_win=19205)


@pytest.mark.parametrize("locale", ["en", "zh-CN", "zh-TW"])
def test_profile_counters_panel(locale: str) -> None:
    plain = dataclasses.replace(profile(700, 0.5, 800), words=picture_words(locale),
                                level_name=script("贫农", locale),
                                next_level_name=script("渔夫", locale))
    counted = dataclasses.replace(plain, stats=STATS)
    image = decode(render_profile(counted))
    assert decode(render_profile(plain)).size == (PROFILE_W, PROFILE_H)
    assert image.size == (PROFILE_W, PROFILE_H + STATS_H)
    # every word of the counters' panel is readable on a phone too
    assert min(text_sizes(lambda: render_profile(counted), PROFILE_W)) * 400 / PROFILE_W >= 12
    # the numbers are drawn: other counters, other pixels (in the panel only)
    other = decode(render_profile(dataclasses.replace(
        plain, stats=dataclasses.replace(STATS, bombs=2, biggest_win=0))))
    top, panel = (0, 0, PROFILE_W, PROFILE_H - 10), (0, PROFILE_H, PROFILE_W, image.height)
    assert _difference(image, other, top) < 1 < _difference(image, other, panel)
    # a streak of 3 or more is drawn in gold
    streak_tile = (MARGIN, PROFILE_H + STATS_H // 2, PROFILE_W // 2 + 120, PROFILE_H + STATS_H)
    cold = decode(render_profile(dataclasses.replace(
        plain, stats=dataclasses.replace(STATS, streak=1, biggest_win=0))))
    assert count_near(image, streak_tile, GOLD, 30) > 50
    assert count_near(cold, streak_tile, GOLD, 30) == 0


def _difference(a: Image.Image, b: Image.Image, box: tuple[int, int, int, int]) -> float:
    """The mean difference of two pictures' pixels in ``box`` (the PNGs have palettes of
    their own: a colour may move by one step)."""
    diff = ImageChops.difference(a.convert("RGB").crop(box), b.convert("RGB").crop(box))
    return sum(ImageStat.Stat(diff).mean) / 3


def test_profile_validation() -> None:
    with pytest.raises(ValueError):
        ProfileScene("a", 24, "?", 0, 0.0, None, None, 0, words=ZH_WORDS)
    for progress in (-0.1, 1.5):
        with pytest.raises(ValueError):
            ProfileScene("a", 1, "包身工", 0, progress, "短工", 100, 0, words=ZH_WORDS)
    with pytest.raises(ValueError):
        ProfileScene("a", 1, "包身工", 0, 0.0, "短工", 100, 0, landlord_games=1,
                     landlord_wins=2, words=ZH_WORDS)


def test_leaderboard_rows_medals_and_highlight() -> None:
    rows = tuple(LeaderboardRow(i, f"Player {i}", f"{1000 - i:,}", "短工", i == 5)
                 for i in range(1, 9))
    image = decode(render_leaderboard(LeaderboardScene("Balance", rows, words=ZH_WORDS)))
    assert image.size == (BOARD_W, board_height(8))
    for i, row in enumerate(rows):
        y = BOARD_HEADER + i * BOARD_ROW
        medal_box = (MARGIN + 14, y + 10, MARGIN + 58, y + BOARD_ROW - 10)
        medal = MEDALS.get(row.rank)
        if medal:
            assert count_near(image, medal_box, medal, 12) > 400, row.rank
        else:
            assert all(count_near(image, medal_box, m, 12) < 5 for m in MEDALS.values())
        top_edge = (MARGIN + 40, y + 3, BOARD_W - MARGIN - 40, y + 6)
        assert (count_near(image, top_edge, GOLD, 40) > 200) == row.highlight, row.rank


def test_empty_leaderboard() -> None:
    image = decode(render_leaderboard(LeaderboardScene("积分", (), words=ZH_WORDS)))
    assert image.size == (BOARD_W, board_height(0))

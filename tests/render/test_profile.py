"""The profile card and the leaderboard."""

from __future__ import annotations

import pytest
from PIL import Image

from render import (
    LeaderboardRow,
    LeaderboardScene,
    ProfileScene,
    render_leaderboard,
    render_profile,
)
from render.canvas import GOLD
from render.profile import (
    BOARD_HEADER,
    BOARD_ROW,
    BOARD_W,
    MARGIN,
    MEDALS,
    PROFILE_H,
    PROFILE_W,
    board_height,
)

from .helpers import count_near, decode, near

BAR = (MARGIN + 20, 206, PROFILE_W - MARGIN - 20, 236)


def profile(points: int, floor: int | None, nxt: int | None, level: int = 5) -> ProfileScene:
    return ProfileScene("Alice 王小明", level, "贫农", points, floor,
                        None if nxt is None else "渔夫", nxt, 123456,
                        landlord_games=40, landlord_wins=23, farmer_games=90, farmer_wins=51)


def filled_fraction(image: Image.Image, y: int) -> float:
    """Where the gold fill of the progress bar ends on row ``y`` (0..1 of the bar)."""
    x0, _, x1, _ = BAR
    gold = [x for x in range(x0, x1) if near(image.getpixel((x, y)), GOLD, 30)]
    return 0.0 if not gold else (max(gold) + 1 - x0) / (x1 - x0)


@pytest.mark.parametrize(("points", "floor", "nxt", "expected"), [
    (700, 600, 800, 0.5), (610, 600, 800, 0.05), (790, 600, 800, 0.95),
    (-50, None, 100, 0.0), (123_456_789, 100_000_000, None, 1.0),
])
def test_progress_bar_matches_the_points(points: int, floor: int | None, nxt: int | None,
                                        expected: float) -> None:
    s = profile(points, floor, nxt, level=23 if nxt is None else 5)
    assert s.progress == pytest.approx(expected)
    image = decode(render_profile(s))
    assert image.size == (PROFILE_W, PROFILE_H)
    y = BAR[3] - 5  # below the highlight and the percentage
    assert filled_fraction(image, y) == pytest.approx(expected, abs=0.04)


def test_profile_validation() -> None:
    with pytest.raises(ValueError):
        ProfileScene("a", 24, "?", 0, None, None, None, 0)
    with pytest.raises(ValueError):
        ProfileScene("a", 1, "包身工", 0, None, "短工", 100, 0, landlord_games=1,
                     landlord_wins=2)


def test_leaderboard_rows_medals_and_highlight() -> None:
    rows = tuple(LeaderboardRow(i, f"Player {i}", f"{1000 - i:,}", "短工", i == 5)
                 for i in range(1, 9))
    image = decode(render_leaderboard(LeaderboardScene("Balance", rows)))
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
    image = decode(render_leaderboard(LeaderboardScene("积分", ())))
    assert image.size == (BOARD_W, board_height(0))

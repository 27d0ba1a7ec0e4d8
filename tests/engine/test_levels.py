"""The 23 levels of docs/rules.md §7."""

from __future__ import annotations

import pytest

from bot.engine.levels import LEVELS, level_for


@pytest.mark.parametrize(
    ("points", "number", "name"),
    [
        (-5000, 1, "包身工"), (0, 1, "包身工"), (99, 1, "包身工"), (100, 2, "短工"),
        (199, 2, "短工"), (200, 3, "长工"), (400, 4, "佃户"), (600, 5, "贫农"),
        (800, 6, "渔夫"), (1000, 7, "猎人"), (2000, 8, "中农"), (4000, 9, "富农"),
        (6000, 10, "掌柜"), (10000, 11, "商人"), (20000, 12, "衙役"), (50000, 13, "小财主"),
        (100000, 14, "大财主"), (200000, 15, "小地主"), (500000, 16, "大地主"),
        (1000000, 17, "知县"), (2000000, 18, "通判"), (5000000, 19, "知府"),
        (10000000, 20, "总督"), (19999999, 20, "总督"), (20000000, 21, "巡抚"),
        (50000000, 22, "丞相"), (100000000, 23, "帝王"), (10**12, 23, "帝王"),
    ],
)
def test_level_thresholds_inclusive(points: int, number: int, name: str) -> None:
    level = level_for(points)
    assert (level.number, level.name) == (number, name)


def test_table_shape_and_progress() -> None:
    assert len(LEVELS) == 23
    thresholds = [t for _, _, t in LEVELS]
    assert thresholds == sorted(thresholds)
    assert level_for(150).progress == pytest.approx(0.5)
    assert level_for(150).to_next == 50
    assert level_for(-20).progress == 0.0 and level_for(-20).to_next == 120
    top = level_for(10**9)
    assert top.next_threshold is None and top.progress == 1.0 and top.to_next == 0

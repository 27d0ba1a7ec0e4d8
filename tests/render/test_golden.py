"""Golden pictures: each picture, at half size, against a stored PNG, with a tolerance.

A change that moves pixels on purpose regenerates them:
``DDZ_REGEN_GOLDEN=1 .venv/bin/python -m pytest tests/render/test_golden.py``; then look
at the new files in tests/render/golden/ before committing them.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from render import (
    LeaderboardRow,
    LeaderboardScene,
    PlayerResult,
    ProfileScene,
    ResultScene,
    SeatScene,
    TableScene,
    render_hand,
    render_leaderboard,
    render_profile,
    render_result,
    render_table,
)

from .helpers import ZH_WORDS, decode, parts, said_word

GOLDEN = Path(__file__).resolve().parent / "golden"
REGEN = os.environ.get("DDZ_REGEN_GOLDEN") == "1"
MAX_MEAN_DIFF = 0.5  # mean absolute difference per channel (0..255); re-renders differ by < 0.02


def _table3() -> TableScene:
    return TableScene(
        (SeatScene("Alice", "landlord", 15, last_play="33344", to_beat=True),
         SeatScene("Bob 张三", "farmer", 2, passed=True, doubled=True, shown="3456789TJQKA2BR"),
         SeatScene("Cat", "farmer", 17, turn=True, auto=True)),
        title="欢乐斗地主", phase="play", bottom="7BR", laizi="7", multiplier=16,
        multiplier_words=parts((("grab", 2), ("bomb", 2), ("show", 4)), 16), words=ZH_WORDS)


def _table4() -> TableScene:
    return TableScene(
        (SeatScene("Dora", "farmer", 25, last_play="345678"),
         SeatScene("Eve", "landlord", 33, action=said_word("bid3", "zh-CN")),
         SeatScene("Frank", "farmer", 21, last_play="TTTT", turn=True),
         SeatScene("Gao 高", "farmer", 1, last_play="JJJQQQKKK4455")),
        viewer=1, title="四人斗地主", bottom_count=8, multiplier=6,
        multiplier_words=parts((("base", 3), ("bomb", 2)), 6), words=ZH_WORDS)


def _result() -> ResultScene:
    return ResultScene(
        "farmers",
        (PlayerResult("Lord", "landlord", -24, -2405, "长工", "短工", remaining="3BR", stake=24,
                      fee=5),
         PlayerResult("Ann", "farmer", 16, 1595, "短工", "长工", doubled=True, stake=16, fee=5),
         PlayerResult("Ben", "farmer", 8, 795, "富农", "富农", stake=8, fee=5)),
        spring="anti_spring", multiplier=4,
        multiplier_words=parts((("grab", 2), ("anti_spring", 2)), 4), words=ZH_WORDS)


def _profile() -> ProfileScene:
    return ProfileScene("Alice 王小明", 5, "贫农", 700, 0.5, "渔夫", 800, 123456,
                        landlord_games=40, landlord_wins=23, farmer_games=90, farmer_wins=51,
                        words=ZH_WORDS)


def _board() -> LeaderboardScene:
    rows = tuple(LeaderboardRow(i, name, f"{(6 - i) * 1111:,}", "短工", i == 2)
                 for i, name in enumerate(["Ann", "Bob 张三", "Cat", "Dan", "Eve"], start=1))
    return LeaderboardScene("Points", rows, words=ZH_WORDS)


CASES: dict[str, Callable[[], bytes]] = {
    "hand": lambda: render_hand("3777TKA2BRF", laizi="7", title="Hand 手牌", words=ZH_WORDS),
    "hand_grouped": lambda: render_hand("33334456678TTBR", order="grouped", words=ZH_WORDS),
    "table3": lambda: render_table(_table3()),
    "table4": lambda: render_table(_table4()),
    "result": lambda: render_result(_result()),
    "profile": lambda: render_profile(_profile()),
    "leaderboard": lambda: render_leaderboard(_board()),
}


def half(png: bytes) -> Image.Image:
    """The picture at half size, as a 256-colour palette (how goldens are stored)."""
    image = decode(png)
    small = image.resize((image.width // 2, image.height // 2), Image.Resampling.LANCZOS)
    return small.quantize(256, method=Image.Quantize.FASTOCTREE).convert("RGB")


def mean_diff(a: Image.Image, b: Image.Image) -> float:
    assert a.size == b.size, (a.size, b.size)
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_golden(name: str) -> None:
    path = GOLDEN / f"{name}.png"
    current = half(CASES[name]())
    if REGEN:
        out = io.BytesIO()
        current.quantize(256, method=Image.Quantize.FASTOCTREE).save(out, "PNG", optimize=True)
        path.write_bytes(out.getvalue())
        pytest.skip(f"regenerated {path.name}")
    assert path.exists(), f"no golden {path.name}: run with DDZ_REGEN_GOLDEN=1"
    golden = Image.open(path).convert("RGB")
    assert mean_diff(current, golden) <= MAX_MEAN_DIFF


def test_the_comparison_sees_a_real_change() -> None:
    golden = Image.open(GOLDEN / "hand.png").convert("RGB")
    same_size_other = half(render_hand("3444TKA2BRF", laizi="4", title="Hand 手牌", words=ZH_WORDS))
    assert mean_diff(same_size_other, golden) > MAX_MEAN_DIFF
    golden = Image.open(GOLDEN / "table3.png").convert("RGB")
    a, b, c = _table3().seats
    moved = TableScene((a, c, b), title="欢乐斗地主", phase="play",
                       bottom="7BR", laizi="7", multiplier=16,
                       multiplier_words=parts((("grab", 2), ("bomb", 2), ("show", 4)), 16),
                       words=ZH_WORDS)
    assert mean_diff(half(render_table(moved)), golden) > MAX_MEAN_DIFF


def test_goldens_stay_small() -> None:
    sizes = {p.name: p.stat().st_size for p in GOLDEN.glob("*.png")}
    assert set(sizes) == {f"{name}.png" for name in CASES}
    assert sum(sizes.values()) < 400_000

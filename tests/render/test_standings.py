"""The standings picture: its size by rows, CJK and emoji names drawn, the rows past
:data:`MAX_ROWS` left out with a line that says so, the winner's medal, a viewer's row."""

from __future__ import annotations

import io

from PIL import Image

from render import StandingRow, StandingsScene, render_standings
from render.fonts import missing_glyphs
from render.standings import COLUMNS_H, HEADER, MAX_ROWS, ROW, WIDTH, standings_height

HEADS = ("名次", "玩家", "积分", "地主胜", "农民胜", "局数")


def scene(rows: int, **kw: object) -> StandingsScene:
    names = ["臺灣阿嬤鬥地主", "김민준🃏", "José Ñúñez", "王小明", "さくら"]
    return StandingsScene("周五之夜 · 第 2/3 轮", "经典 · 9 人", HEADS,
                          tuple(StandingRow(n + 1, names[n % len(names)], 100 - 40 * n,
                                            3, 2, 6, highlight=n == 1) for n in range(rows)),
                          "同分时依次比较：地主胜局多、农民胜局多、当地主局数少；仍相同则并列。",
                          **kw)  # type: ignore[arg-type]


def picture(s: StandingsScene) -> Image.Image:
    return Image.open(io.BytesIO(render_standings(s))).convert("RGB")


def test_size_follows_the_rows() -> None:
    for rows in (0, 1, 9):
        image = picture(scene(rows))
        assert image.size == (WIDTH, standings_height(rows))
    assert standings_height(9) - standings_height(8) > 40


def test_rows_past_the_limit_are_left_out_and_said() -> None:
    image = picture(scene(MAX_ROWS + 5, more_text="…还有 5 人"))
    assert image.height == standings_height(MAX_ROWS, more=True)
    assert image.height == standings_height(MAX_ROWS) + ROW  # 40 rows and the line


def test_every_word_and_name_has_its_glyphs() -> None:
    s = scene(5)
    texts = [s.title, s.subtitle, s.note, *s.headers, *(r.name for r in s.rows)]
    assert [t for t in texts if missing_glyphs(t)] == []


def test_the_winner_has_a_gold_medal_and_the_viewer_an_outline() -> None:
    image = picture(scene(3))
    def goldish(px: tuple[int, ...] | float) -> bool:  # an RGB picture: a tuple a pixel
        assert isinstance(px, tuple)
        return px[0] > 220 and 160 < px[1] < 215 and px[2] < 90

    y = HEADER + COLUMNS_H
    top = image.crop((24, y, 120, y + ROW))  # the first row's rank: a gold medal
    assert sum(goldish(px) for px in top.get_flattened_data()) > 200
    third = image.crop((24, y + 2 * ROW, 120, y + 3 * ROW))  # a bronze one, no gold
    assert sum(goldish(px) for px in third.get_flattened_data()) < 20
    edge = image.crop((24, y + ROW, 30, y + 2 * ROW))  # the viewer's (second) row outlined
    assert sum(goldish(px) for px in edge.get_flattened_data()) > 20

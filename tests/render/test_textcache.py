"""Text drawn from cached masks has Pillow's own pixels, cold or warm, in any thread; the
caches stay within their bounds; every picture draws through the caching drawer."""

from __future__ import annotations

import ast
import threading
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageDraw

from bench import render as bench_render
from render import canvas, textcache
from render.fonts import fit_text, font
from render.textcache import MASKS, BoundedCache, Drawer, clear_text_caches, drawer, text_length

RENDER = Path(__file__).resolve().parents[2] / "render"
WORDS = ["Alice", "Bob 张三", "不出", "×16", "10", "Pass", "…", "抢×2 炸弹×2 明牌×4 = ×16", "☆"]
ANCHORS = ["la", "lm", "ls", "mm", "rm", "rs", "ms", "lt", "rb"]
POINTS = [(40, 30), (40.5, 30.25), (41.75, 29.5), (-3.5, 12.0), (200, 70.9)]


def _draw_all(image: Image.Image, draw: ImageDraw.ImageDraw) -> None:
    for i, word in enumerate(WORDS):
        for j, anchor in enumerate(ANCHORS):
            for k, (x, y) in enumerate(POINTS):
                face = font((24, 30, 38)[(i + j + k) % 3], ("bold", "regular")[k % 2])
                fill: Any = ((i * 40) % 256, 200, (j * 30) % 256)
                if image.mode in ("L", "1"):
                    fill = 255 if image.mode == "1" else (i * 40) % 256
                elif image.mode == "RGBA":
                    fill = (*fill, 180)
                draw.text((x + 37 * j, y + 30 * i), word, font=face, fill=fill, anchor=anchor)


@pytest.mark.parametrize("mode", ["RGB", "RGBA", "L", "1"])
def test_cached_text_has_pillows_pixels_cold_and_warm(mode: str) -> None:
    expected = Image.new(mode, (420, 300), 0)
    _draw_all(expected, ImageDraw.ImageDraw(expected))
    clear_text_caches()
    for state in ("cold", "warm"):
        image = Image.new(mode, (420, 300), 0)
        _draw_all(image, drawer(image))
        assert image.tobytes() == expected.tobytes(), state
    assert MASKS.hits > 0


def test_other_text_is_left_to_pillow_and_drawn_alike() -> None:
    face = font(30, "bold")
    cases: list[dict[str, object]] = [
        {"text": "two\nlines", "anchor": "la"},
        {"text": "stroked", "stroke_width": 2, "stroke_fill": (0, 0, 0)},
        {"text": "default font", "font": None},
        {"text": b"bytes", "font": font(24, "regular")},
        {"text": "no fill", "fill": None},
    ]
    for case in cases:
        args: dict[str, object] = {"font": face, "fill": (250, 200, 0), **case}
        text = args.pop("text")
        expected = Image.new("RGB", (300, 120), (20, 90, 50))
        ImageDraw.ImageDraw(expected).text((10.5, 40), text, **args)  # type: ignore[arg-type,type-var]
        image = Image.new("RGB", (300, 120), (20, 90, 50))
        before = len(MASKS)
        drawer(image).text((10.5, 40), text, **args)  # type: ignore[arg-type,type-var]
        assert image.tobytes() == expected.tobytes(), case
        assert len(MASKS) == before, case  # not cached


def test_a_mask_serves_every_colour() -> None:
    clear_text_caches()
    face = font(30, "bold")
    for color in ((255, 255, 255), (247, 192, 46), (0, 0, 0)):
        expected = Image.new("RGB", (200, 60), (44, 128, 82))
        ImageDraw.ImageDraw(expected).text((100, 30), "不出", font=face, fill=color,
                                           anchor="mm")
        image = Image.new("RGB", (200, 60), (44, 128, 82))
        drawer(image).text((100, 30), "不出", font=face, fill=color, anchor="mm")
        assert image.tobytes() == expected.tobytes()
    assert len(MASKS) == 1 and MASKS.hits == 2


def test_every_picture_is_the_same_from_cold_and_warm_caches(
        monkeypatch: pytest.MonkeyPatch) -> None:
    with monkeypatch.context() as patch:  # Pillow's own text drawing, no cache
        patch.setattr(Drawer, "text", ImageDraw.ImageDraw.text)
        plain = {name: make() for name, make in bench_render.cases().items()}
    for name, make in bench_render.cases().items():
        canvas.clear_layer_caches()
        assert make() == plain[name], f"{name}: cold"
        assert make() == plain[name], f"{name}: warm"


def test_threads_draw_the_same_text() -> None:
    expected = Image.new("RGB", (420, 300), 0)
    _draw_all(expected, ImageDraw.ImageDraw(expected))
    clear_text_caches()
    results: list[bytes] = []

    def work() -> None:
        for _ in range(3):
            image = Image.new("RGB", (420, 300), 0)
            _draw_all(image, drawer(image))
            results.append(image.tobytes())

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 12 and all(r == expected.tobytes() for r in results)


def test_the_cache_is_bounded_by_entries_and_by_cost() -> None:
    cache: BoundedCache[str] = BoundedCache(3, max_cost=100)
    for i in range(5):
        cache.put(i, str(i), 10)
    assert len(cache) == 3 and cache.get(0) is None and cache.get(4) == "4"
    cache.get(2)  # used: 3 is now the least recently used
    cache.put(5, "5", 10)
    assert cache.get(3) is None and cache.get(2) == "2"
    cache.put(6, "big", 95)  # over the cost: the others go, the newest stays
    assert len(cache) == 1 and cache.cost == 95 and cache.get(6) == "big"
    cache.put(6, "small", 5)
    assert cache.cost == 5 and len(cache) == 1


def test_the_mask_cache_stays_within_its_bounds(monkeypatch: pytest.MonkeyPatch) -> None:
    small: BoundedCache[textcache.Mask] = BoundedCache(50, max_cost=60_000)
    monkeypatch.setattr(textcache, "MASKS", small)
    face = font(30, "bold")
    for i in range(400):
        image = Image.new("RGB", (300, 60))
        drawer(image).text((10, 30), f"Player {i}", font=face, fill=(255, 255, 255),
                           anchor="lm")
        assert len(small) <= 50 and small.cost <= 60_000
    assert 5 < len(small) < 50  # the bytes bound it; it still holds the newest words


def test_lengths_and_fitted_texts_are_cached_and_unchanged() -> None:
    clear_text_caches()
    face = font(30, "bold")
    assert text_length(face, "Bob 张三") == face.getlength("Bob 张三")
    assert text_length(face, "Bob 张三") == face.getlength("Bob 张三")
    assert textcache.LENGTHS.hits == 1
    long = "A very long player name that does not fit"
    cut = fit_text(long, face, 200)
    assert cut.endswith("…") and face.getlength(cut) <= 200
    assert fit_text(long, face, 200) == cut and textcache.FITS.hits == 1


def test_every_render_module_draws_through_the_caching_drawer() -> None:
    for path in RENDER.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr == "Draw" and \
                    isinstance(node.value, ast.Name) and node.value.id == "ImageDraw":
                pytest.fail(f"{path.name}:{node.lineno} draws with ImageDraw.Draw, not drawer()")
    assert isinstance(drawer(Image.new("RGB", (4, 4))), Drawer)

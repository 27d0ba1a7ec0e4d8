"""Rendering from many threads at once gives the same bytes as rendering alone."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from render import canvas, sprites
from render.fonts import has_glyph

from .test_golden import CASES


def test_concurrent_renders_match_serial_ones() -> None:
    expected = {name: make() for name, make in CASES.items()}
    # start cold, so that threads race to build the same sprites, fonts and backgrounds
    sprites._face_sprite.cache_clear()
    sprites._back_sprite.cache_clear()
    canvas._felt.cache_clear()
    has_glyph.cache_clear()
    jobs = [name for _ in range(4) for name in CASES]
    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(lambda name: (name, CASES[name]()), jobs))
    assert len(results) == len(jobs)
    for name, data in results:
        assert data == expected[name], name

"""Panels and glows blended through a lookup table and strips of their masks have exactly
the pixels of Pillow's paste through the whole mask; the felt with its first panel made
once a size is the felt with that panel drawn."""

from __future__ import annotations

import random

import pytest
from PIL import Image, ImageFilter

from render import canvas
from render.canvas import (
    PANEL,
    TURN,
    _glow_mask,
    _panel_mask,
    felt,
    felt_with_panel,
    glow,
    panel,
    paste_color,
    split_mask,
)


def _noise(mode: str, size: tuple[int, int], seed: int) -> Image.Image:
    rng = random.Random(seed)
    data = bytes(rng.randrange(256) for _ in range(size[0] * size[1] * len(mode)))
    return Image.frombytes(mode, size, data)


@pytest.mark.parametrize("mode", ["RGB", "RGBA"])
@pytest.mark.parametrize(("w", "h", "radius", "alpha"), [
    (768, 202, 20, 130), (378, 112, 18, 185), (378, 150, 18, 185), (120, 32, 16, 130),
    (40, 30, 14, 90), (12, 10, 6, 190), (300, 60, 0, 255), (200, 80, 40, 1)])
def test_a_panel_has_the_pixels_of_a_paste_through_its_mask(
        mode: str, w: int, h: int, radius: int, alpha: int) -> None:
    canvas.clear_layer_caches()
    base = _noise(mode, (w + 40, h + 40), w + h)
    blend = _panel_mask(w, h, radius, alpha)
    for xy in ((20, 20), (-7, -5), (40, 45)):  # inside, cut at the top left, bottom right
        expected = base.copy()
        expected.paste((*PANEL, 255)[:len(mode)], (*xy, xy[0] + w, xy[1] + h), blend.mask)
        image = base.copy()
        paste_color(image, xy, PANEL, blend)
        assert image.tobytes() == expected.tobytes(), xy


@pytest.mark.parametrize(("w", "h", "spread"), [(378, 112, 12), (378, 150, 12),
                                                 (200, 60, 10), (30, 20, 4)])
def test_a_glow_has_the_pixels_of_a_paste_through_its_mask(w: int, h: int, spread: int) -> None:
    base = _noise("RGB", (w + 100, h + 100), spread)
    pad = spread * 2
    for x0, y0 in ((50, 50), (8, 10)):  # the second runs off the picture's edge
        box = (x0, y0, x0 + w, y0 + h)
        expected = base.copy()
        blend = _glow_mask(w, h, 18, spread)
        expected.paste(TURN, (x0 - pad, y0 - pad, x0 + w + pad, y0 + h + pad), blend.mask)
        image = base.copy()
        glow(image, box, TURN, radius=18, spread=spread)
        assert image.tobytes() == expected.tobytes(), (x0, y0)


def test_the_cut_of_a_mask_covers_it_once() -> None:
    blend = _glow_mask(378, 150, 18, 12)
    assert blend.inner is not None and blend.value == 190
    assert blend.mask.crop(blend.inner).getextrema() == (190, 190)
    covered = Image.new("L", blend.mask.size, 0)
    covered.paste(1, blend.inner)
    for box, part in blend.strips:
        assert part.tobytes() == blend.mask.crop(box).tobytes()
        covered.paste(Image.eval(covered.crop(box), lambda v: v + 1), box)
    # every pixel with a value in the mask is in exactly one part
    marks = covered.tobytes()
    values = blend.mask.tobytes()
    assert all(m == 1 for m, v in zip(marks, values, strict=True) if v)
    assert max(marks) == 1


def test_a_mask_without_a_flat_middle_is_pasted_whole() -> None:
    ramp = Image.linear_gradient("L").resize((100, 60)).filter(ImageFilter.BoxBlur(2))
    blend = split_mask(ramp)
    assert blend.inner is None and len(blend.strips) == 1
    base = _noise("RGB", (100, 60), 3)
    expected = base.copy()
    expected.paste(TURN, (0, 0, 100, 60), ramp)
    paste_color(base, (0, 0), TURN, blend)
    assert base.tobytes() == expected.tobytes()


def test_the_felt_with_its_first_panel_is_the_felt_with_the_panel_drawn() -> None:
    canvas.clear_layer_caches()
    for height in (700, 812, 1100):
        box = (16, 16, 784, 218)
        expected = felt(800, height)
        panel(expected, box, radius=20, alpha=130)
        for _ in range(2):  # cold, warm
            image = felt_with_panel(800, height, box, 20, 130)
            assert image.tobytes() == expected.tobytes()
            image.paste((0, 0, 0), (0, 0, 800, 300))  # a copy: the cached one stays clean
    assert felt_with_panel(800, 700, (16, 16, 784, 218), 20, 130).tobytes() == \
        felt_with_panel(800, 700, (16, 16, 784, 218), 20, 130).tobytes()

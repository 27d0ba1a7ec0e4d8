"""The table picture, drawn from cached layers, has exactly the pixels pinned from the
drawing before the caches (tests/render/pixel_cases.py): the first drawing (cold caches)
and the next (warm) alike."""

from __future__ import annotations

import json

import pytest

from render import canvas

from .pixel_cases import PINNED, cases, pixels

PINS = json.loads(PINNED.read_text())


def test_every_case_is_pinned() -> None:
    assert set(PINS) == set(cases())


@pytest.mark.parametrize("name", sorted(cases()))
def test_cold_and_warm_caches_draw_the_pinned_pixels(name: str) -> None:
    scene = cases()[name]
    canvas.clear_layer_caches()
    assert pixels(scene) == PINS[name], "cold"
    assert pixels(scene) == PINS[name], "warm"

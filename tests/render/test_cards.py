"""Card rows: a card's index is never covered by the next card ("10" drawn "1(" before)."""

from __future__ import annotations

import itertools

import pytest
from PIL import Image

from render.cardrow import cards_of, draw_cards, wrap_cards
from render.sprites import BIG, MICRO, MINI, CardGeom, face_sprite

from .helpers import near

TEN = 7  # the rank index of 10


@pytest.mark.parametrize("geom", [BIG, MINI, MICRO], ids=lambda g: g.name)
def test_the_index_of_10_fits_the_visible_strip(geom: CardGeom) -> None:
    sprite = face_sprite(TEN, "H", False, geom)
    ink = [x - sprite.pad for y in range(sprite.pad, sprite.pad + geom.h // 3)
           for x in range(sprite.pad, sprite.pad + geom.w)
           if near(sprite.rgb.getpixel((x, y)), (208, 30, 42), 60)
           and sprite.mask.getpixel((x, y)) > 200]
    assert ink, "the red 10 is drawn"
    # the corner index ends inside the strip a later card leaves visible
    corner = [x for x in ink if x < geom.w // 2]
    assert max(corner) < geom.strip - 1


@pytest.mark.parametrize("geom", [MINI, MICRO], ids=lambda g: g.name)
def test_rows_never_squeeze_cards_below_their_strip(geom: CardGeom) -> None:
    canvas = Image.new("RGB", (2000, 200))
    corners = draw_cards(canvas, cards_of("TTTT"), 10, 10, geom, step=geom.strip - 10)
    steps = {b[0] - a[0] for a, b in itertools.pairwise(corners)}
    assert steps == {geom.strip}  # the result's remaining cards used 22 px on 25 px strips
    rows = wrap_cards(cards_of("33445566778899TTJJQQKKAA22"), 400, geom)
    assert all((len(r) - 1) * geom.strip + geom.w <= 400 for r in rows)
    assert sum(len(r) for r in rows) == 26 and max(map(len, rows)) - min(map(len, rows)) <= 1

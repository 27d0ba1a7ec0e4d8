"""A hand's cards overlap by half: each card is pasted except where the next card of its
row hides it entirely (render.sprites.paste_uncovered). The pictures must be exactly those
of pasting every card whole."""

from __future__ import annotations

import random

import pytest
from PIL import Image

import render.hand
from bot.engine.cards import make_deck
from render import render_hand
from render.sprites import BIG, face_sprite, opaque_box

from .helpers import ZH_WORDS, picture_words


def _whole(image: Image.Image, sprite, at, cover) -> None:  # type: ignore[no-untyped-def]
    image.paste(sprite.rgb, at, sprite.mask)  # the reference: every card whole


def _hands() -> list[tuple[list, dict]]:  # type: ignore[type-arg]
    rng = random.Random(37)
    one, two = make_deck(), make_deck(decks=2)
    out: list[tuple[list, dict]] = []  # type: ignore[type-arg]
    for n in (0, 1, 2, 5, 17, 20):
        out.append((rng.sample(one, n), {}))
    for order in ("desc", "asc", "grouped"):
        out.append((rng.sample(one, 20), {"order": order, "title": "Your hand (20)"}))
        out.append((rng.sample(two, 33), {"order": order, "words": picture_words("en")}))
    hand = rng.sample(one, 20)
    out.append((hand, {"laizi": "7", "marked": "".join(str(c) for c in hand[:3])}))
    out.append((rng.sample(one, 17), {"laizi": "K", "order": "grouped",
                                      "words": picture_words("zh-TW")}))
    out.append((rng.sample(make_deck(flower=True), 21), {"laizi": "9"}))  # 超级: the flower
    return out


@pytest.mark.parametrize("case", range(len(_hands())))
def test_a_hand_is_the_same_picture_as_with_every_card_pasted_whole(
        case: int, monkeypatch: pytest.MonkeyPatch) -> None:
    cards, options = _hands()[case]
    drawn = render_hand(cards, **{"words": ZH_WORDS, **options})
    monkeypatch.setattr(render.hand, "paste_uncovered", _whole)
    assert drawn == render_hand(cards, **{"words": ZH_WORDS, **options})


def test_the_opaque_box_is_inside_every_card() -> None:
    x0, y0, x1, y1 = opaque_box(BIG)
    sprite = face_sprite(3, "S")
    assert sprite.pad < x0 < x1 < sprite.pad + BIG.w and sprite.pad < y0 < y1 < sprite.pad + BIG.h
    assert sprite.mask.crop((x0, y0, x1, y1)).getextrema() == (255, 255)
    # just outside it, the card's rounded corner lets what is under it show
    assert sprite.mask.crop((sprite.pad, sprite.pad, x0, y0)).getextrema()[0] < 255


def test_a_result_and_a_table_are_the_same_pictures_as_with_every_card_whole(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The card rows of the result and table pictures (render.cardrow) skip what the
    next card hides too; the table's pixels are also pinned (test_table_pixels)."""
    import render.cardrow
    from bench.render import result3, table3, table4
    from render import canvas, render_result, render_table

    scenes = [(render_result, result3()), (render_table, table3()), (render_table, table4())]
    canvas.clear_layer_caches()
    drawn = [draw(scene) for draw, scene in scenes]
    monkeypatch.setattr(render.cardrow, "paste_uncovered", _whole)
    canvas.clear_layer_caches()
    assert drawn == [draw(scene) for draw, scene in scenes]

"""Shared helpers for picture tests: decode PNGs, classify pixels, deal sample hands."""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from typing import Any

from PIL import Image

from bot.engine import Rules
from bot.engine.cards import FLOWER, Card, make_deck
from bot.words.locales import TW, traditional
from bot.words.multiplier import multiplier_words
from bot.words.pictures import picture_words, said_word
from render.textcache import Drawer

RGB = tuple[int, int, int]

__all__ = ["ZH_WORDS", "parts", "picture_words", "said_word", "script"]

ZH_WORDS = picture_words("zh-CN")
"""The pictures' words in 简体中文 (the language most scenes of the tests are drawn in)."""


def parts(factors: tuple[tuple[str, int], ...], total: int,
          locale: str = "zh-CN") -> tuple[str, ...]:
    """A scene's multiplier words, as the scene builders make them (no parts: none)."""
    return multiplier_words(factors, total, locale) if factors else ()


def script(name: str, locale: str) -> str:
    """A level's name (kept in Chinese in every language) in ``locale``'s script."""
    return traditional(name) if locale == TW else name


def decode(png: bytes) -> Image.Image:
    """The picture as RGB (and a check that it is a PNG)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def is_light(p: RGB) -> bool:
    """A card face colour (white, laizi cream, flower pink), never felt or panel."""
    return min(p) >= 180


def near(p: RGB, q: RGB, tol: int = 40) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(p, q, strict=True))


def count_near(image: Image.Image, box: tuple[int, int, int, int], color: RGB,
               tol: int = 40) -> int:
    """How many pixels of ``box`` are within ``tol`` of ``color`` on every channel."""
    region = image.crop(box)
    return sum(1 for p in region.get_flattened_data() if near(p, color, tol))


def light_runs(image: Image.Image, y: int, x0: int, x1: int) -> int:
    """How many separate runs of card-coloured pixels lie on row ``y`` between x0 and x1."""
    runs = 0
    inside = False
    for x in range(x0, x1):
        light = is_light(image.getpixel((x, y)))
        if light and not inside:
            runs += 1
        inside = light
    return runs


def deal(variant: str, seed: int = 1) -> tuple[Rules, list[list[Card]], list[Card]]:
    """A shuffled deal of ``variant``: hands (the landlord's first, with the bottom) and the
    bottom cards; in super the landlord is sure to hold the flower."""
    rules = Rules.preset(variant, **({"laizi": "7"} if variant == "laizi" else {}))
    deck = make_deck(rules.decks, flower=rules.flower)
    random.Random(seed).shuffle(deck)
    if rules.flower:
        deck.sort(key=lambda c: c.rank != FLOWER)  # flower first: dealt to the landlord
    size = rules.hand_size
    hands = [deck[i * size:(i + 1) * size] for i in range(rules.players)]
    bottom = deck[rules.players * size:]
    assert len(bottom) == rules.bottom_size
    hands[0] = hands[0] + bottom
    return rules, hands, bottom


def text_sizes(make: Callable[[], object], width: int) -> list[int]:
    """The font sizes of every text ``make()`` draws on a picture ``width`` px wide (card
    sprites and avatars are drawn on their own images and are not counted). Every picture
    draws through :class:`render.textcache.Drawer` (test_textcache checks it)."""
    sizes: list[int] = []
    original = Drawer.text

    def text(self: Drawer, xy: Any, text: Any, fill: Any = None,
             font: Any = None, *args: Any, **kwargs: Any) -> None:
        image = getattr(self, "_image", None)
        if image is not None and image.width == width and font is not None:
            sizes.append(int(font.size))
        original(self, xy, text, fill, font, *args, **kwargs)

    Drawer.text = text  # type: ignore[method-assign]
    try:
        make()
    finally:
        Drawer.text = original  # type: ignore[method-assign]
    return sizes

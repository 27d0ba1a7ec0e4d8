"""Text drawn from cached glyph masks: the drawing object of every picture.

Pillow's ``ImageDraw.text`` renders a mask of the whole line with FreeType
(``font.getmask2``), then blends the ink through it (``draw_bitmap``). Rendering is most
of a picture's text cost, and the pictures draw the same words again and again (a seat's
name, "Pass", the phase, a card count), so :class:`Drawer` keeps the masks in a bounded
LRU keyed by everything the mask depends on: the font (file, size, index, encoding,
layout engine), the text, the anchor, the font mode and the fractions of the start point.
The ink is blended in by ``draw_bitmap`` each time, so a mask serves every colour.

Only single-line, unstroked, plain-colour text without direction, features or language
takes the cache; anything else is drawn by Pillow itself. Cached masks are never written
to (``draw_bitmap`` only reads them), so any thread may use them. ``text_length`` caches
``font.getlength`` the same way, and ``FITS`` holds ``fonts.fit_text``'s answers.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Any, Generic, TypeVar

from PIL import Image, ImageDraw, ImageFont

V = TypeVar("V")

FontKey = tuple[str, float, int, str, int]

MASK_ENTRIES = 4096
MASK_BYTES = 8 * 1024 * 1024  # about 2,000 average words of 110 × 36 px
LENGTH_ENTRIES = 8192


class BoundedCache(Generic[V]):
    """A thread-safe LRU bounded by entries and by a total cost (bytes, for masks): the
    least recently used entries go first when either bound is passed."""

    def __init__(self, max_entries: int, max_cost: int | None = None) -> None:
        self.max_entries = max_entries
        self.max_cost = max_cost
        self.cost = 0
        self.hits = 0
        self.misses = 0
        self._data: OrderedDict[Hashable, tuple[V, int]] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._data)

    def get(self, key: Hashable) -> V | None:
        with self._lock:
            entry = self._data.get(key)
            if entry is None:
                self.misses += 1
                return None
            self._data.move_to_end(key)
            self.hits += 1
            return entry[0]

    def put(self, key: Hashable, value: V, cost: int = 1) -> None:
        with self._lock:
            old = self._data.pop(key, None)
            if old is not None:
                self.cost -= old[1]
            self._data[key] = (value, cost)
            self.cost += cost
            while self._data and (len(self._data) > self.max_entries or (
                    self.max_cost is not None and self.cost > self.max_cost
                    and len(self._data) > 1)):
                _, (_, dropped) = self._data.popitem(last=False)
                self.cost -= dropped

    def clear(self) -> None:
        with self._lock:
            self._data.clear()
            self.cost = self.hits = self.misses = 0


Mask = tuple[Any, tuple[int, int]]  # Pillow's ImagingCore of the mask, and its offset
MASKS: BoundedCache[Mask] = BoundedCache(MASK_ENTRIES, MASK_BYTES)
LENGTHS: BoundedCache[float] = BoundedCache(LENGTH_ENTRIES)
FITS: BoundedCache[str] = BoundedCache(LENGTH_ENTRIES)  # fonts.fit_text's cut texts


def font_key(face: object) -> FontKey | None:
    """What makes a FreeType face draw as it does (None: a face the caches do not take,
    e.g. one read from a file object or Pillow's bitmap default font)."""
    if type(face) is not ImageFont.FreeTypeFont or not isinstance(face.path, str):
        return None
    return (face.path, face.size, face.index, face.encoding, int(face.layout_engine))


def text_length(face: ImageFont.FreeTypeFont, text: str) -> float:
    """``face.getlength(text)``, cached per (face, text)."""
    fkey = font_key(face)
    if fkey is None:
        return face.getlength(text)
    key = (fkey, text)
    value = LENGTHS.get(key)
    if value is None:
        value = face.getlength(text)
        LENGTHS.put(key, value)
    return value


def clear_text_caches() -> None:
    """Forget every cached mask, length and cut text (tests draw from cold caches too)."""
    MASKS.clear()
    LENGTHS.clear()
    FITS.clear()


_NO_EFFECT = frozenset({"spacing", "align"})  # on a single line
_OFF = frozenset({"direction", "features", "language", "stroke_width", "stroke_fill",
                  "embedded_color"})  # the cache takes them only unset


class Drawer(ImageDraw.ImageDraw):
    """``ImageDraw.ImageDraw`` whose ``text`` reuses cached masks (same pixels)."""

    def text(self, xy: tuple[float, float], text: Any, fill: Any = None,
             font: Any = None, anchor: str | None = None, *args: Any, **kwargs: Any) -> None:
        fkey = font_key(font)
        plain = all(k in _NO_EFFECT or (k in _OFF and not v) for k, v in kwargs.items())
        if (fkey is None or args or not plain or not isinstance(text, str) or "\n" in text
                or (anchor is not None and len(anchor) != 2) or fill is None
                or self.fontmode not in ("L", "1")):
            super().text(xy, text, fill, font, anchor, *args, **kwargs)
            return
        ink, fill_ink = self._getink(fill)
        if ink is None:
            ink = fill_ink
        if ink is None:
            return
        anchor = anchor or "la"
        x, y = xy
        start = (math.modf(x)[0], math.modf(y)[0])
        mode = self.fontmode
        key = (fkey, text, anchor, mode, start)
        cached = MASKS.get(key)
        if cached is None:
            mask, offset = font.getmask2(text, mode, anchor=anchor, ink=ink, start=start)
            width, height = mask.size
            cached = (mask, offset)
            MASKS.put(key, cached, max(1, width * height))
        mask, offset = cached
        self.draw.draw_bitmap((int(x) + offset[0], int(y) + offset[1]), mask, ink)


def drawer(image: Image.Image) -> ImageDraw.ImageDraw:
    """The drawing object of ``image`` (``ImageDraw.Draw`` with cached text masks)."""
    return Drawer(image)

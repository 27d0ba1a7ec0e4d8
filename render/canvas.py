"""Shared drawing helpers: colours, the felt background, text, pills, PNG encoding (the
words drawn come finished in the scenes: render holds none).

Everything here is pure: a helper draws on the image it is given or returns a new one.
Cached images (felt backgrounds) are never drawn on: callers get copies.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont

from .fonts import clean_text, fit_text, font
from .png import palette_png
from .textcache import clear_text_caches, drawer, text_length

RGB = tuple[int, int, int]
Box = tuple[int, int, int, int]

FELT_CENTER: RGB = (44, 128, 82)
FELT_EDGE: RGB = (17, 72, 44)
PANEL: RGB = (14, 48, 30)
PANEL_LINE: RGB = (70, 140, 100)
WHITE: RGB = (255, 255, 255)
SOFT_WHITE: RGB = (232, 244, 236)
MUTED: RGB = (170, 205, 182)
INK: RGB = (28, 30, 36)
RED_INK: RGB = (208, 30, 42)
GOLD: RGB = (247, 192, 46)
GOLD_DARK: RGB = (150, 98, 0)
LANDLORD_BG: RGB = (255, 168, 38)
LANDLORD_FG: RGB = (92, 46, 0)
FARMER_BG: RGB = (58, 160, 220)
FARMER_FG: RGB = (255, 255, 255)
GAIN: RGB = (110, 230, 120)
LOSS: RGB = (255, 110, 100)
TURN: RGB = (255, 214, 64)
PASS_BG: RGB = (60, 72, 80)

_felt_lock = threading.Lock()


_LEVELS = 16  # felt colours; an ordered dither blends neighbours, so no rings appear
_BAYER = (0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5)


@lru_cache(maxsize=64)
def _felt(width: int, height: int) -> Image.Image:
    gradient = Image.radial_gradient("L").resize((width, height), Image.Resampling.BILINEAR)
    # 0 at the centre, growing outwards: soften the fall-off and scale to level × 16
    top = (_LEVELS - 1) * 16
    gradient = gradient.point(lambda v: min(top, int((v / 255) ** 1.6 * 1.18 * top)))
    tile = Image.new("L", (4, 4))
    tile.putdata(_BAYER)
    row = Image.new("L", (width, 4))
    for x in range(0, width, 4):
        row.paste(tile, (x, 0))
    threshold = Image.new("L", (width, height))
    for y in range(0, height, 4):
        threshold.paste(row, (0, y))
    level = ImageChops.add(gradient, threshold)
    channels = []
    for c in range(3):
        a, b = FELT_CENTER[c], FELT_EDGE[c]
        lut = [round(a + (b - a) * min(_LEVELS - 1, v // 16) / (_LEVELS - 1))
               for v in range(256)]
        channels.append(level.point(lut))
    return Image.merge("RGB", channels)


def felt(width: int, height: int) -> Image.Image:
    """A green felt background (a fresh copy of a cached one)."""
    with _felt_lock:
        base = _felt(width, height)
    return base.copy()


@lru_cache(maxsize=16)
def _felt_panel(width: int, height: int, box: Box, radius: int, alpha: int) -> Image.Image:
    region = _felt(width, height).crop(box)
    panel(region, (0, 0, box[2] - box[0], box[3] - box[1]), radius, alpha)
    return region


def felt_with_panel(width: int, height: int, box: Box, radius: int = 18,
                    alpha: int = 150) -> Image.Image:
    """``felt(width, height)`` with ``panel(image, box, radius, alpha)`` drawn on it: the
    felt under a panel drawn first is always the same, so the panelled part is made once
    a size and pasted (the same pixels)."""
    image = felt(width, height)
    with _felt_lock:
        region = _felt_panel(width, height, box, radius, alpha)
    image.paste(region, box[:2])
    return image


def encode_png(image: Image.Image, colors: int = 256) -> bytes:
    """PNG bytes of ``image``, reduced to a palette of at most ``colors`` colours.

    The pictures are flat colours, anti-aliased edges and a dithered felt: a 256-colour
    palette keeps them visually identical at a fraction of the size. The palette is chosen
    from a sample of every third pixel (fast), then every pixel takes its nearest colour.
    """
    if image.mode != "RGB":
        image = image.convert("RGB")
    sample = image
    if image.width * image.height > 120_000:
        sample = image.resize((image.width // 3, image.height // 3), Image.Resampling.NEAREST)
    palette = sample.quantize(colors=colors, method=Image.Quantize.FASTOCTREE)
    # the file written by ISA-L's deflate (render.png): 0.6 ms of a table picture where
    # Pillow's zlib took 3.0 (level 2) for the same pixels
    return palette_png(image.quantize(palette=palette, dither=Image.Dither.NONE))


def text_size(text: str, face: ImageFont.FreeTypeFont) -> tuple[int, int]:
    """Width and height of ``text`` as drawn (ink box)."""
    left, top, right, bottom = face.getbbox(text)
    return int(right - left), int(bottom - top)  # whole pixels (FreeType's bbox is)


def draw_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str,
              face: ImageFont.FreeTypeFont, fill: RGB, anchor: str = "la",
              shadow: bool = False) -> None:
    """Draw ``text`` (optionally with a soft drop shadow for text on felt)."""
    if shadow:
        draw.text((xy[0] + 1, xy[1] + 2), text, font=face, fill=(0, 0, 0), anchor=anchor)
    draw.text(xy, text, font=face, fill=fill, anchor=anchor)


def name_text(name: str, face: ImageFont.FreeTypeFont, width: float) -> str:
    """A player name made drawable (emoji dropped, other unknown glyphs drawn as boxes) and
    cut to ``width`` px."""
    return fit_text(clean_text(name), face, width)


def pill(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int,
         fill: RGB, ink: RGB, anchor: str = "l", pad: int | None = None,
         outline: RGB | None = None, face: ImageFont.FreeTypeFont | None = None) -> Box:
    """A rounded label; ``xy`` is its left-middle (``anchor='l'``), centre (``'m'``) or
    right-middle (``'r'``) point. Returns the box drawn."""
    face = face or font(size, "bold")
    pad = pad if pad is not None else max(6, size // 2)
    width = int(text_length(face, text)) + 2 * pad
    height = int(size * 1.5)
    x, y = xy
    x0 = {"l": x, "m": x - width / 2, "r": x - width}[anchor]
    box = (int(x0), int(y - height / 2), int(x0 + width), int(y + height / 2))
    draw.rounded_rectangle(box, radius=height // 2, fill=fill, outline=outline,
                           width=2 if outline else 0)
    draw.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), text, font=face, fill=ink,
              anchor="mm")
    return box


@dataclass(frozen=True)
class Blend:
    """A mask cut for cheap blending: ``inner`` is a rectangle of it holding one value
    (``value``) everywhere, blended through a lookup table (no per-pixel mask); the rest
    is up to four strips, each pasted through its part of the mask."""

    mask: Image.Image
    inner: Box | None
    value: int
    strips: tuple[tuple[Box, Image.Image], ...]


def _constant_rect(mask: Image.Image) -> Box | None:
    """A large rectangle of ``mask`` where every pixel has the centre's value, or None."""
    w, h = mask.size
    cx, cy = w // 2, h // 2
    value = mask.getpixel((cx, cy))
    x0, x1, y0, y1 = cx, cx + 1, cy, cy + 1
    while x0 > 0 and mask.getpixel((x0 - 1, cy)) == value:
        x0 -= 1
    while x1 < w and mask.getpixel((x1, cy)) == value:
        x1 += 1
    while y0 > 0 and mask.getpixel((cx, y0 - 1)) == value:
        y0 -= 1
    while y1 < h and mask.getpixel((cx, y1)) == value:
        y1 += 1
    while x1 - x0 > 2 and y1 - y0 > 2:  # shrink off the rounded corners
        if mask.crop((x0, y0, x1, y1)).getextrema() == (value, value):
            return (x0, y0, x1, y1)
        x0, y0, x1, y1 = x0 + 1, y0 + 1, x1 - 1, y1 - 1
    return None


def split_mask(mask: Image.Image) -> Blend:
    """``mask`` (mode L) cut into its constant inner rectangle and the strips around it."""
    w, h = mask.size
    inner = _constant_rect(mask)
    if inner is None or (inner[2] - inner[0]) * (inner[3] - inner[1]) < w * h // 4:
        return Blend(mask, None, 0, (((0, 0, w, h), mask),))
    x0, y0, x1, y1 = inner
    boxes = [(0, 0, w, y0), (0, y1, w, h), (0, y0, x0, y1), (x1, y0, w, y1)]
    strips = tuple((b, mask.crop(b)) for b in boxes
                   if b[2] > b[0] and b[3] > b[1] and mask.crop(b).getextrema() != (0, 0))
    value = mask.getpixel((x0, y0))
    assert isinstance(value, int)
    return Blend(mask, inner, value, strips)


@lru_cache(maxsize=256)
def _blend_lut(mode: str, color: RGB, value: int) -> list[int]:
    """What pasting ``color`` through a mask of ``value`` makes of each channel value, as
    Pillow itself does it (read off a 256-pixel ramp): a table for ``Image.point``."""
    ramp = Image.frombytes("L", (256, 1), bytes(range(256)))
    image = Image.merge(mode, [ramp] * len(mode))
    image.paste(color, (0, 0, 256, 1), Image.new("L", (256, 1), value))
    return [v for band in image.split() for v in band.tobytes()]


def paste_color(image: Image.Image, xy: tuple[int, int], color: RGB, blend: Blend) -> None:
    """``image.paste(color, box, blend.mask)`` at ``xy``, the same pixels, cheaper: the
    inner rectangle through a lookup table, only the strips through the mask."""
    x, y = xy
    w, h = blend.mask.size
    if blend.inner is None or image.mode != "RGB":  # (RGBA blends alpha-aware)
        image.paste(color, (x, y, x + w, y + h), blend.mask)
        return
    ix0, iy0, ix1, iy1 = blend.inner
    box = (x + ix0, y + iy0, x + ix1, y + iy1)
    lut = _blend_lut(image.mode, color, blend.value)
    region = image.crop(box)
    # Image.point would round the 768 entries of the table on every call: the core's own
    # point takes them as they are (whole numbers already)
    image.paste(region._new(region.im.point(lut, None)), box)
    for (sx0, sy0, sx1, sy1), mask in blend.strips:
        image.paste(color, (x + sx0, y + sy0, x + sx1, y + sy1), mask)


@lru_cache(maxsize=256)
def _panel_mask(width: int, height: int, radius: int, alpha: int) -> Blend:
    mask = Image.new("L", (width, height), 0)
    drawer(mask).rounded_rectangle((0, 0, width - 1, height - 1), radius=radius,
                                   fill=alpha)
    return split_mask(mask)


@lru_cache(maxsize=256)
def _glow_mask(width: int, height: int, radius: int, spread: int) -> Blend:
    pad = spread * 2
    mask = Image.new("L", (width + 2 * pad, height + 2 * pad), 0)
    drawer(mask).rounded_rectangle(
        (pad - spread // 2, pad - spread // 2, width + pad + spread // 2,
         height + pad + spread // 2), radius=radius + spread // 2, fill=190)
    return split_mask(mask.filter(ImageFilter.GaussianBlur(spread / 2)))


def clear_layer_caches() -> None:
    """Forget the cached masks, text masks and lengths (tests draw from cold caches too)."""
    _panel_mask.cache_clear()
    _glow_mask.cache_clear()
    _blend_lut.cache_clear()
    with _felt_lock:
        _felt_panel.cache_clear()
    clear_text_caches()


def panel(image: Image.Image, box: Box, radius: int = 18, alpha: int = 150,
          outline: RGB | None = None, width: int = 2) -> None:
    """A translucent dark rounded panel on ``image`` (RGB), blended in place (its mask is
    made once a size: a table's panels keep their sizes from picture to picture)."""
    x0, y0, x1, y1 = box
    paste_color(image, (x0, y0), PANEL, _panel_mask(x1 - x0, y1 - y0, radius, alpha))
    if outline is not None:
        drawer(image).rounded_rectangle(box, radius=radius, outline=outline, width=width)


def glow(image: Image.Image, box: Box, color: RGB, radius: int = 18, spread: int = 10) -> None:
    """A soft coloured halo around ``box`` (turn highlight), blended in place (its blurred
    mask is made once a size)."""
    x0, y0, x1, y1 = box
    pad = spread * 2
    paste_color(image, (x0 - pad, y0 - pad), color, _glow_mask(x1 - x0, y1 - y0, radius, spread))


def signed(value: int) -> str:
    """``+1,200`` / ``-50`` / ``0``."""
    return f"{value:+,}" if value else "0"


def thousands(value: int) -> str:
    return f"{value:,}"


def wrap_words(words: list[str], face: ImageFont.FreeTypeFont, width: float,
               max_lines: int = 2) -> list[str]:
    """Words joined by spaces into at most ``max_lines`` lines of ``width`` px (the last
    line cut with an ellipsis if need be)."""
    lines: list[str] = []
    line = ""
    for word in words:
        candidate = f"{line} {word}" if line else word
        if line and text_length(face, candidate) > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    if line:
        lines.append(line)
    if len(lines) > max_lines:
        lines = [*lines[:max_lines - 1], " ".join(lines[max_lines - 1:])]
    return [fit_text(x, face, width) for x in lines]

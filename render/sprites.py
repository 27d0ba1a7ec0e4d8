"""Card sprites: faces and backs in three sizes, drawn once and cached.

A sprite is an RGB image plus an ``L`` mask (card and soft shadow) with a margin ``pad``
around the card, ready for ``canvas.paste(sprite.rgb, (x - pad, y - pad), sprite.mask)``.
Faces are painted at 3× and reduced, so edges and text are smooth. The caches are guarded
by a lock: any thread may ask for a sprite, and a sprite is never drawn on once made.
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter

from bot.engine.cards import BLACK, FLOWER, RANK_CHARS, RED

from .canvas import GOLD, GOLD_DARK, INK, RED_INK, RGB
from .fonts import font
from .textcache import drawer

SCALE = 3
CARD_WHITE: RGB = (255, 253, 247)
CARD_EDGE: RGB = (120, 124, 132)
LAIZI_TINT: RGB = (255, 240, 190)
FLOWER_TINT: RGB = (255, 226, 240)
FLOWER_INK: RGB = (196, 28, 128)
JOKER_SMALL_INK: RGB = (36, 36, 44)
BACK_RED: RGB = (170, 32, 44)
BACK_DARK: RGB = (112, 16, 26)
SUIT_COLOR = {"S": INK, "C": INK, "H": RED_INK, "D": RED_INK}

FACE_MARKS: dict[str, str] = {"flower": "花", "small_joker": "小王", "big_joker": "大王",
                              "joker": "王", "laizi": "癞"}
"""The Chinese printed on the card faces (the flower, the jokers, the laizi's corner mark):
the cards' look, the same in every language like the suits, not words to translate; the
fonts cover them (``tests/render/test_fonts.py``)."""


@dataclass(frozen=True)
class CardGeom:
    """Card size and the placement of its corner index (px at 1×)."""

    name: str
    w: int
    h: int
    radius: int
    strip: int  # width of the corner strip that stays visible when cards overlap
    rank_size: int
    suit_size: int
    border: int
    shadow: int
    art: bool  # draw the body art (large pip, joker star, flower)


BIG = CardGeom("big", 150, 210, 14, 64, 54, 34, 2, 6, True)
MINI = CardGeom("mini", 72, 100, 8, 36, 30, 19, 1, 3, True)
MICRO = CardGeom("micro", 46, 64, 6, 25, 21, 13, 1, 2, False)


@dataclass(frozen=True)
class Sprite:
    rgb: Image.Image
    mask: Image.Image
    pad: int


_lock = threading.RLock()


# ---------------------------------------------------------------------------- shapes
def suit_polygons(draw: ImageDraw.ImageDraw, suit: str, box: tuple[float, float, float, float],
                  fill: RGB) -> None:
    """Draw a suit symbol filling ``box``."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0

    def p(fx: float, fy: float) -> tuple[float, float]:
        return (x0 + fx * w, y0 + fy * h)

    def circle(fx: float, fy: float, fr: float) -> None:
        cx, cy = p(fx, fy)
        r = fr * w
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill)

    if suit == "H":
        circle(0.28, 0.30, 0.27)
        circle(0.72, 0.30, 0.27)
        draw.polygon([p(0.025, 0.36), p(0.5, 0.98), p(0.975, 0.36), p(0.5, 0.22)], fill=fill)
    elif suit == "D":
        draw.polygon([p(0.5, 0.0), p(0.9, 0.5), p(0.5, 1.0), p(0.1, 0.5)], fill=fill)
    elif suit == "S":
        circle(0.28, 0.58, 0.25)
        circle(0.72, 0.58, 0.25)
        draw.polygon([p(0.5, 0.0), p(0.035, 0.56), p(0.965, 0.56)], fill=fill)
        draw.polygon([p(0.5, 0.6), p(0.3, 1.0), p(0.7, 1.0)], fill=fill)
    elif suit == "C":
        circle(0.5, 0.26, 0.235)
        circle(0.255, 0.6, 0.235)
        circle(0.745, 0.6, 0.235)
        draw.polygon([p(0.5, 0.45), p(0.3, 1.0), p(0.7, 1.0)], fill=fill)


def star_polygon(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    """A five-pointed star centred on (cx, cy)."""
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.42
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    draw.polygon(points, fill=fill)


def flower_shape(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """A five-petal flower (the flower card's emblem)."""
    petal = r * 0.46
    for i in range(5):
        angle = -math.pi / 2 + i * 2 * math.pi / 5
        px, py = cx + r * 0.52 * math.cos(angle), cy + r * 0.52 * math.sin(angle)
        draw.ellipse((px - petal, py - petal, px + petal, py + petal), fill=FLOWER_INK)
    core = r * 0.3
    draw.ellipse((cx - core, cy - core, cx + core, cy + core), fill=GOLD)


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` moved a fraction ``t`` towards ``b``."""
    return (int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t),
            int(a[2] + (b[2] - a[2]) * t))


# ---------------------------------------------------------------------------- text stamps
def _stamp(image: Image.Image, text: str, size: int, cx: float, top: float, color: RGB,
           max_w: float | None = None) -> float:
    """Draw ``text`` with its ink centred on ``cx`` and its ink top at ``top``; squeeze it
    horizontally to ``max_w``. Returns the ink bottom."""
    face = font(size, "bold")
    left, t, right, bottom = face.getbbox(text)
    mask = Image.new("L", (int(right - left) + 2, int(bottom - t) + 2), 0)
    drawer(mask).text((-left + 1, -t + 1), text, font=face, fill=255)
    if max_w is not None and mask.width > max_w:
        mask = mask.resize((int(max_w), mask.height), Image.Resampling.LANCZOS)
    x = int(cx - mask.width / 2)
    fill = (*color, 255) if image.mode == "RGBA" else color
    image.paste(fill, (x, int(top), x + mask.width, int(top) + mask.height), mask)
    return top + mask.height


# ---------------------------------------------------------------------------- faces
def _rank_label(rank: int) -> str:
    return "10" if RANK_CHARS[rank] == "T" else RANK_CHARS[rank]


def _paint_face(g: CardGeom, rank: int, suit: str, laizi: bool) -> Image.Image:
    s = SCALE
    w, h = g.w * s, g.h * s
    face = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = drawer(face)
    body = CARD_WHITE
    edge = CARD_EDGE
    if rank == FLOWER:
        body, edge = FLOWER_TINT, FLOWER_INK
    if laizi:
        body, edge = LAIZI_TINT, GOLD
    border = g.border * s if not laizi else max(3, g.border * 2 + 1) * s
    draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=g.radius * s, fill=(*body, 255),
                           outline=(*edge, 255), width=border)
    strip_cx = g.strip * s / 2 + s
    top = (4 + g.border) * s if g.name != "big" else 10 * s
    inner = (g.strip - 6) * s
    if rank in (BLACK, RED):
        _paint_joker(face, draw, g, rank, strip_cx, top)
    elif rank == FLOWER:
        bottom = _stamp(face, FACE_MARKS["flower"], int(g.rank_size * 0.9) * s, strip_cx, top,
                        FLOWER_INK, inner)
        r = g.suit_size * s * 0.55
        flower_shape(draw, strip_cx, bottom + g.suit_size * s * 0.35 + r, r)
        if g.art:
            flower_shape(draw, (g.strip * s + w) / 2, h * 0.58, min(w - g.strip * s, h) * 0.3)
    else:
        color = SUIT_COLOR.get(suit, INK)
        bottom = _stamp(face, _rank_label(rank), g.rank_size * s, strip_cx, top, color, inner)
        ss = g.suit_size * s
        gap = ss * 0.28
        suit_polygons(draw, suit or "S", (strip_cx - ss / 2, bottom + gap, strip_cx + ss / 2,
                                          bottom + gap + ss), color)
        if g.art:
            _paint_pip_art(face, draw, g, rank, suit or "S", color)
    if laizi:
        _paint_laizi_badge(face, draw, g)
    return face


def _paint_joker(face: Image.Image, draw: ImageDraw.ImageDraw, g: CardGeom, rank: int,
                 cx: float, top: float) -> None:
    s = SCALE
    ink = RED_INK if rank == RED else JOKER_SMALL_INK
    size_word = FACE_MARKS["big_joker"][0] if rank == RED else FACE_MARKS["small_joker"][0]
    if g.name == "big":
        y = top
        for letter in "JOKER":
            _stamp(face, letter, 25 * s, cx, y, ink)
            y += 23 * s
        y += 6 * s
        _stamp(face, size_word, 30 * s, cx, y, ink)
    else:
        bottom = _stamp(face, size_word, g.rank_size * s, cx, top, ink, (g.strip - 6) * s)
        _stamp(face, FACE_MARKS["joker"], int(g.rank_size * 0.8) * s, cx, bottom + 4 * s, ink,
               (g.strip - 6) * s)
    if g.art:
        w, h = g.w * s, g.h * s
        star_cx = (g.strip * s + w) / 2
        r = min(w - g.strip * s, h) * 0.33
        star_polygon(draw, star_cx, h * 0.45, r, GOLD if rank == RED else (150, 150, 160))
        star_polygon(draw, star_cx, h * 0.45, r * 0.55, ink)
        if g.name == "big":
            _stamp(face, FACE_MARKS["big_joker" if rank == RED else "small_joker"], 24 * s,
                   star_cx, h * 0.72, ink)


def _paint_pip_art(face: Image.Image, draw: ImageDraw.ImageDraw, g: CardGeom, rank: int,
                   suit: str, color: RGB) -> None:
    s = SCALE
    w, h = g.w * s, g.h * s
    body_cx = (g.strip * s + w) / 2 + s * 2
    if RANK_CHARS[rank] in "JQK" and g.name == "big":
        frame = (g.strip * s + 2 * s, 14 * s, w - 12 * s, h - 14 * s)
        soft = _mix(color, CARD_WHITE, 0.55)
        draw.rounded_rectangle(frame, radius=8 * s, outline=(*soft, 255), width=2 * s)
        _stamp(face, RANK_CHARS[rank], 70 * s, body_cx, h * 0.22, color)
        ps: float = 30 * s
        suit_polygons(draw, suit, (body_cx - ps / 2, h * 0.62, body_cx + ps / 2, h * 0.62 + ps),
                      color)
        return
    ps = min(w - g.strip * s - 16 * s, h * 0.5) * (0.9 if rank == 11 else 0.72)
    cy = h * 0.5 if g.name == "big" else h * 0.56
    suit_polygons(draw, suit, (body_cx - ps / 2, cy - ps / 2, body_cx + ps / 2, cy + ps / 2),
                  color)


def _paint_laizi_badge(face: Image.Image, draw: ImageDraw.ImageDraw, g: CardGeom) -> None:
    s = SCALE
    r = g.strip * s * 0.36
    cx = g.strip * s / 2 + s
    cy = g.h * s - r - (8 if g.name == "big" else 4) * s
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(*GOLD, 255),
                 outline=(*GOLD_DARK, 255), width=max(1, g.border) * s)
    char = FACE_MARKS["laizi"][0]
    face_font = font(int(r * 1.25), "bold")
    draw.text((cx, cy), char, font=face_font, fill=(*GOLD_DARK, 255), anchor="mm")


def _paint_back(g: CardGeom) -> Image.Image:
    s = SCALE
    w, h = g.w * s, g.h * s
    face = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = drawer(face)
    draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=g.radius * s, fill=(*CARD_WHITE, 255),
                           outline=(*CARD_EDGE, 255), width=g.border * s)
    m = max(3, g.w // 14) * s
    inner = (m, m, w - m, h - m)
    draw.rounded_rectangle(inner, radius=max(2, g.radius - 3) * s, fill=(*BACK_RED, 255))
    step = max(6, g.w // 6) * s
    lattice = Image.new("L", (w, h), 0)
    ld = drawer(lattice)
    for k in range(-h, w + h, step):
        ld.line((k, 0, k + h, h), fill=90, width=s)
        ld.line((k + h, 0, k, h), fill=90, width=s)
    clip = Image.new("L", (w, h), 0)
    drawer(clip).rounded_rectangle(inner, radius=max(2, g.radius - 3) * s, fill=255)
    lattice = Image.composite(lattice, Image.new("L", (w, h), 0), clip)
    face.paste((*BACK_DARK, 255), (0, 0), lattice)
    r = min(w, h) * 0.22
    cx, cy = w / 2, h / 2
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(*GOLD, 255))
    star_polygon(draw, cx, cy, r * 0.72, BACK_DARK)
    return face


def _finish(face: Image.Image, g: CardGeom) -> Sprite:
    """Reduce a 3× face and add the soft shadow."""
    small = face.resize((g.w, g.h), Image.Resampling.LANCZOS)
    pad = g.shadow * 2
    size = (g.w + 2 * pad, g.h + 2 * pad)
    shadow = Image.new("L", size, 0)
    drawer(shadow).rounded_rectangle(
        (pad - g.shadow // 2, pad + g.shadow // 2, pad + g.w - g.shadow // 2,
         pad + g.h + g.shadow // 2), radius=g.radius, fill=110)
    shadow = shadow.filter(ImageFilter.GaussianBlur(max(1, g.shadow / 1.5)))
    # no faint fringe: a shadow of 1-2 levels would quantize into visible boxes
    shadow = shadow.point(lambda v: 0 if v < 10 else v)
    rgba = Image.new("RGBA", size, (0, 0, 0, 0))
    rgba.putalpha(shadow)
    rgba.alpha_composite(small, (pad, pad))
    rgb = Image.new("RGB", size, (0, 0, 0))
    rgb.paste(rgba.convert("RGB"), (0, 0))
    return Sprite(rgb, rgba.getchannel("A"), pad)


@lru_cache(maxsize=512)
def _face_sprite(rank: int, suit: str, laizi: bool, g: CardGeom) -> Sprite:
    return _finish(_paint_face(g, rank, suit, laizi), g)


@lru_cache(maxsize=8)
def _back_sprite(g: CardGeom) -> Sprite:
    return _finish(_paint_back(g), g)


def face_sprite(rank: int, suit: str, laizi: bool = False, geom: CardGeom = BIG) -> Sprite:
    """The sprite of one card face (``suit`` '' for jokers and the flower)."""
    if rank >= BLACK:
        suit = ""
        laizi = False
    with _lock:
        return _face_sprite(rank, suit, laizi, geom)


def back_sprite(geom: CardGeom = MINI) -> Sprite:
    """The sprite of a card back."""
    with _lock:
        return _back_sprite(geom)


@lru_cache(maxsize=8)
def _back_icon(g: CardGeom, width: int, height: int) -> tuple[Image.Image, Image.Image]:
    back = _back_sprite(g)
    return back.rgb.resize((width, height)), back.mask.resize((width, height))


def back_icon(width: int, height: int, geom: CardGeom = MICRO) -> tuple[Image.Image, Image.Image]:
    """A card back sprite (shadow margin included) resized to ``width`` × ``height``, as an
    RGB image and its mask: a small icon, made once per size."""
    with _lock:
        return _back_icon(geom, width, height)


@lru_cache(maxsize=8)
def _opaque_box(g: CardGeom) -> tuple[int, int, int, int]:
    inside = _face_sprite(3, "S", False, g)
    pad, edge = inside.pad, g.border + 2
    box = (pad + g.radius + edge, pad + edge, pad + g.w - g.radius - edge, pad + g.h - edge)
    for sprite in (inside, _face_sprite(RED, "", False, g), _face_sprite(FLOWER, "", False, g),
                   _face_sprite(5, "H", True, g), _back_sprite(g)):
        if sprite.mask.crop(box).getextrema() != (255, 255):
            raise AssertionError(f"the {g.name} card is not opaque in {box}")
    return box


def opaque_box(geom: CardGeom = BIG) -> tuple[int, int, int, int]:
    """A box, in a card sprite's coordinates (its shadow margin included), where every
    card of ``geom`` is fully opaque: what a card pasted over another hides there is
    overwritten entirely, so it need not be pasted (:func:`paste_uncovered`)."""
    with _lock:
        return _opaque_box(geom)


def hidden_by(geom: CardGeom, at: tuple[int, int]) -> tuple[int, int, int, int]:
    """What a card of ``geom`` pasted at ``at`` (its sprite's top-left corner, shadow
    included) hides entirely, in image coordinates: the ``cover`` of the card before it."""
    x0, y0, x1, y1 = opaque_box(geom)
    return (at[0] + x0, at[1] + y0, at[0] + x1, at[1] + y1)


def paste_uncovered(image: Image.Image, sprite: Sprite, at: tuple[int, int],
                    cover: tuple[int, int, int, int] | None) -> None:
    """Paste ``sprite`` at ``at`` (its top-left corner, shadow included), except inside
    ``cover`` (image coordinates), which a card pasted next overwrites entirely: the same
    pixels as pasting it whole, with less blending (a hand's cards overlap by half)."""
    w, h = sprite.rgb.size
    if cover is not None:
        kx0, ky0 = max(0, cover[0] - at[0]), max(0, cover[1] - at[1])
        kx1, ky1 = min(w, cover[2] - at[0]), min(h, cover[3] - at[1])
        if kx0 < kx1 and ky0 < ky1:
            pieces = [(0, 0, kx0, h), (kx0, 0, kx1, ky0), (kx0, ky1, kx1, h), (kx1, 0, w, h)]
            for piece in pieces:
                if piece[0] < piece[2] and piece[1] < piece[3]:
                    image.paste(sprite.rgb.crop(piece), (at[0] + piece[0], at[1] + piece[1]),
                                sprite.mask.crop(piece))
            return
    image.paste(sprite.rgb, at, sprite.mask)


WARM_SIZES = (18, 20, 22, 24, 26, 28, 30, 32, 34, 38, 42, 52)
"""The font sizes the pictures draw with (opened ahead by :func:`warm_up`)."""


def warm_up() -> None:
    """Build every sprite (laizi faces too) and open the fonts at the sizes the pictures
    use, for the calling thread (optional: both are otherwise made on first use)."""
    for size in WARM_SIZES:
        font(size, "bold")
        font(size, "regular")
    back_sprite(MICRO)  # the card-count icon of the table
    for geom in (BIG, MINI):
        back_sprite(geom)
        for rank in range(13):
            for suit in "SHCD":
                face_sprite(rank, suit, False, geom)
                face_sprite(rank, suit, True, geom)
        for rank in (BLACK, RED, FLOWER):
            face_sprite(rank, "", False, geom)
    opaque_box(BIG)  # checked once, against the sprites just made

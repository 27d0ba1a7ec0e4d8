"""Round avatars: a player's picture (bytes from Discord) or the initial of the name on a
colour, and AI seats as little robots, each AI name its own colour.

A picture is decoded and cut round once per (bytes, size) and cached; a picture that
cannot be decoded falls back to the initial, never to an error.
"""

from __future__ import annotations

import hashlib
import io
import threading
from functools import lru_cache

from PIL import Image, ImageDraw, UnidentifiedImageError

from .canvas import RGB, WHITE
from .fonts import EMOJI_MARK, clean_text, font
from .textcache import drawer

COLORS: tuple[RGB, ...] = ((231, 111, 81), (42, 157, 143), (233, 150, 46), (138, 112, 214),
                           (70, 130, 200), (200, 80, 140), (90, 160, 70), (120, 120, 135))
_lock = threading.Lock()
SCALE = 3  # circles are drawn at 3x and reduced: smooth edges


def color_of(name: str) -> RGB:
    """A stable colour for a name (the same name always gets the same colour)."""
    digest = hashlib.blake2b(name.encode("utf-8"), digest_size=2).digest()
    return COLORS[int.from_bytes(digest, "big") % len(COLORS)]


@lru_cache(maxsize=16)
def _circle_mask(size: int) -> Image.Image:
    big = Image.new("L", (size * SCALE, size * SCALE), 0)
    drawer(big).ellipse((0, 0, size * SCALE - 1, size * SCALE - 1), fill=255)
    return big.resize((size, size), Image.Resampling.LANCZOS)


@lru_cache(maxsize=256)
def _picture(data: bytes, size: int) -> Image.Image | None:
    try:
        with Image.open(io.BytesIO(data)) as source:
            source.seek(0)  # the first frame of an animated avatar
            image = source.convert("RGB")
    except (UnidentifiedImageError, OSError, ValueError, EOFError):
        return None
    side = min(image.size)
    left, top = (image.width - side) // 2, (image.height - side) // 2
    image = image.crop((left, top, left + side, top + side))
    return image.resize((size, size), Image.Resampling.LANCZOS)


def _robot(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """A robot's head in white: antenna, head, two eyes and a mouth."""
    w, h = r * 1.1, r * 0.85
    top = cy - h / 2 + r * 0.12
    draw.line((cx, top - r * 0.32, cx, top), fill=WHITE, width=max(2, int(r * 0.09)))
    draw.ellipse((cx - r * 0.12, top - r * 0.45, cx + r * 0.12, top - r * 0.21), fill=WHITE)
    draw.rounded_rectangle((cx - w / 2, top, cx + w / 2, top + h), radius=r * 0.22, fill=WHITE)
    eye = r * 0.13
    for ex in (cx - w * 0.22, cx + w * 0.22):
        draw.ellipse((ex - eye, top + h * 0.3 - eye, ex + eye, top + h * 0.3 + eye),
                     fill=(40, 44, 56))
    draw.rounded_rectangle((cx - w * 0.25, top + h * 0.62, cx + w * 0.25, top + h * 0.76),
                           radius=r * 0.05, fill=(40, 44, 56))


def initial_of(name: str) -> str:
    """The letter an avatar without a picture shows: the name's first, not an emoji's
    mark (``🇨🇳 Lin``: L), unless the name is nothing but emoji."""
    cleaned = clean_text(name)
    return (cleaned.replace(EMOJI_MARK, "").strip() or cleaned)[:1].upper()


@lru_cache(maxsize=128)
def _drawn(name: str, size: int, robot: bool) -> Image.Image:
    s = size * SCALE
    image = Image.new("RGB", (s, s), color_of(name))
    draw = drawer(image)
    if robot:
        _robot(draw, s / 2, s / 2, s * 0.42)
    else:
        initial = initial_of(name)
        draw.text((s / 2, s / 2), initial, font=font(int(s * 0.46), "bold"), fill=WHITE,
                  anchor="mm")
    return image.resize((size, size), Image.Resampling.LANCZOS)


def avatar(name: str, size: int, picture: bytes | None = None, robot: bool = False
           ) -> tuple[Image.Image, Image.Image]:
    """The avatar of ``name`` at ``size`` px and its round mask: ``picture`` when it
    decodes, else a robot (``robot``) or the initial on the name's colour."""
    with _lock:
        image = _picture(picture, size) if picture else None
        if image is None:
            image = _drawn(name, size, robot)
        return image, _circle_mask(size)


def paste_avatar(canvas: Image.Image, center: tuple[int, int], size: int, name: str,
                 picture: bytes | None = None, robot: bool = False,
                 ring: RGB | None = None, ring_width: int = 3) -> None:
    """Paste a round avatar centred on ``center``, with an optional coloured ring."""
    image, mask = avatar(name, size, picture, robot)
    x, y = center[0] - size // 2, center[1] - size // 2
    canvas.paste(image, (x, y), mask)
    if ring is not None:
        drawer(canvas).ellipse((x - 1, y - 1, x + size, y + size), outline=ring,
                                   width=ring_width)

"""The bundled fonts: Noto Sans CJK SC subsets (SIL OFL 1.1, see OFL.txt and README.txt).

Pillow's default font has no CJK glyphs, so every picture draws with these two files:
``bold`` (fixed strings and what player names are written in: Simplified and Traditional
hanzi, kana, Hangul, Latin, Greek, Cyrillic) and ``regular`` (fixed strings and Latin only).
A character neither has is drawn as the font's box (.notdef), never silently dropped;
emoji are dropped. A FreeType face may be used by one thread at a time, so each
thread keeps its own faces; they are opened once per (thread, weight, size).
"""

from __future__ import annotations

import threading
import unicodedata
from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

from ..textcache import FITS, font_key, text_length

__all__ = [
    "EMOJI_MARK",
    "clean_text",
    "fit_text",
    "font",
    "font_for",
    "font_path",
    "has_glyph",
    "is_emoji",
    "missing_glyphs",
]

HERE = Path(__file__).resolve().parent
_FILES = {
    "bold": HERE / "NotoSansSC-Bold.subset.otf",
    "regular": HERE / "NotoSansSC-Regular.subset.otf",
}
_local = threading.local()
_NOTDEF_PROBE = "\ue000"  # a private-use code point no subset keeps


def font_path(weight: str = "bold") -> Path:
    """The file of a bundled weight (``bold`` or ``regular``)."""
    try:
        return _FILES[weight]
    except KeyError:
        raise ValueError(f"unknown font weight {weight!r}: use 'bold' or 'regular'") from None


def font(size: int, weight: str = "bold") -> ImageFont.FreeTypeFont:
    """The bundled font at ``size`` px, cached for the calling thread."""
    cache: dict[tuple[str, int], ImageFont.FreeTypeFont] | None = getattr(_local, "fonts", None)
    if cache is None:
        cache = _local.fonts = {}
    key = (weight, size)
    face = cache.get(key)
    if face is None:
        face = cache[key] = ImageFont.truetype(str(font_path(weight)), size)
    return face


@lru_cache(maxsize=2)
def _notdef_mask(weight: str) -> bytes:
    return bytes(font(32, weight).getmask(_NOTDEF_PROBE))


@lru_cache(maxsize=8192)
def has_glyph(ch: str, weight: str = "bold") -> bool:
    """True if the bundled ``weight`` can draw the character ``ch`` (whitespace counts)."""
    if ch.isspace():
        return True
    return bytes(font(32, weight).getmask(ch)) != _notdef_mask(weight)


def font_for(text: str, size: int, weight: str = "regular") -> ImageFont.FreeTypeFont:
    """``weight`` if it can draw every character of ``text``, else bold (which covers more)."""
    if weight != "bold" and not all(has_glyph(ch, weight) for ch in text):
        weight = "bold"
    return font(size, weight)


def is_emoji(ch: str) -> bool:
    """True for emoji and their modifiers (drawn as :data:`EMOJI_MARK`): pictographs, dingbats and
    symbols the font lacks, variation selectors, skin tones, regional indicators."""
    code = ord(ch)
    if 0xFE00 <= code <= 0xFE0F or 0x1F000 <= code <= 0x1FAFF or 0xE0000 <= code <= 0xE007F:
        return True
    return 0x2600 <= code <= 0x27BF and not has_glyph(ch)


def missing_glyphs(text: str, weight: str = "bold") -> str:
    """The characters of ``text`` (after :func:`clean_text`) that ``weight`` draws as a box."""
    return "".join(ch for ch in clean_text(text) if not has_glyph(ch, weight))


EMOJI_MARK = "☆"
"""What a picture draws for an emoji (the fonts have none): a visible mark, so a name
keeps a sign that something is there (``김민준🃏`` is drawn ``김민준☆``)."""


def _joins(ch: str) -> bool:
    """Parts of an emoji that belong to the one before: variation selectors, skin tones,
    tags, the zero-width joiner."""
    code = ord(ch)
    return 0xFE00 <= code <= 0xFE0F or 0x1F3FB <= code <= 0x1F3FF \
        or 0xE0000 <= code <= 0xE007F or code == 0x200D


@lru_cache(maxsize=4096)
def clean_text(text: str, fallback: str = "?") -> str:
    """``text`` made drawable: NFC, without controls, each emoji (with its modifiers, a
    joined sequence, a flag's two letters) as one :data:`EMOJI_MARK`, spaces collapsed;
    ``fallback`` if nothing is left. A character the font lacks stays: it is drawn as the
    font's box, so a reader sees that something is there."""
    text = unicodedata.normalize("NFC", text)
    kept: list[str] = []
    joined = flag = False
    for ch in text:
        if _joins(ch):
            joined = joined or ord(ch) == 0x200D
            continue
        if is_emoji(ch):
            regional = 0x1F1E6 <= ord(ch) <= 0x1F1FF
            if not (joined or (regional and flag)):
                kept.append(EMOJI_MARK)
            flag = regional and not flag
            joined = False
            continue
        joined = flag = False
        if unicodedata.category(ch)[0] != "C":
            kept.append(ch)
    out = " ".join("".join(kept).split())
    return out or fallback


def fit_text(text: str, face: ImageFont.FreeTypeFont, width: float) -> str:
    """``text`` cut with an ellipsis so that it is at most ``width`` px long in ``face``
    (cached per face, text and width)."""
    fkey = font_key(face)
    key = (fkey, text, width)
    fitted = FITS.get(key) if fkey is not None else None
    if fitted is None:
        fitted = _fit(text, face, width)
        if fkey is not None:
            FITS.put(key, fitted)
    return fitted


def _fit(text: str, face: ImageFont.FreeTypeFont, width: float) -> str:
    if text_length(face, text) <= width:
        return text
    ellipsis = "…"
    while text and face.getlength(text + ellipsis) > width:
        text = text[:-1]
    return text.rstrip() + ellipsis if text else ellipsis

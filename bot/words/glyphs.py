"""The characters the bundled fonts must hold, read from the catalogues (the fonts keep no
list of their own): :func:`picture_chars`, what the pictures draw from their words (both
weights must have them), and :func:`catalogue_chars`, every character of every string in
``bot/words`` in every language (the bold weight, which player names are drawn in, holds
every CJK ideograph). ``docs/build_fonts.py`` makes the subsets from them;
``tests/render/test_fonts.py`` checks the shipped fonts against them.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator

from bot.engine import LEVELS, VARIANTS
from bot.engine.cards import RANK_CHARS, SUITS

from .cards import card_name, spoken_card
from .catalogue import STRINGS
from .locales import EN, TW, ZH
from .names import KIND_NAMES, kind_name, level_name, variant_name
from .page import page_words
from .pictures import PICTURE_WORDS

LOCALES = (EN, ZH, TW)

SYMBOLS = "×÷·•→←↑↓▲▼★☆♠♥♣♦…—–%+-=/:()[]#0123456789"
"""Symbols and digits the pictures draw (suits are drawn as shapes, but stay in the font)."""

CARD_FACES = "花小王大王癞"
"""The Chinese printed on the card faces (``render.sprites.FACE_MARKS``: the cards' look,
the same in every language)."""


def _strings(value: object) -> Iterator[str]:
    """Every string held in ``value`` (dicts' keys left out: they are names, not words)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            yield from _strings(item)


def level_names() -> Iterator[str]:
    """The 23 levels' names in every language."""
    for locale in LOCALES:
        for number in range(1, len(LEVELS) + 1):
            yield level_name(locale, number)
            yield level_name(locale, number, chinese=True)


def picture_strings() -> Iterator[str]:
    """Every word a picture draws that is not a player's: the pictures' words and the
    level names in every language, the card faces, the symbols and printable ASCII."""
    for words in PICTURE_WORDS.values():
        yield from words.values()
    yield from level_names()
    yield CARD_FACES
    yield SYMBOLS
    yield "".join(chr(c) for c in range(0x20, 0x7F))


def catalogue_strings() -> Iterator[str]:
    """Every string of ``bot/words`` in every language: the sentences, the pictures' and
    the page's words, the names (variants, kinds, levels), the cards as said, and every
    table of words the modules hold."""
    yield from picture_strings()
    for texts in STRINGS.values():
        yield from texts.values()
    for locale in LOCALES:
        yield from _strings(page_words(locale))
        yield from (variant_name(locale, v) for v in VARIANTS)
        yield from (kind_name(locale, k) for k in KIND_NAMES)
        yield from (card_name(locale, c) for c in RANK_CHARS)
        yield from (spoken_card(locale, c, s) for c in RANK_CHARS for s in SUITS)
    package = importlib.import_module(__package__ or "bot.words")
    for module in pkgutil.iter_modules(package.__path__):
        yield from _strings(list(vars(importlib.import_module(
            f"{package.__name__}.{module.name}")).values()))


def picture_chars() -> frozenset[str]:
    """Every character of :func:`picture_strings`: both weights must have them."""
    return frozenset("".join(picture_strings()))


def catalogue_chars() -> frozenset[str]:
    """Every character of :func:`catalogue_strings` (the bold weight must draw each one
    that is a letter, an ideograph or a symbol the pictures use)."""
    return frozenset("".join(catalogue_strings()))


def page_chars() -> frozenset[str]:
    """Every character the Activity's page shows from the catalogues (its words in every
    language, the sign-in's) and printable ASCII: the page's own font subset holds them
    (player names, in any script, are left to the reader's system fonts)."""
    from .page import boot_words

    strings = [_strings(page_words(locale)) for locale in LOCALES]
    chars = "".join("".join(words) for words in strings)
    chars += "".join(_strings(boot_words()))
    return frozenset(chars + SYMBOLS + "".join(chr(c) for c in range(0x20, 0x7F)))


def cjk(chars: frozenset[str]) -> str:
    """The CJK characters of ``chars``, sorted (for reports and tests)."""
    return "".join(sorted(ch for ch in chars if ord(ch) >= 0x2E80))


__all__ = ["CARD_FACES", "SYMBOLS", "catalogue_chars", "catalogue_strings", "cjk",
           "level_names", "page_chars", "picture_chars", "picture_strings"]

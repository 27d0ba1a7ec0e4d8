"""Make the bundled font subsets (a developer's tool; needs fontTools, not a runtime need).

The sources are the Simplified Chinese faces of Noto Sans CJK (SIL OFL 1.1), e.g. from
Debian's ``fonts-noto-cjk`` package or the googlefonts/noto-cjk releases::

    pip install fonttools
    python docs/build_fonts.py /usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc \\
        /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc

(``docs/build_fonts.py`` reads the characters the pictures draw from the catalogues,
``bot.words.glyphs.picture_chars``, and hands them to :func:`main`: render knows no words.)

Bold keeps, besides those characters, what player names are written in: every
CJK unified ideograph of the BMP (Simplified and Traditional hanzi, kanji), kana, Hangul
syllables and jamo, Latin with accents, Cyrillic and Greek (the SC face of Noto Sans CJK
has them all). Regular keeps only the fixed strings and Latin text, so it stays small.
Both keep the .notdef box, which the pictures draw for any other character.

Noto Sans CJK lacks about half of Latin Extended-A (Ł, č, ś, ő ...) and some of Extended-B
and Vietnamese: those glyphs are copied into both subsets from Noto Sans (SIL OFL 1.1,
Debian's ``fonts-noto-core``), the matching weight, so a name like "Łukasz Dvořák" draws
whole with one font (no per-character fallback when drawing)::

    python docs/build_fonts.py BOLD.ttc REGULAR.ttc \\
        --latin-bold /usr/share/fonts/truetype/noto/NotoSans-Bold.ttf \\
        --latin-regular /usr/share/fonts/truetype/noto/NotoSans-Regular.ttf
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from pathlib import Path
from typing import Any

NOTO_SANS = Path("/usr/share/fonts/truetype/noto")

HERE = Path(__file__).resolve().parent
BOLD_FILE = "NotoSansSC-Bold.subset.otf"
REGULAR_FILE = "NotoSansSC-Regular.subset.otf"
# the Activity page's font: the bold subset cut to the page's words (web/build.mjs copies it)
PAGE_FONT = HERE.parents[1] / "web" / "fonts" / "NotoSansSC-page.woff2"

def _span(first: int, last: int) -> set[str]:
    return {chr(c) for c in range(first, last + 1)}


_LATIN = _span(0x20, 0x7E) | _span(0xA0, 0x24F)  # ASCII, Latin-1, Extended-A and -B
_PUNCTUATION = set(
    "‘’“”…—–·•×÷→←↑↓▲▼★☆♠♥♣♦♤♡♧♢，。、：；！？（）【】《》「」『』～"
    "＋－％＃＠０１２３４５６７８９"
)


def name_chars() -> set[str]:
    """What names are written in: CJK ideographs (the BMP block, extension A, compatibility),
    kana (with the half-width forms), Hangul syllables and jamo, CJK and full-width
    punctuation, Latin Extended Additional (Vietnamese), Greek and Cyrillic."""
    return (_span(0x4E00, 0x9FFF) | _span(0x3400, 0x4DBF) | _span(0xF900, 0xFAFF)
            | _span(0x3000, 0x30FF) | _span(0x31F0, 0x31FF) | _span(0xFF00, 0xFFEF)
            | _span(0xAC00, 0xD7A3)
            | _span(0x1100, 0x11FF) | _span(0x3130, 0x318F) | _span(0x1E00, 0x1EFF)
            | _span(0x0370, 0x03FF) | _span(0x0400, 0x04FF) | _span(0x2000, 0x206F))


def _open_sc_face(path: Path) -> Any:
    from fontTools.ttLib import TTCollection, TTFont

    if path.suffix.lower() == ".ttc":
        for face in TTCollection(str(path)).fonts:
            name = face["name"].getDebugName(4) or ""
            if "CJK SC" in name and "Mono" not in name:
                return face
        raise SystemExit(f"no 'Noto Sans CJK SC' face in {path}")
    return TTFont(str(path))


def make_subset(source: Path, target: Path, chars: set[str], flavor: str | None = None) -> int:
    """Subset ``source`` to ``chars`` and write ``target`` (``flavor`` "woff2" for a web
    font); return its size in bytes."""
    from fontTools import subset

    font = _open_sc_face(source)
    options = subset.Options()
    options.layout_features = ["kern", "palt", "liga"]
    options.notdef_outline = True  # a missing glyph draws a box, which fonts.has_glyph detects
    options.name_IDs = ["*"]
    options.hinting = False
    options.drop_tables += ["VORG", "vhea", "vmtx", "BASE"]
    options.flavor = flavor
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(ord(ch) for ch in chars))
    subsetter.subset(font)
    font.save(str(target))
    return target.stat().st_size


def latin_chars() -> set[str]:
    """The Latin letters taken from Noto Sans where Noto Sans CJK lacks them (each subset
    takes those of its own characters): Latin-1, Extended-A and -B, and Latin Extended
    Additional (Vietnamese, bold only)."""
    return _span(0xA0, 0x24F) | _span(0x1E00, 0x1EFF)


def add_glyphs(target: Path, source: Path, chars: set[str]) -> list[str]:
    """Copy into the CID-keyed CFF font ``target`` the glyphs of ``chars`` it lacks, from the
    font ``source`` (same units per em); return the characters added."""
    from fontTools.pens.boundsPen import BoundsPen
    from fontTools.pens.t2CharStringPen import T2CharStringPen
    from fontTools.ttLib import TTFont

    font, donor = TTFont(str(target)), TTFont(str(source))
    if font["head"].unitsPerEm != donor["head"].unitsPerEm:
        raise SystemExit(f"{source}: units per em differ from {target}")
    cff = font["CFF "].cff
    top = cff.topDictIndex[0]
    private = top.FDArray[0].Private
    have, donor_cmap = font.getBestCmap(), donor.getBestCmap()
    donor_glyphs = donor.getGlyphSet()
    order = font.getGlyphOrder()
    used = {int(name[3:]) for name in order if name.startswith("cid")}
    free = (cid for cid in range(1, 0x10000) if cid not in used)  # the subset keeps its CIDs
    added: list[str] = []
    for ch in sorted(chars):
        code = ord(ch)
        if code in have or code not in donor_cmap:
            continue
        glyph = donor_glyphs[donor_cmap[code]]
        name = f"cid{next(free):05d}"
        pen = T2CharStringPen(glyph.width - private.nominalWidthX, donor_glyphs)
        glyph.draw(pen)
        charstring = pen.getCharString(private=private, globalSubrs=cff.GlobalSubrs)
        bounds = BoundsPen(donor_glyphs)
        glyph.draw(bounds)
        order.append(name)
        if top.charset is not order:  # fontTools shares the one list between them
            top.charset.append(name)
        top.FDSelect.append(0)
        top.CharStrings.charStringsIndex.append(charstring)
        top.CharStrings.charStrings[name] = len(top.CharStrings.charStringsIndex) - 1
        lsb = round(bounds.bounds[0]) if bounds.bounds else 0
        font["hmtx"][name] = (glyph.width, lsb)
        for table in font["cmap"].tables:
            if table.isUnicode():
                table.cmap[code] = name
        added.append(ch)
    font.setGlyphOrder(order)
    font.save(str(target))
    check_cff(target)
    return added


def check_cff(path: Path) -> None:
    """Read ``path``'s CFF table back as strictly as a browser's font sanitiser does (each
    glyph named once, FDSelect covering every glyph): a font FreeType draws may still be
    refused by a browser."""
    from fontTools.ttLib import TTFont

    font = TTFont(str(path))
    top = font["CFF "].cff.topDictIndex[0]
    order = font.getGlyphOrder()
    doubled = [name for name in order if "." in name and name.startswith("cid")]
    if doubled or len(top.FDSelect) != len(order):
        raise SystemExit(f"{path}: broken CFF ({len(doubled)} glyphs named twice, FDSelect "
                         f"of {len(top.FDSelect)} for {len(order)} glyphs)")


def make_page_font(chars: Iterable[str], target: Path = PAGE_FONT) -> int:
    """The Activity page's font (WOFF2): the bold subset cut to ``chars``, the characters
    of the page's words; return its size in bytes."""
    return make_subset(HERE / BOLD_FILE, target, set(chars) | {"\ufffd"}, flavor="woff2")


def main(required: Iterable[str], page: Iterable[str] = (),
         argv: list[str] | None = None) -> None:
    """Make both subsets, then the page's font from the bold one: ``required`` are the
    characters the pictures draw (both weights keep them), ``page`` those of the page's
    words, ``argv`` the command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bold", type=Path, help="Noto Sans CJK Bold (.ttc or SC .otf)")
    parser.add_argument("regular", type=Path, help="Noto Sans CJK Regular (.ttc or SC .otf)")
    parser.add_argument("--latin-bold", type=Path, default=NOTO_SANS / "NotoSans-Bold.ttf",
                        help="Noto Sans Bold, for the Latin letters Noto Sans CJK lacks")
    parser.add_argument("--latin-regular", type=Path,
                        default=NOTO_SANS / "NotoSans-Regular.ttf",
                        help="Noto Sans Regular, the same for the regular subset")
    args = parser.parse_args(argv)
    fixed = set(required) | _LATIN | _PUNCTUATION
    for source, latin, file, chars in ((args.bold, args.latin_bold, BOLD_FILE,
                                        fixed | name_chars()),
                                       (args.regular, args.latin_regular, REGULAR_FILE, fixed)):
        make_subset(source, HERE / file, chars)
        added = add_glyphs(HERE / file, latin, chars & latin_chars())
        print(f"{file}: {(HERE / file).stat().st_size} bytes, {len(added)} Latin glyphs"
              " from Noto Sans")
    if page:
        print(f"{PAGE_FONT.relative_to(HERE.parents[1])}: {make_page_font(page)} bytes")


"""The shipped font files as a browser's font sanitiser reads them (each glyph named once,
the CID font's FDSelect covering every glyph: a font FreeType draws may still be refused
by a browser), and the Activity page's own font holding every character of the page's
words (docs/build_fonts.py makes it from the catalogues)."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from bot.words.glyphs import cjk, page_chars
from render.fonts.build import BOLD_FILE, HERE, PAGE_FONT, REGULAR_FILE, check_cff


@pytest.mark.parametrize("path", [HERE / BOLD_FILE, HERE / REGULAR_FILE, PAGE_FONT],
                         ids=lambda p: p.name)
def test_the_font_reads_strictly(path: Path) -> None:
    check_cff(path)


def test_the_check_refuses_a_short_fdselect(tmp_path: Path) -> None:
    """What the fonts had: the CFF charset shared with the glyph order, the added glyphs'
    names went in twice and the FDSelect ended short of the glyphs (its sentinel less than
    their number), which FreeType draws and Chromium refuses."""
    font = TTFont(str(PAGE_FONT))
    font.flavor = None
    whole = tmp_path / "whole.otf"
    font.save(str(whole))
    data = bytearray(whole.read_bytes())
    cff_at = TTFont(str(whole)).reader.tables["CFF "].offset
    top = TTFont(str(whole))["CFF "].cff.topDictIndex[0]
    at = cff_at + top.rawDict["FDSelect"]
    assert data[at] == 3  # format 3: ranges, then the sentinel (the number of glyphs)
    ranges = struct.unpack(">H", data[at + 1:at + 3])[0]
    sentinel = at + 3 + 3 * ranges
    glyphs = struct.unpack(">H", data[sentinel:sentinel + 2])[0]
    data[sentinel:sentinel + 2] = struct.pack(">H", glyphs - 1)
    broken = tmp_path / "broken.otf"
    broken.write_bytes(bytes(data))
    check_cff(whole)
    with pytest.raises(ValueError, match="FDSelect"):
        check_cff(broken)


def test_the_page_font_holds_every_word_of_the_page() -> None:
    cmap = TTFont(str(PAGE_FONT)).getBestCmap()
    missing = [ch for ch in cjk(page_chars()) if ord(ch) not in cmap]
    assert not missing, f"run python docs/build_fonts.py --page: {''.join(missing)}"
    assert PAGE_FONT.stat().st_size < 200_000  # a page's font, not the pictures' 8 MB

"""Make the bundled font subsets (a developer's tool; needs fontTools, not a runtime need).

The sources are the Simplified Chinese faces of Noto Sans CJK (SIL OFL 1.1), e.g. from
Debian's ``fonts-noto-cjk`` package or the googlefonts/noto-cjk releases::

    pip install fonttools
    python -m render.fonts.build /usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc \\
        /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc

Bold keeps every GB2312 hanzi (player names) besides :data:`charset.REQUIRED_CHARS`;
Regular keeps only the fixed strings and Latin text, so it stays small.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from .charset import REQUIRED_CHARS

HERE = Path(__file__).resolve().parent
BOLD_FILE = "NotoSansSC-Bold.subset.otf"
REGULAR_FILE = "NotoSansSC-Regular.subset.otf"

_LATIN = {chr(c) for c in range(0x20, 0x7F)} | {chr(c) for c in range(0xA0, 0x180)}
_PUNCTUATION = set(
    "‘’“”…—–·•×÷→←↑↓▲▼★☆♠♥♣♦♤♡♧♢，。、：；！？（）【】《》「」『』～"
    "＋－％＃＠０１２３４５６７８９"
)


def gb2312_hanzi() -> set[str]:
    """The 6763 hanzi of GB2312 (rows 16-87)."""
    out: set[str] = set()
    for hi in range(0xB0, 0xF8):
        for lo in range(0xA1, 0xFF):
            try:
                out.add(bytes((hi, lo)).decode("gb2312"))
            except UnicodeDecodeError:
                continue
    return out


def kana() -> set[str]:
    """Hiragana and katakana, cheap and common in names."""
    return {chr(c) for c in range(0x3041, 0x3097)} | {chr(c) for c in range(0x30A1, 0x30FB)}


def _open_sc_face(path: Path) -> Any:
    from fontTools.ttLib import TTCollection, TTFont

    if path.suffix.lower() == ".ttc":
        for face in TTCollection(str(path)).fonts:
            name = face["name"].getDebugName(4) or ""
            if "CJK SC" in name and "Mono" not in name:
                return face
        raise SystemExit(f"no 'Noto Sans CJK SC' face in {path}")
    return TTFont(str(path))


def make_subset(source: Path, target: Path, chars: set[str]) -> int:
    """Subset ``source`` to ``chars`` and write ``target``; return its size in bytes."""
    from fontTools import subset

    font = _open_sc_face(source)
    options = subset.Options()
    options.layout_features = ["kern", "palt", "liga"]
    options.notdef_outline = True  # a missing glyph draws a box, which fonts.has_glyph detects
    options.name_IDs = ["*"]
    options.hinting = False
    options.drop_tables += ["VORG", "vhea", "vmtx", "BASE"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(ord(ch) for ch in chars))
    subsetter.subset(font)
    font.save(str(target))
    return target.stat().st_size


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bold", type=Path, help="Noto Sans CJK Bold (.ttc or SC .otf)")
    parser.add_argument("regular", type=Path, help="Noto Sans CJK Regular (.ttc or SC .otf)")
    args = parser.parse_args(argv)
    fixed = set(REQUIRED_CHARS) | _LATIN | _PUNCTUATION
    size = make_subset(args.bold, HERE / BOLD_FILE, fixed | gb2312_hanzi() | kana())
    print(f"{BOLD_FILE}: {size} bytes")
    size = make_subset(args.regular, HERE / REGULAR_FILE, fixed)
    print(f"{REGULAR_FILE}: {size} bytes")


if __name__ == "__main__":
    main()

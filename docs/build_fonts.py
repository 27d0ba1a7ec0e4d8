"""Make the bundled font subsets (render/fonts/*.subset.otf; a developer's tool, needs
fontTools): the characters both weights keep are read from the catalogues
(``bot.words.glyphs.picture_chars``: every word the pictures draw, in every language); the
Activity page's font (web/fonts/NotoSansSC-page.woff2) is cut from the bold subset to the
page's words (``bot.words.glyphs.page_chars``).

Run: ``python docs/build_fonts.py BOLD.ttc REGULAR.ttc [--latin-bold …] [--latin-regular …]``
(see ``render/fonts/build.py`` for the sources and what each subset keeps), or, after the
page's words changed, ``python docs/build_fonts.py --page`` for the page's font alone (it
needs only the bold subset in the repository).
"""

from __future__ import annotations

import sys

from bot.words.glyphs import page_chars, picture_chars
from render.fonts.build import PAGE_FONT, main, make_page_font

if __name__ == "__main__":
    if sys.argv[1:] == ["--page"]:
        print(f"{PAGE_FONT}: {make_page_font(page_chars())} bytes")
    else:
        main(picture_chars(), page_chars())

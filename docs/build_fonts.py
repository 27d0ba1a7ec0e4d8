"""Make the bundled font subsets (render/fonts/*.subset.otf; a developer's tool, needs
fontTools): the characters both weights keep are read from the catalogues
(``bot.words.glyphs.picture_chars``: every word the pictures draw, in every language); the
Activity page's font (web/fonts/NotoSansSC-page.woff2) is cut from the bold subset to the
page's words (``bot.words.glyphs.page_chars``).

Run: ``python docs/build_fonts.py BOLD.ttc REGULAR.ttc [--latin-bold …] [--latin-regular …]``
(see ``render/fonts/build.py`` for the sources and what each subset keeps).
"""

from __future__ import annotations

from bot.words.glyphs import page_chars, picture_chars
from render.fonts.build import main

if __name__ == "__main__":
    main(picture_chars(), page_chars())

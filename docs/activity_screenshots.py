"""Make docs/activity-<size>-<locale>.png: the Activity's page mid-deal on the player's turn in
every frame Discord shows (small 320×568, phone 390×844, landscape 844×390, desktop
1280×800, pip 480×270: picture-in-picture's compact view), in en and zh-CN, for the
README. The same pictures the browser tests take (tests/browser/screens.py), written here.

Run from the repository's root: ``python docs/activity_screenshots.py`` (a few seconds).
It needs the built page (``cd web && npm ci && npm run build``), Chromium
(``/usr/bin/chromium``, Debian's ``chromium``) and Playwright for Python (the test extra).
The deal is played from fixed seeds by the tests' quick AI, so the pictures repeat.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the tests' helpers: tests/ is not an installed package

from playwright.async_api import async_playwright  # noqa: E402

from bot.store import Store  # noqa: E402
from tests.browser.conftest import manager_for  # noqa: E402
from tests.browser.host import BUILD, LAUNCH_ARGS, WEB, chromium_path  # noqa: E402
from tests.browser.screens import shoot  # noqa: E402
from tests.web.pages import close_activity, open_activity  # noqa: E402

OUT = ROOT / "docs"


async def main() -> int:
    if not (WEB / "dist" / "index.html").is_file():
        print(f"the page is not built: run `{BUILD}` first", file=sys.stderr)
        return 1
    path = chromium_path()
    if path is None:
        print("no Chromium: apt-get install chromium", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "ddz.db")
        seeds = iter(range(1, 10_000))
        activity = await open_activity(store, manager_for(store, lambda: next(seeds)))
        try:
            async with async_playwright() as playwright:
                browser = await playwright.chromium.launch(executable_path=path,
                                                           args=LAUNCH_ARGS)
                try:
                    written = await shoot(browser, activity, OUT)
                finally:
                    await browser.close()
        finally:
            await close_activity(activity)
            await store.close()
    for picture in written:
        print(picture.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))

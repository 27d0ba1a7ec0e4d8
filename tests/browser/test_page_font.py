"""The page's own CJK font (web/fonts/NotoSansSC-page.woff2) is accepted by the browser:
a font its sanitiser refuses falls back to the system's, and a reader without CJK fonts
sees boxes."""

from __future__ import annotations

import pytest

from .host import PHONE, open_player

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def test_the_page_font_loads_in_chromium(browser, activity) -> None:
    player = await open_player(browser, activity, 101, "Ann", locale="zh-CN", viewport=PHONE)
    try:
        await player.wait_data(lambda d: d.get("state") in ("table", "no_table"),
                               what="the page signed in")
        faces = await player.app.evaluate("""async () => {
            const faces = await document.fonts.load('700 16px "DDZ Noto Sans SC"', "斗地主");
            return faces.map(f => [f.family, f.status]);
        }""")
        assert faces and all(status == "loaded" for _, status in faces), faces
        served = await player.app.evaluate(
            """() => performance.getEntriesByType("resource").map(e => e.name)
                 .filter(n => n.includes("/fonts/"))""")
        assert any(name.endswith("/fonts/NotoSansSC-page.woff2") for name in served), served
    finally:
        await player.close()

"""While the Activity's page is not built, ``/`` says so in the browser's language
(``Accept-Language``: the page request carries no Discord locale), en, zh-CN or zh-TW."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.web.server import accept_language, not_built_page
from bot.words.locales import EN, TW, ZH


@pytest.mark.parametrize(("header", "locale"), [
    (None, EN), ("", EN), ("*", EN), ("fr-FR,fr;q=0.9", EN), ("en-US,en;q=0.9", EN),
    ("zh-CN,zh;q=0.9,en;q=0.8", ZH), ("zh", ZH), ("zh-SG", ZH), ("zh-Hans-CN", ZH),
    ("zh-TW,zh;q=0.9", TW), ("zh-HK", TW), ("zh-Hant-TW,en;q=0.5", TW),
    ("en;q=0.2, zh-CN;q=0.9", ZH), ("fr, zh-TW;q=0.5, en;q=0.4", TW),
    ("zh-CN;q=0, en;q=0.1", EN), ("zh-CN;q=oops, en", EN), ("EN-gb", EN), ("ZH-tw", TW),
])
def test_the_browsers_language_the_bot_speaks(header: str | None, locale: str) -> None:
    assert accept_language(header) == locale


@pytest.mark.parametrize(("header", "lang", "words"), [
    (None, "en", "The Activity's page is not built yet"),
    ("en-US,en;q=0.9", "en", "The Activity's page is not built yet"),
    ("zh-CN,zh;q=0.9", "zh-CN", "活动页面还没有构建"),
    ("zh-TW,zh;q=0.9", "zh-TW", "活動頁面還沒有建置"),
])
async def test_the_not_built_page_speaks_the_browsers_language(
        activity: Any, tmp_path: Path, header: str | None, lang: str, words: str) -> None:
    activity.server.page_dir = tmp_path  # nothing built there
    headers = {"Accept-Language": header} if header is not None else {}
    async with activity.http.get(f"{activity.url}/", headers=headers) as response:
        assert response.status == 200
        assert response.headers["Content-Language"] == lang
        assert "Accept-Language" in response.headers["Vary"]
        text = await response.text()
    assert f'<html lang="{lang}">' in text and words in text
    assert "<code>cd web &amp;&amp; npm ci &amp;&amp; npm run build</code>" in text
    assert "<code>web/dist/</code>" in text and "<code>/api/ws</code>" in text
    if lang != "en":
        assert "not built" not in text and "Dou Dizhu" not in text  # no English to zh


def test_every_language_fills_every_field() -> None:
    for locale in (EN, ZH, TW):
        page = not_built_page(locale)
        assert "{" not in page and "}" not in page
        assert page.count("<code>") == 4

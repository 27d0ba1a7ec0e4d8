"""What the Activity's address shows while its page is not built (``web/dist/`` has no
``index.html``), in English and 简体中文 and 繁體中文: the Activity's
web server (:mod:`bot.web.server`) answers ``/`` with it in the language the browser asks
for (``Accept-Language``: the page request carries no Discord locale)."""

from __future__ import annotations

from .locales import EN, TW, ZH, traditional

_EN: dict[str, str] = {
    "title": "Dou Dizhu",
    "not_built": "The Activity's page is not built yet. Build it with {command} (the output "
                 "goes to {folder}), then reload.",
    "api": "The server's API ({token}, {socket}) works already.",
}

_ZH: dict[str, str] = {
    "title": "斗地主",
    "not_built": "活动页面还没有构建。请运行 {command} 构建（输出在 {folder}），然后重新加载。",
    "api": "服务器的接口（{token}、{socket}）已经可以使用。",
}

_TW: dict[str, str] = {  # 建置 and API, as Taiwan says them (not 構建, 介面)
    "title": traditional(_ZH["title"]),
    "not_built": "活動頁面還沒有建置。請執行 {command} 建置（輸出在 {folder}），然後重新載入。",
    "api": "伺服器的 API（{token}、{socket}）已經可以使用。",
}

WORDS: dict[str, dict[str, str]] = {EN: _EN, ZH: _ZH, TW: _TW}


def unbuilt_words(locale: str) -> dict[str, str]:
    """The not-built page's sentences in ``locale`` (English for another language); their
    ``{…}`` fields are filled by the page (code in its own markup)."""
    return WORDS.get(locale, _EN)


__all__ = ["WORDS", "unbuilt_words"]

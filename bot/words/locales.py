"""The languages the bot speaks: English, 简体中文 and 繁體中文 (Taiwan), and the
conversion that drafts the Taiwanese texts from the simplified ones."""

from __future__ import annotations

import opencc

EN, ZH, TW = "en", "zh-CN", "zh-TW"

# 繁體中文 (Taiwan): drafted from the simplified texts by OpenCC's s2twp (characters and
# Taiwanese words: 伺服器, 設定, 新增), with the few words it leaves mainland first replaced
_TW_WORDS = {"私信": "私訊", "全局": "全域"}
_S2TWP = opencc.OpenCC("s2twp")


def spoken(locale: object) -> str:
    """The language of ``locale`` the bot speaks: zh-CN, zh-TW, otherwise English."""
    return str(locale) if locale in (ZH, TW) else EN


def traditional(text: str) -> str:
    """Simplified Chinese as Taiwanese Traditional Chinese."""
    for mainland, taiwan in _TW_WORDS.items():
        text = text.replace(mainland, taiwan)
    converted: str = _S2TWP.convert(text)
    return converted


__all__ = ["EN", "TW", "ZH", "spoken", "traditional"]

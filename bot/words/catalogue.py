"""Every sentence of the bot by key, in English, 简体中文 and 繁體中文, and :func:`t`, which
picks one and fills it in.

The main sentences (:mod:`bot.words.texts`, zh-TW drafted from zh-CN) and the features'
own (:mod:`bot.words.history`, :mod:`bot.words.review`,
:mod:`bot.words.tournament`, the Activity's refusals :mod:`bot.words.door`) are merged
here, in that order, so the catalogue is whole whichever module is imported first.
"""

from __future__ import annotations

from typing import Any

from . import door, history, review, texts, tournament
from .locales import EN, TW, ZH, traditional


def _merged() -> dict[str, dict[str, str]]:
    merged = {EN: dict(texts.TEXTS[EN]), ZH: dict(texts.TEXTS[ZH])}
    merged[TW] = {key: traditional(value) for key, value in texts.TEXTS[ZH].items()}
    for feature in (history.TEXTS, review.TEXTS, tournament.TEXTS, door.TEXTS):
        for locale, feature_texts in feature.items():
            merged[locale].update(feature_texts)
    return merged


STRINGS: dict[str, dict[str, str]] = _merged()


def t(locale: str, key: str, /, **params: Any) -> str:
    """The text of ``key`` in ``locale`` (English when missing), formatted."""
    text = STRINGS.get(locale, {}).get(key) or STRINGS[EN].get(key, key)
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        return text


__all__ = ["STRINGS", "t"]

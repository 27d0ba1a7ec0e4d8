"""The Activity page's words keep their keys, but a sentence the catalogue already holds
has one home there: the page's own table repeats none (issue 56, point 5)."""

from __future__ import annotations

import pytest

from bot.words.catalogue import STRINGS
from bot.words.locales import EN, TW, ZH
from bot.words.page import PAGE_TEXTS, SHARED_PICTURE_WORDS, SHARED_TEXTS, page_words
from bot.words.pictures import PICTURE_WORDS


@pytest.mark.parametrize("locale", [EN, ZH, TW])
def test_the_page_repeats_no_sentence_of_the_catalogue(locale: str) -> None:
    # a page sentence equal, in every language, to one of the catalogue's is a repeat
    repeats = [key for key, text in PAGE_TEXTS[locale].items()
               if any(all(PAGE_TEXTS[lang].get(key) == STRINGS[lang].get(other)
                          for lang in (EN, ZH, TW))
                      for other, same in STRINGS[locale].items() if same == text)]
    assert repeats == []


@pytest.mark.parametrize("locale", [EN, ZH, TW])
def test_the_shared_keys_reach_the_page_from_the_catalogue(locale: str) -> None:
    texts = page_words(locale)["t"]
    for key, shared in SHARED_TEXTS.items():
        assert key not in PAGE_TEXTS[locale]
        assert texts[key] == STRINGS[locale][shared]
    for key, word in SHARED_PICTURE_WORDS.items():
        assert texts[key] == PICTURE_WORDS[locale][word]
    assert texts["web.passed"] == {EN: "Pass", ZH: "不出", TW: "不出"}[locale]
    assert texts["web.laizi"] == {EN: "Wild rank: {rank}", ZH: "癞子：{rank}",
                                  TW: "癩子：{rank}"}[locale]

"""The page's words: the message table's labels, every card's spoken name, in each
language; and every word the page's code asks for is sent."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.engine.cards import make_deck
from bot.words.cards import spoken_card
from bot.words.page import page_words

SRC = Path(__file__).resolve().parents[2] / "web" / "src"


@pytest.mark.parametrize(("locale", "names"), [
    ("en", ["7 of spades", "10 of hearts", "Queen of clubs", "Ace of diamonds", "Small Joker",
            "Big Joker", "Flower"]),
    ("zh-CN", ["黑桃7", "红桃10", "梅花Q", "方块A", "小王", "大王", "花牌"]),
    ("zh-TW", ["黑桃7", "紅桃10", "梅花Q", "方塊A", "小王", "大王", "花牌"]),
])
def test_cards_are_named_as_a_screen_reader_says_them(locale: str, names: list[str]) -> None:
    cards = [("7", "S"), ("T", "H"), ("Q", "C"), ("A", "D"), ("B", ""), ("R", ""), ("F", "")]
    assert [spoken_card(locale, c, s) for c, s in cards] == names
    sent = page_words(locale)["cards"]
    assert [sent[c + s] for c, s in cards] == names


def test_every_card_of_every_deck_has_a_distinct_name() -> None:
    for locale in ("en", "zh-CN", "zh-TW"):
        sent = page_words(locale)["cards"]
        names = {sent[c.char + c.suit] for c in make_deck(1, flower=True)}
        assert len(names) == 55


@pytest.mark.parametrize(("locale", "labels"), [
    ("en", {"btn.hint": "Hint", "btn.pass": "Pass", "btn.cannot_beat": "Can't beat",
            "btn.call": "Call landlord", "btn.grab": "Grab ×2", "btn.bid0": "No bid",
            "btn.addai": "Add AI", "web.play": "Play", "web.open": "Open a table"}),
    ("zh-CN", {"btn.hint": "提示", "btn.pass": "不出", "btn.cannot_beat": "要不起",
               "btn.call": "叫地主", "btn.grab": "抢地主 ×2", "btn.bid0": "不叫",
               "btn.addai": "添加 AI", "web.play": "出牌", "web.open": "开桌"}),
])
def test_controls_use_the_message_tables_words(locale: str, labels: dict[str, str]) -> None:
    sent = page_words(locale)["t"]
    assert {key: sent[key] for key in labels} == labels
    assert sent["btn.bid"] == ("{n} pt" if locale == "en" else "{n} 分")  # the page fills n


def test_every_word_the_page_asks_for_is_sent() -> None:
    """Each t("key") of web/src has a sentence in every language (no key shown raw)."""
    asked = set()
    for source in SRC.glob("*.ts"):
        asked |= set(re.findall(r"""\bt\(\s*["']([\w.]+)["']""", source.read_text()))
    asked |= {f"phase.{p}" for p in ("bid", "call", "grab", "double", "play", "show_start")}
    assert len(asked) > 30
    for locale in ("en", "zh-CN", "zh-TW"):
        sent = page_words(locale)["t"]
        assert asked - set(sent) == set(), locale
        if locale != "en":  # translated, not English left over
            assert sent["web.your_turn"] != page_words("en")["t"]["web.your_turn"]

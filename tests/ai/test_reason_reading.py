"""A hint's reason names its play as the hint does: in 癞子 a play of wild cards is named
by its reading (``8 9 10 J Q``), not by the cards held (``9 10 J Q A``), in every language;
a reason naming other cards (a chain it keeps) is left as it is."""

from __future__ import annotations

from bot.ai.reasons import Reason
from bot.engine import Rules, readings
from bot.words.reasons import reason_line, reason_words

LAIZI = Rules.preset("laizi", laizi="A")


def _as(cards: str, resolved: str):  # the reading of ``cards`` that reads ``resolved``
    return next(p for p in readings(cards, LAIZI) if p.resolved == resolved)


def test_a_reason_names_the_reading_the_hint_shows() -> None:
    low = _as("9TJQA", "89TJQ")
    reason = Reason("lowest_beat", "9TJQA")
    assert reason_words("en", reason, low) == "8 9 10 J Q is the lowest play that beats it"
    assert reason_words("zh-CN", reason, low).startswith("8 9 10 J Q")
    high = _as("9TJQA", "9TJQK")
    assert "9 10 J Q K" in reason_words("en", Reason("top_card", "9TJQA"), high)
    assert reason_line("en", reason, low) == "\n-# 8 9 10 J Q is the lowest play that beats it"


def test_a_reason_naming_other_cards_is_left_alone() -> None:
    play = _as("9TJQA", "89TJQ")
    kept = Reason("keeps_chain", "34567")
    assert reason_words("en", kept, play) == "keeps your 34567 together"
    assert reason_words("en", Reason("lowest_beat", "9TJQA")) == \
        "9 10 J Q A is the lowest play that beats it"  # no reading given: the cards held

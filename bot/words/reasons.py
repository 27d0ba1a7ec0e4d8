"""The hint's reasons (:mod:`bot.ai.reasons`) in English, 简体中文 and 繁體中文.

Each reason kind has one sentence per language; ``{cards}`` is the play or the chain the
reason names, ``{n}`` a number of cards left. zh-TW is written out in Traditional script
(not converted), with Taiwan's usual words.
"""

from __future__ import annotations

from bot.ai.reasons import REASONS, Reason

from .cards import cards_text
from .locales import EN, TW, ZH

REASON_WORDS: dict[str, dict[str, str]] = {
    EN: {
        "wins_now": "your last cards: this ends the deal",
        "bomb_win": "bomb: you win from here and double the score",
        "feed_partner": "your partner has 1 card: lead a single",
        "block": "an opponent has {n} card(s) left: this lead does not let him go out",
        "partner_holds": "your partner's play holds the trick: let it stand",
        "no_answer": "nothing in your hand beats it",
        "keep_bomb": "only a bomb beats it: keep the bomb for later",
        "keeps_chain": "keeps your {cards} together",
        "top_card": "no card still out beats {cards} (bombs aside)",
        "sheds_weakest": "gets rid of your weakest cards first",
    },
    ZH: {
        "wins_now": "最后一手，出完就赢",
        "bomb_win": "炸弹：从这里已经必胜，分数翻倍",
        "feed_partner": "队友只剩1张牌：出单张给他",
        "block": "对手只剩{n}张牌：这样出不让他走",
        "partner_holds": "队友的牌管住了这一轮：不要压",
        "no_answer": "你没有管得上的牌",
        "keep_bomb": "只有炸弹管得上：炸弹留着以后用",
        "keeps_chain": "保留你的{cards}不拆",
        "top_card": "外面没有牌管得住{cards}（炸弹除外）",
        "sheds_weakest": "先把最小的牌出掉",
    },
    TW: {
        "wins_now": "最後一手，出完就贏",
        "bomb_win": "炸彈：從這裡已經必勝，分數翻倍",
        "feed_partner": "隊友只剩1張牌：出單張給他",
        "block": "對手只剩{n}張牌：這樣出不讓他走",
        "partner_holds": "隊友的牌管住了這一輪：不要壓",
        "no_answer": "你沒有管得上的牌",
        "keep_bomb": "只有炸彈管得上：炸彈留著以後用",
        "keeps_chain": "保留你的{cards}不拆",
        "top_card": "外面沒有牌管得住{cards}（炸彈除外）",
        "sheds_weakest": "先把最小的牌出掉",
    },
}

assert all(set(words) == set(REASONS) for words in REASON_WORDS.values())


def reason_words(locale: str, reason: Reason) -> str:
    """The sentence of ``reason`` in ``locale`` (English when the language is missing)."""
    words = REASON_WORDS.get(locale, REASON_WORDS[EN])[reason.kind]
    return words.format(cards=cards_text(locale, reason.cards) if reason.cards else "",
                        n=reason.count)


def reason_line(locale: str, reason: Reason | None) -> str:
    """A second line for the hint: ``"\\n-# <reason>"``, or "" without a reason."""
    return "" if reason is None else f"\n-# {reason_words(locale, reason)}"

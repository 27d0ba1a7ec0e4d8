"""The hint's reasons (:mod:`bot.ai.reasons`) in English, 简体中文 and 繁體中文.

Each reason kind has one sentence per language; ``{cards}`` is the play or the chain the
reason names, ``{n}`` a number of cards or plays left. The auction's reasons
(:data:`AUCTION_WORDS`) also say the model's win chance, ``{chance}`` in 10. zh-TW is
written out in Traditional script (not converted), with Taiwan's usual words.
"""

from __future__ import annotations

from bot.ai.auction_reasons import AUCTION_REASONS
from bot.ai.guards import RISKS
from bot.ai.reasons import REASONS, Reason
from bot.engine import Play

from .cards import cards_text
from .locales import EN, TW, ZH

REASON_WORDS: dict[str, dict[str, str]] = {
    EN: {
        "wins_now": "your last cards: this ends the deal",
        "bomb_win": "nobody can stop you after this bomb: the deal is yours",
        "feed_partner": "your partner has 1 card: lead a single",
        "block": "an opponent has {n} card(s) left: this lead does not let him go out",
        "partner_holds": "your partner's play holds the trick: let it stand",
        "partner_ahead": "it is your partner's play: don't play over him",
        "no_answer": "nothing in your hand beats it",
        "keep_bomb": "only a bomb beats it: keep the bomb for later",
        "keeps_chain": "keeps your {cards} together",
        "top_card": "no card still out beats {cards} (bombs aside)",
        "sheds_weakest": "gets rid of your weakest cards first",
        "breaks_hand": "beating it with {cards} would break up your hand: {n} plays still to go",
        "partner_next": "your partner plays after you: leave the landlord's play to him",
        "saves_answer": "your lowest answer is {cards}: keep it to win a trick later",
        "lowest_beat": "{cards} is the lowest play that beats it",
        "plan_group": "a play of your hand's best plan: {n} more play(s) after it",
        "bomb_back": "bomb it to win the lead back",
        "plays_left": "after this your hand plays out in {n} play(s)",
    },
    ZH: {
        "wins_now": "最后一手，出完就赢",
        "bomb_win": "这个炸弹炸完没人管得住：这局赢定了",
        "feed_partner": "队友只剩1张牌：出单张给他",
        "block": "对手只剩{n}张牌：这样出不让他走",
        "partner_holds": "队友的牌管住了这一轮：不要压",
        "partner_ahead": "这一轮是队友的牌：别压队友",
        "no_answer": "你没有管得上的牌",
        "keep_bomb": "只有炸弹管得上：炸弹留着以后用",
        "keeps_chain": "保留你的{cards}不拆",
        "top_card": "外面没有牌管得住{cards}（炸弹除外）",
        "sheds_weakest": "先把最小的牌出掉",
        "breaks_hand": "用{cards}管会拆散手牌：之后还要{n}手才能出完",
        "partner_next": "队友在你后面出：地主的牌留给他管",
        "saves_answer": "你最小能管的是{cards}：留着以后抢出牌权",
        "lowest_beat": "{cards}是管得上的最小的牌",
        "plan_group": "按最佳拆牌打的一手：之后还有{n}手",
        "bomb_back": "炸掉对手的牌，抢回出牌权",
        "plays_left": "出完这手，剩下的牌还要{n}手出完",
    },
    TW: {
        "wins_now": "最後一手，出完就贏",
        "bomb_win": "這個炸彈炸完沒人管得住：這局贏定了",
        "feed_partner": "隊友只剩1張牌：出單張給他",
        "block": "對手只剩{n}張牌：這樣出不讓他走",
        "partner_holds": "隊友的牌管住了這一輪：不要壓",
        "partner_ahead": "這一輪是隊友的牌：別壓隊友",
        "no_answer": "你沒有管得上的牌",
        "keep_bomb": "只有炸彈管得上：炸彈留著以後用",
        "keeps_chain": "保留你的{cards}不拆",
        "top_card": "外面沒有牌管得住{cards}（炸彈除外）",
        "sheds_weakest": "先把最小的牌出掉",
        "breaks_hand": "用{cards}管會拆散手牌：之後還要{n}手才能出完",
        "partner_next": "隊友在你後面出：地主的牌留給他管",
        "saves_answer": "你最小能管的是{cards}：留著以後搶出牌權",
        "lowest_beat": "{cards}是管得上的最小的牌",
        "plan_group": "按最佳拆牌打的一手：之後還有{n}手",
        "bomb_back": "炸掉對手的牌，搶回出牌權",
        "plays_left": "出完這手，剩下的牌還要{n}手出完",
    },
}

AUCTION_WORDS: dict[str, dict[str, str]] = {
    EN: {
        "bid_odds": "your hand wins about {chance} in 10 as landlord: bid {n}",
        "bid_table": "nobody has bid, and one more redeal closes the table: bid 1",
        "bid_redeal": "nobody has bid: a hand that wins about {chance} in 10 as landlord "
                      "beats a redeal",
        "bid_weak": "too weak to bid: a hand like this wins about {chance} in 10 as landlord",
        "bid_outbid": "the bid is already {n}: your hand (about {chance} in 10 as landlord) "
                      "is worth no more",
        "call_odds": "your hand wins about {chance} in 10 as landlord: call",
        "call_redeal": "everyone else declined: a hand that wins about {chance} in 10 as "
                       "landlord beats a redeal",
        "call_weak": "too weak to call: as landlord a hand like this wins less than half "
                     "the time (about {chance} in 10)",
        "grab_odds": "against the caller your hand wins about {chance} in 10: grab for ×{n}",
        "grab_weak": "against the caller your hand wins only about {chance} in 10: not worth "
                     "×{n}",
        "show_start": "no card is dealt yet: showing now only raises the risk",
        "show_yes": "your hand wins about {chance} in 10 as landlord: show it for ×{n}",
        "show_outdone": "a ×{n} show is already made: yours would add nothing",
        "show_no": "about {chance} in 10 as landlord is not enough to show for ×{n}: open "
                   "cards help the others",
        "double_bombs": "{n} bomb(s), and your side wins about {chance} in 10: double",
        "double_odds": "your side wins about {chance} in 10: double",
        "double_weak": "your side wins about {chance} in 10: at ×{n}, doubling would risk "
                       "more than it gains",
    },
    ZH: {
        "bid_odds": "这手牌当地主胜率约{chance}成：叫{n}分",
        "bid_table": "没人叫分，再重发一次牌桌就散了：叫1分",
        "bid_redeal": "没人叫分：当地主胜率约{chance}成，比重新发牌强",
        "bid_weak": "牌太弱不叫：这样的牌当地主胜率只有约{chance}成",
        "bid_outbid": "已经叫到{n}分：你的牌当地主胜率约{chance}成，不值更高",
        "call_odds": "这手牌当地主胜率约{chance}成：叫地主",
        "call_redeal": "别人都不叫：当地主胜率约{chance}成，比重新发牌强",
        "call_weak": "牌太弱不叫：这样的牌当地主赢不到一半（胜率约{chance}成）",
        "grab_odds": "对上叫地主的人，你的牌胜率约{chance}成：抢地主，翻到×{n}",
        "grab_weak": "对上叫地主的人，你的牌胜率只有约{chance}成：不值得抢到×{n}",
        "show_start": "还没有发牌：现在明牌只会加大风险",
        "show_yes": "这手牌当地主胜率约{chance}成：明牌翻到×{n}",
        "show_outdone": "已经有人×{n}明牌：你再明牌也不加倍数",
        "show_no": "当地主胜率约{chance}成，不够明牌×{n}：明牌让别人看着你的牌打",
        "double_bombs": "{n}个炸弹，你这边胜率约{chance}成：加倍",
        "double_odds": "你这边胜率约{chance}成：加倍",
        "double_weak": "你这边胜率约{chance}成：已经×{n}，加倍风险大于收益",
    },
    TW: {
        "bid_odds": "這手牌當地主勝率約{chance}成：叫{n}分",
        "bid_table": "沒人叫分，再重發一次牌桌就散了：叫1分",
        "bid_redeal": "沒人叫分：當地主勝率約{chance}成，比重新發牌好",
        "bid_weak": "牌太弱不叫：這樣的牌當地主勝率只有約{chance}成",
        "bid_outbid": "已經叫到{n}分：你的牌當地主勝率約{chance}成，不值得更高",
        "call_odds": "這手牌當地主勝率約{chance}成：叫地主",
        "call_redeal": "其他人都不叫：當地主勝率約{chance}成，比重新發牌好",
        "call_weak": "牌太弱不叫：這樣的牌當地主贏不到一半（勝率約{chance}成）",
        "grab_odds": "對上叫地主的人，你的牌勝率約{chance}成：搶地主，翻到×{n}",
        "grab_weak": "對上叫地主的人，你的牌勝率只有約{chance}成：不值得搶到×{n}",
        "show_start": "還沒有發牌：現在明牌只會加大風險",
        "show_yes": "這手牌當地主勝率約{chance}成：明牌翻到×{n}",
        "show_outdone": "已經有人×{n}明牌：你再明牌也不會加倍數",
        "show_no": "當地主勝率約{chance}成，不夠明牌×{n}：明牌讓別人看著你的牌打",
        "double_bombs": "{n}個炸彈，你這邊勝率約{chance}成：加倍",
        "double_odds": "你這邊勝率約{chance}成：加倍",
        "double_weak": "你這邊勝率約{chance}成：已經×{n}，加倍風險大於收益",
    },
}
"""The auction's reasons (:mod:`bot.ai.auction_reasons`): ``{chance}`` is the model's win
chance in tenths ("about 7 in 10", 胜率约7成), ``{n}`` the bid, multiplier or bombs."""

RISK_WORDS: dict[str, dict[str, str]] = {
    EN: {
        "risky_one": "risky: an opponent has 1 card left and could beat it",
        "risky_two": "risky: an opponent has 2 cards left and could beat it",
        "risky_not_win": "risky: your whole hand goes out in one play now",
        "risky_stake": "risky: the bomb raises everyone's stake but does not win the race",
    },
    ZH: {
        "risky_one": "有风险：对手只剩1张牌，可能管上",
        "risky_two": "有风险：对手只剩2张牌，可能管上",
        "risky_not_win": "有风险：你现在一手就能出完",
        "risky_stake": "有风险：炸了抬高全桌倍数，却抢不到先出完",
    },
    TW: {
        "risky_one": "有風險：對手只剩1張牌，可能管上",
        "risky_two": "有風險：對手只剩2張牌，可能管上",
        "risky_not_win": "有風險：你現在一手就能出完",
        "risky_stake": "有風險：炸了抬高全桌倍數，卻搶不到先出完",
    },
}
"""A hint alternative kept though it breaks a rule of :mod:`bot.ai.guards` says its risk
(``Reason.risk``, one of :data:`bot.ai.guards.RISKS`) after its reason."""

STAKE_WORDS: dict[str, str] = {
    EN: "×{a} → ×{b} for everyone",
    ZH: "全桌倍数×{a}→×{b}",
    TW: "全桌倍數×{a}→×{b}",
}
"""What a bomb or rocket does to the table's multiplier (``Reason.stake``), said after its
reason: every seat's stake changes with it."""

assert all(set(words) == set(REASONS) for words in REASON_WORDS.values())
assert all(set(words) == set(RISKS) for words in RISK_WORDS.values())
assert all(set(words) == set(AUCTION_REASONS) for words in AUCTION_WORDS.values())


def reason_words(locale: str, reason: Reason, play: Play | None = None) -> str:
    """The sentence of ``reason`` in ``locale`` (English when the language is missing).
    ``play``: the reading the hint shows; a reason naming that play's own cards names them
    as read, as the hint does (``8 9 10 J Q (A as 8)`` is "the lowest play that beats it",
    not ``9 10 J Q A``)."""
    risk = RISK_WORDS.get(locale, RISK_WORDS[EN])[reason.risk] if reason.risk else ""
    if reason.kind in RISKS:
        return risk
    table = AUCTION_WORDS if reason.kind in AUCTION_REASONS else REASON_WORDS
    words = table.get(locale, table[EN])[reason.kind]
    cards = reason.cards
    if play is not None and play.wild_as and sorted(cards) == sorted(play.cards):
        cards = play.resolved
    text = words.format(cards=cards_text(locale, cards) if cards else "",
                        n=reason.count, chance=reason.chance)
    if reason.stake[1]:
        stake = STAKE_WORDS.get(locale, STAKE_WORDS[EN]).format(a=reason.stake[0],
                                                                  b=reason.stake[1])
        text = f"{text} ({stake})" if locale == EN else f"{text}（{stake}）"
    return f"{text} ({risk})" if risk and locale == EN else f"{text}（{risk}）" if risk \
        else text


def reason_line(locale: str, reason: Reason | None, play: Play | None = None) -> str:
    """A second line for the hint: ``"\\n-# <reason>"``, or "" without a reason."""
    return "" if reason is None else f"\n-# {reason_words(locale, reason, play)}"

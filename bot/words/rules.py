"""Concise rule summaries for ``/ddz rules``, in English and Chinese."""

from __future__ import annotations

from .locales import EN, TW, ZH, traditional

_COMMON_EN = (
    "**Patterns**: single, pair, trio, trio+1, trio+pair, chain (5+), pair chain (3+ pairs), "
    "plane (2+ trios) with or without wings, four with two. Sequences never hold a 2 or a "
    "joker. Beat a play with the same pattern and length and a higher rank, or with a bomb.\n"
    "**Cards** low to high: 3 4 5 6 7 8 9 10 J Q K A 2, Small Joker, Big Joker.\n"
    "**Type** cards like `33344`, `10 j q k a`, `小王 大王`; `/ddz play` suggests legal plays."
)
_COMMON_ZH = (
    "**牌型**：单张、对子、三张、三带一、三带二、顺子（5张以上）、连对（3对以上）、飞机（带或不带翅膀）、"
    "四带二。顺子、连对、飞机不能含 2 和王。同牌型同张数点数大者胜，炸弹可管一切普通牌型。\n"
    "**大小**：3 < 4 < … < A < 2 < 小王 < 大王。\n"
    "**输入**：如 `33344`、`10 j q k a`、`小王 大王`；`/斗地主 出牌` 会提示可出的牌。"
)

SUMMARIES = {
    EN: {
        "classic": "**Classic** — 3 players, 17 cards each, 3 in the bottom. Bid 1, 2 or 3 "
                   "points (3 ends it); the highest bidder is the landlord and takes the "
                   "bottom. Bombs, the rocket and spring double the stake; the landlord "
                   "stakes double against each farmer. Nobody bids: redeal (the third time "
                   "dissolves the table).",
        "happy": "**Happy** — call the landlord, then others may grab (×2 each). Show "
                 "your hand for ×5 before the deal, ×4/×3 during it, ×2 for the landlord "
                 "before playing. Double pairwise after the bottom is "
                 "shown. Bombs, rockets and spring ×2.",
        "laizi": "**Laizi** — Happy rules, plus a wild rank drawn once the landlord is "
                 "known: its four cards stand for any rank 3…2. Soft bombs (with laizi) ×2, "
                 "hard bombs ×4, the four laizi ×4, the rocket ×4.",
        "super": "**Super** — 55 cards with the flower, a wild card that is never played "
                 "alone; landlord gets 4 bottom cards. Bid 1/2/3 (nobody bids: the first "
                 "bidder plays at 1). Four of a kind + flower is a super bomb (×3); "
                 "multiplier capped at 24; the house takes 5% of winnings.",
        "four": "**Four players** — two decks, 25 cards each, 8 in the bottom. Bid 1/2/3. "
                "Bombs of 4 to 8 cards (more cards beat fewer); joker pairs are pairs; no "
                "trio+1 or four with two. The landlord stakes triple.",
    },
    ZH: {
        "classic": "**经典**：3 人，每人 17 张，3 张底牌。叫 1、2、3 分（叫 3 分直接当地主），"
                   "最高者当地主拿底牌。炸弹、王炸、春天翻倍；地主对每个农民双倍输赢。"
                   "无人叫分则重新发牌，连续三次解散。",
        "happy": "**欢乐**：叫地主后其他人可以抢地主（每次 ×2）。明牌开始 ×5、发牌明牌 ×4/×3、"
                 "地主出牌前明牌 ×2。亮底牌后可加倍（按对家计算）。炸弹、王炸、春天 ×2。",
        "laizi": "**癞子**：欢乐规则，确定地主后随机一个点数为癞子，四张癞子可当 3…2 任意点数。"
                 "软炸弹 ×2、硬炸弹 ×4、纯癞子炸弹 ×4、王炸 ×4。",
        "super": "**超级**：55 张牌含花牌（万能牌，不能单出），地主 4 张底牌。叫 1/2/3 分，"
                 "无人叫则首家 1 分当地主。四张加花牌为超级炸弹（×3），倍数封顶 24，赢家付 5% 服务费。",
        "four": "**四人**：两副牌，每人 25 张，8 张底牌。叫 1/2/3 分。4 到 8 张的炸弹（张数多者大），"
                "双小王、双大王算对子；没有三带一和四带二。地主三倍输赢。",
    },
}
SUMMARIES[TW] = {k: traditional(v) for k, v in SUMMARIES[ZH].items()}
COMMON = {EN: _COMMON_EN, ZH: _COMMON_ZH, TW: traditional(_COMMON_ZH)}


def rules_summary(variant: str, locale: str) -> str:
    lang = locale if locale in SUMMARIES else EN
    return SUMMARIES[lang][variant] + "\n\n" + COMMON[lang]

"""The words the pictures draw (render/ holds none: every scene carries its words), by
key, in English, 简体中文 and 繁體中文: roles, said words (不出, 叫地主, 1分…), the
multiplier's parts, the table's labels, the hand's groups, the profile's and the review's.

:func:`picture_words` is the table of one language; the scene builders (``cogs/scenes.py``)
put it into every scene, so a picture is drawn from finished strings only.
"""

from __future__ import annotations

from collections.abc import Mapping

from .locales import EN, TW, ZH

ZH_WORDS: dict[str, str] = {
    # roles and results
    "landlord": "地主",
    "farmer": "农民",
    "landlord_wins": "地主胜利",
    "farmers_win": "农民胜利",
    "spring": "春天",
    "anti_spring": "反春",
    "escaped": "逃跑",
    "auto": "托管",
    "bot": "AI",
    # actions said at the table
    "pass": "不出",
    "call": "叫地主",
    "no_call": "不叫",
    "grab": "抢地主",
    "no_grab": "不抢",
    "bid1": "1分",
    "bid2": "2分",
    "bid3": "3分",
    "no_bid": "不叫",
    "double": "加倍",
    "no_double": "不加倍",
    "show": "明牌",
    "no_show": "不明牌",
    "thinking": "思考中",
    # multiplier parts
    "multiplier": "倍数",
    "init": "初始",
    "base": "底分",
    "grab_x": "抢",
    "bomb": "炸弹",
    "rocket": "王炸",
    "super_bomb": "超级炸弹",
    "soft_bomb": "软炸弹",
    "hard_bomb": "硬炸弹",
    "laizi_bomb": "纯癞子炸弹",
    "laizi_coef": "癞子系数",
    "cap": "封顶",
    # the table
    "bottom": "底牌",
    "laizi": "癞子",
    "flower": "花",
    "cards_left": "剩余",
    "shown": "明牌",
    # hand groups
    "group_wild": "癞子",
    "group_flower": "花牌",
    "group_rocket": "王炸",
    "group_bomb": "炸弹",
    "group_trio": "三张",
    "group_pair": "对子",
    "group_single": "单张",
    "small_joker": "小王",
    "big_joker": "大王",
    "joker": "王",
    # profile and leaderboard
    "level": "等级",
    "points": "积分",
    "beans": "欢乐豆",
    "balance": "余额",
    "games": "局数",
    "wins": "胜",
    "win_rate": "胜率",
    "next_level": "下一级",
    "max_level": "满级",
    "leaderboard": "排行榜",
    "total": "总计",
    # variants
    "classic": "经典",
    "happy": "欢乐",
    "laizi_variant": "癞子",
    "super": "超级",
    "four": "四人",
    "game": "斗地主",
    # phases, marks and the result (issue 15)
    "phase_bid": "叫分",
    "phase_call": "叫地主",
    "phase_grab": "抢地主",
    "phase_show": "明牌",
    "phase_double": "加倍",
    "phase_play": "出牌",
    "phase_over": "结束",
    "to_beat": "要压",
    "newest": "最新",
    "from_bottom": "底",
    "table_fee": "台费",
    "stake": "倍",
    "progress": "进度",
    "below_zero": "负分",
    # profile statistics and the review (issue 16)
    "streak": "连胜",
    "best_streak": "最高连胜",
    "biggest_win": "单局最多赢",
    "review": "复盘",
    "you_played": "你的选择",
    "ai_choice": "AI建议",
    "win_chance": "胜率",
    "exp_points": "期望积分",
    "cost": "损失",
    "own_hand": "手牌",
}
"""Every Chinese (Simplified) word the pictures draw, by key."""

EN_WORDS: dict[str, str] = {
    "landlord": "Landlord", "farmer": "Farmer", "landlord_wins": "Landlord wins",
    "farmers_win": "Farmers win", "spring": "Spring", "anti_spring": "Anti-spring",
    "escaped": "Fled", "auto": "Auto", "bot": "AI",
    "pass": "Pass", "call": "Call", "no_call": "No call", "grab": "Grab",
    "no_grab": "No grab", "bid1": "1 pt", "bid2": "2 pts", "bid3": "3 pts",
    "no_bid": "No bid", "double": "Double", "no_double": "No double", "show": "Show",
    "no_show": "No show",
    "thinking": "Thinking",
    "multiplier": "Mult.", "init": "Start", "base": "Bid", "grab_x": "Grab", "bomb": "Bomb",
    "rocket": "Rocket", "super_bomb": "Super bomb", "soft_bomb": "Soft bomb",
    "hard_bomb": "Hard bomb", "laizi_bomb": "Wild bomb", "laizi_coef": "Wild",
    "cap": "Cap",
    "bottom": "Bottom", "laizi": "Wild", "flower": "花", "cards_left": "Left",
    "shown": "Shown",
    "group_wild": "Wild", "group_flower": "Flower", "group_rocket": "Rocket",
    "group_bomb": "Bombs", "group_trio": "Trios", "group_pair": "Pairs",
    "group_single": "Singles", "small_joker": "小王", "big_joker": "大王", "joker": "王",
    "level": "Level", "points": "Points", "beans": "Beans", "balance": "Balance",
    "games": "Games", "wins": "Wins", "win_rate": "Win rate", "next_level": "Next",
    "max_level": "Top level", "leaderboard": "Leaderboard", "total": "All",
    "classic": "Classic", "happy": "Happy", "laizi_variant": "Wild", "super": "Super",
    "four": "Four", "game": "Dou Dizhu",
    "phase_bid": "Bidding", "phase_call": "Calling", "phase_grab": "Grabbing",
    "phase_show": "Show cards", "phase_double": "Doubling", "phase_play": "Playing",
    "phase_over": "Over", "to_beat": "To beat", "newest": "New",
    "from_bottom": "B", "table_fee": "Table fee", "stake": "Stake",
    "progress": "Progress", "below_zero": "Below zero",
    "streak": "Streak", "best_streak": "Best", "biggest_win": "Biggest win",
    "review": "Review", "you_played": "You chose", "ai_choice": "The AI would choose",
    "win_chance": "Win chance", "exp_points": "Exp. points", "cost": "Cost",
    "own_hand": "Hand",
}
"""The English words (card faces keep their Chinese joker and flower words: they are the
cards' look, like the suits)."""

TW_WORDS: dict[str, str] = {
    **ZH_WORDS,
    "farmer": "農民", "landlord_wins": "地主勝利", "farmers_win": "農民勝利",
    "escaped": "逃跑", "auto": "託管", "no_call": "不叫", "grab": "搶地主",
    "no_grab": "不搶", "no_bid": "不叫", "double": "加倍", "no_double": "不加倍",
    "thinking": "思考中", "multiplier": "倍數", "init": "初始", "grab_x": "搶",
    "bomb": "炸彈", "rocket": "王炸", "super_bomb": "超級炸彈", "soft_bomb": "軟炸彈",
    "hard_bomb": "硬炸彈", "laizi_bomb": "純癩子炸彈", "laizi_coef": "癩子係數",
    "bottom": "底牌", "laizi": "癩子", "cards_left": "剩餘", "group_wild": "癩子",
    "group_rocket": "王炸", "group_bomb": "炸彈", "group_trio": "三張",
    "group_pair": "對子", "group_single": "單張", "level": "等級", "points": "積分",
    "beans": "歡樂豆", "balance": "餘額", "games": "局數", "wins": "勝", "win_rate": "勝率",
    "next_level": "下一級", "max_level": "滿級", "leaderboard": "排行榜", "total": "總計",
    "classic": "經典", "happy": "歡樂", "laizi_variant": "癩子", "super": "超級",
    "four": "四人", "game": "鬥地主",
    "phase_bid": "叫分", "phase_show": "明牌", "phase_play": "出牌", "phase_over": "結束",
    "phase_grab": "搶地主", "to_beat": "要壓", "table_fee": "台費", "progress": "進度",
    "below_zero": "負分",
    "streak": "連勝", "best_streak": "最高連勝", "biggest_win": "單局最多贏",
    "review": "復盤", "you_played": "你的選擇", "ai_choice": "AI建議", "win_chance": "勝率",
    "exp_points": "期望積分", "cost": "損失",
}
"""The Traditional Chinese words."""

PICTURE_WORDS: dict[str, dict[str, str]] = {EN: EN_WORDS, ZH: ZH_WORDS, TW: TW_WORDS}
"""The words of the pictures by language; a picture takes its reader's (``en`` when the
language is unknown)."""


def picture_words(locale: str | None) -> Mapping[str, str]:
    """The words of the pictures in ``locale`` (``en``, ``zh-CN``, ``zh-TW``; else ``en``)."""
    return PICTURE_WORDS.get(locale or EN, EN_WORDS)


def said_word(key: str, locale: str | None) -> str:
    """A word said at the table (``"pass"`` → 不出 / Pass, ``"bid2"`` → 2分), or ``key``
    itself when it is not one of the pictures' words (any other text)."""
    return picture_words(locale).get(key, key)


__all__ = ["EN_WORDS", "PICTURE_WORDS", "TW_WORDS", "ZH_WORDS", "picture_words", "said_word"]

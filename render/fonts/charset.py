"""Every fixed string the pictures draw, and the characters the bundled fonts must cover.

The drawing code takes its Chinese words from :data:`LABELS` (never from literals spread
over the modules), so this one module lists what the fonts must be able to draw; a test
checks that each character of :data:`REQUIRED_CHARS` has a glyph in both bundled weights.

The bold weight also covers all 6763 hanzi of GB2312 (player names); the regular weight
covers only :data:`REQUIRED_CHARS` plus Latin text. ``render.fonts.build`` makes both subsets.
"""

from __future__ import annotations

LEVEL_NAMES: tuple[str, ...] = (
    "包身工", "短工", "长工", "佃户", "贫农", "渔夫", "猎人", "中农", "富农", "掌柜", "商人",
    "衙役", "小财主", "大财主", "小地主", "大地主", "知县", "通判", "知府", "总督", "巡抚",
    "丞相", "帝王",
)
"""The 23 level names of RULES.md §7, lowest first (for glyph coverage only: the engine owns
the level logic and puts the names into the scenes)."""

LABELS: dict[str, str] = {
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
    "thinking": "思考中",
    # multiplier parts
    "multiplier": "倍数",
    "init": "初始",
    "base": "底分",
    "grab_x": "抢",
    "bomb": "炸弹",
    "rocket": "火箭",
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
}
"""Every Chinese word the pictures draw, by key."""

SYMBOLS = "×÷·•→←↑↓▲▼★☆♠♥♣♦…—–%+-=/:()[]#0123456789"
"""Symbols and digits the pictures draw (suits are drawn as shapes, but stay in the font)."""

REQUIRED_CHARS: frozenset[str] = frozenset(
    "".join(LEVEL_NAMES) + "".join(LABELS.values()) + SYMBOLS
    + "".join(chr(c) for c in range(0x20, 0x7F))
)
"""Every character the fixed strings use, plus printable ASCII: both weights must have them."""


def cjk_chars() -> str:
    """The CJK characters of :data:`REQUIRED_CHARS`, sorted (for reports and tests)."""
    return "".join(sorted(ch for ch in REQUIRED_CHARS if ord(ch) >= 0x2E80))

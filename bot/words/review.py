"""The words of ``/ddz review`` in English, 简体中文 and 繁體中文 (Taiwan), merged into
:mod:`bot.words.catalogue` and :mod:`bot.words.commands` (zh-TW converted from zh-CN by
:func:`bot.words.locales.traditional`).
"""

from __future__ import annotations

from .locales import EN, TW, ZH, traditional

TEXTS: dict[str, dict[str, str]] = {
    EN: {
        "review.head": ("AI review of deal `{deal}` ({variant}, you were the {role}): "
                        "{total} decisions of yours, the AI agrees with {agreed}."),
        "review.top": "Your costliest decisions:",
        "review.none": "None of your decisions cost anything by the AI's estimate. Well played!",
        "review.line": ("**{n}.** {where}: you {made}; the AI would {best}. Win chance "
                        "{made_win}% → {best_win}%, expected points {made_pts} → {best_pts}."),
        "review.note": ("Estimates: sampled deals of what you could know then, played out "
                        "by the AI (level {level}); bids, shows and doubles by its bidding model."),
        "review.role.landlord": "landlord", "review.role.farmer": "farmer",
        "review.title": "Review · {where}",
        "review.at.play": "play {n}", "review.at.bid": "the bidding",
        "review.at.call": "the call", "review.at.grab": "the grab",
        "review.at.show": "the show", "review.at.double": "the double",
        "review.do.pass": "pass", "review.do.play": "play {cards}",
        "review.do.bid": "bid {n}", "review.do.nobid": "not bid",
        "review.do.call": "call the landlord", "review.do.nocall": "not call",
        "review.do.grab": "grab", "review.do.nograb": "not grab",
        "review.do.show": "show the hand", "review.do.noshow": "not show",
        "review.do.double": "double", "review.do.nodouble": "not double",
    },
    ZH: {
        "review.head": ("牌局 `{deal}` 的 AI 复盘（{variant}，你是{role}）：你做了 {total} 个决定，"
                        "AI 认同其中 {agreed} 个。"),
        "review.top": "损失最大的决定：",
        "review.none": "按 AI 的估计，你的决定都没有损失。打得好！",
        "review.line": ("**{n}.** {where}：你{made}，AI 会{best}。胜率 {made_win}% → {best_win}%，"
                        "期望积分 {made_pts} → {best_pts}。"),
        "review.note": ("估计方法：按你当时能知道的牌抽样发牌，由 AI（{level}）打完；"
                        "叫牌、明牌和加倍用 AI 的叫牌模型。"),
        "review.role.landlord": "地主", "review.role.farmer": "农民",
        "review.title": "复盘 · {where}",
        "review.at.play": "第 {n} 手", "review.at.bid": "叫分", "review.at.call": "叫地主",
        "review.at.grab": "抢地主", "review.at.show": "明牌", "review.at.double": "加倍",
        "review.do.pass": "不出", "review.do.play": "出 {cards}",
        "review.do.bid": "叫 {n} 分", "review.do.nobid": "不叫",
        "review.do.call": "叫地主", "review.do.nocall": "不叫",
        "review.do.grab": "抢地主", "review.do.nograb": "不抢",
        "review.do.show": "明牌", "review.do.noshow": "不明牌",
        "review.do.double": "加倍", "review.do.nodouble": "不加倍",
    },
}

COMMANDS: dict[str, dict[str, str]] = {
    "review": {ZH: "复盘"},
    "The AI reviews your decisions in a finished deal": {ZH: "AI 复盘你在一局打完的牌里的决定"},
    "The deal to review (its id; pick one of yours)": {ZH: "要复盘的牌局（编号；从你的牌局里选）"},
}
# zh-TW: OpenCC's conversion reads right for all of these (the translator converts the
# commands' words itself)
TEXTS[TW] = {key: traditional(text) for key, text in TEXTS[ZH].items()}

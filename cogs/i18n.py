"""Words the bot says, in English, 简体中文 and 繁體中文.

:func:`t` picks the reply language from ``interaction.locale`` (English when Discord gives
another language); :class:`DdzTranslator` translates command names and descriptions.
Error codes of the engine, the tables and the store have their own messages here, so a
user never sees a traceback, only a short sentence in their language.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.engine.play import KIND_NAMES

EN, ZH, TW = "en", "zh-CN", "zh-TW"

VARIANT_NAMES = {
    EN: {"classic": "Classic", "happy": "Happy (call & grab)", "laizi": "Laizi (wild rank)",
         "super": "Super (flower card)", "four": "Four players"},
    ZH: {"classic": "经典斗地主", "happy": "欢乐斗地主", "laizi": "癞子斗地主", "super": "超级斗地主",
         "four": "四人斗地主"},
    TW: {"classic": "經典鬥地主", "happy": "歡樂鬥地主", "laizi": "癩子鬥地主", "super": "超級鬥地主",
         "four": "四人鬥地主"},
}

STRINGS: dict[str, dict[str, str]] = {
    EN: {
        "lobby.title": "Dou Dizhu table — {variant}",
        "lobby.seats": "Seats",
        "lobby.empty": "(empty)",
        "lobby.room": "Room: {n} beans per point, fee {a}, minimum {min} beans to sit",
        "btn.join": "Join", "btn.leave": "Leave", "btn.addai": "Add AI", "btn.start": "Start",
        "btn.next": "Next deal", "btn.hand": "My hand", "btn.hint": "Hint",
        "btn.playhint": "Play hint", "btn.play": "Play selected", "btn.pass": "Pass",
        "btn.bid0": "No bid", "btn.bid": "{n} pt", "btn.call": "Call landlord",
        "btn.nocall": "Don't call", "btn.grab": "Grab ×2", "btn.nograb": "Don't grab",
        "btn.show": "Show hand ×{n}", "btn.noshow": "Don't show", "btn.double": "Double",
        "btn.nodouble": "Don't double", "btn.resume": "Take back control", "btn.clear": "Clear",
        "turn.who": "Turn: **{name}** — {phase}, ends {when}",
        "turn.auto": "Turn: **{name}** ({how})",
        "phase.show_start": "show before the deal?", "phase.show_deal": "show hand?",
        "phase.show_landlord": "landlord: show hand?", "phase.bid": "bidding",
        "phase.call": "call the landlord?", "phase.grab": "grab the landlord?",
        "phase.double": "double?", "phase.play": "play",
        "how.ai": "AI", "how.trustee": "AI playing for them (托管)", "how.escaped": "left",
        "ok.created": "Table opened in this channel. Your hand will come by DM.",
        "ok.joined": "You sat down at seat {seat}.", "ok.left": "You left the table.",
        "ok.escaped": "You left during a deal: that is an escape (逃跑), with its penalty.",
        "ok.ai": "An AI player sat down.", "ok.started": "Dealing!",
        "ok.played": "Played {cards}.", "ok.passed": "You passed.",
        "ok.stopped": "The table was closed.", "ok.resumed": "You are playing again.",
        "hand.title": "Your hand ({n} cards)",
        "sort.set": "Your hand is now ordered {how}.", "sort.desc": "big to small",
        "sort.asc": "small to big", "sort.grouped": "by pattern",
        "hand.select": "Select cards {lo}–{hi}",
        "hand.selected": "Selected: {cards}",
        "hand.none": "You are not in a deal right now.",
        "hint.text": "Hint: {cards}", "hint.pass": "Hint: pass", "hint.none": "No hint now.",
        "reading.ask": "{cards} can be played in more than one way. Which?",
        "dm.closed": "{mention} your DMs are closed, so your hand can't be sent: press "
                     "**My hand** on the table to see it (only you will).",
        "result.title": "Deal over", "result.landlord": "The landlord wins",
        "result.farmers": "The farmers win", "result.escape": "{name} left the deal",
        "result.dissolved": "Nobody bid three deals in a row: the table is dissolved.",
        "balance": "{name}: {balance} beans · {points} points · level {level} {level_name}",
        "daily.ok": "You received {amount} beans (daily bonus). Balance: {balance}.",
        "relief.ok": "Relief: you received {amount} beans. Balance: {balance}.",
        "lb.title.balance": "Richest players", "lb.title.points": "Highest points",
        "lb.title.winrate": "Best win rate", "lb.empty": "Nobody on this board yet.",
        "config.ok": "{key} is now {value}.", "config.show": "Settings for this server:",
        "sync.ok": "Synced {n} commands globally.",
        "closed.table": "The table was closed ({reason}).",
        "trustee.on": "{name} timed out twice: the AI plays for them (托管) until they act.",
        "err.unexpected": "Something went wrong on our side (error {id}). Please try again.",
        "err.not_at_table": "You are not seated at this table.",
        "err.not_your_turn": "It is not your turn.",
        "err.no_table_here": "There is no table in this channel: start one with /ddz new.",
        "err.no_permission": "You need the Manage Server permission for that.",
        "err.owner_only": "Only the bot's owner can do that.",
    },
    ZH: {
        "lobby.title": "斗地主牌桌 — {variant}", "lobby.seats": "座位", "lobby.empty": "（空位）",
        "lobby.room": "房间：每分 {n} 豆，台费 {a}，入座最低 {min} 豆",
        "btn.join": "加入", "btn.leave": "离开", "btn.addai": "添加 AI", "btn.start": "开始",
        "btn.next": "再来一局", "btn.hand": "我的手牌", "btn.hint": "提示",
        "btn.playhint": "按提示出", "btn.play": "出所选", "btn.pass": "不出",
        "btn.bid0": "不叫", "btn.bid": "{n} 分", "btn.call": "叫地主", "btn.nocall": "不叫",
        "btn.grab": "抢地主 ×2", "btn.nograb": "不抢", "btn.show": "明牌 ×{n}",
        "btn.noshow": "不明牌", "btn.double": "加倍", "btn.nodouble": "不加倍",
        "btn.resume": "取消托管", "btn.clear": "清除",
        "turn.who": "轮到 **{name}** — {phase}，{when} 截止", "turn.auto": "轮到 **{name}**（{how}）",
        "phase.show_start": "明牌开始？", "phase.show_deal": "发牌明牌？",
        "phase.show_landlord": "地主明牌？", "phase.bid": "叫分", "phase.call": "叫地主？",
        "phase.grab": "抢地主？", "phase.double": "加倍？", "phase.play": "出牌",
        "how.ai": "AI", "how.trustee": "托管中", "how.escaped": "已离开",
        "ok.created": "牌桌已开。手牌将私信发给你。", "ok.joined": "你坐在 {seat} 号位。",
        "ok.left": "你离开了牌桌。", "ok.escaped": "牌局中离开即为逃跑，将按规则扣分。",
        "ok.ai": "AI 已入座。", "ok.started": "发牌！", "ok.played": "已出 {cards}。",
        "ok.passed": "不出。", "ok.stopped": "牌桌已关闭。",
        "ok.resumed": "已取消托管。", "hand.title": "你的手牌（{n} 张）",
        "sort.set": "手牌改为{how}排列。", "sort.desc": "从大到小", "sort.asc": "从小到大",
        "sort.grouped": "按牌型",
        "hand.select": "选择第 {lo}–{hi} 张", "hand.selected": "已选：{cards}",
        "hand.none": "你现在不在牌局中。", "hint.text": "提示：{cards}", "hint.pass": "提示：不出",
        "hint.none": "现在没有提示。", "reading.ask": "{cards} 有多种出法，选哪一种？",
        "dm.closed": "{mention} 你的私信已关闭，无法发送手牌：请点牌桌上的 **我的手牌** 查看（仅你可见）。",
        "result.title": "本局结束", "result.landlord": "地主胜", "result.farmers": "农民胜",
        "result.escape": "{name} 逃跑了", "result.dissolved": "连续三局无人叫分，牌桌解散。",
        "balance": "{name}：{balance} 欢乐豆 · {points} 积分 · {level} 级 {level_name}",
        "daily.ok": "你领取了 {amount} 欢乐豆（每日奖励）。余额：{balance}。",
        "relief.ok": "救济金：你领取了 {amount} 欢乐豆。余额：{balance}。",
        "lb.title.balance": "欢乐豆排行", "lb.title.points": "积分排行",
        "lb.title.winrate": "胜率排行", "lb.empty": "排行榜暂时无人。",
        "config.ok": "{key} 已设为 {value}。", "config.show": "本服务器的设置：",
        "sync.ok": "已全局同步 {n} 个命令。", "closed.table": "牌桌已关闭（{reason}）。",
        "trustee.on": "{name} 两次超时：AI 托管，直到其再次操作。",
        "err.unexpected": "出错了（错误编号 {id}），请再试一次。",
        "err.not_at_table": "你不在这张牌桌上。", "err.not_your_turn": "还没轮到你。",
        "err.no_table_here": "这个频道没有牌桌：用 /ddz new 开一桌。", "err.no_permission": "需要「管理服务器」权限。",
        "err.owner_only": "只有机器人的主人可以这样做。",
    },
}

# 繁體中文: the simplified table with every character that differs replaced
_SIMPLIFIED = ("斗开欢乐癞级经发选张农胜积余额领奖励济设务频没请里试错误编号权机让这样时两轮抢离们场页关闭"
               "无则对连顺飞弹软纯带单仅见点种应还为将规结续个认证间费后来托总县财贫猎渔户柜帮说变体"
               "赢输门专东风龙马鱼进复处备态网络边队闲庄业鸟该击给满获问题从过长与图择现暂")
_TRADITIONAL = ("鬥開歡樂癩級經發選張農勝積餘額領獎勵濟設務頻沒請裡試錯誤編號權機讓這樣時兩輪搶離們場頁關閉"
                "無則對連順飛彈軟純帶單僅見點種應還為將規結續個認證間費後來託總縣財貧獵漁戶櫃幫說變體"
                "贏輸門專東風龍馬魚進復處備態網絡邊隊閒莊業鳥該擊給滿獲問題從過長與圖擇現暫")
_TRAD = str.maketrans(_SIMPLIFIED, _TRADITIONAL)


def _traditional(text: str) -> str:
    return text.translate(_TRAD)


STRINGS[TW] = {key: _traditional(value) for key, value in STRINGS[ZH].items()}


def kind_name(locale: str, kind: str) -> str:
    """The name of a pattern kind (``"pair_chain"``: 连对, 連對, pair chain)."""
    zh, en = KIND_NAMES[kind]
    if locale == TW:
        return _traditional(zh)
    return zh if locale == ZH else en


def locale_of(value: discord.Interaction | discord.Locale | str | None,
              default: str = EN) -> str:
    """'en', 'zh-CN' or 'zh-TW' for an interaction, a Discord locale or a locale string."""
    if isinstance(value, discord.Interaction):
        value = value.locale
    if isinstance(value, discord.Locale):
        value = value.value
    if not value:
        return default
    text = str(value)
    if text in ("zh-TW", "zh-HK"):
        return TW
    if text.startswith("zh"):
        return ZH
    return EN if text.startswith("en") else default


def t(locale: str, key: str, /, **params: Any) -> str:
    """The text of ``key`` in ``locale`` (English when missing), formatted."""
    text = STRINGS.get(locale, {}).get(key) or STRINGS[EN].get(key, key)
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        return text


def variant_name(locale: str, variant: str) -> str:
    return VARIANT_NAMES.get(locale, VARIANT_NAMES[EN]).get(variant, variant)


# ------------------------------------------------------------------ command translations
COMMAND_TEXT: dict[str, dict[str, str]] = {
    # key (the English name or description) -> {locale: text}
    "ddz": {ZH: "斗地主", TW: "鬥地主"},
    "Dou Dizhu tables, beans and ranks": {ZH: "斗地主牌桌、欢乐豆和等级", TW: "鬥地主牌桌、歡樂豆和等級"},
    "new": {ZH: "开桌", TW: "開桌"},
    "Open a table in this channel": {ZH: "在本频道开一桌", TW: "在本頻道開一桌"},
    "play": {ZH: "出牌", TW: "出牌"},
    "Play cards from your hand": {ZH: "从手牌中出牌", TW: "從手牌中出牌"},
    "pass": {ZH: "不出", TW: "不出"},
    "Pass this turn": {ZH: "本轮不出", TW: "本輪不出"},
    "hint": {ZH: "提示", TW: "提示"},
    "Ask the AI for a suggestion": {ZH: "让 AI 给个建议", TW: "讓 AI 給個建議"},
    "hand": {ZH: "手牌", TW: "手牌"},
    "See your hand (only you)": {ZH: "查看手牌（仅自己可见）", TW: "查看手牌（僅自己可見）"},
    "balance": {ZH: "余额", TW: "餘額"},
    "Your beans, points and level": {ZH: "你的欢乐豆、积分和等级", TW: "你的歡樂豆、積分和等級"},
    "rank": {ZH: "等级", TW: "等級"},
    "A player's level and progress": {ZH: "玩家的等级和进度", TW: "玩家的等級和進度"},
    "leaderboard": {ZH: "排行榜", TW: "排行榜"},
    "The server's best players": {ZH: "本服务器的高手", TW: "本伺服器的高手"},
    "daily": {ZH: "每日奖励", TW: "每日獎勵"},
    "Claim today's bonus beans": {ZH: "领取今天的奖励欢乐豆", TW: "領取今天的獎勵歡樂豆"},
    "rules": {ZH: "规则", TW: "規則"},
    "How a variant is played": {ZH: "玩法说明", TW: "玩法說明"},
    "stop": {ZH: "关桌", TW: "關桌"},
    "Close this channel's table": {ZH: "关闭本频道的牌桌", TW: "關閉本頻道的牌桌"},
    "config": {ZH: "设置", TW: "設定"},
    "Server settings (Manage Server)": {ZH: "服务器设置（需管理权限）", TW: "伺服器設定（需管理權限）"},
    "relief": {ZH: "救济", TW: "救濟"},
    "Claim relief beans when you are short": {ZH: "豆不够时领取救济", TW: "豆不夠時領取救濟"},
    "resume": {ZH: "取消托管", TW: "取消託管"},
    "Take back control from the AI": {ZH: "从 AI 托管中收回控制", TW: "從 AI 託管中收回控制"},
    "leave": {ZH: "离开", TW: "離開"},
    "Leave the table": {ZH: "离开牌桌", TW: "離開牌桌"},
    "sort": {ZH: "理牌", TW: "理牌"},
    "How your hand is ordered": {ZH: "手牌的排列方式", TW: "手牌的排列方式"},
    "sync": {ZH: "同步", TW: "同步"},
    "Sync commands globally (bot owner)": {ZH: "全局同步命令（仅主人）", TW: "全域同步命令（僅主人）"},
}


class DdzTranslator(app_commands.Translator):
    """Command names and descriptions in zh-CN and zh-TW (Discord shows them per user)."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext) -> str | None:
        lang = locale_of(locale, default="")
        if lang not in (ZH, TW):
            return None
        entry = COMMAND_TEXT.get(string.message)
        return entry.get(lang) if entry else None

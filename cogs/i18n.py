"""Words the bot says, in English, 简体中文 and 繁體中文.

:func:`t` picks the reply language from ``interaction.locale`` (English when Discord gives
another language); :class:`DdzTranslator` translates command names and descriptions.
Error codes of the engine, the tables and the store have their own messages here, so a
user never sees a traceback, only a short sentence in their language.
"""

from __future__ import annotations

import re
from typing import Any

import discord
import opencc
from discord import app_commands

EN, ZH, TW = "en", "zh-CN", "zh-TW"

VARIANT_NAMES = {
    EN: {"classic": "Classic", "happy": "Happy (call & grab)", "laizi": "Laizi (wild rank)",
         "super": "Super (flower card)", "four": "Four players"},
    ZH: {"classic": "经典斗地主", "happy": "欢乐斗地主", "laizi": "癞子斗地主", "super": "超级斗地主",
         "four": "四人斗地主"},
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
        "turn.who": "Turn: **{name}** — {phase} (ends {when})",
        "turn.auto": "Turn: **{name}** ({how})", "turn.ai": "Turn: **{name}**",
        "phase.show_start": "show your hand before the deal", "phase.show_deal": "show your hand",
        "phase.show_landlord": "landlord, show your hand", "phase.bid": "bid",
        "phase.call": "call the landlord", "phase.grab": "grab the landlord",
        "phase.double": "double", "phase.play": "play",
        "how.trustee": "the AI plays for them", "how.escaped": "left the deal",
        "level.easy": "easy", "level.normal": "normal", "level.hard": "hard",
        "seat.n": "seat {n}", "ai.name": "{name} ({level})",
        "stage.show_start": "the show before the deal", "stage.show_deal": "the show during the deal",
        "stage.show_landlord": "the landlord's show", "stage.bid": "bidding",
        "stage.call": "calling the landlord", "stage.grab": "grabbing the landlord",
        "stage.double": "doubling", "stage.play": "card play",
        "ok.created": "Table opened in this channel. Your hand will come by DM.",
        "ok.joined": "You sat down at seat {seat}.", "ok.left": "You left the table.",
        "ok.escaped": "You left during a deal: that is an escape, with its penalty.",
        "ok.ai": "An AI player sat down.", "ok.started": "Dealing!",
        "ok.played": "Played {cards}.", "ok.passed": "You passed.",
        "ok.stopped": "The table was closed.", "ok.resumed": "You are playing again.",
        "ok.trustee": "The AI plays for you now: press Take back control to play again.",
        "trustee.self": "{name} lets the AI play for them.",
        "hand.title": "Your hand ({n} cards)",
        "sort.set": "Your hand is now ordered {how}.", "sort.desc": "big to small",
        "sort.asc": "small to big", "sort.grouped": "by pattern",
        "hand.select": "Select cards {lo}–{hi}",
        "hand.selected": "Selected: {cards}",
        "hand.none": "You are not in a deal right now.",
        "hand.ephemeral_expired": "This view of your hand no longer follows the deal "
                                  "(Discord lets the bot edit it for 15 minutes): press "
                                  "**My hand** on the table again.",
        "hand.you": "You", "hand.your_turn": "**Your turn**: {phase} (ends {when})",
        "hand.their_turn": "Waiting for {name}: {phase}",
        "hand.trustee": "The AI is playing for you: press Take back control to play again.",
        "hand.to_beat": "To beat: {play}, from {name}",
        "hand.yours_stands": "On the table: your {play}",
        "hand.cannot_beat": "Nothing in your hand beats it: press Can't beat.",
        "hand.lead": "You lead: play any cards.", "hand.counts": "Cards left: {counts}",
        "hand.landlord": "Landlord: {name}", "hand.laizi": "Wild rank: {rank}",
        "hand.stake": "Your multiplier: ×{n}", "hand.stakes": "Your multiplier: {each}",
        "hand.stake_with": "×{n} with {name}",
        "hand.your_result": "You: {points} points, {beans} beans",
        "result.row": "{name}: {points} points, {beans} beans",
        "btn.cannot_beat": "Can't beat", "btn.trustee": "Let the AI play",
        "btn.leaveok": "Leave the deal", "btn.stay": "Stay",
        "alarm.1": " (last card!)", "alarm.2": " (two cards left!)",
        "table.multiplier": "Multiplier: ×{n}", "table.pass": "passes",
        "table.recent": "Last plays: {plays}",
        "leave.ask": "Leaving now is an escape: you lose {beans} beans and {points} points.",
        "leave.ask_more": "The AI plays your seat to the end of the deal, and its result "
                          "counts for you too.",
        "ok.stay": "You stay at the table.",
        "ok.autopass_on": "When nothing in your hand beats the play, you pass by yourself "
                          "after a short pause.",
        "ok.autopass_off": "You answer every turn yourself again (Can't beat stays a button).",
        "ping.channel": "{mention}, your turn: {phase} (ends {when})",
        "ping.dm": "Your turn in {channel}: {phase} (ends {when})",
        "hint.text": "Hint: {cards}", "hint.pass": "Hint: pass", "hint.none": "No hint now.",
        "hint.bid": "Hint: bid {n}", "hint.nobid": "Hint: don't bid",
        "hint.call": "Hint: call the landlord", "hint.nocall": "Hint: don't call",
        "hint.grab": "Hint: grab", "hint.nograb": "Hint: don't grab",
        "hint.double": "Hint: double", "hint.nodouble": "Hint: don't double",
        "hint.show": "Hint: show your hand", "hint.noshow": "Hint: don't show",
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
        "lb.empty.winrate": "Nobody on the win-rate board yet: it lists players who have "
                            "played at least {n} games here.",
        "config.ok": "{key} is now {value}.", "config.show": "Settings for this server:",
        "sync.ok": "Synced {n} commands globally.",
        "closed.closed": "The table was closed by its owner.",
        "closed.stopped": "The table was closed by a server manager.",
        "closed.empty": "The table was closed: every player left.",
        "closed.dissolved": "The table was dissolved: nobody bid three deals in a row.",
        "closed.idle": "The table was closed: no player acted during a whole deal.",
        "closed.restore_failed": "This table could not be restored after a restart and was "
                                 "closed; its deal is void (no beans moved).",
        "saving.delayed": "Saving is delayed (the database is not answering). The game is "
                          "safe: it carries on by itself as soon as saving works again.",
        "err.store": "The bot could not save just now (error {id}). Nothing was changed: "
                     "please try again in a moment.",
        "trustee.on": "{name} timed out twice: the AI plays for them until they act again.",
        "err.unexpected": "Something went wrong on our side (error {id}). Please try again.",
        "err.no_permission": "You need the Manage Server permission for that.",
        "err.owner_only": "Only the bot's owner can do that.",
        "err.table_restarting": "That table is restarting: try again in a moment.",
        "err.owner_on_shard0": "Owner commands run in the process of shard 0: send this "
                               "in a DM to the bot.",
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
        "turn.who": "轮到 **{name}**：{phase}（{when} 截止）", "turn.auto": "轮到 **{name}**（{how}）",
        "turn.ai": "轮到 **{name}**",
        "phase.show_start": "明牌开始", "phase.show_deal": "发牌明牌",
        "phase.show_landlord": "地主明牌", "phase.bid": "叫分", "phase.call": "叫地主",
        "phase.grab": "抢地主", "phase.double": "加倍", "phase.play": "出牌",
        "how.trustee": "托管中", "how.escaped": "已离开",
        "level.easy": "简单", "level.normal": "普通", "level.hard": "困难",
        "seat.n": "{n} 号位", "ai.name": "{name}（{level}）",
        "stage.show_start": "明牌开始阶段", "stage.show_deal": "发牌明牌阶段",
        "stage.show_landlord": "地主明牌阶段", "stage.bid": "叫分阶段", "stage.call": "叫地主阶段",
        "stage.grab": "抢地主阶段", "stage.double": "加倍阶段", "stage.play": "出牌阶段",
        "ok.created": "牌桌已开。手牌将私信发给你。", "ok.joined": "你坐在 {seat} 号位。",
        "ok.left": "你离开了牌桌。", "ok.escaped": "牌局中离开即为逃跑，将按规则扣分。",
        "ok.ai": "AI 已入座。", "ok.started": "发牌！", "ok.played": "已出 {cards}。",
        "ok.passed": "不出。", "ok.stopped": "牌桌已关闭。",
        "ok.resumed": "已取消托管。", "ok.trustee": "已托管：AI 替你出牌，点「取消托管」即可收回。",
        "trustee.self": "{name} 选择了托管。", "hand.title": "你的手牌（{n} 张）",
        "sort.set": "手牌改为{how}排列。", "sort.desc": "从大到小", "sort.asc": "从小到大",
        "sort.grouped": "按牌型",
        "hand.select": "选择第 {lo}–{hi} 张", "hand.selected": "已选：{cards}",
        "hand.none": "你现在不在牌局中。",
        "hand.ephemeral_expired": "这条手牌消息不再随牌局更新（Discord 只允许机器人在 15 分钟内"
                                  "修改它）：请再点一次牌桌上的 **我的手牌**。",
        "hand.you": "你", "hand.your_turn": "**轮到你**：{phase}（{when} 截止）",
        "hand.their_turn": "等待 {name}：{phase}",
        "hand.trustee": "AI 正在替你出牌（托管）：点「取消托管」即可收回。",
        "hand.to_beat": "要管的牌：{name} 出的 {play}", "hand.yours_stands": "桌上是你出的 {play}",
        "hand.cannot_beat": "你的牌管不住：点「要不起」。", "hand.lead": "你先出：任意出牌。",
        "hand.counts": "剩余牌数：{counts}", "hand.landlord": "地主：{name}",
        "hand.laizi": "癞子：{rank}", "hand.stake": "你的倍数：×{n}", "hand.stakes": "你的倍数：{each}",
        "hand.stake_with": "对 {name} ×{n}",
        "hand.your_result": "你：{points} 积分，{beans} 欢乐豆",
        "result.row": "{name}：{points} 积分，{beans} 欢乐豆",
        "btn.cannot_beat": "要不起", "btn.trustee": "托管",
        "btn.leaveok": "确认离开", "btn.stay": "留下",
        "alarm.1": "（报单）", "alarm.2": "（报双）", "table.multiplier": "倍数：×{n}",
        "table.pass": "不出", "table.recent": "最近出牌：{plays}",
        "leave.ask": "现在离开算逃跑：你将失去 {beans} 欢乐豆和 {points} 积分。",
        "leave.ask_more": "AI 会替你打完本局，本局输赢照常算你的。", "ok.stay": "你留在了牌桌上。",
        "ok.autopass_on": "要不起时，稍等片刻会自动不出。", "ok.autopass_off": "已关闭自动不出：要不起时请自己点按钮。",
        "ping.channel": "轮到 {mention}：{phase}（{when} 截止）",
        "ping.dm": "轮到你了（{channel}）：{phase}（{when} 截止）", "hint.text": "提示：{cards}", "hint.pass": "提示：不出",
        "hint.none": "现在没有提示。",
        "hint.bid": "提示：叫 {n} 分", "hint.nobid": "提示：不叫",
        "hint.call": "提示：叫地主", "hint.nocall": "提示：不叫",
        "hint.grab": "提示：抢地主", "hint.nograb": "提示：不抢",
        "hint.double": "提示：加倍", "hint.nodouble": "提示：不加倍",
        "hint.show": "提示：明牌", "hint.noshow": "提示：不明牌",
        "reading.ask": "{cards} 有多种出法，选哪一种？",
        "dm.closed": "{mention} 你的私信已关闭，无法发送手牌：请点牌桌上的 **我的手牌** 查看（仅你可见）。",
        "result.title": "本局结束", "result.landlord": "地主胜", "result.farmers": "农民胜",
        "result.escape": "{name} 逃跑了", "result.dissolved": "连续三局无人叫分，牌桌解散。",
        "balance": "{name}：{balance} 欢乐豆 · {points} 积分 · {level} 级 {level_name}",
        "daily.ok": "你领取了 {amount} 欢乐豆（每日奖励）。余额：{balance}。",
        "relief.ok": "救济金：你领取了 {amount} 欢乐豆。余额：{balance}。",
        "lb.title.balance": "欢乐豆排行", "lb.title.points": "积分排行",
        "lb.title.winrate": "胜率排行", "lb.empty": "排行榜暂时无人。",
        "lb.empty.winrate": "胜率排行暂时无人：在本服务器玩满 {n} 局才会上榜。",
        "config.ok": "{key} 已设为 {value}。", "config.show": "本服务器的设置：",
        "sync.ok": "已全局同步 {n} 个命令。",
        "closed.closed": "桌主关闭了牌桌。", "closed.stopped": "服务器管理员关闭了牌桌。",
        "closed.empty": "玩家都已离开，牌桌已关闭。", "closed.dissolved": "连续三局无人叫分，牌桌解散。",
        "closed.idle": "整局没有玩家操作，牌桌已关闭。",
        "closed.restore_failed": "重启后无法恢复这张牌桌，已关闭；本局作废（欢乐豆未变动）。",
        "saving.delayed": "保存暂时延迟（数据库没有响应）。牌局是安全的，恢复后会自动继续。",
        "err.store": "暂时无法保存（错误编号 {id}），什么都没有改变，请稍后再试。",
        "trustee.on": "{name} 两次超时：AI 托管，直到其再次操作。",
        "err.unexpected": "出错了（错误编号 {id}），请再试一次。",
        "err.no_permission": "需要「管理服务器」权限。",
        "err.owner_only": "只有机器人的主人可以这样做。",
        "err.table_restarting": "这张牌桌正在重启，请稍后再试。",
        "err.owner_on_shard0": "主人命令只在 0 号分片的进程里运行：请在与机器人的私信里发送。",
    },
}

# 繁體中文 (Taiwan): drafted from the simplified texts by OpenCC's s2twp (characters and
# Taiwanese words: 伺服器, 設定, 新增), with the few words it leaves mainland first replaced
_TW_WORDS = {"私信": "私訊", "全局": "全域"}
_S2TWP = opencc.OpenCC("s2twp")


def traditional(text: str) -> str:
    """Simplified Chinese as Taiwanese Traditional Chinese."""
    for mainland, taiwan in _TW_WORDS.items():
        text = text.replace(mainland, taiwan)
    return _S2TWP.convert(text)


STRINGS[TW] = {key: traditional(value) for key, value in STRINGS[ZH].items()}
VARIANT_NAMES[TW] = {key: traditional(value) for key, value in VARIANT_NAMES[ZH].items()}
# the play kinds' names (zh-TW is converted from zh-CN); 王炸, as the app says, for the rocket
KIND_NAMES: dict[str, tuple[str, str]] = {  # kind -> (zh-CN, en)
    "single": ("单张", "single"),
    "pair": ("对子", "pair"),
    "trio": ("三张", "trio"),
    "trio_single": ("三带一", "trio with a single"),
    "trio_pair": ("三带二", "trio with a pair"),
    "chain": ("顺子", "chain"),
    "pair_chain": ("连对", "pair chain"),
    "plane": ("飞机", "plane"),
    "plane_singles": ("飞机带翅膀", "plane with single wings"),
    "plane_pairs": ("飞机带对子", "plane with pair wings"),
    "four_two_singles": ("四带二", "four with two singles"),
    "four_two_pairs": ("四带两对", "four with two pairs"),
    "bomb": ("炸弹", "bomb"),
    "rocket": ("王炸", "rocket"),
    "super_bomb": ("超级炸弹", "super bomb"),
    "soft_bomb": ("软炸弹", "soft bomb"),
    "hard_bomb": ("硬炸弹", "hard bomb"),
    "laizi_bomb": ("纯癞子炸弹", "laizi bomb"),
}


def kind_name(locale: str, kind: str) -> str:
    """The name of a pattern kind (``"pair_chain"``: 连对, 連對, pair chain)."""
    zh, en = KIND_NAMES[kind]
    if locale == TW:
        return traditional(zh)
    return zh if locale == ZH else en


_AI_NAME = re.compile(r"(?P<name>.+) \((?P<level>easy|normal|hard)\)")


def player_name(name: str, locale: str) -> str:
    """A seat's name as the reader sees it: an AI's level in their language
    (``AI 🤖 Ada (normal)`` reads ``AI 🤖 Ada（普通）`` in zh-CN)."""
    match = _AI_NAME.fullmatch(name)
    if match is None or not name.startswith("AI "):
        return name
    return t(locale, "ai.name", name=match["name"],
             level=t(locale, f"level.{match['level']}"))


def seat_name(seat: Any, locale: str) -> str:
    """The player of a seat (a :class:`bot.tables.Seat`) as the reader sees them."""
    return player_name(str(seat.name), locale)


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
    # key (the English name or description) -> {locale: text}; 繁體 is drafted from 简体
    "ddz": {ZH: "斗地主"},
    "Dou Dizhu tables, beans and ranks": {ZH: "斗地主牌桌、欢乐豆和等级"},
    "new": {ZH: "开桌"},
    "Open a table in this channel": {ZH: "在本频道开一桌"},
    "play": {ZH: "出牌"},
    "Play cards from your hand": {ZH: "从手牌中出牌"},
    "pass": {ZH: "不出"},
    "Pass this turn": {ZH: "本轮不出"},
    "hint": {ZH: "提示"},
    "Ask the AI for a suggestion": {ZH: "让 AI 给个建议"},
    "hand": {ZH: "手牌"},
    "See your hand (only you)": {ZH: "查看手牌（仅自己可见）"},
    "balance": {ZH: "余额"},
    "Your beans, points and level": {ZH: "你的欢乐豆、积分和等级"},
    "rank": {ZH: "等级"},
    "A player's level and progress": {ZH: "玩家的等级和进度"},
    "leaderboard": {ZH: "排行榜"},
    "The server's best players": {ZH: "本服务器的高手"},
    "daily": {ZH: "每日奖励"},
    "Claim today's bonus beans": {ZH: "领取今天的奖励欢乐豆"},
    "rules": {ZH: "规则"},
    "How a variant is played": {ZH: "玩法说明"},
    "stop": {ZH: "关桌"},
    "Close this channel's table": {ZH: "关闭本频道的牌桌"},
    "config": {ZH: "设置"},
    "Server settings (Manage Server)": {ZH: "服务器设置（需管理权限）"},
    "relief": {ZH: "救济"},
    "Claim relief beans when you are short": {ZH: "豆不够时领取救济"},
    "resume": {ZH: "取消托管"},
    "autopass": {ZH: "自动不出"},
    "Pass by itself when nothing beats the play": {ZH: "要不起时自动不出"},
    "Take back control from the AI": {ZH: "从 AI 托管中收回控制"},
    "leave": {ZH: "离开"},
    "Leave the table": {ZH: "离开牌桌"},
    "sort": {ZH: "理牌"},
    "How your hand is ordered": {ZH: "手牌的排列方式"},
    "sync": {ZH: "同步"},
    "Sync commands globally (bot owner)": {ZH: "全局同步命令（仅主人）"},
}


class DdzTranslator(app_commands.Translator):
    """Command names and descriptions in zh-CN and zh-TW (Discord shows them per user)."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext) -> str | None:
        lang = locale_of(locale, default="")
        if lang not in (ZH, TW):
            return None
        entry = COMMAND_TEXT.get(string.message)
        if entry is None:
            return None
        return entry[ZH] if lang == ZH else entry.get(TW) or traditional(entry[ZH])

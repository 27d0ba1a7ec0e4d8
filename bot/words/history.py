"""The words of the history, statistics, card counter and private-table features, in
English, 简体中文 and 繁體中文 (Taiwan), merged into :mod:`bot.words.catalogue` (the
sentences) and :mod:`bot.words.commands` (the command names).

Kept apart from the main catalogue so the features' texts live with them; the zh-TW texts
are written as Taiwanese players read them (not converted character by character).
"""

from __future__ import annotations

from .locales import EN, TW, ZH

TEXTS: dict[str, dict[str, str]] = {
    EN: {
        "hist.title": "{name}'s deals",
        "hist.empty": "{name} has no finished deal in this server yet.",
        "hist.footer": "Page {page}/{pages} · {total} deals · newest first",
        "hist.landlord": "Landlord", "hist.farmer": "Farmer", "hist.void": "Void deal",
        "hist.won": "**Won**", "hist.lost": "Lost",
        "hist.mult": "×{m}", "hist.doubled": "doubled",
        "hist.points": "{points:+} pts", "hist.beans": "**{beans:+,}** beans",
        "hist.spring": "🌸 spring", "hist.anti_spring": "🌸 anti-spring",
        "hist.escape": "escape",
        "btn.prev": "◀", "btn.next_page": "▶",
        "stats.line": ("Springs {springs} · anti-springs {anti} · bombs {bombs} · rockets "
                       "{rockets} · winning streak {streak} (best {best}) · biggest win "
                       "{biggest:+,} beans"),
        "lb.title.streak": "Best winning streaks", "lb.title.springs": "Springs",
        "lb.value.streak": "{best} in a row (now {streak})",
        "lb.value.springs": "{springs} springs, {anti} anti-springs",
        "counter.line": "Card counter, still unseen: {counts}",
        "counter.none": "Card counter: every card is accounted for",
        "counter.setting": "The card counter in this channel: {state}.",
        "counter.on": "on", "counter.off": "off",
        "private.lobby": "🔒 Private table: only invited players may join.",
        "private.invited": "Invited: {names}",
        "private.pick": "Invite players…",
        "private.ok": "Invited: {names}.",
        "private.not_owner": "Only the table's owner invites players.",
        "replay.title": "Replay · {variant} · play {step}/{total}",
        "replay.text": "Replay of deal `{deal}`: the whole deal below, then step through its "
                       "{steps} plays with ◀ ▶.",
    },
    ZH: {
        "hist.title": "{name} 的战绩",
        "hist.empty": "{name} 在本服务器还没有打完的牌局。",
        "hist.footer": "第 {page}/{pages} 页 · 共 {total} 局 · 最新在前",
        "hist.landlord": "地主", "hist.farmer": "农民", "hist.void": "无效局",
        "hist.won": "**胜**", "hist.lost": "负",
        "hist.mult": "{m} 倍", "hist.doubled": "加倍",
        "hist.points": "{points:+} 积分", "hist.beans": "**{beans:+,}** 豆",
        "hist.spring": "🌸 春天", "hist.anti_spring": "🌸 反春",
        "hist.escape": "逃跑",
        "btn.prev": "◀", "btn.next_page": "▶",
        "stats.line": ("春天 {springs} · 反春 {anti} · 炸弹 {bombs} · 王炸 {rockets} · "
                       "连胜 {streak}（最高 {best}）· 单局最多赢 {biggest:+,} 豆"),
        "lb.title.streak": "最高连胜", "lb.title.springs": "春天榜",
        "lb.value.streak": "{best} 连胜（当前 {streak}）",
        "lb.value.springs": "春天 {springs} · 反春 {anti}",
        "counter.line": "记牌器：{counts}",
        "counter.none": "记牌器：外面已经没有牌了",
        "counter.setting": "本频道的记牌器：{state}。",
        "counter.on": "开", "counter.off": "关",
        "private.lobby": "🔒 私人牌桌：只有受邀的玩家才能入座。",
        "private.invited": "已邀请：{names}",
        "private.pick": "邀请玩家…",
        "private.ok": "已邀请：{names}。",
        "private.not_owner": "只有桌主可以邀请玩家。",
        "replay.title": "回放 · {variant} · 第 {step}/{total} 手",
        "replay.text": "牌局 `{deal}` 的回放：下面是整局动画，用 ◀ ▶ 逐手查看这 {steps} 手牌。",
    },
    TW: {
        "hist.title": "{name} 的戰績",
        "hist.empty": "{name} 在這個伺服器還沒有打完的牌局。",
        "hist.footer": "第 {page}/{pages} 頁 · 共 {total} 局 · 最新的在前面",
        "hist.landlord": "地主", "hist.farmer": "農民", "hist.void": "無效局",
        "hist.won": "**勝**", "hist.lost": "負",
        "hist.mult": "{m} 倍", "hist.doubled": "加倍",
        "hist.points": "{points:+} 積分", "hist.beans": "**{beans:+,}** 豆",
        "hist.spring": "🌸 春天", "hist.anti_spring": "🌸 反春",
        "hist.escape": "逃跑",
        "btn.prev": "◀", "btn.next_page": "▶",
        "stats.line": ("春天 {springs} · 反春 {anti} · 炸彈 {bombs} · 王炸 {rockets} · "
                       "連勝 {streak}（最高 {best}）· 單局最多贏 {biggest:+,} 豆"),
        "lb.title.streak": "最高連勝", "lb.title.springs": "春天榜",
        "lb.value.streak": "{best} 連勝（目前 {streak}）",
        "lb.value.springs": "春天 {springs} · 反春 {anti}",
        "counter.line": "記牌器：{counts}",
        "counter.none": "記牌器：外面已經沒有牌了",
        "counter.setting": "這個頻道的記牌器：{state}。",
        "counter.on": "開", "counter.off": "關",
        "private.lobby": "🔒 私人牌桌：只有受邀的玩家才能入座。",
        "private.invited": "已邀請：{names}",
        "private.pick": "邀請玩家…",
        "private.ok": "已邀請：{names}。",
        "private.not_owner": "只有桌主可以邀請玩家。",
        "replay.title": "重播 · {variant} · 第 {step}/{total} 手",
        "replay.text": "牌局 `{deal}` 的重播：下面是整局動畫，用 ◀ ▶ 逐手查看這 {steps} 手牌。",
    },
}

COMMANDS: dict[str, dict[str, str]] = {
    "replay": {ZH: "回放", TW: "重播"},
    "Watch a finished deal again": {ZH: "回看一局打完的牌", TW: "重看一局打完的牌"},
    "history": {ZH: "战绩", TW: "戰績"},
    "A player's last deals in this server": {ZH: "玩家在本服务器最近的牌局",
                                             TW: "玩家在這個伺服器最近的牌局"},
}

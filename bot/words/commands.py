"""The slash commands' names and descriptions in 简体中文 and 繁體中文 (Discord shows
them per user; English is the commands' own text). 繁體 is drafted from 简体 unless an
entry gives its own."""

from __future__ import annotations

from . import history, review, tournament
from .locales import TW, ZH, traditional

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
    # the Entry Point command (cogs/entry_point.py): its name stays Discord's "launch"
    "Play Dou Dizhu at this channel's table, in the app": {ZH: "在应用中玩本频道牌桌的斗地主"},
    **history.COMMANDS,
    **review.COMMANDS,
    **tournament.COMMANDS,
}


def command_text(locale: str, message: str) -> str | None:
    """A command's name or description (``message``, its English text) in ``locale``;
    None for English or another language, or a text without a translation."""
    if locale not in (ZH, TW):
        return None
    entry = COMMAND_TEXT.get(message)
    if entry is None:
        return None
    return entry[ZH] if locale == ZH else entry.get(TW) or traditional(entry[ZH])


__all__ = ["COMMAND_TEXT", "command_text"]

"""One place that turns errors into short replies in the user's language.

Rule errors of the engine, table errors and store errors carry a ``code`` and ``params``;
they become a sentence in English (the error's own message), 简体中文 or 繁體中文. Anything
else is a bug: it is logged with a short id and the user gets a polite message with that id.
"""

from __future__ import annotations

import logging
import secrets
from typing import Any

import discord
from discord import app_commands

from bot.engine.errors import CodedError

from .i18n import TW, ZH, _traditional, locale_of, t

log = logging.getLogger("ddz.errors")

# 简体中文 messages by error code (繁體 is derived); English uses the error's own message
ZH_ERRORS: dict[str, str] = {
    "unknown_token": "看不懂 “{token}”：请用 3-9、10 或 T、J、Q、K、A、2、B（小王）、R（大王）",
    "empty": "没有牌。", "not_held": "你只有 {held} 张 {card}，出不了 {wanted} 张。",
    "ambiguous_joker": "“{token}” 是哪个王？请输入 B（小王）或 R（大王）。",
    "no_flower": "这个玩法没有花牌。", "too_many": "一副牌只有 {most} 张 {card}。",
    "no_pattern": "{cards} 不是合法牌型。", "no_such_reading": "{cards} 不能这样出。",
    "does_not_beat": "{cards} 管不住 {last}。", "must_lead": "你是首家，必须出牌。",
    "bad_bid": "只能叫 1、2、3 分或不叫。", "bid_too_low": "叫分必须高于 {high} 分。",
    "escaped_seat": "已离开的座位只能不叫。",
    "strands_flower": "这样出会只剩一张花牌，花牌不能单出。",
    "wrong_phase": "现在不能这样做。", "not_your_turn": "还没轮到你。",
    "game_over": "本局已经结束。",
    "no_table": "这个频道没有牌桌：用 /ddz new 开一桌。", "table_exists": "这个频道已经有牌桌了。",
    "already_seated": "你已经在一张牌桌上了，请先离开。", "already_here": "你已经在这张牌桌上了。",
    "low_balance": "{name} 只有 {balance} 豆，这个房间需要 {needed} 豆。",
    "game_running": "牌局进行中，请等本局结束。", "table_full": "牌桌已满。",
    "bad_ai_level": "没有这个 AI 难度：easy、normal 或 hard。", "not_seated": "你不在这张牌桌上。",
    "no_ai": "没有 AI 座位。", "not_ai": "这不是 AI 座位。", "already_left": "你已经离开本局。",
    "seats_not_full": "座位未满：邀请玩家或添加 AI。", "not_owner": "只有桌主或服务器管理员可以关桌。",
    "no_game": "现在没有进行中的牌局。", "stale": "这一轮已经过去了。",
    "not_trustee": "AI 没有在替你出牌。", "daily_claimed": "今天已经领过了，明天再来。",
    "relief_claimed": "今天已经领过救济了。",
    "unknown_setting": "没有这个设置：{key}。", "invalid_setting": "设置值不合适：{value}。",
    "setting_choice": "{key} 只能是 {choices}，不能是 {value}。",
    "setting_range": "{key} 必须在 {low} 到 {high} 之间，不能是 {value}。",
    "unknown_variant": "没有这个玩法：{variant}。",
    "relief_not_needed": "救济只给余额低于 {room_min} 豆的玩家；你有 {balance} 豆。",
    "relief_disabled": "本服务器关闭了救济。", "daily_disabled": "本服务器关闭了每日奖励。",
    "no_selection": "请先选牌。", "never_played": "{name} 还没在这里玩过。",
    "unknown_player": "这位玩家在本服务器还没有账户。",
    "insufficient_balance": "欢乐豆不够。", "already_escaped": "你已经离开本局。",
    "unknown_option": "没有这个选项：{option}。", "bad_option": "选项 {option} 的值不合适：{value}。",
    "guild_only_setting": "{key} 只能按服务器设置，不能按频道设置。",
    "not_an_int": "{what} 必须是整数。", "bad_amount": "数量不合适：{value}。",
    "no_history_page": "没有第 {page} 页：{name} 只有 {pages} 页牌局。",
    "unknown_deal": "本服务器没有牌局 “{deal}”：请从列表里选一局。",
    "ambiguous_deal": "“{deal}” 对应不止一局：请输入更长的编号。",
}


def error_text(error: BaseException, locale: str) -> str | None:
    """The user-facing text of an expected error, or None for a bug."""
    if not isinstance(error, CodedError):
        return None
    code = error.code
    params: dict[str, Any] = dict(error.params)
    if locale in (ZH, TW) and code in ZH_ERRORS:
        try:
            text = ZH_ERRORS[code].format(**params)
        except (KeyError, IndexError, ValueError):
            text = ZH_ERRORS[code]
        return _traditional(text) if locale == TW else text
    return str(error)


def unwrap(error: BaseException) -> BaseException:
    """The original error inside discord.py's wrappers."""
    while isinstance(error, app_commands.CommandInvokeError | discord.app_commands.errors
                     .TransformerError) and error.__cause__ is not None:
        error = error.__cause__
    original = getattr(error, "original", None)
    return original if isinstance(original, BaseException) else error


async def send_error(interaction: discord.Interaction, error: BaseException) -> None:
    """Answer ``interaction`` with the error, ephemerally, whatever state it is in."""
    error = unwrap(error)
    locale = locale_of(interaction)
    if isinstance(error, app_commands.CheckFailure):
        text = str(error) or t(locale, "err.no_permission")
    else:
        text = error_text(error, locale)
    if text is None:
        ident = secrets.token_hex(3)
        log.error("unexpected error %s in %s", ident,
                  getattr(interaction.command, "qualified_name", interaction.type),
                  exc_info=error)
        text = t(locale, "err.unexpected", id=ident)
    await reply(interaction, "❌ " + text, ephemeral=True)


class DdzTree(app_commands.CommandTree):
    """The bot's command tree (given to the bot as ``tree_cls``): every failing slash
    command is answered by :func:`send_error`."""

    async def on_error(self, interaction: discord.Interaction,
                       error: app_commands.AppCommandError) -> None:
        await send_error(interaction, error)


async def reply(interaction: discord.Interaction, content: str | None = None, *,
                ephemeral: bool = True, **kwargs: Any) -> None:
    """Send a reply whether or not the interaction was answered or deferred already."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(content, ephemeral=ephemeral, **kwargs)
        else:
            await interaction.response.send_message(content, ephemeral=ephemeral, **kwargs)
    except discord.HTTPException:
        log.warning("could not answer interaction %s", interaction.id, exc_info=True)


__all__ = ["DdzTree", "error_text", "reply", "send_error", "unwrap"]

"""Errors in words: the refusals of the engine, the tables and the store carry a ``code``
and ``params``; :func:`error_text` makes them a sentence in English, 简体中文 or 繁體中文,
naming cards and seats as the player sees them and quoting at most a short excerpt of
what was typed. Anything else is a bug (None: the front-end logs it and says so).
"""

from __future__ import annotations

from typing import Any

from bot.engine import Play
from bot.engine.cards import RANK_INDEX
from bot.engine.errors import CodedError

from .cards import card_name, cards_text, play_text
from .catalogue import t
from .locales import EN, TW, ZH, traditional

EXCERPT = 40  # characters of the user's input an error quotes

# messages by error code, in English and 简体中文 (繁體 is drafted from 简体); params are
# shown as the player sees them: cards by name, seats by player, input as a short excerpt
EN_ERRORS: dict[str, str] = {
    "unknown_token": "Could not read “{token}”: use 3-9, 10 or T, J, Q, K, A, 2, B (Small Joker), R (Big Joker).",
    "empty": "No cards there.", "not_held": "You hold {held} × {card}, not {wanted}.",
    "ambiguous_joker": "Which joker is “{token}”? Type B (Small Joker) or R (Big Joker).",
    "no_flower": "This variant has no Flower card.", "too_many": "A deck has only {most} × {card}.",
    "no_pattern": "{cards} is not a pattern you can play.",
    "no_such_reading": "{cards} cannot be played that way.",
    "does_not_beat": "{cards} does not beat {last}.", "must_lead": "You lead this trick: play any cards (you cannot pass).",
    "bad_bid": "Bid 1, 2 or 3 points, or don't bid.", "bid_too_low": "Bid more than {high} points.",
    "escaped_seat": "A seat that left can only pass.",
    "strands_flower": "That would leave the Flower as your last card, and it can never be played alone.",
    "wrong_phase": "That is not possible now: this is {phase}.",
    "wrong_phase.play": "It is not the time to play cards: this is {phase}.",
    "wrong_phase.pass": "It is not the time to pass: this is {phase}.",
    "not_your_turn": "It is not your turn: it is {to_act}'s.", "game_over": "This deal is over.",
    "no_table": "There is no table in this channel: start one with /ddz new.",
    "no_table.dm": "That table has closed: this hand is no longer played.",
    "table_exists": "This channel already has a table.",
    "already_seated": "You are already seated at a table: leave it first.",
    "already_here": "You are already at this table.",
    "low_balance": "{name} has {balance} beans; this room needs {needed}.",
    "game_running": "A deal is being played: wait until it ends.", "table_full": "The table is full.",
    "bad_ai_level": "There is no such AI level: easy, normal or hard.",
    "not_seated": "You are not seated at this table.",
    "already_left": "You have already left this deal.",
    "tournament_table": "This is a tournament's table: the tournament deals its deals and closes it.",
    "seats_not_full": "Every seat must be taken: invite players or add AI.",
    "not_owner": "Only the table's owner or a server manager can close it.",
    "no_game": "No deal is being played right now.", "stale": "That turn has already passed.",
    "not_trustee": "The AI is not playing for you.",
    "already_trustee": "The AI already plays for you.",
    "daily_claimed": "You have claimed today's bonus already: come back tomorrow.",
    "relief_claimed": "You have claimed relief today already.",
    "unknown_setting": "There is no setting “{key}”.", "invalid_setting": "That value does not fit: “{value}”.",
    "unknown_variant": "There is no variant “{variant}”.",
    "relief_not_needed": "Relief is for players with fewer than {room_min} beans; you have {balance}.",
    "relief_disabled": "Relief is turned off on this server.",
    "daily_disabled": "The daily bonus is turned off on this server.",
    "no_selection": "Select cards first.", "never_played": "{name} has not played here yet.",
    "unknown_player": "This player has no account on this server yet.",
    "entry_point_kept": "Discord refused the sync: this app has an Entry Point command (Activities are enabled in the Developer Portal), and the Activity is off on this bot. Turn it on (DDZ_ACTIVITY_PORT, see the README) or disable Activities in the Developer Portal, then sync again.",
    "setting_choice": "{key} can be {choices}, not “{value}”.",
    "setting_range": "{key} must be between {low} and {high}, not “{value}”.",
    "insufficient_balance": "Not enough beans.", "already_escaped": "You have already left this deal.",
    "unknown_option": "There is no option “{option}”.", "bad_option": "That value of {option} does not fit: “{value}”.",
    "guild_only_setting": "{key} is set for the whole server, not per channel.",
    "not_an_int": "{what} must be a whole number.", "bad_amount": "That amount does not fit: “{value}”.",
    "review_unfinished": "Deal {deal} is not finished: a review is made once it has ended.",
    "review_not_yours": ("You did not play in deal {deal}: a review looks at your own "
                         "decisions only (watch it with /ddz replay)."),
    # tournaments (bot/tournaments, bot/store/tournaments.py, cogs/tournament*.py)
    "bad_name": "A tournament's name has 1 to 60 characters, not “{name}”.",
    "bad_variant": "There is no variant “{variant}”.",
    "bad_setting": "{setting} must be a whole number from {low} to {high}, not {value}.",
    "bad_prize_split": ("The prize split is 1 to 10 shares in percent, each at least 1, adding "
                        "up to 100 (e.g. 50,30,20), not {split}."),
    "tournament_here": "This channel already has a tournament (#{tournament_id}): one at a time.",
    "already_joined": "You are already signed up.",
    "too_few_entrants": "{entrants} entrant(s): a tournament needs at least {needed}.",
    "tournament_status": "That cannot be done now: tournament #{tournament_id} is {status}.",
    "unknown_tournament": "There is no tournament #{tournament_id}.",
    "no_tournament_here": "There is no tournament in this channel: create one with /ddz tournament new.",
    "buy_in_short": "The buy-in is {buy_in} beans and you have {balance}: claim /ddz daily or /ddz relief first.",
    "tournaments_off": "Tournaments cannot start on this bot: it runs no rounds yet.",
}
ZH_ERRORS: dict[str, str] = {
    "unknown_token": "看不懂 “{token}”：请用 3-9、10 或 T、J、Q、K、A、2、B（小王）、R（大王）。",
    "empty": "没有牌。", "not_held": "你只有 {held} 张 {card}，出不了 {wanted} 张。",
    "ambiguous_joker": "“{token}” 是哪个王？请输入 B（小王）或 R（大王）。",
    "no_flower": "这个玩法没有花牌。", "too_many": "一副牌只有 {most} 张 {card}。",
    "no_pattern": "{cards} 不是合法牌型。", "no_such_reading": "{cards} 不能这样出。",
    "does_not_beat": "{cards} 管不住 {last}。", "must_lead": "你是首家，必须出牌。",
    "bad_bid": "只能叫 1、2、3 分或不叫。", "bid_too_low": "叫分必须高于 {high} 分。",
    "escaped_seat": "已离开的座位只能不叫。",
    "strands_flower": "这样出会只剩一张花牌，花牌不能单出。",
    "wrong_phase": "现在是{phase}，不能这样做。", "wrong_phase.play": "现在是{phase}，还不能出牌。",
    "wrong_phase.pass": "现在是{phase}，不能不出。", "not_your_turn": "还没轮到你：现在轮到 {to_act}。",
    "game_over": "本局已经结束。",
    "no_table": "这个频道没有牌桌：用 /斗地主 开桌 开一桌。", "table_exists": "这个频道已经有牌桌了。",
    "no_table.dm": "这张牌桌已经关闭，这手牌不再进行。",
    "already_seated": "你已经在一张牌桌上了，请先离开。", "already_here": "你已经在这张牌桌上了。",
    "low_balance": "{name} 只有 {balance} 豆，这个房间需要 {needed} 豆。",
    "game_running": "牌局进行中，请等本局结束。", "table_full": "牌桌已满。",
    "bad_ai_level": "没有这个 AI 难度：简单、普通或困难。", "not_seated": "你不在这张牌桌上。",
    "already_left": "你已经离开本局。",
    "tournament_table": "这是比赛的牌桌：由比赛发牌和关桌。",
    "seats_not_full": "座位未满：邀请玩家或添加 AI。", "not_owner": "只有桌主或服务器管理员可以关桌。",
    "no_game": "现在没有进行中的牌局。", "stale": "这一轮已经过去了。",
    "not_trustee": "AI 没有在替你出牌。", "already_trustee": "AI 已经在替你出牌了。", "daily_claimed": "今天已经领过了，明天再来。",
    "relief_claimed": "今天已经领过救济了。",
    "unknown_setting": "没有这个设置：{key}。", "invalid_setting": "设置值不合适：{value}。",
    "setting_choice": "{key} 只能是 {choices}，不能是 {value}。",
    "setting_range": "{key} 必须在 {low} 到 {high} 之间，不能是 {value}。",
    "unknown_variant": "没有这个玩法：{variant}。",
    "relief_not_needed": "救济只给余额低于 {room_min} 豆的玩家；你有 {balance} 豆。",
    "relief_disabled": "本服务器关闭了救济。", "daily_disabled": "本服务器关闭了每日奖励。",
    "no_selection": "请先选牌。", "never_played": "{name} 还没在这里玩过。",
    "unknown_player": "这位玩家在本服务器还没有账户。",
    "entry_point_kept": "Discord 拒绝了同步：这个应用有入口命令（开发者门户里启用了 Activity），而这个机器人没有开启 Activity。请开启它（DDZ_ACTIVITY_PORT，见 README），或在开发者门户里停用 Activity，然后再同步。",
    "insufficient_balance": "欢乐豆不够。", "already_escaped": "你已经离开本局。",
    "unknown_option": "没有这个选项：{option}。", "bad_option": "选项 {option} 的值不合适：{value}。",
    "guild_only_setting": "{key} 只能按服务器设置，不能按频道设置。",
    "not_an_int": "{what} 必须是整数。", "bad_amount": "数量不合适：{value}。",
    "no_history_page": "没有第 {page} 页：{name} 只有 {pages} 页牌局。",
    "unknown_deal": "本服务器没有牌局 “{deal}”：请从列表里选一局。",
    "ambiguous_deal": "“{deal}” 对应不止一局：请输入更长的编号。",
    "deal_unfinished": "牌局 {deal} 还没打完：打完以后才能回放。",
    "not_invited": "这是私人牌桌：只有桌主邀请的玩家才能入座。",
    "invite_owner_only": "只有桌主可以邀请玩家。", "not_private": "这张牌桌对所有人开放，不用邀请。",
    "review_unfinished": "牌局 {deal} 还没打完：打完以后才能复盘。",
    "review_not_yours": "你没有参加牌局 {deal}：复盘只看你自己的决定（可以用 /ddz replay 回放）。",
    "bad_name": "比赛名称需要 1 到 60 个字符，不能是 “{name}”。",
    "bad_variant": "没有这个玩法：{variant}。",
    "bad_setting": "{setting} 必须是 {low} 到 {high} 之间的整数，不能是 {value}。",
    "bad_prize_split": "奖金分配是 1 到 10 个百分比，每个至少 1，加起来等于 100（例如 50,30,20），不能是 {split}。",
    "tournament_here": "这个频道已经有一场比赛了（#{tournament_id}），一次只能有一场。",
    "already_joined": "你已经报名了。",
    "too_few_entrants": "只有 {entrants} 人报名：比赛至少需要 {needed} 人。",
    "tournament_status": "现在不能这样做：比赛 #{tournament_id} 的状态是 {status}。",
    "unknown_tournament": "没有比赛 #{tournament_id}。",
    "no_tournament_here": "这个频道没有比赛：用 /斗地主 比赛 开桌 创建一场。",
    "buy_in_short": "报名费是 {buy_in} 豆，你只有 {balance} 豆：先领 /斗地主 每日奖励 或 救济。",
    "tournaments_off": "这个机器人还不能开始比赛：它还没有运行轮次的程序。",
}
_JOKER = {EN: "joker", ZH: "王", TW: "王"}


def excerpt(text: str, limit: int = EXCERPT) -> str:
    """At most ``limit`` characters of what a user typed, on one line."""
    flat = " ".join(str(text).split())
    return flat if len(flat) <= limit else flat[:limit - 1] + "…"


def _shown(params: dict[str, Any], locale: str, names: tuple[str, ...]) -> dict[str, Any]:
    """An error's params as the player sees them."""
    shown: dict[str, Any] = {}
    for key, value in params.items():
        if key in ("card",) and isinstance(value, str):
            value = _JOKER[locale] if value == "joker" else card_name(locale, value)
        elif key in ("cards", "last") and isinstance(value, str):
            value = cards_text(locale, value) if value and all(
                c in RANK_INDEX for c in value) else excerpt(value)
        elif key in ("to_act", "seat") and isinstance(value, int):
            value = names[value] if 0 <= value < len(names) and names[value] else \
                t(locale, "seat.n", n=value + 1)
        elif key == "phase" and isinstance(value, str):
            value = t(locale, f"stage.{value}")
        elif isinstance(value, str):
            value = excerpt(value)
        shown[key] = value
    shown.update(_plays_said(params, locale))
    return shown


def _plays_said(params: dict[str, Any], locale: str) -> dict[str, str]:
    """``cards`` and ``last`` as players say them (``QQQ带3``, not ``3QQQ``) when the error
    carries their readings (``does_not_beat``: ``play_kind``/``play_main``, ``kind``/
    ``last_main``, and the wild cards)."""
    said: dict[str, str] = {}
    for key, kind_key, prefix in (("cards", "play_kind", "play_"), ("last", "kind", "last_")):
        cards, kind, main = params.get(key), params.get(kind_key), params.get(prefix + "main")
        if not (isinstance(cards, str) and isinstance(kind, str) and isinstance(main, str)):
            continue
        play = Play(kind, main, cards, str(params.get(prefix + "wild_as") or ""),
                    str(params.get(prefix + "wild") or ""))
        try:
            said[key] = play_text(locale, play)
        except (KeyError, ValueError, IndexError):
            continue  # not a reading after all: the sorted cards stay
    return said


def error_text(error: BaseException, locale: str, names: tuple[str, ...] = (),
               where: str | None = None) -> str | None:
    """The user-facing text of an expected error, or None for a bug. ``names`` are the
    table's seats as the reader sees them (an error naming a seat names its player);
    ``where`` the refusal was asked for (``"dm"``: a hand DM's button, whose table is not
    the channel it is in) picks that place's own sentence where there is one."""
    if not isinstance(error, CodedError):
        return None
    catalogue = ZH_ERRORS if locale in (ZH, TW) else EN_ERRORS
    template = catalogue.get(f"{error.code}.{error.params.get('action')}") or \
        catalogue.get(f"{error.code}.{where}") or catalogue.get(error.code)
    if template is None:  # a refusal without its own sentence: the English, cut short
        return excerpt(str(error), 300)
    try:
        text = template.format(**_shown(dict(error.params), locale, names))
    except (KeyError, IndexError, ValueError):
        text = template
    return traditional(text) if locale == TW else text


__all__ = ["EN_ERRORS", "EXCERPT", "ZH_ERRORS", "error_text", "excerpt"]

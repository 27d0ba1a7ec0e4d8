"""The Activity's refusals at its door (the WebSocket's sign-in, its limits), by the code
of the error frame, in English and 简体中文 (繁體中文 converted from 简体), merged into
:mod:`bot.words.catalogue` as ``door.<code>``. The page shows the sentence as it comes; a
code without words here keeps the server's English sentence (:func:`door_text`)."""

from __future__ import annotations

from .locales import EN, TW, ZH, traditional

_EN: dict[str, str] = {
    "door.not_authenticated": "The table did not hear from this page in time: open the "
                              "Activity again.",
    "door.bad_token": "Your sign-in is not valid: open the Activity again.",
    "door.foreign_token": "This sign-in was made for another application: open the Activity again.",
    "door.token_revoked": "Your sign-in is no longer valid: open the Activity again.",
    "door.bad_instance": "Discord does not know this Activity any more: open it again.",
    "door.not_in_instance": "You are not in this Activity (any more): open it again from "
                            "the channel.",
    "door.wrong_channel": "This Activity belongs to another channel.",
    "door.too_many_sockets": "You have {n} tables open already: close one and open the "
                             "Activity again.",
    "door.discord_busy": "Discord is busy: trying again in a moment.",
    "door.auth_limited": "Too many failed sign-ins from here: trying again in a moment.",
    "door.discord_unreachable": "Discord cannot be reached: trying again in a moment.",
    "door.rate_limited": "Too many actions at once: slow down a little.",
    "door.starting": "The tables are not ready yet: try again in a moment.",
}

_ZH: dict[str, str] = {
    "door.not_authenticated": "牌桌没有及时收到此页面的消息：请重新打开活动。",
    "door.bad_token": "登录无效：请重新打开活动。",
    "door.foreign_token": "此登录属于另一个应用：请重新打开活动。",
    "door.token_revoked": "登录已失效：请重新打开活动。",
    "door.bad_instance": "Discord 找不到这个活动了：请重新打开。",
    "door.not_in_instance": "你不在（或已离开）这个活动：请从频道重新打开。",
    "door.wrong_channel": "这个活动属于另一个频道。",
    "door.too_many_sockets": "你已经打开了 {n} 个牌桌页面：请关掉一个，再重新打开活动。",
    "door.discord_busy": "Discord 正忙：稍后自动重试。",
    "door.auth_limited": "此处登录失败次数过多：稍后自动重试。",
    "door.discord_unreachable": "无法连接 Discord：稍后自动重试。",
    "door.rate_limited": "操作太快了：请慢一点。",
    "door.starting": "牌桌还没准备好：请稍后再试。",
}

TEXTS: dict[str, dict[str, str]] = {
    EN: _EN, ZH: _ZH, TW: {key: traditional(value) for key, value in _ZH.items()},
}


def door_text(locale: str, code: str, fallback: str, **params: object) -> str:
    """The refusal ``code``'s sentence in ``locale``, filled in with ``params``; ``fallback``
    (the server's own English detail) for a code with no words here (a malformed frame: no
    page of ours sends one)."""
    key = f"door.{code}"
    if key not in _EN:
        return fallback
    text = TEXTS.get(locale, _EN).get(key) or _EN[key]
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        return text


__all__ = ["TEXTS", "door_text"]

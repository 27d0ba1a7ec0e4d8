"""The Activity page's words for the people at the table: the Invite button (the SDK's
invite dialog) and what it says when Discord cannot open it, and the whole of a long
name shown on a tap."""

from __future__ import annotations

from .locales import EN, ZH

TEXTS: dict[str, dict[str, str]] = {
    EN: {
        "people.invite": "Invite",
        "people.invite_label": "Invite people to this table",
        "people.invite_failed": "Discord could not open the invite: {error}",
        "people.invite_unknown": "no reason given",
        "people.full_name": "Show the whole name: {name}",
    },
    ZH: {
        "people.invite": "邀请",
        "people.invite_label": "邀请别人来这桌",
        "people.invite_failed": "Discord 无法打开邀请：{error}",
        "people.invite_unknown": "未说明原因",
        "people.full_name": "显示完整名字：{name}",
    },
}

__all__ = ["TEXTS"]

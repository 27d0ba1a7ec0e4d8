"""Gateway ``INTERACTION_CREATE`` payloads, as Discord sends them, for the cluster tests."""

from __future__ import annotations

import itertools
import secrets
from typing import Any

from .standin import APP_ID

_ids = itertools.count(700_000_000_000_000_000 + secrets.randbelow(10 ** 15))


def _base(kind: int, user: dict[str, Any], locale: str) -> dict[str, Any]:
    return {"id": str(next(_ids)), "application_id": str(APP_ID), "type": kind,
            "token": "tok" + secrets.token_hex(16), "version": 1, "locale": locale,
            "app_permissions": "0", "entitlements": [], "attachment_size_limit": 10 << 20,
            "authorizing_integration_owners": {"0": "1"}}


def user_json(user_id: int, name: str | None = None) -> dict[str, Any]:
    name = name or f"p{user_id % 1000}"
    return {"id": str(user_id), "username": name, "discriminator": "0", "global_name": name,
            "avatar": None}


def _row(custom_id: str, values: list[str] | None) -> list[dict[str, Any]]:
    """The message's components as Discord sends them: the clicked one among them (a
    DynamicItem is rebuilt from the message's copy)."""
    if values is None:
        item: dict[str, Any] = {"type": 2, "custom_id": custom_id, "label": "x", "style": 2}
    else:
        item = {"type": 3, "custom_id": custom_id, "min_values": 0, "max_values": 25,
                "options": [{"label": str(n), "value": str(n)} for n in range(25)]}
    return [{"type": 1, "components": [item]}]


def _message(message_id: int | None, channel_id: str, custom_id: str,
             values: list[str] | None) -> dict[str, Any]:
    """The bot's message the component is on."""
    return {"id": str(message_id or next(_ids)), "channel_id": channel_id,
            "author": user_json(APP_ID, "ddz"), "content": "",
            "timestamp": "2026-01-01T00:00:00+00:00", "edited_timestamp": None, "tts": False,
            "mention_everyone": False, "mentions": [], "mention_roles": [],
            "attachments": [], "embeds": [], "pinned": False, "type": 0, "flags": 0,
            "components": _row(custom_id, values)}


def dm_component(user_id: int, custom_id: str, *, locale: str = "en-US",
                 values: list[str] | None = None, message_id: int | None = None
                 ) -> dict[str, Any]:
    """A click (or a select, with ``values``) on a message in the user's DM."""
    user = user_json(user_id)
    data = _base(3, user, locale)
    dm = {"id": str(user_id + 1), "type": 1, "recipients": [user]}
    inner: dict[str, Any] = {"custom_id": custom_id, "component_type": 2}
    if values is not None:
        inner = {"custom_id": custom_id, "component_type": 3, "values": values}
    data.update(user=user, channel=dm, channel_id=dm["id"], context=1, data=inner,
                message=_message(message_id, dm["id"], custom_id, values))
    return data


def _member(user_id: int, permissions: str = "0") -> dict[str, Any]:
    return {"user": user_json(user_id), "roles": [], "joined_at": "2026-01-01T00:00:00+00:00",
            "deaf": False, "mute": False, "permissions": permissions, "flags": 0}


def guild_component(guild_id: int, channel_id: int, user_id: int, custom_id: str, *,
                    locale: str = "en-US") -> dict[str, Any]:
    data = _base(3, user_json(user_id), locale)
    data.update(guild_id=str(guild_id), member=_member(user_id), context=0,
                channel={"id": str(channel_id), "type": 0, "guild_id": str(guild_id),
                         "name": "ddz", "position": 0, "permission_overwrites": []},
                channel_id=str(channel_id),
                data={"custom_id": custom_id, "component_type": 2},
                message=_message(None, str(channel_id), custom_id, None))
    return data


def command(name: str, user_id: int, *, guild_id: int | None = None,
            channel_id: int | None = None, options: dict[str, Any] | None = None,
            locale: str = "en-US") -> dict[str, Any]:
    """``/ddz <name>`` in a guild channel (``guild_id``) or in the user's DM."""
    user = user_json(user_id)
    data = _base(2, user, locale)
    sub: dict[str, Any] = {"name": name, "type": 1, "options": [
        {"name": k, "type": 3 if isinstance(v, str) else 5 if isinstance(v, bool) else 4,
         "value": v} for k, v in (options or {}).items()]}
    data["data"] = {"id": str(next(_ids)), "name": "ddz", "type": 1, "options": [sub]}
    if guild_id is None:
        dm = {"id": str(user_id + 1), "type": 1, "recipients": [user]}
        data.update(user=user, channel=dm, channel_id=dm["id"], context=1)
    else:
        assert channel_id is not None
        data.update(guild_id=str(guild_id), member=_member(user_id, "32"), context=0,
                    channel={"id": str(channel_id), "type": 0, "guild_id": str(guild_id),
                             "name": "ddz", "position": 0, "permission_overwrites": []},
                    channel_id=str(channel_id))
    return data

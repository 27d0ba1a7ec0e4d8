"""User-chosen text in the bot's messages: escaped at the Discord edge, mentions named.

Every name a user chose (a player's display name, a tournament's name, text a user typed that
a reply quotes) goes through :func:`safe` before it is formatted into a message's content,
an embed's title, description or field: each character Discord's markdown or its mention
syntax reads is escaped with a backslash, which Discord shows as the character itself. So
``[Claim beans](https://evil.example/x)`` is shown as typed, not as a link; ``# `` and ``-# ``
make no heading; ``@everyone``, ``<@123>``, ``<@&123>``, ``<#123>`` and ``<t:123:R>`` are
shown as text, not as mentions, channels or times; a bare ``https://`` is not linked.
Inside a code span a backslash shows, so a name there goes through :func:`code_safe` (its
backticks replaced). Plain-text places (button labels, select options, autocomplete
choices, embed footers and authors, thread names) take the name as it is: Discord renders
no markdown there.

Mentions: the client's default is :data:`NO_PINGS` (``allowed_mentions`` on every send and
edit); a message that means to ping passes :func:`ping` with exactly those users.

Limits: :func:`clip` cuts a formatted text to Discord's limits (:data:`TITLE`, :data:`FIELD_NAME`,
:data:`FIELD_VALUE`, :data:`DESCRIPTION`, :data:`CONTENT`) without leaving half an escape.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import discord

from bot.words.names import player_name, seat_name

TITLE = 256  # an embed's title
FIELD_NAME = 256
FIELD_VALUE = 1024
DESCRIPTION = 4096
CONTENT = 2000  # a message's content
# what Discord's markdown and its mention, channel, time and link syntax read
_SPECIAL = frozenset("\\*_~|`>#-[]()<@:")
NO_PINGS = discord.AllowedMentions.none()


def safe(text: object) -> str:
    """``text`` for a message's markdown: every character Discord reads as markup or a
    mention escaped (``Ann_Lee`` → ``Ann\\_Lee``, which Discord shows as ``Ann_Lee``)."""
    return "".join("\\" + c if c in _SPECIAL else c for c in str(text))


def code_safe(text: object) -> str:
    """``text`` for inside a code span (where a backslash shows as itself): its backticks
    become ``ˋ`` so the span cannot be closed early; nothing else needs escaping there."""
    return str(text).replace("`", "ˋ")


def safe_seat(seat: Any, locale: str) -> str:
    """A seat's player as the reader sees them (:func:`bot.words.names.seat_name`), escaped."""
    return safe(seat_name(seat, locale))


def safe_player(name: str, locale: str) -> str:
    """A player's name as the reader sees it (:func:`bot.words.names.player_name`), escaped."""
    return safe(player_name(name, locale))


def clip(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters with ``…`` at the cut; an escape is
    never cut in half (a trailing lone backslash goes with the cut)."""
    if len(text) <= limit:
        return text
    cut = text[:limit - 1]
    slashes = len(cut) - len(cut.rstrip("\\"))
    if slashes % 2:
        cut = cut[:-1]
    return cut + "…"


def ping(users: Iterable[discord.abc.Snowflake | int]) -> discord.AllowedMentions:
    """``allowed_mentions`` that ping exactly ``users`` (user objects or ids) and nobody
    else: no ``@everyone``, no role, no reply ping."""
    wanted = [discord.Object(u) if isinstance(u, int) else u for u in users]
    return discord.AllowedMentions(everyone=False, users=wanted, roles=False,
                                   replied_user=False)


__all__ = ["CONTENT", "DESCRIPTION", "FIELD_NAME", "FIELD_VALUE", "NO_PINGS",
           "TITLE", "clip", "code_safe", "ping", "safe", "safe_player", "safe_seat"]

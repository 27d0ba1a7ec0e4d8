"""A Discord user's name as the bot keeps it: normalised once where it enters
(:func:`bot.text_input.normalise_name`), before a table seats it or the store keeps it."""

from __future__ import annotations

import discord

from bot.text_input import PLAYER_NAME, normalise_name


def shown_name(user: discord.abc.User) -> str:
    """``user``'s display name normalised (controls and invisible characters removed,
    whitespace collapsed, at most 100 characters); their username when nothing of it is
    left, and ``#`` with their id's last digits when nothing of that is either."""
    return (normalise_name(user.display_name, PLAYER_NAME)
            or normalise_name(user.name, PLAYER_NAME) or f"#{user.id % 10_000:04d}")


__all__ = ["shown_name"]

"""A Discord user's name as the bot keeps it: normalised once where it enters
(:func:`bot.text_input.normalise_name`), before a table seats it or the store keeps it."""

from __future__ import annotations

import discord

from bot.text_input import player_name_of


def shown_name(user: discord.abc.User) -> str:
    """``user``'s display name normalised (controls and invisible characters removed,
    whitespace collapsed, at most 100 characters); their username when nothing of it is
    left, and ``#`` with their id's last digits when nothing of that is either."""
    return player_name_of(user.id, user.display_name, user.name)


__all__ = ["shown_name"]

"""The Discord side of the bot's languages: :func:`locale_of` reads the reply language
from an interaction (English when Discord gives another language), and
:class:`DdzTranslator` translates command names and descriptions. The words themselves
are :mod:`bot.words`' (the terminal and any other front-end read them too).
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.words.commands import command_text
from bot.words.locales import EN, TW, ZH


def locale_of(value: discord.Interaction | discord.Locale | str | None,
              default: str = EN) -> str:
    """'en', 'zh-CN' or 'zh-TW' for an interaction, a Discord locale or a locale string."""
    if isinstance(value, discord.Interaction):
        value = value.locale
    if isinstance(value, discord.Locale):
        value = value.value
    if not value:
        return default
    text = str(value)
    if text in ("zh-TW", "zh-HK"):
        return TW
    if text.startswith("zh"):
        return ZH
    return EN if text.startswith("en") else default


class DdzTranslator(app_commands.Translator):
    """Command names and descriptions in zh-CN and zh-TW (Discord shows them per user)."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext[Any, Any]) -> str | None:
        return command_text(locale_of(locale, default=""), string.message)


__all__ = ["DdzTranslator", "locale_of"]

"""One place that turns errors into short replies in the user's language.

Rule errors of the engine, table errors and store errors carry a ``code`` and ``params``;
they become a sentence in the user's language (:func:`bot.words.errors.error_text`), sent
ephemerally. Anything else is a bug: it is logged with a short id and the user gets a
polite message with that id.
"""

from __future__ import annotations

import copy
import logging
import re
import secrets
from typing import Any, Protocol

import discord
from discord import app_commands
from discord.utils import MISSING

from bot.engine.errors import CodedError
from bot.store.errors import StoreClosedError, StoreUnavailableError
from bot.words.catalogue import t
from bot.words.errors import error_text

from .entry_point import EntryPointTree, entry_point_command
from .i18n import locale_of
from .markdown import clip, safe, safe_seat

log = logging.getLogger("ddz.errors")

LONGEST = 1900  # an error reply stays well inside Discord's 2,000 characters


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
    where = getattr(interaction.command, "qualified_name", interaction.type)
    text: str | None
    if isinstance(error, app_commands.CheckFailure):
        text = str(error) or t(locale, "err.no_permission")
    elif isinstance(error, StoreUnavailableError | StoreClosedError):
        # never the database's own words: one polite line whose id is in the log
        ident = getattr(error, "error_id", None) or secrets.token_hex(4)
        log.error("store failure %s in %s: %s", ident, where, error)
        text = t(locale, "err.store", id=ident)
    else:
        text = error_text(_escaped(error), locale, _names(interaction, locale),
                          "dm" if interaction.guild_id is None else None)
    if text is None:
        ident = secrets.token_hex(3)
        log.error("unexpected error %s in %s", ident, where, exc_info=error)
        text = t(locale, "err.unexpected", id=ident)
    counter: ErrorCounter | None = getattr(interaction.client, "metrics", None)
    if counter is not None:  # the metrics' errors by code
        counter.refused(error_code(error))
    text = clip(text, LONGEST)
    await reply(interaction, "❌ " + text, ephemeral=True)


class ErrorCounter(Protocol):
    """Who counts the error replies by code (the bot's metrics, when they are on)."""

    def refused(self, code: str) -> None: ...


def error_code(error: BaseException) -> str:
    """The code an error reply is counted under: a refusal's own code, ``no_permission``
    for a failed check, ``store_unavailable`` when the database did not answer (or was
    closed), ``unexpected`` for a bug."""
    if isinstance(error, app_commands.CheckFailure):
        return "no_permission"
    if isinstance(error, StoreUnavailableError | StoreClosedError):
        return "store_unavailable"
    return error.code if isinstance(error, CodedError) else "unexpected"


_CODE = re.compile(r"[a-z0-9_]*")  # a param that is a code (a phase, a kind), not user text
_USER_TEXT = frozenset({"name", "names", "input", "text", "target"})


def _escaped(error: BaseException) -> BaseException:
    """``error`` with the text a user chose (a name, what they typed) escaped for markdown
    (:func:`cogs.markdown.safe`), its English words too; codes stay as they are."""
    if not isinstance(error, CodedError):
        return error
    shown = copy.copy(error)
    shown.params = {key: safe(value) if isinstance(value, str) and (
        key in _USER_TEXT or not _CODE.fullmatch(value)) else value
        for key, value in error.params.items()}
    shown.args = (safe(str(error)),)
    return shown


def _names(interaction: discord.Interaction, locale: str) -> tuple[str, ...]:
    """The seats of the user's table as the user sees them (for errors naming a seat)."""
    manager = getattr(interaction.client, "manager", None)
    table = manager.table_of(interaction.user.id) if manager is not None else None
    if table is None and manager is not None:
        table = manager.find(interaction.channel_id)
    if table is None:
        return ()
    return tuple(safe_seat(s, locale) if s is not None else "" for s in table.seats)


class DdzTree(EntryPointTree):
    """The bot's command tree (given to the bot as ``tree_cls``): every failing slash
    command is answered by :func:`send_error`; its global sync keeps the app's Entry Point
    command (:class:`cogs.entry_point.EntryPointTree`)."""

    async def on_error(self, interaction: discord.Interaction,
                       error: app_commands.AppCommandError) -> None:
        await send_error(interaction, error)


async def reply(interaction: discord.Interaction, content: str | None = None, *,
                ephemeral: bool = True, **kwargs: Any) -> None:
    """Send a reply whether or not the interaction was answered or deferred already."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(MISSING if content is None else content,
                                            ephemeral=ephemeral, **kwargs)
        else:
            await interaction.response.send_message(content, ephemeral=ephemeral, **kwargs)
    except discord.HTTPException:
        log.warning("could not answer interaction %s", interaction.id, exc_info=True)


class DdzActivityTree(DdzTree):
    """:class:`DdzTree` of a bot whose Activity is on (given as ``tree_cls``): its global
    sync keeps the app's Entry Point command (Discord launches it)."""

    entry_point = entry_point_command()


__all__ = ["DdzActivityTree", "DdzTree", "ErrorCounter", "error_code", "reply", "send_error",
           "unwrap"]

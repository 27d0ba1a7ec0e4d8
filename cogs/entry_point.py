"""The app's Entry Point command, kept by the global command sync while the Activity is on.

An Entry Point command (application command type 4, ``PRIMARY_ENTRY_POINT``) is how users
open an app's Activity from Discord's App Launcher. Its handler here is
``DISCORD_LAUNCH_ACTIVITY`` (2): Discord launches the Activity itself and the bot never
receives the interaction. Entry Point commands are global only, one per app.

discord.py (2.7) has no model for it, so :class:`EntryPointTree` (the base of the bot's
command tree) adds it as JSON to the payload of the global bulk overwrite
(``PUT /applications/{id}/commands``) when the bot's Activity is on
(:attr:`EntryPointTree.entry_point`, set by the bot in ``setup_hook``). Discord refuses a
bulk overwrite that drops an existing Entry Point command (error 50240): with the Activity
on, a refusal because the app's Entry Point has another name (the Developer Portal made it)
is retried once under that name; with the Activity off, it becomes :class:`EntryPointKept`,
a refusal the owner is told about in their language. Guild syncs never carry it.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.engine.errors import CodedError
from bot.words.commands import command_text
from bot.words.locales import TW, ZH

PRIMARY_ENTRY_POINT = 4  # the application command type
DISCORD_LAUNCH_ACTIVITY = 2  # the handler: Discord opens the Activity by itself
ENTRY_POINT_REMOVED = 50240  # Discord's refusal of a bulk overwrite without the Entry Point
ENTRY_POINT_NAME = "launch"  # the name of the Entry Point Discord makes when Activities are on
ENTRY_POINT_DESCRIPTION = "Play Dou Dizhu at this channel's table, in the app"
GUILD = 0  # interaction context and installation type: servers (the tables live there)


class EntryPointKept(CodedError):
    """Discord keeps the app's Entry Point command and the Activity is off here: a global
    sync without it is refused (error 50240)."""

    code = "entry_point_kept"


def entry_point_command(name: str = ENTRY_POINT_NAME) -> dict[str, Any]:
    """The Entry Point command as the bulk overwrite sends it: Discord launches the
    Activity (handler 2), in servers only (the Activity plays the channel's table)."""
    descriptions = {locale: text for locale in (ZH, TW)
                    if (text := command_text(locale, ENTRY_POINT_DESCRIPTION)) is not None}
    return {"name": name, "type": PRIMARY_ENTRY_POINT, "handler": DISCORD_LAUNCH_ACTIVITY,
            "description": ENTRY_POINT_DESCRIPTION,
            "description_localizations": descriptions,
            "contexts": [GUILD], "integration_types": [GUILD]}


class EntryPointTree(app_commands.CommandTree):
    """A command tree whose global sync keeps the app's Entry Point command: included in
    the bulk overwrite when :attr:`entry_point` is set (the Activity is on), left out (and
    a refusal for its absence said clearly) when it is not."""

    entry_point: dict[str, Any] | None = None

    async def sync(self, *, guild: discord.abc.Snowflake | None = None
                   ) -> list[app_commands.AppCommand]:
        if guild is not None:  # Entry Point commands are global only
            return await super().sync(guild=guild)
        entry_point = self.entry_point
        try:
            if entry_point is None:
                return await super().sync()
            return await self._sync_global(entry_point)
        except discord.HTTPException as refused:
            if refused.code != ENTRY_POINT_REMOVED:
                raise
            if entry_point is None:
                raise EntryPointKept("Discord keeps this app's Entry Point command, and the "
                                     "Activity is off here") from refused
            kept = await self.existing_entry_point()
            if kept is None or kept.get("name") == entry_point["name"]:
                raise
            # the app's Entry Point has another name (made in the Developer Portal): keep it
            return await self._sync_global({**entry_point, "name": kept["name"]})

    async def existing_entry_point(self) -> dict[str, Any] | None:
        """The app's Entry Point command as Discord has it now (None if it has none)."""
        if self.client.application_id is None:
            raise app_commands.MissingApplicationID
        commands = await self._http.get_global_commands(self.client.application_id)
        for command in commands:
            if command.get("type") == PRIMARY_ENTRY_POINT:
                return dict(command)
        return None

    async def _sync_global(self, entry_point: dict[str, Any]) -> list[app_commands.AppCommand]:
        """discord.py's global sync (``CommandTree.sync``), with ``entry_point`` added to
        the bulk overwrite's payload."""
        if self.client.application_id is None:
            raise app_commands.MissingApplicationID
        commands = self._get_all_commands(guild=None)
        translator = self.translator
        payload: list[dict[str, Any]] = []
        for command in commands:
            made = await command.get_translated_payload(self, translator) if translator \
                else command.to_dict(self)
            payload.append(dict(made))
        payload.append(entry_point)
        try:
            data = await self._http.bulk_upsert_global_commands(
                self.client.application_id, payload=payload)
        except discord.HTTPException as error:
            if error.status == 400 and error.code == 50035:
                raise app_commands.CommandSyncFailure(error, commands) from None
            raise
        return [app_commands.AppCommand(data=d, state=self._state) for d in data]


__all__ = ["DISCORD_LAUNCH_ACTIVITY", "ENTRY_POINT_NAME", "ENTRY_POINT_REMOVED",
           "PRIMARY_ENTRY_POINT", "EntryPointKept", "EntryPointTree", "entry_point_command"]

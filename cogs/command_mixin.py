"""The base of the ``/ddz`` cog's command mixins (history, replay, review): to the type
checker a cog, so their ``app_commands.command`` methods type-check; at run time a plain
class, as before (discord.py collects a cog's commands from each of its bases)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from discord.ext.commands import Cog as CommandMixin
else:
    CommandMixin = object

__all__ = ["CommandMixin"]

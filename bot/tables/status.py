"""Named table states: where a table is (:class:`TableStatus`) and who acted for a seat
(:class:`Actor`). Both are ``StrEnum``\\ s, so a saved table and an event serialise to the
same strings as before they had names (``json.dumps(TableStatus.LOBBY) == '"lobby"'``)."""

from __future__ import annotations

from enum import StrEnum


class TableStatus(StrEnum):
    """A table's state: seating players, a deal being played, or a deal just over."""

    LOBBY = "lobby"
    PLAYING = "playing"
    BETWEEN = "between"  # a deal is over and every seat is still taken


class Actor(StrEnum):
    """Who made an action (:attr:`bot.tables.ActionTaken.by`)."""

    PLAYER = "player"  # the player, by a command or a button
    AI = "ai"  # an AI seat
    TRUSTEE = "trustee"  # the AI, for a player in 托管
    TIMEOUT = "timeout"  # the turn timer ran out
    AUTOPASS = "autopass"  # 要不起 by the player's own setting
    ESCAPED = "escaped"  # the AI, for a seat that left the deal


__all__ = ["Actor", "TableStatus"]

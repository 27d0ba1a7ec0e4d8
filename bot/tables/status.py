"""Named table states: where a table is (:class:`TableStatus`), who acted for a seat
(:class:`Actor`), and what the manager's actions answer (:class:`Left` from
:meth:`~bot.tables.TableManager.leave`, :class:`Played` from
:meth:`~bot.tables.TableManager.play`). Each is a ``StrEnum``, so a saved table, an event
and an answer serialise to the same strings as before they had names
(``json.dumps(TableStatus.LOBBY) == '"lobby"'``, ``f"ok.{Left.ESCAPED}" == "ok.escaped"``)."""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from bot.engine import Play


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


class SeatChange(StrEnum):
    """Why a table's seats changed (:attr:`bot.tables.SeatsChanged.reason`)."""

    JOINED = "joined"
    LEFT = "left"
    AI_ADDED = "ai_added"
    ESCAPED = "escaped"  # left during a deal: the AI plays on for the seat
    INVITED = "invited"
    AWAY = "away"  # a tournament seat stepped away


class Closed(StrEnum):
    """Why a table closed (:attr:`bot.tables.TableClosed.reason`; also the reason a deal
    it voids is stored with)."""

    CLOSED = "closed"  # by its owner
    STOPPED = "stopped"  # by a server manager
    EMPTY = "empty"  # no player left
    DISSOLVED = "dissolved"  # too many deals in a row nobody bid in
    IDLE = "idle"  # nobody acted for a whole deal
    TOURNAMENT = "tournament"  # a tournament table after its last deal
    RESTORE_FAILED = "restore_failed"  # it could not be restored after a restart


class Left(StrEnum):
    """How a player left a table (:meth:`bot.tables.TableManager.leave`); the text is the
    key of the words that say so (``ok.left``, ``ok.escaped``, ``ok.away``)."""

    LEFT = "left"  # between deals or in the lobby: the seat is free
    ESCAPED = "escaped"  # during a deal: an escape (逃跑), the AI plays on for the seat
    AWAY = "away"  # at a tournament's table: the AI plays on until the player is back


class PlayStatus(StrEnum):
    """What became of a play (:class:`Played`)."""

    APPLIED = "applied"  # the action was made
    READING = "reading"  # a wild play reads several ways: nothing made, the player chooses


class Played(NamedTuple):
    """The answer to an action (:meth:`bot.tables.TableManager.act`, ``play``): its
    :class:`PlayStatus` and the plays that go with it (the play made, ``()`` for an action
    that is not a play; or, for :attr:`PlayStatus.READING`, the readings to choose from).
    A tuple, so ``status, plays = await manager.play(…)`` reads it."""

    status: PlayStatus
    plays: tuple[Play, ...]


__all__ = ["Actor", "Closed", "Left", "PlayStatus", "Played", "SeatChange", "TableStatus"]

"""What the Discord layer reads from the store, one small Protocol per use (the bot's
:class:`bot.store.Store` is each of them), and the check that a collaborator was given.

The presenter, the turn pings, the card counter and the history, replay and review
commands are given the store when they are made (:func:`bot.process.app.create_bot`); each names
only the store methods it calls, so a second backend, or a test's fake, implements those.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    from bot.discord_api.cluster import ShardPlan
    from bot.store import GameRecord, HistoryPage, Tournament
    from bot.store.records import Player
    from bot.store.settings import Settings
    from bot.tournaments import Standing

__all__ = ["BotSettings", "DealReader", "HistoryReader", "PlayerSettings", "PresenterStore",
           "SettingsReader", "required"]

T = TypeVar("T")


def required(value: T | None, name: str, owner: str) -> T:
    """``value``, which ``owner`` cannot work without: a clear error at start when it is
    missing (not a feature silently off later)."""
    if value is None:
        raise TypeError(f"{owner} needs {name}: pass it when making it (bot.process.app.create_bot "
                        "does)")
    return value


class SettingsReader(Protocol):
    """The server's settings (the card counter's rooms, the turn pings' switch)."""

    async def get_settings(self, guild_id: int, channel_id: int | None = None) -> Settings:
        ...


class PlayerSettings(Protocol):
    """A player's own choices (hand order, language), read and kept."""

    async def player_setting(self, user_id: int, key: str) -> Any: ...

    async def set_player_setting(self, user_id: int, key: str, value: bool | str) -> None: ...


class PresenterStore(SettingsReader, PlayerSettings, Protocol):
    """What the presenter reads and keeps: settings and players' choices."""


class HistoryReader(Protocol):
    """A player's account, their settled deals and their tournaments (``/ddz history``)."""

    async def get_player(self, guild_id: int, user_id: int) -> Player | None: ...

    async def history(self, guild_id: int, user_id: int, page: int = 1,
                      per_page: int = 10) -> HistoryPage: ...

    async def player_tournaments(self, guild_id: int, user_id: int,
                                 limit: int = 5) -> list[Tournament]: ...

    async def tournament_standings(self, tournament_id: int) -> list[Standing]: ...


class DealReader(Protocol):
    """A finished deal by its id and the caller's recent deals (``/ddz replay``,
    ``/ddz review``)."""

    async def find_deal(self, guild_id: int, deal: str) -> str: ...

    async def get_game(self, game_id: str) -> GameRecord: ...

    async def history(self, guild_id: int, user_id: int, page: int = 1,
                      per_page: int = 10) -> HistoryPage: ...


class BotSettings(Protocol):
    """What the cog reads of the process's settings (:class:`bot.process.config.Settings`
    is one): the shards this process runs, the turn's seconds, the default language."""

    @property
    def shards(self) -> ShardPlan: ...

    @property
    def turn_seconds(self) -> int | None: ...

    @property
    def default_locale(self) -> str: ...

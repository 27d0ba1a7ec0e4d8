"""The bot stops through one ``AsyncExitStack`` (issue 56, point 6): every piece
:func:`bot.process.app.create_bot` and the bot take on is closed once, in the reverse order
of taking it on, and a step that raises keeps none of the later ones from running."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from discord.ext import commands

from bot.discord_api.pacing import RestPacer
from bot.process.app import DdzBot, create_bot
from bot.process.config import Settings
from bot.store import Store
from bot.tables import TableManager
from bot.tournament_runner import TournamentRunner
from bot.workers import AiPool, PicturePool
from cogs.presenter import DiscordPresenter
from cogs.tournament_desk import TournamentDesk

STEPS: list[tuple[str, Any, str]] = [
    # (the name in the record, the class, its method), in the order of taking them on
    ("pictures", PicturePool, "close"),
    ("ai_pool", AiPool, "close"),
    ("store", Store, "close"),
    ("link", DdzBot, "_close_link"),
    ("backup", DdzBot, "_final_backup"),
    ("pacer", RestPacer, "close"),
    ("client", commands.bot.BotBase, "close"),
    ("interaction_thread", DdzBot, "_stop_interaction_thread"),
    ("ephemeral", DdzBot, "_close_ephemeral"),
    ("presenter", DiscordPresenter, "drain"),
    ("activity", DdzBot, "_stop_activity"),
    ("tables", TableManager, "shutdown"),
    ("runner", TournamentRunner, "shutdown"),
    ("metrics", DdzBot, "_stop_metrics"),
    ("desk", TournamentDesk, "close"),
]
CONNECTION_ONLY = {"backup", "pacer", "client", "ephemeral", "presenter"}


def record(monkeypatch: pytest.MonkeyPatch, failing: str | None = None) -> list[str]:
    """Each step's method, recording its name before doing what it did (``failing``
    raises instead, after recording)."""
    done: list[str] = []
    for name, owner, method in STEPS:
        original: Callable[..., Any] = getattr(owner, method)

        def make(name: str, original: Callable[..., Any]) -> Callable[..., Any]:
            if inspect.iscoroutinefunction(original):
                async def step(self: Any, *args: Any, **kwargs: Any) -> Any:
                    done.append(name)
                    if name == failing:
                        raise RuntimeError(f"{name} failed to close")
                    return await original(self, *args, **kwargs)
                return step

            def sync_step(self: Any, *args: Any, **kwargs: Any) -> Any:
                done.append(name)
                if name == failing:
                    raise RuntimeError(f"{name} failed to close")
                return original(self, *args, **kwargs)
            return sync_step

        monkeypatch.setattr(owner, method, make(name, original))
    return done


def settings(tmp_path: Path) -> Settings:
    return Settings(db_path=tmp_path / "ddz.db", dev_guild_id=None, ai_in_thread=False,
                    ai_processes=1, render_processes=1, backup_minutes=0)


async def test_the_bot_closes_every_piece_once_in_reverse_order(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    done = record(monkeypatch)
    bot = await create_bot(settings(tmp_path))
    await bot.close()
    assert done == [name for name, _, _ in reversed(STEPS)]
    assert bot.store.closed and bot.manager.ai_pool is not None and bot.manager.ai_pool.closed
    await bot.close()  # once: nothing is closed again
    assert len(done) == len(STEPS)


async def test_a_bot_that_never_connected_skips_the_connection(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    done = record(monkeypatch)
    bot = await create_bot(settings(tmp_path))
    await bot.close_store()
    assert done == [name for name, _, _ in reversed(STEPS) if name not in CONNECTION_ONLY]


async def test_a_step_that_raises_stops_none_of_the_others(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    done = record(monkeypatch, failing="tables")
    bot = await create_bot(settings(tmp_path))
    with pytest.raises(RuntimeError, match="tables failed"):
        await bot.close_store()
    assert done == [name for name, _, _ in reversed(STEPS) if name not in CONNECTION_ONLY]
    assert bot.store.closed

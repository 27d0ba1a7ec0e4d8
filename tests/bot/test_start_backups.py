"""The database is backed up only after a start that succeeded: a start that Discord or the
network refuses writes no backup; a backup of a database unchanged since the newest one
writes no new file; at most ``DDZ_BACKUP_KEEP`` backups are kept."""

from __future__ import annotations

import socket
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import discord
import pytest
from aiohttp import web

from bot.process.app import _serve, create_bot
from bot.process.config import Settings
from bot.store import Store
from bot.store.maintenance import backup_if_changed, list_backups
from cogs.transport.headless import use_api
from tests.cluster.standin import DiscordStandIn


def _settings(tmp_path: Path, api: str, **changes: object) -> Settings:
    values: dict[str, object] = {
        "db_path": tmp_path / "ddz.db", "token": "x.y.z", "discord_api": api,
        "ai_processes": 0, "render_processes": 0, "ai_in_thread": False,
        "connect_timeout": 10.0, "backup_dir": tmp_path / "backups"} | changes
    return Settings(**values)  # type: ignore[arg-type]


@pytest.fixture
async def refusing() -> AsyncIterator[str]:
    """A Discord that refuses every token (401), as after a reset token."""

    async def refuse(request: web.Request) -> web.Response:
        return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", refuse)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    yield f"http://127.0.0.1:{port}/api/v10"
    await runner.cleanup()


def _unreachable() -> str:
    """An address where nothing listens (the network is down, as the bot sees it)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"http://127.0.0.1:{port}/api/v10"


@pytest.fixture
def rest_base(monkeypatch: pytest.MonkeyPatch) -> None:
    """discord.py's REST base is put back after the test (starting the bot points it at
    ``DDZ_DISCORD_API``)."""
    monkeypatch.setattr(discord.http.Route, "BASE", discord.http.Route.BASE)


async def test_ten_failed_starts_leave_no_backup(tmp_path: Path, refusing: str,
                                                 rest_base: None) -> None:
    for attempt in range(10):
        settings = _settings(tmp_path, refusing if attempt % 2 else _unreachable())
        with pytest.raises((discord.LoginFailure, aiohttp.ClientError, OSError)):
            await _serve(settings)  # what `doudizhu-bot` runs, up to the stop
    assert (tmp_path / "ddz.db").is_file()  # the starts got as far as the database
    assert list_backups(tmp_path / "backups") == []


async def _serve_once(settings: Settings) -> None:
    """A start that succeeds (a headless login, which recovers the tables as READY does),
    then the clean stop."""
    bot = await create_bot(settings)
    try:
        await bot.login_headless("bot-token")
        assert bot.served
    finally:
        await bot.close()


async def _change(db: Path, user: int) -> None:
    store = await Store.open(db)
    try:
        await store.ensure_player(user, 1, f"p{user}")
    finally:
        await store.close()


async def test_starts_back_up_only_a_changed_database(tmp_path: Path,
                                                      rest_base: None) -> None:
    stand = DiscordStandIn()
    use_api(await stand.start())
    try:
        settings = _settings(tmp_path, stand.base)
        await _serve_once(settings)
        await _serve_once(settings)
        backups = list_backups(settings.backups)
        assert len(backups) == 1, backups  # the second start changed nothing
        await _change(tmp_path / "ddz.db", 7)
        await _serve_once(settings)
        assert len(list_backups(settings.backups)) == 2
    finally:
        await stand.close()


async def test_the_number_of_backups_is_bounded(tmp_path: Path) -> None:
    db, folder = tmp_path / "ddz.db", tmp_path / "backups"
    made = []
    for user in range(1, 6):
        await _change(db, user)
        made.append(backup_if_changed(db, folder, keep=3))
    assert None not in made  # every one followed a change
    assert list_backups(folder) == made[-3:]
    # an unchanged database: no new file, and the bound still holds after a smaller keep
    assert backup_if_changed(db, folder, keep=2) is None
    assert list_backups(folder) == made[-2:]

"""The Activity's settings and its place in the bot: the web server starts and stops with
the bot object itself, and the tables' events reach the Discord presenter and the pages."""

from __future__ import annotations

import aiohttp
import discord
import pytest

from bot.process.app import create_bot
from bot.process.config import ConfigError, Settings
from bot.web import FanOutPresenter
from cogs.transport.headless import use_api
from tests.cluster.standin import DiscordStandIn

from .pages import CHANNEL, Activity, bot_settings

ACTIVITY_ENV = ("DDZ_ACTIVITY_PORT", "DDZ_ACTIVITY_HOST", "DISCORD_CLIENT_ID",
                "DISCORD_CLIENT_SECRET")


@pytest.mark.parametrize(("given", "missing"), [
    ({}, "DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET"),
    ({"DISCORD_CLIENT_ID": "1"}, "DISCORD_CLIENT_SECRET"),
    ({"DISCORD_CLIENT_SECRET": "s"}, "DISCORD_CLIENT_ID")])
def test_the_start_is_refused_without_the_client_id_and_secret(monkeypatch, given,
                                                               missing) -> None:
    for name in ACTIVITY_ENV:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DDZ_ACTIVITY_PORT", "8080")
    for name, value in given.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(ConfigError) as refused:
        Settings.from_env(env_file=None)
    line = str(refused.value)
    assert "\n" not in line and f"needs {missing}" in line


def test_the_activity_settings(monkeypatch) -> None:
    for name in ACTIVITY_ENV:
        monkeypatch.delenv(name, raising=False)
    off = Settings.from_env(env_file=None)
    assert off.activity_port is None and off.activity_host == "127.0.0.1"
    monkeypatch.setenv("DDZ_ACTIVITY_PORT", "8080")
    monkeypatch.setenv("DISCORD_CLIENT_ID", "123")
    monkeypatch.setenv("DISCORD_CLIENT_SECRET", "very-secret")
    on = Settings.from_env(env_file=None)
    assert (on.activity_port, on.client_id, on.client_secret) == (8080, "123", "very-secret")
    assert "very-secret" not in repr(on)
    monkeypatch.setenv("DDZ_ACTIVITY_PORT", "http")
    with pytest.raises(ConfigError, match="DDZ_ACTIVITY_PORT"):
        Settings.from_env(env_file=None)


async def test_create_bot_refuses_an_activity_without_its_client(tmp_path) -> None:
    with pytest.raises(ConfigError, match="DISCORD_CLIENT_SECRET"):
        await create_bot(Settings(db_path=tmp_path / "ddz.db", activity_port=0,
                                  client_id="1"))


async def test_without_a_port_nothing_changes(tmp_path) -> None:
    bot = await create_bot(Settings(db_path=tmp_path / "ddz.db"))
    try:
        assert bot.activity_server is None and bot.manager.presenter is bot.presenter
    finally:
        await bot.close_store()


async def test_the_server_starts_and_stops_with_the_bot(tmp_path) -> None:
    stand = DiscordStandIn()
    base = await stand.start()
    before = discord.http.Route.BASE
    use_api(base)
    settings = bot_settings(tmp_path, base)
    bot = await create_bot(settings)
    http = aiohttp.ClientSession()
    try:
        assert isinstance(bot.manager.presenter, FanOutPresenter)
        server = bot.activity_server
        assert server is not None and server.port == 0  # not listening before the bot starts
        await bot.login_headless("bot-token")
        assert server.port != 0
        async with http.get(f"{server.url}/.proxy/api/ws") as response:
            assert response.status == 403  # no origin: refused, but served
        page = await Activity(server, stand, bot.manager, bot.store, http).page(101, "Ann")
        assert (await page.act("open", variant="classic", ai_seats=2))["ok"]
        await page.wait(lambda: page.table and not page.table["table"]["seats"][2]["empty"])
        # the same event reached the Discord presenter: the table message in the channel
        await stand.wait(lambda: bool(stand.find(
            lambda c: c.method == "POST" and c.path == f"/channels/{CHANNEL}/messages")))
        await bot.close()
        assert bot.activity_server is None
        with pytest.raises(aiohttp.ClientConnectionError):
            async with http.get(f"{server.url}/"):
                pass
    finally:
        await http.close()
        if not bot.store.closed:
            await bot.close_store()
        discord.http.Route.BASE = before
        await stand.close()

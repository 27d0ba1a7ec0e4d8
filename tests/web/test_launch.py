"""Opening the Activity from Discord, against the REST stand-in: the global sync carries the
app's Entry Point command (type 4, Discord launches it) exactly when the Activity is on, and
keeps one the Developer Portal named otherwise; the table message's Play in the app button
answers with a LAUNCH_ACTIVITY callback (type 12), or with one ephemeral sentence when
Discord refuses it."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import discord
import pytest

from bot.process.app import DdzBot, create_bot
from bot.process.config import Settings
from cogs.entry_point import EntryPointKept
from cogs.transport.headless import use_api
from tests.cluster.payloads import guild_component
from tests.cluster.standin import APP_ID, Call, DiscordStandIn

GUILD, CHANNEL, ANN = 5, 55, 101
COMMANDS = f"/applications/{APP_ID}/commands"


@asynccontextmanager
async def running(tmp_path: Any, *, activity: bool) -> AsyncIterator[tuple[DdzBot,
                                                                           DiscordStandIn]]:
    """A bot logged in (over REST only) to the stand-in, its Activity on or off."""
    stand = DiscordStandIn()
    base = await stand.start()
    before = discord.http.Route.BASE
    use_api(base)
    extra: dict[str, Any] = dict(activity_port=0, client_id=str(APP_ID),
                                 client_secret="s3cret") if activity else {}
    settings = Settings(db_path=tmp_path / "ddz.db", token="bot-token", turn_seconds=30,
                        ai_delay=0.0, trustee_delay=0.0, edit_delay=0.0,
                        ai_in_thread=False, ping_budget=False, render_processes=0,
                        ai_processes=0, discord_api=base, **extra)
    bot = await create_bot(settings)
    try:
        await bot.login_headless("bot-token")
        yield bot, stand
    finally:
        await bot.close()
        if not bot.store.closed:
            await bot.close_store()
        discord.http.Route.BASE = before
        await stand.close()


def synced(stand: DiscordStandIn) -> list[list[dict[str, Any]]]:
    """The payloads of every global bulk overwrite the stand-in received."""
    return [c.body["list"] for c in stand.calls if c.method == "PUT" and c.path == COMMANDS]


def entry_points(payload: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [c for c in payload if c.get("type") == 4]


async def test_the_global_sync_carries_the_entry_point_when_the_activity_is_on(
        tmp_path) -> None:
    async with running(tmp_path, activity=True) as (bot, stand):
        result = await bot.tree.sync()
        (payload,) = synced(stand)
        (entry,) = entry_points(payload)
        assert entry["name"] == "launch" and entry["handler"] == 2  # Discord launches it
        assert entry["contexts"] == [0] and entry["integration_types"] == [0]
        assert entry["description"] and entry["description_localizations"]["zh-CN"]
        assert any(c["name"] == "ddz" and c.get("type", 1) == 1 for c in payload), \
            "the slash commands are still there"
        assert len(result) == len(payload), "Discord's answer is read, the Entry Point too"
        # a guild sync (the dev guild, @bot sync here) never carries it: it is global only
        await bot.tree.sync(guild=discord.Object(GUILD))
        guild_puts = [c for c in stand.calls if c.method == "PUT" and "/guilds/" in c.path]
        assert guild_puts and not entry_points(guild_puts[0].body["list"])


async def test_without_the_activity_the_sync_has_no_entry_point(tmp_path) -> None:
    async with running(tmp_path, activity=False) as (bot, stand):
        await bot.tree.sync()
        (payload,) = synced(stand)
        assert payload and not entry_points(payload)


async def test_an_entry_point_named_in_the_portal_is_kept_under_its_name(tmp_path) -> None:
    async with running(tmp_path, activity=True) as (bot, stand):
        stand.commands = [{"id": "1", "application_id": str(APP_ID), "version": "1",
                           "name": "Play", "description": "made in the portal", "type": 4,
                           "handler": 2}]
        await bot.tree.sync()
        first, second = synced(stand)  # refused (50240), then again under the kept name
        assert [e["name"] for e in entry_points(first)] == ["launch"]
        assert [e["name"] for e in entry_points(second)] == ["Play"]
        assert [c["name"] for c in stand.commands if c["type"] == 4] == ["Play"]


async def test_an_entry_point_the_bot_does_not_serve_is_a_clear_refusal(tmp_path) -> None:
    async with running(tmp_path, activity=False) as (bot, stand):
        stand.commands = [{"id": "1", "application_id": str(APP_ID), "version": "1",
                           "name": "launch", "description": "", "type": 4, "handler": 2}]
        with pytest.raises(EntryPointKept) as refused:
            await bot.tree.sync()
        assert refused.value.code == "entry_point_kept"
        assert stand.commands[0]["type"] == 4, "nothing was dropped"


def press(bot: DdzBot, custom_id: str, locale: str = "en-US") -> dict[str, Any]:
    """A click on the table message, as the gateway hands it to the bot."""
    event = guild_component(GUILD, CHANNEL, ANN, custom_id, locale=locale)
    bot._connection.parsers["INTERACTION_CREATE"](event)
    return event


def callbacks(stand: DiscordStandIn, event: dict[str, Any]) -> Callable[[], list[Call]]:
    return lambda: [c for c in stand.answers(int(event["id"]), event["token"])
                    if c.path.endswith("/callback")]


async def test_play_in_the_app_answers_with_launch_activity(tmp_path) -> None:
    async with running(tmp_path, activity=True) as (bot, stand):
        event = press(bot, f"ddzapp:{CHANNEL}")
        answered = callbacks(stand, event)
        await stand.wait(lambda: bool(answered()))
        (callback,) = answered()
        assert callback.body["type"] == 12 and not callback.body.get("data")


@pytest.mark.parametrize(("locale", "words"), [("en-US", "Discord did not open the app"),
                                                ("zh-CN", "Discord 没能在这里打开应用")])
async def test_a_refused_launch_is_one_ephemeral_sentence(tmp_path, locale, words) -> None:
    async with running(tmp_path, activity=True) as (bot, stand):
        stand.refuse_launch = True
        event = press(bot, f"ddzapp:{CHANNEL}", locale)
        answered = callbacks(stand, event)
        await stand.wait(lambda: len(answered()) == 2)
        launch, sentence = answered()
        assert launch.body["type"] == 12
        assert sentence.body["type"] == 4 and sentence.body["data"]["flags"] & 64
        assert words in sentence.content and "Traceback" not in sentence.content


async def test_an_old_button_when_the_activity_is_off_says_so(tmp_path) -> None:
    async with running(tmp_path, activity=False) as (bot, stand):
        event = press(bot, f"ddzapp:{CHANNEL}")
        answered = callbacks(stand, event)
        await stand.wait(lambda: bool(answered()))
        (sentence,) = answered()
        assert sentence.body["type"] == 4 and sentence.body["data"]["flags"] & 64
        assert "not turned on" in sentence.content

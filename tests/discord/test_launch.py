"""Play in the app on the table message, and the Entry Point command in the global sync,
against SimCord with the bot's Activity on (and off).

SimCord 3.2.1 has no field ``handler`` for application commands (discord.py 2.7 has no Entry
Point model either): the fixture :func:`entry_points` lets SimCord keep it, as Discord does,
so the real global sync runs. The type 12 answer itself is checked against the REST
stand-in (tests/web/test_launch.py); here Discord refuses it.
"""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.process.config import Settings

from .helpers import buttons, open_table, setup, speak, table_message, table_of

LABEL = "Play in the app"


@pytest.fixture
def settings(tmp_path, request, monkeypatch) -> Settings:
    """The bot's settings with the Activity on (its server on a free port of loopback, its
    page built: a stand-in ``index.html``), or off with
    ``@pytest.mark.parametrize("settings", [False], indirect=True)``."""
    on = getattr(request, "param", True)
    built = tmp_path / "dist"
    built.mkdir()
    (built / "index.html").write_text("<!doctype html><p>the table</p>", encoding="utf-8")
    monkeypatch.setattr("bot.web.server.PAGE_DIR", built)
    extra: dict[str, Any] = dict(activity_port=0, client_id="1",
                                 client_secret="s3cret") if on else {}
    return Settings(db_path=tmp_path / "ddz.db", dev_guild_id=None, turn_seconds=30,
                    ai_delay=0.0, trustee_delay=0.0, edit_delay=0.0, ai_in_thread=False,
                    ping_budget=False, **extra)


@pytest.fixture(autouse=True)
def entry_points(monkeypatch) -> None:
    """SimCord registers commands with an Entry Point's ``handler`` too."""
    import simcord.backend.ops.commands as ops
    import simcord.http.routes.commands as routes

    fields = (*ops.COMMAND_FIELDS, "handler")
    monkeypatch.setattr(ops, "COMMAND_FIELDS", fields)
    monkeypatch.setattr(routes, "COMMAND_FIELDS", fields)


def rows(message: discord.Message) -> list[list[Any]]:
    return [list(getattr(row, "children", [row])) for row in message.components]


def within_limits(message: discord.Message) -> None:
    """Discord's limits on a message's components: 5 rows, 5 buttons or 1 select a row."""
    laid = rows(message)
    assert 0 < len(laid) <= 5, len(laid)
    for row in laid:
        assert len(row) <= 5
        assert len(row) == 1 or all(isinstance(c, discord.Button) for c in row)


def launch_button(message: discord.Message) -> Any:
    found = [c for c in buttons(message) if getattr(c, "label", None) == LABEL]
    assert len(found) == 1, [getattr(c, "label", None) for c in buttons(message)]
    return found[0]


async def test_the_lobby_and_the_table_offer_the_app(simcord_env) -> None:
    env = simcord_env
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    await alice.slash(channel, "ddz new", variant="classic")
    await env.bot.presenter.drain()
    lobby = table_message(env, channel)
    within_limits(lobby)
    button = launch_button(lobby)
    assert button.custom_id == f"ddzapp:{channel.id}" and not button.disabled
    assert button.style == discord.ButtonStyle.primary
    assert [c.label for c in rows(lobby)[0]] == ["Join", "Add AI", "Start", "Leave"], \
        "the lobby's own row unchanged: the app on a row of its own"

    await open_table(env, channel, alice, "classic", [alice])  # two AI seats
    await env.bot.presenter.drain()
    playing = table_message(env, channel)
    assert table_of(env, channel).status == "playing"
    within_limits(playing)
    labels = [[getattr(c, "label", None) for c in row] for row in rows(playing)]
    assert LABEL in labels[1] and labels[1][0] == "My hand", labels
    assert labels[-1] == ["Leave"], "Leave keeps its row of its own"


async def test_a_private_lobby_keeps_its_invite_select(simcord_env) -> None:
    env = simcord_env
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    await alice.slash(channel, "ddz new", variant="classic", private=True)
    await env.bot.presenter.drain()
    lobby = table_message(env, channel)
    within_limits(lobby)
    laid = rows(lobby)
    assert isinstance(laid[1][0], discord.SelectMenu) and len(laid[1]) == 1
    assert [c.label for c in laid[2]] == [LABEL]


@pytest.mark.parametrize(("locale", "label"), [("zh-CN", "在应用中玩"),
                                                ("zh-TW", "在應用中玩")])
async def test_the_button_speaks_the_tables_language(simcord_env, monkeypatch, locale,
                                                     label) -> None:
    env = simcord_env
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    speak(monkeypatch, {alice.id: locale})
    await alice.slash(channel, "ddz new", variant="classic")
    await env.bot.presenter.drain()
    labels = [getattr(c, "label", None) for c in buttons(table_message(env, channel))]
    assert label in labels and LABEL not in labels


@pytest.mark.parametrize(("locale", "words"), [("en-US", "Discord did not open the app"),
                                                ("zh-CN", "Discord 没能在这里打开应用")])
async def test_a_launch_discord_refuses_is_one_private_sentence(simcord_env, monkeypatch,
                                                                 locale, words) -> None:
    env = simcord_env
    guild, channel = await setup(env)
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
    speak(monkeypatch, {bob.id: locale})
    await alice.slash(channel, "ddz new", variant="classic")
    await env.bot.presenter.drain()
    # the app has no Activity enabled: Discord refuses the LAUNCH_ACTIVITY answer
    env.inject_error("POST", "/interactions/*/*/callback", status=400, code=50035,
                     message="Invalid Form Body", times=1)
    result = await bob.click(table_message(env, channel), label=LABEL)  # a spectator
    assert result.ephemeral and words in result.response.content
    assert "Traceback" not in result.response.content
    assert table_of(env, channel).seat_of(bob.id) is None, "a click opens, never seats"


async def test_the_global_sync_registers_the_entry_point(simcord_env) -> None:
    env = simcord_env
    await setup(env)  # the global sync
    commands = env.backend.commands[None]
    entry = commands[("launch", 4)]
    assert entry["handler"] == 2 and entry["contexts"] == [0]
    assert [key for key in commands if key[1] == 4] == [("launch", 4)]
    assert ("ddz", 1) in commands


@pytest.mark.parametrize("settings", [False], indirect=True)
async def test_without_the_activity_nothing_offers_the_app(simcord_env) -> None:
    env = simcord_env
    guild, channel = await setup(env)
    assert not [key for key in env.backend.commands[None] if key[1] == 4]
    alice = guild.add_member(env.create_user("alice"))
    await alice.slash(channel, "ddz new", variant="classic")
    await env.bot.presenter.drain()
    lobby = table_message(env, channel)
    assert LABEL not in [getattr(c, "label", None) for c in buttons(lobby)]
    await open_table(env, channel, alice, "classic", [alice])
    await env.bot.presenter.drain()
    assert LABEL not in [getattr(c, "label", None)
                         for c in buttons(table_message(env, channel))]

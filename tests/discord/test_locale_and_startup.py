"""Replies in the user's language, command translations, and the entry point's messages
(SimCord always speaks en-US, so the Chinese paths are checked here directly)."""

from __future__ import annotations

import asyncio
import re
import string

import discord
import pytest
from discord import app_commands

from bot.engine import Rules, parse_cards
from bot.process import app
from bot.process.config import ConfigError, Settings
from bot.store.errors import ClaimRefusedError
from bot.tables import TableError
from bot.words.catalogue import STRINGS, t
from bot.words.errors import ZH_ERRORS, error_text
from bot.words.locales import EN, TW, ZH
from cogs.i18n import DdzTranslator, locale_of


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_string_exists_in_every_language_with_the_same_placeholders() -> None:
    for key, english in STRINGS[EN].items():
        for locale in (ZH, TW):
            assert key in STRINGS[locale], (locale, key)
            assert _fields(STRINGS[locale][key]) == _fields(english), (locale, key)


def test_locale_of_maps_discord_locales() -> None:
    assert locale_of(discord.Locale.chinese) == ZH
    assert locale_of(discord.Locale.taiwan_chinese) == TW
    assert locale_of("zh-HK") == TW
    assert locale_of(discord.Locale.american_english) == EN
    assert locale_of(discord.Locale.french) == EN  # English fallback
    assert locale_of(None) == EN


def test_card_errors_in_three_languages() -> None:
    with pytest.raises(Exception) as bad:
        parse_cards("33Z")
    assert "“z”" in error_text(bad.value, EN)
    assert error_text(bad.value, ZH).startswith("看不懂 “z”")
    assert "請用" in error_text(bad.value, TW)  # traditional characters
    with pytest.raises(Exception) as missing:
        parse_cards("777", hand="3457")
    assert error_text(missing.value, EN) == "You hold 1 × 7, not 3."
    assert error_text(missing.value, ZH) == "你只有 1 张 7，出不了 3 张。"


def test_store_and_table_errors_have_chinese_text() -> None:
    err = ClaimRefusedError("relief is for balances below 1000; you have 5000",
                            code="relief_not_needed", balance=5000, room_min=1000)
    assert error_text(err, ZH) == "救济只给余额低于 1000 豆的玩家；你有 5000 豆。"
    assert error_text(err, EN) == ("Relief is for players with fewer than 1000 beans; "
                                   "you have 5000.")
    assert error_text(TableError("no table here", code="no_table"), TW).startswith("這個頻道")


def test_a_bug_is_not_shown_as_text() -> None:
    assert error_text(KeyError("x"), EN) is None  # the handler logs it and shows an id
    assert "{id}" not in t(ZH, "err.unexpected", id="abc123")
    assert "abc123" in t(ZH, "err.unexpected", id="abc123")


def test_chinese_error_texts_format_with_their_own_parameters() -> None:
    for code, text in ZH_ERRORS.items():
        fields = _fields(text)
        assert text.format(**{f: "X" for f in fields}), code
        assert not re.search(r"\{[^}]*$", text), code


async def test_command_names_are_translated() -> None:
    translator = DdzTranslator()
    ctx = app_commands.TranslationContext(app_commands.TranslationContextLocation.command_name,
                                          None)
    assert await translator.translate(app_commands.locale_str("new"), discord.Locale.chinese,
                                      ctx) == "开桌"
    assert await translator.translate(app_commands.locale_str("new"),
                                      discord.Locale.taiwan_chinese, ctx) == "開桌"
    assert await translator.translate(app_commands.locale_str("new"),
                                      discord.Locale.american_english, ctx) is None


def test_settings_never_show_the_token(monkeypatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "secret.token.value")
    monkeypatch.setenv("DDZ_DEV_GUILD_ID", "1234")
    monkeypatch.setenv("DDZ_DEFAULT_LOCALE", "zh-CN")
    settings = Settings.from_env(env_file=None)
    assert settings.token == "secret.token.value" and settings.dev_guild_id == 1234
    assert settings.default_locale == ZH
    assert "secret" not in repr(settings) and "secret" not in str(settings)
    monkeypatch.setenv("DDZ_DEV_GUILD_ID", "my-server")
    with pytest.raises(ConfigError, match="DDZ_DEV_GUILD_ID"):
        Settings.from_env(env_file=None)


def test_missing_token_is_one_clear_line(monkeypatch, capsys, tmp_path) -> None:
    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.delenv("DDZ_DEV_GUILD_ID", raising=False)
    assert app.run([]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "DISCORD_TOKEN is not set" in err[0]


def test_rejected_token_is_one_clear_line(monkeypatch, capsys, tmp_path) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.delenv("DDZ_DEV_GUILD_ID", raising=False)

    async def refuse(settings: Settings) -> None:
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(app, "_serve", refuse)
    monkeypatch.setattr(discord.utils, "setup_logging", lambda **kw: None)
    assert app.run([]) == 2
    err = capsys.readouterr().err
    assert "rejected the token" in err and "not-a-real-token" not in err
    assert "Traceback" not in err


def test_no_network_is_one_clear_line(monkeypatch, capsys, tmp_path) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.delenv("DDZ_DEV_GUILD_ID", raising=False)

    async def offline(settings: Settings) -> None:
        raise OSError("Name or service not known")

    monkeypatch.setattr(app, "_serve", offline)
    monkeypatch.setattr(discord.utils, "setup_logging", lambda **kw: None)
    assert app.run([]) == 3
    err = capsys.readouterr().err
    assert "cannot reach Discord" in err and "Traceback" not in err


def test_serving_draws_the_card_sprites_while_logging_in(monkeypatch, tmp_path) -> None:
    """``python -m bot`` warms the picture caches in a thread while it connects."""
    import threading

    import render

    calls: list[str] = []
    monkeypatch.setattr(render, "warm_up", lambda: calls.append(threading.current_thread().name))

    async def start(bot: app.DdzBot, token: str, seconds: float) -> None:
        assert token == "not-a-real-token" and seconds == 30
        await asyncio.sleep(0)

    monkeypatch.setattr(app, "start_within", start)
    settings = Settings(db_path=tmp_path / "ddz.db", dev_guild_id=None,
                        token="not-a-real-token")
    asyncio.run(app._serve(settings))
    assert len(calls) == 1 and calls[0] != threading.main_thread().name


async def test_a_refused_new_table_keeps_the_open_table_language(simcord_env) -> None:
    """/ddz new in a channel whose table is open is refused, and that table goes on in
    its own language (the refused caller's language used to replace it)."""
    from .helpers import setup, table_message

    env = simcord_env
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    # as if Alice wrote in Chinese (SimCord's interactions all come in en-US)
    await env.bot.manager.create(channel.id, guild.id, alice.id, "alice", Rules.preset("classic"),
                                 locale=ZH)
    result = await bob.slash(channel, "ddz new", variant="happy")
    assert result.ephemeral and "❌" in result.response.content
    assert env.bot.presenter.locale(channel.id) == ZH
    await bob.click(table_message(env, channel), label="加入")  # a change: a new edit
    await env.bot.presenter.drain()
    embed = table_message(env, channel).embeds[0]
    assert embed.title.startswith("斗地主牌桌"), embed.title


async def test_a_table_keeps_its_language_through_a_restart(simcord_env, settings) -> None:
    from bot.process.app import create_bot

    from .helpers import restart, setup, table_message

    env = simcord_env
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    await env.bot.manager.create(channel.id, guild.id, alice.id, "alice", Rules.preset("happy"),
                                 locale=TW)
    await env.bot.presenter.drain()
    new_bot = await create_bot(settings)
    try:
        await restart(env, new_bot)
        await env.settle()
        await new_bot.presenter.drain()
        assert new_bot.manager._tables[channel.id].locale == TW
        embed = table_message(env, channel).embeds[0]
        assert embed.title.startswith("鬥地主牌桌"), embed.title
    finally:
        await new_bot.close_store()


def test_kind_names_in_each_language() -> None:
    """Autocomplete and the reading buttons name the pattern in the player's script."""
    from bot.engine import KINDS, Rules, readings
    from bot.words.names import KIND_NAMES, kind_name
    from cogs.controls import reading_view

    assert set(KIND_NAMES) == set(KINDS), "the Discord layer names every kind of the engine"
    assert [kind_name(loc, "rocket") for loc in (EN, ZH, TW)] == ["rocket", "王炸", "王炸"]
    assert [kind_name(loc, "pair_chain") for loc in (EN, ZH, TW)] == [
        "pair chain", "连对", "連對"]
    assert kind_name(TW, "plane_singles") == "飛機帶翅膀"
    for kind in KINDS:  # every name in Traditional script has no Simplified-only character
        assert not set(kind_name(TW, kind)) & set("斗单对带连顺飞机弹软纯级两癞张"), kind
    options = tuple(readings("333F", Rules.preset("super")))
    labels = [item.item.label for item in reading_view(1, options, TW).children]
    assert any(label.startswith("三帶一") for label in labels), labels

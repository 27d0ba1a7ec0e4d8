"""/ddz tournament's bad input not covered in test_tournament.py: rounds outside 1 to 9,
joining after the start, a second tournament in a channel (nothing changed on the first),
each refused with a private sentence in the user's language, nothing created or changed."""

from __future__ import annotations

import pytest
from simcord.backend.errors import OptionError

from .helpers import speak
from .test_tournament import admin_and_players, signup_message, with_runner


async def test_rounds_outside_one_to_nine_are_refused(simcord_env) -> None:
    """Discord itself refuses them (the option's range is 1 to 9): nothing reaches the bot,
    nothing is created."""
    env = simcord_env
    _guild, channel, boss, _ = await admin_and_players(env)
    for rounds in (0, 10):
        with pytest.raises(OptionError, match="rounds"):
            await boss.slash(channel, "ddz tournament new", name="Cup", rounds=rounds)
        assert await env.bot.store.channel_tournament(channel.id) is None
    assert len(channel.history()) == 0  # no sign-up message


async def test_joining_after_the_start_changes_nothing(simcord_env, monkeypatch) -> None:
    env = simcord_env
    guild, channel, boss, players = await admin_and_players(env, n=4)
    with_runner(env.bot)
    await boss.slash(channel, "ddz tournament new", name="Started", buy_in=100)
    for p in players[:3]:
        await p.slash(channel, "ddz tournament join")
    await boss.slash(channel, "ddz tournament start")
    store = env.bot.store
    tour = await store.channel_tournament(channel.id)
    late = players[3]
    answer = await late.slash(channel, "ddz tournament join")
    assert answer.ephemeral and "❌" in answer.response.content, answer.response.content
    assert "running" in answer.response.content.lower() or "start" in \
        answer.response.content.lower(), answer.response.content
    assert await store.tournament_entrants(tour.tournament_id) == [p.id for p in players[:3]]
    assert await store.get_player(guild.id, late.id) is None  # not even an account made
    speak(monkeypatch, {late.id: "zh-CN"})
    zh = await late.slash(channel, "ddz tournament join")
    assert zh.ephemeral and "❌" in zh.response.content
    assert "running" not in zh.response.content.lower() and "进行中" in zh.response.content
    assert (await store.get_tournament(tour.tournament_id)).pool == 300


async def test_a_second_tournament_leaves_the_first_alone(simcord_env) -> None:
    env = simcord_env
    _guild, channel, boss, players = await admin_and_players(env)
    await boss.slash(channel, "ddz tournament new", name="First", buy_in=10)
    await players[0].click(signup_message(channel), label="Join")
    first = await env.bot.store.channel_tournament(channel.id)
    posted = len(channel.history())
    again = await boss.slash(channel, "ddz tournament new", name="Second")
    assert again.ephemeral and "already has a tournament" in again.response.content
    assert len(channel.history()) == posted  # no second sign-up message
    now = await env.bot.store.channel_tournament(channel.id)
    assert now == first and now.settings.name == "First"

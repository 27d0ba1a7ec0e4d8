"""/ddz tournament through SimCord: creating (permission, bad input, the server's role), the
sign-up message and its buttons, joining with and without beans, start now, cancel, the
start by the clock (also after a restart), all with a fake round runner that records what
the desk asked of it (the real runner is bot.tournament_runner.runner)."""

from __future__ import annotations

from typing import Any

import discord

from bot.process.app import create_bot
from bot.words.locales import ZH

from .helpers import restart, setup, speak


class FakeRunner:
    """The round runner's two calls, recorded; ``start`` does the store's part of it."""

    def __init__(self, store: Any) -> None:
        self.store = store
        self.started: list[int] = []
        self.resumed = 0
        self.stopped = False

    async def start(self, tournament_id: int) -> None:
        await self.store.start_tournament(tournament_id)
        self.started.append(tournament_id)

    async def resume(self) -> int:
        self.resumed += 1
        return 0

    async def shutdown(self) -> None:
        self.stopped = True


def with_runner(bot: Any) -> FakeRunner:
    runner = FakeRunner(bot.store)
    bot.tournaments.runner = runner
    return runner


async def admin_and_players(env: Any, n: int = 3) -> tuple[Any, Any, Any, list[Any]]:
    guild, channel = await setup(env)
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    boss = guild.add_member(env.create_user("boss"), roles=[admins])
    players = [guild.add_member(env.create_user(f"p{k}")) for k in range(n)]
    return guild, channel, boss, players


def signup_message(channel: Any) -> discord.Message:
    """The sign-up message as it is now (a fresh snapshot)."""
    for message in reversed(channel.history()):
        if message.embeds and (message.embeds[0].footer.text or "").startswith("#"):
            return message
    raise AssertionError("no sign-up message")


def labels(message: discord.Message) -> list[str]:
    return [c.label for row in message.components for c in row.children]


async def test_create_join_leave_by_buttons_and_commands(simcord_env) -> None:
    env = simcord_env
    guild, channel, boss, (ann, bo, cy) = await admin_and_players(env)
    made = await boss.slash(channel, "ddz tournament new", name="Friday 周五", buy_in=100,
                            split="60,40", rounds=2, deals=3, start_in=10)
    assert made.ephemeral and "❌" not in made.response.content, made.response.content
    message = signup_message(channel)
    embed = message.embeds[0]
    assert "Friday 周五" in embed.title
    assert "<t:" in embed.description and ":R>" in embed.description  # the start, relative
    assert "2 round(s) of 3 deal(s)" in embed.description and "100 beans" in embed.description
    assert labels(message) == ["Join", "Leave", "Start now", "Cancel"]
    assert "Nobody yet" in embed.fields[0].value

    joined = await ann.click(message, label="Join")
    assert joined.ephemeral and "You are in" in joined.response.content
    assert await env.bot.store.balance(guild.id, ann.id) == 10_000 - 100
    by_command = await bo.slash(channel, "ddz tournament join")
    assert by_command.ephemeral and "2 entrants" in by_command.response.content
    embed = signup_message(channel).embeds[0]
    assert f"<@{ann.id}>" in embed.fields[0].value and f"<@{bo.id}>" in embed.fields[0].value
    assert embed.fields[0].name == "Entrants (2)"
    assert "1. 120 · 2. 80" in embed.fields[1].value  # the pool of 200 split 60/40

    twice = await ann.click(signup_message(channel), label="Join")
    assert twice.ephemeral and "already signed up" in twice.response.content
    left = await ann.click(signup_message(channel), label="Leave")
    assert "buy-in of 100 beans is back" in left.response.content
    assert await env.bot.store.balance(guild.id, ann.id) == 10_000
    not_in = await cy.slash(channel, "ddz tournament leave")
    assert "not signed up" in not_in.response.content
    assert signup_message(channel).embeds[0].fields[0].name == "Entrants (1)"


async def test_who_may_create_and_the_servers_tournament_role(simcord_env) -> None:
    env = simcord_env
    guild, channel, boss, (ann, bo, _) = await admin_and_players(env)
    refused = await ann.slash(channel, "ddz tournament new", name="Mine")
    assert refused.ephemeral and "Manage Server" in refused.response.content
    assert await env.bot.store.channel_tournament(channel.id) is None  # nothing made

    hosts = guild.create_role("Hosts")
    bad = await boss.slash(channel, "ddz config", key="tournament_role", value="<@&12345>")
    assert "❌" in bad.response.content  # not a role of this server
    ok = await boss.slash(channel, "ddz config", key="tournament_role", value=hosts.mention)
    assert "❌" not in ok.response.content and hosts.mention in ok.response.content
    shown = await boss.slash(channel, "ddz config")
    assert f"`tournament_role` = {hosts.mention}" in shown.response.content

    host = guild.add_member(env.create_user("host"), roles=[hosts])
    made = await host.slash(channel, "ddz tournament new", name="Hosted")
    assert "❌" not in made.response.content, made.response.content
    tour = await env.bot.store.channel_tournament(channel.id)
    assert tour is not None and tour.creator_id == host.id

    # Start and Cancel: the creator or a manager only, refused privately to the others
    for label in ("Start now", "Cancel"):
        no = await bo.click(signup_message(channel), label=label)
        assert no.ephemeral and "Only the tournament's creator" in no.response.content
    assert (await env.bot.store.get_tournament(tour.tournament_id)).status == "signup"


async def test_bad_input_is_refused_and_nothing_is_made(simcord_env, monkeypatch) -> None:
    env = simcord_env
    guild, channel, boss, _ = await admin_and_players(env)
    store = env.bot.store
    for options, words in (({"split": "50,30"}, "adding up to 100"),
                           ({"split": "half,half"}, "adding up to 100"),
                           ({"name": "x" * 61}, "1 to 60 characters")):
        answer = await boss.slash(channel, "ddz tournament new", **{"name": "Cup", **options})
        assert answer.ephemeral and "❌" in answer.response.content and \
            words in answer.response.content, answer.response.content
        assert await store.channel_tournament(channel.id) is None
    assert len(channel.history()) == 0  # no sign-up message either

    await boss.slash(channel, "ddz tournament new", name="Cup")
    again = await boss.slash(channel, "ddz tournament new", name="Cup 2")
    assert "already has a tournament" in again.response.content

    speak(monkeypatch, {boss.id: "zh-CN"})
    other = guild.create_text_channel("other")
    zh = await boss.slash(other, "ddz tournament new", name="杯", split="70,20")
    assert zh.ephemeral and "加起来等于 100" in zh.response.content
    nothing = await boss.slash(other, "ddz tournament join")
    assert "这个频道没有比赛" in nothing.response.content
    assert ZH  # the zh-CN words above are the catalogue's


async def test_a_buy_in_above_the_balance_is_refused_clearly(simcord_env) -> None:
    env = simcord_env
    guild, channel, boss, (ann, _, _) = await admin_and_players(env)
    await boss.slash(channel, "ddz tournament new", name="High roller", buy_in=50_000)
    refused = await ann.click(signup_message(channel), label="Join")
    assert refused.ephemeral
    assert "The buy-in is 50000 beans and you have 10000" in refused.response.content
    assert await env.bot.tournaments.store.tournament_entrants(
        (await env.bot.store.channel_tournament(channel.id)).tournament_id) == []
    assert await env.bot.store.balance(guild.id, ann.id) == 10_000


async def test_start_now_needs_entrants_then_runs(simcord_env) -> None:
    env = simcord_env
    _guild, channel, boss, players = await admin_and_players(env)
    runner = with_runner(env.bot)
    await boss.slash(channel, "ddz tournament new", name="Now", start_in=30)
    tour = await env.bot.store.channel_tournament(channel.id)
    await players[0].click(signup_message(channel), label="Join")
    early = await boss.click(signup_message(channel), label="Start now")
    assert "1 entrant(s): a tournament needs at least 3" in early.response.content
    assert runner.started == [] and env.bot.tournaments.armed() == [tour.tournament_id]

    for p in players[1:]:
        await p.slash(channel, "ddz tournament join")
    started = await boss.slash(channel, "ddz tournament start")
    assert started.ephemeral and "has started" in started.response.content
    assert runner.started == [tour.tournament_id]
    assert env.bot.tournaments.armed() == []  # the clock is off
    message = signup_message(channel)
    assert "Running: round 1 of 3" in message.embeds[0].description
    assert labels(message) == []  # no buttons once it runs
    assert any("has started" in (m.content or "") for m in channel.history())
    late = await players[0].slash(channel, "ddz tournament leave")
    assert "❌" in late.response.content  # running: nobody leaves the list


async def test_cancel_returns_the_buy_ins_and_says_so(simcord_env) -> None:
    env = simcord_env
    guild, channel, boss, (ann, bo, _) = await admin_and_players(env)
    with_runner(env.bot)
    await ann.slash(channel, "ddz balance")
    await boss.slash(channel, "ddz tournament new", name="Gone", buy_in=300)
    for p in (ann, bo):
        await p.click(signup_message(channel), label="Join")
    assert await env.bot.store.balance(guild.id, ann.id) == 9_700
    done = await boss.click(signup_message(channel), label="Cancel")
    assert done.ephemeral and "2 buy-in(s) returned" in done.response.content
    for p in (ann, bo):
        assert await env.bot.store.balance(guild.id, p.id) == 10_000
    message = signup_message(channel)
    assert "Cancelled" in message.embeds[0].description and labels(message) == []
    assert env.bot.tournaments.armed() == []
    # the channel is free again
    again = await boss.slash(channel, "ddz tournament new", name="Again")
    assert "❌" not in again.response.content


async def test_without_a_runner_a_start_is_refused(simcord_env) -> None:
    env = simcord_env
    env.bot.tournaments.runner = None  # a bot that runs no rounds (the bot has one)
    _guild, channel, boss, players = await admin_and_players(env)
    await boss.slash(channel, "ddz tournament new", name="Nobody runs it")
    for p in players:
        await p.click(signup_message(channel), label="Join")
    refused = await boss.click(signup_message(channel), label="Start now")
    assert refused.ephemeral and "cannot start on this bot" in refused.response.content
    tour = await env.bot.store.channel_tournament(channel.id)
    assert tour.status == "signup"


async def test_the_clock_starts_it_or_cancels_it(simcord_env) -> None:
    env = simcord_env
    guild, channel, boss, players = await admin_and_players(env)
    runner = with_runner(env.bot)
    await boss.slash(channel, "ddz tournament new", name="Timed", start_in=5)
    for p in players:
        await p.click(signup_message(channel), label="Join")
    await env.advance_time(4 * 60)
    assert runner.started == []
    await env.advance_time(61)
    await env.settle()
    tour = await env.bot.store.get_tournament(runner.started[0])
    assert tour.status == "running"

    few = guild.create_text_channel("few")
    await boss.slash(few, "ddz tournament new", name="Lonely", start_in=1, buy_in=10)
    await players[0].click(signup_message(few), label="Join")
    await env.advance_time(61)
    await env.settle()
    lonely = await env.bot.store.channel_tournament(few.id, open_only=False)
    assert lonely.status == "cancelled" and len(runner.started) == 1
    assert await env.bot.store.balance(guild.id, players[0].id) == 10_000
    said = [m.content for m in few.history() if m.content]
    assert any("1 entrant(s), at least 3 needed" in s for s in said), said


async def test_the_clock_survives_a_restart(simcord_env, settings) -> None:
    env = simcord_env
    _guild, channel, boss, players = await admin_and_players(env)
    await boss.slash(channel, "ddz tournament new", name="Restarted", start_in=10)
    for p in players[:2]:
        await p.click(signup_message(channel), label="Join")
    old = env.bot
    new_bot = await create_bot(settings)
    try:
        runner = with_runner(new_bot)
        # the old process is gone: its clocks (the sign-up's, the database upkeep's) too
        old.tournaments.close()
        if old._maintenance is not None:
            old._maintenance.cancel()
        await restart(env, new_bot)
        await env.settle()
        assert runner.resumed == 1 and len(new_bot.tournaments.armed()) == 1
        # the buttons still work on the old message
        joined = await players[2].click(signup_message(channel), label="Join")
        assert "3 entrants" in joined.response.content
        assert signup_message(channel).embeds[0].fields[0].name == "Entrants (3)"
        await env.advance_time(10 * 60 + 1)
        await env.settle()
        assert len(runner.started) == 1
        assert "Running" in signup_message(channel).embeds[0].description
    finally:
        await new_bot.close_store()

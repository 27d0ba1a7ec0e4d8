"""A small tournament through SimCord on the real round runner: the sign-up message shows
where it is (the round and the standings' leader during round 2, "Finished" with the
winners at the end), each round's standings and the final ranking are posted once, and
every table's thread ends with the words of a closed tournament table, never a raw key;
a server manager's /ddz stop at a table lets the AI play it on, said in the channel."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from bot.process.app import create_bot
from tests.bot.helpers import quick_decide

from .helpers import restart
from .test_tournament import admin_and_players, signup_message
from .test_tournament_whole import _until


async def _cup(env: Any, settings: Any, made: list[Any], *, away: bool = True,
               seen: list[tuple[str, int, str]] | None = None
               ) -> tuple[Any, Any, Any, list[Any], int]:
    """A 3-entrant cup of 2 rounds of 1 deal, started; ``seen`` gets the sign-up
    message after each of the runner's refreshes."""
    settings = dataclasses.replace(settings, turn_seconds=600)
    made.append(await create_bot(settings, decide=quick_decide))
    await restart(env, made[0])
    guild, channel, boss, players = await admin_and_players(env, n=3)
    await boss.slash(channel, "ddz tournament new", name="Mini", rounds=2, deals=1,
                     buy_in=100, split="100")
    for p in players:
        await p.click(signup_message(channel), label="Join")
    store = env.bot.store
    tid = (await store.channel_tournament(channel.id)).tournament_id
    if away:  # the AI plays every seat
        await store.set_tournament_away(tid, [p.id for p in players])
    if seen is not None:
        host = env.bot.tournament_host
        refresh = host.progress

        async def progress(t: Any) -> None:
            await refresh(t)
            seen.append((t.status, t.round_no,
                         signup_message(channel).embeds[0].description))

        host.progress = progress
    started = await boss.click(signup_message(channel), label="Start now")
    assert "❌" not in (started.response.content or ""), started.response.content
    return guild, channel, boss, players, tid


def _threads_closing(channel: Any) -> list[str]:
    return [t.last_message.content for t in channel.threads if t.last_message is not None]


@pytest.mark.simcord(settle_timeout=15)
async def test_the_signup_message_follows_the_rounds(simcord_env, settings) -> None:
    env, made = simcord_env, []
    try:
        seen: list[tuple[str, int, str]] = []  # the sign-up message after each refresh
        _guild, channel, _boss, _players, tid = await _cup(env, settings, made, seen=seen)
        store = env.bot.store

        async def finished() -> bool:
            t = await store.get_tournament(tid)
            return t.status == "finished" and "Finished" in \
                signup_message(channel).embeds[0].description

        await _until(env, finished, "the end")
        second = [shown for status, n, shown in seen if (status, n) == ("running", 2)]
        assert second and all("Running: round 2 of 2" in s and "Leading: " in s
                              for s in second), seen
        shown = signup_message(channel).embeds[0].description
        assert "Winners: 1. " in shown and "Prizes: 1. " in shown, shown
        said = [m.content for m in channel.history()]
        for heading in ("round 1 of 2 is over", "round 2 of 2 is over", "Final ranking"):
            assert sum(heading in s for s in said) == 1, (heading, said)
        closing = _threads_closing(channel)
        assert len(closing) == 2 and all("closed.tournament" not in c for c in closing)
        assert all("This tournament table is closed" in c for c in closing), closing
    finally:
        for bot in made:
            await bot.close_store()


@pytest.mark.simcord(settle_timeout=15)
async def test_a_managers_stop_at_a_table_lets_the_ai_play_on(simcord_env, settings) -> None:
    env, made = simcord_env, []
    try:
        _guild, channel, boss, players, tid = await _cup(env, settings, made, away=False)
        store = env.bot.store

        async def seated() -> bool:
            return env.bot.manager.table_of(players[0].id) is not None

        await _until(env, seated, "round 1 seated")
        (thread,) = channel.threads
        stopped = await boss.slash(thread, "ddz stop")
        assert "❌" not in stopped.response.content, stopped.response.content
        await env.settle()
        said = [m.content for m in channel.history()]
        assert any("A server manager closed table 1 of round 1" in s and
                   "The tournament goes on" in s for s in said), said
        assert await store.tournament_away(tid) == {p.id for p in players}

        async def finished() -> bool:
            return (await store.get_tournament(tid)).status == "finished"

        await _until(env, finished, "the end, played by the AI")
        table = await store.tournament_standings(tid)
        assert all(s.deals == 2 for s in table), [s.deals for s in table]
    finally:
        for bot in made:
            await bot.close_store()

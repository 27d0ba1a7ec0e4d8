"""The round runner's Discord host through SimCord: a thread per table (a channel when
threads are refused), the players pinged there; the standings after a round and the final
ranking with prizes in the tournament's channel (picture and text); then /ddz tournament
show and /ddz history. The runner's calls are made here by hand, as the runner makes them."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from bot.tournaments import SeatScore

from .helpers import speak
from .test_tournament import admin_and_players, signup_message, with_runner


async def running_cup(env: Any, buy_in: int = 100) -> tuple[Any, Any, Any, list[Any], Any]:
    """A 3-entrant tournament of one round of 2 deals, started, its round seated."""
    guild, channel, boss, players = await admin_and_players(env)
    with_runner(env.bot)
    await boss.slash(channel, "ddz tournament new", name="Cup 杯", rounds=1, deals=2,
                     buy_in=buy_in, split="70,30")
    for p in players:
        await p.slash(channel, "ddz tournament join")
    await boss.slash(channel, "ddz tournament start")
    store = env.bot.store
    tour = await store.channel_tournament(channel.id)
    await store.save_round(tour.tournament_id, 1, [tuple(p.id for p in players)])
    return guild, channel, boss, players, await store.get_tournament(tour.tournament_id)


async def play_round(store: Any, tour: Any, players: list[Any]) -> None:
    """Two deals counted: p0 wins both as landlord."""
    a, b, c = (p.id for p in players)
    for deal in (1, 2):
        await store.record_result(tour.tournament_id, 1, 1, deal, f"g{deal}", [
            SeatScore(a, 4, "landlord", True), SeatScore(b, -2, "farmer", False),
            SeatScore(c, -2, "farmer", False)])


async def test_a_thread_per_table_with_its_players_pinged(simcord_env) -> None:
    env = simcord_env
    _guild, channel, _boss, players, tour = await running_cup(env)
    host = env.bot.tournament_host
    place = await host.open_table_place(tour, 1, 1)
    (thread,) = channel.threads
    assert thread.id == place and thread.name == "Cup 杯 · R1 T1"
    ping = thread.last_message
    assert all(f"<@{p.id}>" in ping.content for p in players)
    assert "round 1, table 1" in ping.content
    assert await host.open_table_place(tour, 1, 1) == place  # asked again: the same place
    assert len(channel.threads) == 1


async def test_threads_refused_give_the_table_a_channel(simcord_env) -> None:
    env = simcord_env
    guild, channel, _boss, _players, tour = await running_cup(env)
    env.inject_error("POST", f"/channels/{channel.id}/threads", status=403, code=50013,
                     message="Missing Permissions", times=None)
    place = await env.bot.tournament_host.open_table_place(tour, 1, 1)
    made = [c for c in guild.channels.values() if c.id == place]
    assert made and not made[0].is_thread
    assert "its own channel" in made[0].last_message.content


async def test_round_over_and_the_final_ranking_with_prizes(simcord_env) -> None:
    env = simcord_env
    _guild, channel, _boss, players, tour = await running_cup(env)
    store, host = env.bot.store, env.bot.tournament_host
    await play_round(store, tour, players)
    table = await store.tournament_standings(tour.tournament_id)
    await host.round_over(tour, 1, table)
    posted = channel.last_message
    assert "round 1 of 1 is over" in posted.content and "```" in posted.content
    assert "Ties: points" in posted.content and "p0" in posted.content
    picture = Image.open(io.BytesIO(await posted.attachments[0].read()))
    assert posted.attachments[0].filename == "standings-r1.png" and picture.width == 880

    payout = await store.pay_prizes(tour.tournament_id)
    await host.tournament_over(await store.get_tournament(tour.tournament_id), table, payout)
    final = channel.last_message
    assert "Final ranking" in final.content and "Prizes: 1. p0 +210 · 2. p1 +45" in \
        final.content, final.content  # the pool of 300: 70 % and 30 % (p1, p2 tied)
    assert final.attachments[0].filename == "standings-final.png"
    await host.progress(await store.get_tournament(tour.tournament_id))  # the runner's next
    shown = signup_message(channel).embeds[0].description
    assert "Finished" in shown and "Winners: 1. p0 · 2. p1 · 2. p2" in shown, shown
    assert "Prizes: 1. p0 +210 · 2. p1 +45" in shown


async def test_show_and_history_list_the_tournament(simcord_env, monkeypatch) -> None:
    env = simcord_env
    _guild, channel, _boss, players, tour = await running_cup(env, buy_in=0)
    store = env.bot.store
    during = await players[1].slash(channel, "ddz tournament show")
    embed = during.response.embeds[0]
    assert during.ephemeral and "Running: round 1 of 1" in embed.description
    assert "No deal has been counted yet" not in embed.description  # no table: no block
    await play_round(store, tour, players)
    payout = await store.pay_prizes(tour.tournament_id)
    await env.bot.tournament_host.tournament_over(tour, await store.tournament_standings(
        tour.tournament_id), payout)

    shown = await players[1].slash(channel, "ddz tournament show", id=tour.tournament_id)
    embed = shown.response.embeds[0]
    assert "Status: Finished" in embed.description and "No prizes" in embed.description
    assert "+8" in embed.description  # p0's points in the block
    assert shown.response.attachments[0].filename == "standings.png"
    unknown = await players[1].slash(channel, "ddz tournament show", id=999)
    assert "There is no tournament #999" in unknown.response.content

    history = await players[0].slash(channel, "ddz history")
    field = history.response.embeds[0].fields[0]
    assert field.name == "Tournaments" and "Cup 杯" in field.value
    assert "rank 1/3 · +8 pts" in field.value and f"#{tour.tournament_id}" in field.value

    speak(monkeypatch, {players[0].id: "zh-CN"})
    zh = await players[0].slash(channel, "ddz tournament show")
    assert "状态：已结束" in zh.response.embeds[0].description
    assert "积分" in zh.response.embeds[0].description

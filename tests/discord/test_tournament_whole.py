"""A whole server tournament through SimCord, on the real round runner (issue 38): nine
entrants sign up with buy-ins, three rounds of two duplicate deals are played at tables in
threads, one player plays every turn through /ddz play, one leaves mid-tournament (the AI
plays the seat and the points still count), the bot restarts between rounds, and the
standings after each round and the prizes at the end are checked against the store."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from bot.process.app import create_bot
from bot.tournaments import deal_plan
from tests.bot.helpers import quick_decide
from tests.tournaments.test_runner import results

from .helpers import restart, take_turn
from .test_tournament import admin_and_players, signup_message


async def _until(env: Any, done: Any, what: str, steps: int = 4000) -> None:
    """Let the tables play (simulated time moves on when nothing is left to do)."""
    for n in range(steps):
        if await done():
            return
        await env.settle()
        if n % 5 == 4:
            await env.advance_time(3.0)  # the runner's pause between deals, turn timers
    raise AssertionError(f"never: {what}")


def _table_of(env: Any, user_id: int) -> Any:
    """The live table where ``user_id`` sits now (None: between tables, or away)."""
    table = env.bot.manager.table_of(user_id)
    return env.bot.manager._tables.get(table.channel_id) if table is not None else None


def _channel(guild: Any, channel_id: int) -> Any:
    for channel in guild.channels.values():
        if channel.id == channel_id:
            return channel
    for channel in guild.channels.values():
        for thread in getattr(channel, "threads", ()):
            if thread.id == channel_id:
                return thread
    raise AssertionError(f"no channel {channel_id}")


@pytest.mark.simcord(settle_timeout=15)  # three tables deal at once: slow on a busy machine
async def test_a_whole_tournament(simcord_env, settings) -> None:
    env = simcord_env
    # a settle runs the virtual timers due within its timeout: turns long enough that no
    # one is timed out (and stepped away) while the test waits for the bot
    settings = dataclasses.replace(settings, turn_seconds=600)
    # the AI's quick decider plays the seats (the real AI's search is tested elsewhere)
    made = [await create_bot(settings, decide=quick_decide)]
    await restart(env, made[0])
    try:
        await _whole_tournament(env, settings, made)
    finally:
        for bot in made:
            await bot.close_store()


async def _whole_tournament(env: Any, settings: Any, made: list[Any]) -> None:
    guild, channel, boss, players = await admin_and_players(env, n=9)
    ann, leaver, others = players[0], players[1], players[2:]
    opened = await boss.slash(channel, "ddz tournament new", name="Friday Cup", rounds=3,
                              deals=2, buy_in=100, split="50,30,20", duplicate=True)
    assert "❌" not in opened.response.content, opened.response.content
    for p in players:
        joined = await p.click(signup_message(channel), label="Join")
        assert "You are in" in joined.response.content, joined.response.content
    store = env.bot.store
    tour = await store.channel_tournament(channel.id)
    tid = tour.tournament_id
    before = {p.id: await store.balance(guild.id, p.id) for p in players}
    assert all(b == 10_000 - 100 for b in before.values())

    started = await boss.click(signup_message(channel), label="Start now")
    assert "❌" not in (started.response.content or ""), started.response.content
    await env.settle()
    assert len(channel.threads) == 3  # round 1: three tables of three, a thread each

    # seven entrants step away at once (their seats are the AI's, their points count)
    for p in others:
        for _ in range(200):  # round 1's tables open one after another
            if _table_of(env, p.id) is not None:
                break
            await env.settle()
        table = _table_of(env, p.id)
        assert table is not None, "every entrant is seated in round 1"
        thread = _channel(guild, table.channel_id)
        asked = await p.click(_message(env, thread), label="Leave")
        assert "steps away" in asked.response.content, asked.response.content  # asked first
        await p.click(asked.response, label="Leave the deal")

    async def round_done(n: int) -> bool:
        return (await store.get_tournament(tid)).round_no > n or \
            (await store.get_tournament(tid)).status == "finished"

    async def play_until(n: int) -> None:
        """Ann plays each of her turns by /ddz play; the leaver plays round 1's first turns
        and then leaves the table in the middle of a deal."""
        for _ in range(6000):
            if await round_done(n):
                return
            for person in (ann, leaver):
                table = _table_of(env, person.id)
                if table is None or table.game is None or table.game.is_over:
                    continue
                seat = table.seat_of(person.id)
                if table.game.to_act != seat or table.seats[seat].auto:
                    continue
                thread = _channel(guild, table.channel_id)
                if person is leaver and table.game.phase == "play":
                    asked = await leaver.click(_message(env, thread), label="Leave")
                    # leaving ends the seat's own play: asked first, as on the page
                    assert "steps away" in asked.response.content, asked.response.content
                    await leaver.click(asked.response, label="Leave the deal")
                    await env.settle()
                    assert table.seats[seat].auto  # stepped away: the AI plays on
                    continue
                await take_turn(env, thread, person)
            await env.settle()
            await env.advance_time(1.0)
        raise AssertionError(f"round {n} never ended")

    await play_until(1)
    away = await store.tournament_away(tid)
    assert leaver.id in away and ann.id not in away
    posted = [m.content for m in channel.history() if "round 1 of 3 is over" in m.content]
    assert len(posted) == 1

    # the bot restarts between rounds (as after a crash): the runner resumes from the store
    made.append(await create_bot(settings, decide=quick_decide))
    await restart(env, made[-1])
    store = env.bot.store
    await play_until(3)
    await _until(env, lambda: _finished(store, tid), "the prizes")

    # the standings are the store's, after each round and at the end
    for n in (1, 2, 3):
        said = [m for m in channel.history() if f"round {n} of 3 is over" in m.content]
        assert len(said) == 1, n  # once, also across the restart
        assert said[0].attachments and said[0].attachments[0].filename == f"standings-r{n}.png"
    final = [m for m in channel.history() if "Final ranking" in m.content]
    assert len(final) == 1
    table = await store.tournament_standings(tid)
    assert [s.user_id for s in table] and len(table) == 9
    assert all(s.deals == 6 for s in table), [s.deals for s in table]  # 3 rounds × 2
    leaver_line = next(s for s in table if s.user_id == leaver.id)
    assert leaver_line.deals == 6  # the AI played on for the leaver: every deal counted

    # prizes: 900 beans in the pool, split 50/30/20 by the final ranking, paid once
    t = await store.get_tournament(tid)
    assert t.status == "finished" and t.paid
    after = {p.id: await store.balance(guild.id, p.id) for p in players}
    won = sum(after[u] - before[u] for u in after)
    assert won + (t.house_take or 0) == 900
    first = table[0]
    assert after[first.user_id] - before[first.user_id] >= 900 * 20 // 100

    # duplicate deals, as the stored games show: in each round every table dealt the same
    # cards, and between the two deals each player moved one seat on
    counted = await results(store, tid)
    assert len(counted) == 3 * 3 * 2
    for round_no in (1, 2, 3):
        seats = await store.round_tables(tid, round_no)
        seeds = set()
        for game_id, r, table_no, deal_no in counted:
            if r != round_no:
                continue
            record = await store.get_game(game_id)
            seeds.add(int(record.seed))
            seated = tuple(s.user_id for s in record.seats)
            for p, user in enumerate(seats[table_no - 1]):
                assert seated[(p + deal_no - 1) % 3] == user, (round_no, table_no, deal_no)
            assert int(record.seed) == deal_plan(t.seed, round_no, table_no, deal_no,
                                                 seats[table_no - 1], True).seed
        assert len(seeds) == 1, (round_no, seeds)  # one block: the same cards everywhere


async def _finished(store: Any, tid: int) -> bool:
    t = await store.get_tournament(tid)
    return t.status == "finished" and t.paid


def _message(env: Any, thread: Any) -> Any:
    wanted = env.bot.presenter.message(thread.id).id
    for message in thread.history():
        if message.id == wanted:
            return message
    raise AssertionError("no table message in the thread")

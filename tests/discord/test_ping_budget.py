"""Turn pings within their budget of Discord's rate limits: a burst of quick turns in one
channel sends few pings, none for a turn already over, one for a player's consecutive
turns, and the last one names whoever is to act."""

from __future__ import annotations

import dataclasses
import time

import pytest

from bot.process.app import create_bot
from cogs.pings import DEFAULT_BUDGET

from .helpers import open_table, restart, setup, table_of, take_turn

SENDS, DELETES = DEFAULT_BUDGET.sends, DEFAULT_BUDGET.deletes


class Requests:
    """The bot's ping requests to one channel as they leave, with the bot's (virtual)
    clock, and who was to act at that moment."""

    def __init__(self, bot, channel) -> None:
        self.sent: list[float] = []
        self.deleted: list[float] = []
        self.stale: list[str] = []  # pings sent for a turn that was over
        request = bot.http.request
        where = f"/channels/{channel.id}/messages"

        async def recorded(route, **kwargs):
            text = str((kwargs.get("json") or {}).get("content", ""))
            if route.method == "POST" and route.url.endswith(where) and "your turn" in text:
                self.sent.append(time.monotonic())
                table = bot.manager._tables.get(channel.id)
                seat = table.seats[table.game.to_act] if table and table.game else None
                if seat is None or f"<@{seat.user_id}>" not in text:
                    self.stale.append(text)
            elif route.method == "DELETE" and where + "/" in route.url:
                self.deleted.append(time.monotonic())
            return await request(route, **kwargs)

        bot.http.request = recorded


def _within(times: list[float], rate) -> None:
    """No window of ``rate.per`` seconds holds more than ``rate.count`` of ``times``."""
    for start in times:
        inside = [t for t in times if start <= t < start + rate.per]
        assert len(inside) <= rate.count, (rate, times)


def _pings(channel) -> list:
    return [m for m in channel.history() if "your turn" in (m.content or "")]


async def _budgeted(env, settings, seeds):
    """A bot with the budget on, dealing the fixture's seeds: a random deal could end
    before the burst's turns are taken (a landlord out in 8 turns failed the first test)."""
    bot = await create_bot(dataclasses.replace(settings, ping_budget=True), seed_source=seeds)
    await restart(env, bot)
    guild, channel = await setup(env)
    return bot, guild, channel, Requests(bot, channel)


async def _burst(env, channel, members: dict[int, object], turns: int) -> int:
    """``turns`` human turns as fast as players click, then 12 s for the pings to catch
    up; the human turns there were."""
    taken = 0
    for _ in range(400):
        table = table_of(env, channel)
        if taken == turns or table.status != "playing":
            break
        seat = table.game.to_act
        if seat in members and not table.seats[seat].auto:
            await take_turn(env, channel, members[seat])
            taken += 1
        else:
            await env.settle()
    for _ in range(12):
        await env.advance_time(1)
    return taken


@pytest.mark.simcord(settle_timeout=3)  # renders may take a while; the long waits are virtual
async def test_a_burst_of_turns_in_one_channel_keeps_within_the_budget(simcord_env, settings,
                                                                      seeds) -> None:
    env = simcord_env
    bot, guild, channel, sent = await _budgeted(env, settings, seeds)
    try:
        members = [guild.add_member(env.create_user(n)) for n in ("ann", "ben", "cat")]
        table = await open_table(env, channel, members[0], "classic", members)
        seats = {table.seat_of(m.id): m for m in members}
        turns = await _burst(env, channel, seats, turns=9)
        assert turns == 9
        _within(sent.sent, SENDS)
        _within(sent.deleted, DELETES)
        assert sent.stale == [], "no ping for a turn that was over"
        assert len(sent.sent) < turns, "turns over before their ping could go got none"
        await bot.presenter.drain()
        pings = _pings(channel)
        to_act = table_of(env, channel).game.to_act
        assert len(pings) == 1 and f"<@{seats[to_act].id}>" in pings[0].content, \
            [p.content for p in pings]
    finally:
        await bot.close_store()


@pytest.mark.simcord(settle_timeout=3)
async def test_one_players_quick_turns_share_one_ping(simcord_env, settings, seeds) -> None:
    """One person and two AI seats that answer at once: the person's turns come one after
    the other; once the budget is spent they share the ping that is out."""
    env = simcord_env
    bot, guild, channel, sent = await _budgeted(env, settings, seeds)
    try:
        alice = guild.add_member(env.create_user("alice"))
        await open_table(env, channel, alice, "classic", [alice])
        turns = await _burst(env, channel, {0: alice}, turns=8)
        assert turns == 8
        _within(sent.sent, SENDS)
        _within(sent.deleted, DELETES)
        assert sent.stale == []
        assert len(sent.sent) < turns, "her quick turns shared pings"
        await bot.presenter.drain()
        table = table_of(env, channel)
        pings = _pings(channel)
        if table.status == "playing" and table.game.to_act == 0:
            assert len(pings) == 1 and f"<@{alice.id}>" in pings[0].content
            phase = "bid" if table.game.phase == "bid" else "play"
            trick = table.game.trick
            if phase == "play" and trick is not None and trick.to_beat is not None and \
                    trick.to_beat_seat != 0:
                phase = "beat "  # a follower's ping names the play to beat (issue 36)
            assert f"your turn: {phase}" in pings[0].content
        else:
            assert pings == []
    finally:
        await bot.close_store()


async def test_tables_waiting_for_the_total_budget_wait_in_line() -> None:
    """Many tables' pings waiting for the bot's total ping budget each look again about
    when a slot is theirs, not all at every slot (issue 37: at 500 tables ~350 waited and
    woke ~2,300 times a second), and still spend within the budget."""
    import asyncio

    from cogs.pings import PingBudget, Rate, TurnPings, _Shown

    total = Rate(5, 0.1)  # 50 a second: the test takes about half a second
    pings = TurnPings(object(), object(), PingBudget(  # type: ignore[arg-type]
        sends=Rate(100, 1.0), deletes=Rate(100, 1.0), total=total))
    looks: dict[int, int] = {}
    sent: list[float] = []

    async def table(channel_id: int) -> None:  # as TurnPings._bring: look, wait or send
        ping = _Shown(1, channel_id, "your turn")
        while True:
            looks[channel_id] = looks.get(channel_id, 0) + 1
            if await pings._wait_for("send", ping, channel_id):
                continue
            pings._spend("send", channel_id)
            sent.append(time.monotonic())
            return  # (TurnPings._work forgets its place too, whatever way it ends)

    for _ in range(total.count):  # a budget in steady use: its slots free one by one
        pings._spend("send", 0)
        sent.append(time.monotonic())
        await asyncio.sleep(total.per / total.count)
    tables = 25
    await asyncio.gather(*(table(100 + i) for i in range(tables)))
    assert len(sent) == total.count + tables
    _within(sent, total)
    # each looked once, then about once more when its slot came: not once a slot
    assert sum(looks.values()) <= 3 * tables, looks
    assert not pings._lined  # a table that may send leaves the line

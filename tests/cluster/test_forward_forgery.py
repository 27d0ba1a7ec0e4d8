"""Forged and overheard forwards (issue 54, flaws 5 and 6): any role that can connect to the
database may ``LISTEN`` and ``NOTIFY`` on the forwarding channels (PostgreSQL checks no
privilege for either). Whatever such a role notifies, an owner acts only on the row it took
(the row is the truth), and what it can overhear is ids, never an interaction (its token,
its options).

The forger here is a plain connection that knows the channels' names (a hash of the
database's and schema's names: anyone can work them out). Each test drives the real
sender (:class:`~cogs.transport.forwarding.relay.Courier`) and the real owner
(:class:`~cogs.transport.forwarding.relay.Receiver`, recording what it would hand to discord.py).
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import secrets
from collections.abc import AsyncIterator, Callable
from typing import Any, cast

import asyncpg
import discord
import pytest

from bot.discord_api.cluster import ShardPlan
from bot.store.pg.forward import ForwardQueue, Notice, parse_id
from cogs.transport.forwarding.relay import Courier, Receiver, Taker

from .test_forward_reconnect import migrated, until

OWNER_SHARD = 1
FORGED = {"id": "666", "type": 3, "token": "forged-token",
          "data": {"component_type": 2, "custom_id": "ddz:1:leave"}}


class Recording(Receiver):
    """The owner of ``OWNER_SHARD`` of 2, noting each interaction it would dispatch."""

    def __init__(self, queue: ForwardQueue) -> None:
        super().__init__(discord.Client(intents=discord.Intents.default()), queue,
                         ShardPlan((OWNER_SHARD,), 2))
        self.handled: list[tuple[dict[str, Any], int | None]] = []

    def handle(self, data: dict[str, Any], deferral: int | None) -> None:
        self.handled.append((data, deferral))


def interaction(n: int) -> dict[str, Any]:
    """A DM click as the shard-0 process forwards it (small: it would fit a notification)."""
    return {"id": str(900_000 + n), "type": 3, "token": "tok" + secrets.token_hex(16),
            "user": {"id": "520000000000000011"},
            "data": {"component_type": 2, "custom_id": f"ddzh:1:hint{n}"}}


def message(data: dict[str, Any]) -> str:
    return json.dumps({"d": data, "deferral": 6}, separators=(",", ":"))


class Forger:
    """A connection of the hostile role: it notifies what it is given, as fast as it can,
    one statement at a time."""

    def __init__(self, raw: asyncpg.Connection) -> None:
        self.raw = raw
        self.sent = 0
        self._queue: asyncio.Queue[tuple[str, list[str]]] = asyncio.Queue()
        self._task = asyncio.get_running_loop().create_task(self._run())

    def notify(self, channel: str, texts: list[str]) -> None:
        self._queue.put_nowait((channel, texts))

    async def _run(self) -> None:
        while True:
            channel, texts = await self._queue.get()
            await self.raw.execute("SELECT pg_notify($1, t) FROM unnest($2::text[]) AS t",
                                   channel, texts)
            self.sent += len(texts)
            self._queue.task_done()

    async def drained(self) -> None:
        await self._queue.join()

    async def close(self) -> None:
        self._task.cancel()
        await asyncio.gather(self._task, return_exceptions=True)


class Side:
    """The sender's and the owner's queues, the owner's receiver, the sender's courier and
    a forger's connection, on one migrated schema."""

    def __init__(self, sender: ForwardQueue, owner: ForwardQueue, receiver: Recording,
                 courier: Courier, forger: Forger) -> None:
        self.sender, self.owner, self.receiver = sender, owner, receiver
        self.courier, self.forger = courier, forger


@pytest.fixture
async def side(pg_url: str) -> AsyncIterator[Side]:
    await migrated(pg_url)
    sender, owner = await ForwardQueue.open(pg_url), await ForwardQueue.open(pg_url)
    raw = await asyncpg.connect(pg_url)
    forger = Forger(raw)
    receiver = Recording(owner)
    try:
        await receiver.start()
        courier = Courier(sender, timeout=10.0)
        await courier.start()
        yield Side(sender, owner, receiver, courier, forger)
    finally:
        await forger.close()
        await receiver.close()
        await raw.close()
        await owner.close()
        await sender.close()


async def deliver_all(courier: Courier, payloads: list[str], together: int) -> list[bool]:
    """Forward ``payloads`` to the owner's shard, ``together`` at a time."""
    results: list[bool] = []
    queue = list(payloads)

    async def lane() -> None:
        while queue:
            results.append(await courier.deliver(OWNER_SHARD, queue.pop(0)))
    await asyncio.gather(*(lane() for _ in range(together)))
    return results


async def listening(raw: asyncpg.Connection, channels: list[str],
                    heard: Callable[[int, str, str], object]) -> None:
    for channel in channels:
        await raw.add_listener(channel, lambda _c, pid, name, text: heard(pid, name, text))


async def test_a_forger_racing_every_forward_never_wins(side: Side, pg_url: str) -> None:
    """100 DM clicks forwarded 4 at a time; for each notification it hears, the forger
    at once notifies the same forward id with a "Leave" click of its own (inline, as the
    notifications once carried it) and bare. The owner handles the 100 real clicks, each
    once, and nothing else."""
    spy = await asyncpg.connect(pg_url)
    forged = message(FORGED)
    try:
        forger = side.forger.raw.get_server_pid()

        def heard(pid: int, channel: str, text: str) -> None:
            if pid == forger:
                return  # its own
            forward_id = text.partition(":")[0]
            side.forger.notify(channel, [f"{forward_id}:{forged}" for _ in range(3)]
                               + [forward_id])
        await listening(spy, [side.owner.shard_channel(OWNER_SHARD)], heard)
        clicks = [interaction(n) for n in range(100)]
        results = await deliver_all(side.courier, [message(c) for c in clicks], 4)
        await side.forger.drained()
        await until(lambda: side.receiver.taken >= results.count(True))
    finally:
        await spy.close()
    handled = [data for data, _deferral in side.receiver.handled]
    won = [d for d in handled if d["token"] == FORGED["token"]]
    assert not won, f"forged clicks won {len(won)} of 100 forwards"
    assert results == [True] * 100
    assert sorted(d["id"] for d in handled) == sorted(c["id"] for c in clicks)
    assert {d["id"]: d["token"] for d in handled} == {c["id"]: c["token"] for c in clicks}


async def test_a_forged_notification_ahead_of_the_real_one_is_not_acted_on(
        side: Side, pg_url: str) -> None:
    """A forward's row is in, its own notification not heard yet, and the forger's
    notification for its id (carrying a click of the forger's) arrives first: the owner
    takes the row, and handles the row's click."""
    raw = await asyncpg.connect(pg_url)
    click = interaction(1)
    try:
        forward_id = await raw.fetchval(
            "INSERT INTO forwarded_interactions (shard, payload, created_at, deadline) "
            "VALUES ($1, $2, '2026-01-01', clock_timestamp() + interval '30 seconds') "
            "RETURNING forward_id", OWNER_SHARD, message(click))
    finally:
        await raw.close()
    side.forger.notify(side.owner.shard_channel(OWNER_SHARD),
                       [f"{forward_id}:{message(FORGED)}"])
    await side.forger.drained()
    side.forger.notify(side.owner.shard_channel(OWNER_SHARD), [str(forward_id)])
    await until(lambda: side.receiver.taken >= 1)
    assert side.receiver.handled == [(click, 6)]


async def test_a_forward_for_another_shard_is_not_taken_on_a_forged_notice(
        side: Side) -> None:
    """The forger names, on this owner's channel, a forward queued for another shard (whose
    owner is down): the owner does not take it, so its sender still answers it."""
    elsewhere = await side.sender.send(OWNER_SHARD + 1, message(interaction(2)),
                                       timeout_s=30.0)
    side.forger.notify(side.owner.shard_channel(OWNER_SHARD),
                       [str(elsewhere), f"{elsewhere}:{message(FORGED)}"])
    await side.forger.drained()
    click = interaction(3)  # a real one after the forgeries: handled once they are done
    assert await side.courier.deliver(OWNER_SHARD, message(click)) is True
    await until(lambda: side.receiver.taken >= 1)
    assert [data for data, _ in side.receiver.handled] == [click]
    assert await side.sender.expire(elsewhere) is True  # still there: nobody took it


async def test_a_listener_on_every_forwarding_channel_hears_only_ids(
        side: Side, pg_url: str) -> None:
    """A role that can connect listens on every shard's channel and the acknowledgements':
    it hears numbers, never a token, a custom id or anything else of an interaction."""
    spy = await asyncpg.connect(pg_url)
    overheard: list[tuple[str, str]] = []
    try:
        channels = [side.owner.shard_channel(s) for s in range(4)] + [side.owner.ack_channel]
        await listening(spy, channels, lambda _pid, name, text: overheard.append((name, text)))
        clicks = [interaction(n) for n in range(20)]
        assert await deliver_all(side.courier, [message(c) for c in clicks], 2) == [True] * 20
        await until(lambda: len(overheard) >= 40)  # each forward's notice and its ack
    finally:
        await spy.close()
    assert {name for name, _ in overheard} == {side.owner.shard_channel(OWNER_SHARD),
                                                side.owner.ack_channel}
    leaked = [text for _, text in overheard if not re.fullmatch(r"[0-9]+", text)]
    assert not leaked, f"{len(leaked)} notification(s) carry more than an id: {leaked[0]!r}"
    assert not any(c["token"] in text for c in clicks for _, text in overheard)


async def test_a_forged_acknowledgement_does_not_silence_the_restarting_answer(
        side: Side, pg_url: str) -> None:
    """The owner of shard 3 is down; for every forward to it the forger notifies its id on
    the acknowledgement channel, again and again. The sender still finds the row there at
    its timeout, deletes it and answers "restarting" (deliver is False)."""
    spy = await asyncpg.connect(pg_url)
    courier = Courier(side.sender, timeout=1.0)
    await courier.start()
    try:
        forger = side.forger.raw.get_server_pid()

        def heard(pid: int, _channel: str, text: str) -> None:
            if pid != forger:
                side.forger.notify(side.owner.ack_channel, [text.partition(":")[0]] * 5)
        await listening(spy, [side.owner.shard_channel(3)], heard)
        results = await asyncio.gather(*(courier.deliver(3, message(interaction(n)))
                                         for n in range(5)))
        await side.forger.drained()
    finally:
        await spy.close()
    assert side.forger.sent >= 5
    assert results == [False] * 5  # nobody took them: each is answered "restarting"
    assert courier.false_acks >= 5  # each looked at its row, and found it still there


@pytest.mark.parametrize("text, forward_id", [
    ("1", 1), ("42", 42), (str(2 ** 63 - 1), 2 ** 63 - 1), (str(2 ** 63), None),
    ("0", None), ("-5", None), ("007", None), ("12 ", None), (" 12", None), ("12\n", None),
    ("٣", None), ("1:{}", None), ("", None), ("x", None), ("9" * 40, None)])
def test_a_notification_names_a_forward_only_by_a_plain_id(text: str,
                                                           forward_id: int | None) -> None:
    assert parse_id(text) == forward_id


class WatchedPool:
    """The owner's pool, counting the statements waiting for or holding a connection at
    once (what a flood of notifications could pile up)."""

    def __init__(self, pool: Any) -> None:
        self.pool = pool
        self.busy = 0
        self.most = 0

    def acquire(self) -> WatchedPool.Held:
        return WatchedPool.Held(self)

    class Held:
        def __init__(self, watched: WatchedPool) -> None:
            self.watched = watched
            self.inner: Any = None

        async def __aenter__(self) -> Any:
            self.watched.busy += 1
            self.watched.most = max(self.watched.most, self.watched.busy)
            self.inner = self.watched.pool.acquire()
            return await self.inner.__aenter__()

        async def __aexit__(self, *exc: object) -> None:
            self.watched.busy -= 1
            await self.inner.__aexit__(*exc)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.pool, name)


async def test_a_flood_of_forged_ids_costs_bounded_work_and_no_log_flood(
        side: Side, caplog: pytest.LogCaptureFixture) -> None:
    """20,000 forged notifications (made-up ids, ids out of range, and text that is no id
    at all) on the owner's channel and the acknowledgements', while 20 real clicks are
    forwarded: every click is handled once and answered as taken, the owner never has more
    than a couple of statements queued on its pool whatever the flood, and the flood writes
    a log line or two, not one a notification."""
    watched = WatchedPool(side.owner._pool)
    side.owner._pool = watched
    caplog.set_level(logging.WARNING)
    shard_channel, ack_channel = side.owner.shard_channel(OWNER_SHARD), side.owner.ack_channel
    junk = ["x", "", "-5", "1:{}", "99999999999999999999999", "12 ", "٣"]
    for round_ in range(10):
        made_up = [str(10 ** 12 + round_ * 1000 + n) for n in range(900)]
        side.forger.notify(shard_channel, made_up + [f"{j}{round_}" for j in junk])
        side.forger.notify(ack_channel, made_up[:100] + [f"{j}{round_}" for j in junk])
    clicks = [interaction(n) for n in range(20)]
    delivered = asyncio.get_running_loop().create_task(
        deliver_all(side.courier, [message(c) for c in clicks], 2))
    await side.forger.drained()
    assert await delivered == [True] * 20
    await until(lambda: side.receiver.taken >= 20)
    assert sorted(d["id"] for d, _ in side.receiver.handled) == sorted(c["id"] for c in clicks)
    assert watched.most <= 2, f"{watched.most} statements queued on the owner's pool at once"
    side.owner._pool = watched.pool
    noisy = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(noisy) <= 2, [r.getMessage()[:120] for r in noisy[:5]]



class TableQueue:
    """A stand-in for the owner's :class:`ForwardQueue` (no database): ``rows`` are the
    forwards waiting; ``fail`` statements fail before the next one works."""

    def __init__(self, rows: dict[int, str]) -> None:
        self.rows = rows
        self.fail = 0
        self.statements: list[int] = []  # ids named in each take_many
        self.rereads = 0
        self.heard: Callable[[Notice], None] | None = None

    async def listen_shards(self, shards: Any, on_notice: Callable[[Notice], None]) -> None:
        self.heard = on_notice

    async def waiting(self, shards: Any) -> list[tuple[int, int]]:
        self.rereads += 1
        return [(OWNER_SHARD, forward_id) for forward_id in sorted(self.rows)]

    async def take_many(self, notices: Any) -> list[tuple[Notice, str]]:
        await asyncio.sleep(0)
        if self.fail:
            self.fail -= 1
            raise ConnectionResetError("the database went away (held by the test)")
        self.statements.append(len(notices))
        return [(n, self.rows.pop(n.forward_id)) for n in notices
                if n.shard == OWNER_SHARD and n.forward_id in self.rows]


async def test_past_its_backlog_the_taker_reads_the_table_instead() -> None:
    """5,000 made-up ids heard at once by a taker that keeps 100: it drops the rest, and
    its next statement starts from the table's own list, so the real forward named last
    is taken all the same, in a handful of statements."""
    table = TableQueue({7: "real"})
    taken: list[tuple[Notice, str]] = []
    taker = Taker(cast(ForwardQueue, table), lambda n, text: taken.append((n, text)),
                  batch=50, backlog=100)
    await taker.start([OWNER_SHARD])
    try:
        assert table.heard is not None
        for forward_id in range(10 ** 12, 10 ** 12 + 5000):
            table.heard(Notice(forward_id, OWNER_SHARD))
        table.heard(Notice(7, OWNER_SHARD))
        await until(lambda: bool(taken))
        assert taken == [(Notice(7, OWNER_SHARD), "real")]
        assert taker.dropped >= 4900 and table.rereads == 1
        assert len(table.statements) <= 3 and max(table.statements) <= 50
    finally:
        await taker.close()


async def test_after_a_failed_statement_the_taker_reads_the_table_again(
        caplog: pytest.LogCaptureFixture) -> None:
    """The database fails three statements in a row: the forward named meanwhile is taken
    once it answers again (from the table's list), with one warning said."""
    table = TableQueue({9: "real"})
    table.fail = 3
    taken: list[tuple[Notice, str]] = []
    taker = Taker(cast(ForwardQueue, table), lambda n, text: taken.append((n, text)))
    caplog.set_level(logging.WARNING)
    await taker.start([OWNER_SHARD])
    try:
        assert table.heard is not None
        table.heard(Notice(9, OWNER_SHARD))
        await until(lambda: bool(taken))
        assert taken == [(Notice(9, OWNER_SHARD), "real")] and table.rereads >= 1
        assert len([r for r in caplog.records if r.levelno >= logging.WARNING]) == 1
    finally:
        await taker.close()

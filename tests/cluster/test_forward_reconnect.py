"""Forwards sent while a listener is away (issue 34, point 2): after PostgreSQL restarts, a
DM click in the first seconds must reach its owner, not be told "the table is restarting".

How a listener is made to go away: ``pg_terminate_backend`` of its connection, from
another connection, and then its attempts to connect again are refused (as a restarting
server refuses them) until the test lets them through. A real restart of PostgreSQL is not
used: the test server is shared by every test running at the same time (and on CI it is a
service the tests cannot restart); for the listener a restart is exactly this, its
connection ended by the server and new ones refused for a while. The other connections
(the pools) stay up here, as they are once the server is back.
"""

from __future__ import annotations

import asyncio
import dataclasses
import time
from collections.abc import AsyncIterator, Callable

import asyncpg
import pytest

from bot.process.app import DdzBot, create_bot
from bot.store import Store
from bot.store.pg.forward import ForwardQueue, Notice
from cogs.transport.forwarding.relay import Courier

from .payloads import dm_component
from .standin import DiscordStandIn
from .test_forwarding import ALICE, CHANNEL_1, GUILD_1, answers, click, deal, settings

TIMEOUT_S = 3.0  # the forward timeout of the owner-is-back case: room for the reconnect


def hold_reconnects(queue: ForwardQueue) -> asyncio.Event:
    """Refuse ``queue``'s attempts to connect again until the event is set."""
    back = asyncio.Event()
    connect = queue._connect

    async def refused() -> asyncpg.Connection:
        if not back.is_set():
            raise ConnectionRefusedError("the database is restarting (held by the test)")
        return await connect()
    queue._connect = refused  # type: ignore[method-assign]
    return back


async def drop_listener(queue: ForwardQueue, url: str) -> None:
    """End the listener's backend from another connection; return once ``queue`` knows."""
    admin = await asyncpg.connect(url)
    try:
        assert await admin.fetchval("SELECT pg_terminate_backend($1)",
                                    queue._listener.get_server_pid())
    finally:
        await admin.close()
    await until(lambda: queue._relisten is not None)


async def until(predicate: Callable[[], bool], timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.02)


async def migrated(url: str) -> None:
    async with Store.open(url):
        pass


async def test_the_owner_takes_what_was_sent_while_it_was_away_once_and_in_time(
        pg_url: str) -> None:
    await migrated(pg_url)
    owner, sender = await ForwardQueue.open(pg_url), await ForwardQueue.open(pg_url)
    try:
        heard: list[Notice] = []
        await owner.listen_shards([4, 5], heard.append)
        back = hold_reconnects(owner)
        await drop_listener(owner, pg_url)
        in_time = await sender.send(4, '{"d": "in time"}', timeout_s=30.0)
        late = await sender.send(5, '{"d": "late"}', timeout_s=0.2)
        other = await sender.send(6, '{"d": "not its shard"}', timeout_s=30.0)
        await asyncio.sleep(0.5)  # the late one's deadline passes while the owner is away
        assert not heard and owner.reconnects == 0
        back.set()
        await until(lambda: owner.reconnects == 1)
        assert [n.forward_id for n in heard] == [in_time]  # re-read: not late, not other
        # the re-read and a late notification of the same forward: one of them takes it
        taken = await asyncio.gather(owner.take(heard[0]), owner.take(Notice(in_time, 4)))
        assert taken.count(None) == 1 and '{"d": "in time"}' in taken
        assert await owner.take(Notice(late, 5)) is None  # past its deadline: never
        assert await sender.expire(late) is True  # the sender answers it, alone
        assert await sender.expire(in_time) is False  # taken: the sender does not answer

        heard.clear()  # listening again works as before
        again = await sender.send(4, '{"d": "after"}')
        await until(lambda: bool(heard))
        assert [n.forward_id for n in heard] == [again] and await sender.expire(other)
    finally:
        await owner.close()
        await sender.close()


async def test_a_sender_away_learns_what_was_taken_meanwhile(pg_url: str) -> None:
    """The sender's listener is lost too (the same restart): an owner's acknowledgement
    sent meanwhile is lost, and the sender learns it from the table once it is back rather
    than waiting out its timeout."""
    await migrated(pg_url)
    owner, sender = await ForwardQueue.open(pg_url), await ForwardQueue.open(pg_url)
    try:
        courier = Courier(sender, timeout=30.0)
        await courier.start()
        taken: list[str | None] = []

        async def take(notice: Notice) -> None:
            taken.append(await owner.take(notice))
        tasks: list[asyncio.Task[None]] = []
        await owner.listen_shards([1], lambda n: tasks.append(
            asyncio.get_running_loop().create_task(take(n))))
        back = hold_reconnects(sender)
        await drop_listener(sender, pg_url)
        started = time.monotonic()
        delivery = asyncio.get_running_loop().create_task(courier.deliver(1, '{"d": 1}'))
        await until(lambda: taken == ['{"d": 1}'])
        await asyncio.sleep(0.3)
        assert not delivery.done()  # its acknowledgement went while the sender was away
        back.set()
        assert await asyncio.wait_for(delivery, 10) is True
        assert time.monotonic() - started < 10
    finally:
        await owner.close()
        await sender.close()


async def start(url: str, shards: str, timeout: float) -> DdzBot:
    bot = await create_bot(dataclasses.replace(settings(url, shards), forward_timeout=timeout),
                           seed_source=lambda: 11)
    await bot.login_headless("test-token")
    return bot


@pytest.fixture(params=[TIMEOUT_S, 1.0], ids=["owner-back-in-time", "owner-back-too-late"])
async def pair(request: pytest.FixtureRequest, pg_url: str, rest_to_standin: None
               ) -> AsyncIterator[tuple[DdzBot, DdzBot]]:
    first = await start(pg_url, "0", request.param)
    second = await start(pg_url, "1", request.param)
    yield first, second
    for bot in (second, first):
        await bot.close()


async def test_a_dm_click_while_the_owner_listens_again(
        pair: tuple[DdzBot, DdzBot], standin: DiscordStandIn, pg_url: str) -> None:
    first, second = pair
    assert first.link is not None and first.link.forwarder is not None
    assert second.link is not None
    timeout = first.link.forwarder.courier.timeout
    await deal(second, CHANNEL_1, GUILD_1, ALICE)
    back = hold_reconnects(second.link.queue)
    await drop_listener(second.link.queue, pg_url)

    hint = dm_component(ALICE, f"ddzh:{CHANNEL_1}:hint")
    clicked = time.monotonic()
    click(first, hint)
    await standin.wait(lambda: len(answers(standin, hint)) >= 1)
    assert answers(standin, hint)[0].body["type"] == 6  # deferred by the shard-0 process
    if timeout == TIMEOUT_S:
        await asyncio.sleep(0.5)  # the owner is away a while, then back within the timeout
        back.set()
        await standin.wait(lambda: len(answers(standin, hint)) >= 2)
        answer = answers(standin, hint)[1]
        assert answer.content.startswith("💡") or "Hint" in answer.content, answer.content
        assert second.link.receiver.taken == 1 and first.link.forwarder.restarting == 0
        assert second.link.queue.reconnects == 1
    else:
        # the owner is still away when the timeout ends: the sender waited all of it
        await standin.wait(lambda: len(answers(standin, hint)) >= 2)
        answer = answers(standin, hint)[1]
        assert "restarting" in answer.content and first.link.forwarder.restarting == 1
        assert answer.at - clicked >= timeout
        back.set()  # back too late: the forward is not handled, late or twice
        await until(lambda: second.link is not None and second.link.queue.reconnects == 1)
        await asyncio.sleep(0.3)
        assert second.link.receiver.taken == 0 and len(answers(standin, hint)) == 2


class RefusingPool:
    """A pool whose connections are refused while ``refusing`` (the sender's database
    restarting), as asyncpg's pool fails when it cannot connect again."""

    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool
        self.refusing = True
        self.refused = 0

    async def acquire(self) -> object:
        if self.refusing:
            self.refused += 1
            raise asyncpg.CannotConnectNowError("the database system is starting up")
        return await self.pool.acquire()

    def __getattr__(self, name: str) -> object:
        return getattr(self.pool, name)


async def test_a_sender_whose_database_is_away_waits_its_timeout_then_says_so(
        pg_url: str) -> None:
    await migrated(pg_url)
    owner, sender = await ForwardQueue.open(pg_url), await ForwardQueue.open(pg_url)
    pool = sender._pool
    try:
        heard: list[Notice] = []
        await owner.listen_shards([2], heard.append)
        courier = Courier(sender, timeout=1.0)
        await courier.start()
        refusing = RefusingPool(pool)
        sender._pool = refusing
        started = time.monotonic()
        assert await courier.deliver(2, '{"d": "never queued"}') is False  # not an error
        assert time.monotonic() - started >= 0.8 and refusing.refused > 1  # it kept trying
        assert not heard

        # back within the timeout: queued, and the owner takes it
        asyncio.get_running_loop().call_later(0.3, setattr, refusing, "refusing", False)
        delivery = asyncio.get_running_loop().create_task(courier.deliver(2, '{"d": 1}'))
        await until(lambda: bool(heard))
        assert await owner.take(heard[0]) == '{"d": 1}'
        assert await asyncio.wait_for(delivery, 5) is True
    finally:
        sender._pool = pool
        await owner.close()
        await sender.close()

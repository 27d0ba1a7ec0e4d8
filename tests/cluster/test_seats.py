"""One live seat per player across the cluster (issue 34, point 1): two shard processes
over one PostgreSQL, a table in a guild of each. Alice sits at one; her join at the other
is refused with the clear "already seated" sentence, whichever she joins first and when
both joins race; a command in her DM (``/ddz leave`` names no table) goes to her one
table, on whichever process owns it."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.store import Store
from bot.words.catalogue import t
from bot.words.errors import EN_ERRORS

from .payloads import command, guild_component
from .processes import ClusterProcess
from .standin import DiscordStandIn

GUILD_0 = 7 << 23  # on shard 0 of 2
GUILD_1 = (7 << 23) | (1 << 22)  # on shard 1 of 2
CHANNEL_0 = 630_000_000_000_000_100
CHANNEL_1 = 630_000_000_000_000_101
ALICE = 530_000_000_000_000_021
BOB = 530_000_000_000_000_022
CAROL = 530_000_000_000_000_023
REFUSED = "❌ " + EN_ERRORS["already_seated"]


class Cluster:
    def __init__(self, standin: DiscordStandIn, url: str, shard_0: ClusterProcess,
                 shard_1: ClusterProcess) -> None:
        self.standin, self.url = standin, url
        self.shard = {GUILD_0: shard_0, GUILD_1: shard_1}
        self.channel = {GUILD_0: CHANNEL_0, GUILD_1: CHANNEL_1}

    def send(self, guild: int, user: int, what: str) -> dict[str, Any]:
        """A click on the table of ``guild`` (``what``: a control), or a slash command."""
        channel = self.channel[guild]
        if what == "new":
            data = command("new", user, guild_id=guild, channel_id=channel,
                           options={"variant": "classic"})
        else:
            data = guild_component(guild, channel, user, f"ddz:{channel}:{what}")
        self.shard[guild].send(data)
        return data

    async def answer(self, data: dict[str, Any]) -> str:
        """The words of the first answer to an interaction."""
        def answered() -> bool:
            return any(c.content for c in self.standin.answers(int(data["id"]), data["token"]))
        try:
            await self.standin.wait(answered, timeout=20)
        except TimeoutError:
            logs = "\n".join(p.log() for p in self.shard.values())
            raise AssertionError(f"{data['data']} got no answer\n{logs}") from None
        return next(c.content for c in self.standin.answers(int(data["id"]), data["token"])
                    if c.content)

    async def seats(self) -> dict[int, int]:
        """user -> channel: the store's live seats."""
        raw = await asyncpg.connect(self.url)
        try:
            rows = await raw.fetch("SELECT user_id, channel_id FROM table_seats")
            return {int(r[0]): int(r[1]) for r in rows}
        finally:
            await raw.close()

    async def seated_at(self) -> dict[int, list[int]]:
        """channel -> the humans its saved table seats (the processes' own record)."""
        raw = await asyncpg.connect(self.url)
        try:
            rows = await raw.fetch("SELECT channel_id, data_json FROM live_tables")
        finally:
            await raw.close()
        return {int(r[0]): [s["user_id"] for s in json.loads(r[1])["seats"]
                            if s is not None and s["user_id"] is not None] for r in rows}


@pytest.fixture
async def cluster(pg_url: str, standin: DiscordStandIn, tmp_path: Path):
    async with Store.open(pg_url):  # migrated once, before the processes start
        pass
    shard_0 = ClusterProcess("shard0", "0", 2, pg_url, standin.base, tmp_path)
    shard_1 = ClusterProcess("shard1", "1", 2, pg_url, standin.base, tmp_path)
    try:
        await asyncio.gather(shard_0.start(), shard_1.start())
        nodes = Cluster(standin, pg_url, shard_0, shard_1)
        opened = [nodes.send(GUILD_0, BOB, "new"), nodes.send(GUILD_1, CAROL, "new")]
        for data in opened:
            await nodes.answer(data)
        yield nodes
    finally:
        await asyncio.gather(shard_0.stop(), shard_1.stop())
    logs = shard_0.log() + shard_1.log()
    assert "Traceback" not in logs, logs


@pytest.mark.parametrize("first", [GUILD_0, GUILD_1])
async def test_a_second_seat_in_another_shards_guild_is_refused(cluster: Cluster,
                                                                first: int) -> None:
    other = GUILD_1 if first == GUILD_0 else GUILD_0
    joined = await cluster.answer(cluster.send(first, ALICE, "join"))
    assert joined == t("en", "ok.joined", seat=2)
    refused = await cluster.answer(cluster.send(other, ALICE, "join"))
    assert refused == REFUSED
    assert (await cluster.seats())[ALICE] == cluster.channel[first]
    tables = await cluster.seated_at()
    assert ALICE in tables[cluster.channel[first]]
    assert ALICE not in tables[cluster.channel[other]]
    # a command in her DM names no table: it goes to her one table, wherever it is
    leave = command("leave", ALICE)
    cluster.shard[GUILD_0].send(leave)  # DMs arrive at shard 0
    assert await cluster.answer(leave) == t("en", "ok.left")
    assert ALICE not in await cluster.seats()
    # and now she may sit in the other guild
    assert await cluster.answer(cluster.send(other, ALICE, "join")) == \
        t("en", "ok.joined", seat=2)
    assert (await cluster.seats())[ALICE] == cluster.channel[other]


async def test_two_joins_racing_on_two_shards_seat_her_once(cluster: Cluster) -> None:
    for _ in range(3):
        joins = [cluster.send(GUILD_0, ALICE, "join"), cluster.send(GUILD_1, ALICE, "join")]
        answers = [await cluster.answer(data) for data in joins]
        assert sorted(answers) == sorted([REFUSED, t("en", "ok.joined", seat=2)]), answers
        won = (GUILD_0, GUILD_1)[answers.index(t("en", "ok.joined", seat=2))]
        assert (await cluster.seats())[ALICE] == cluster.channel[won]
        tables = await cluster.seated_at()
        assert [c for c, users in tables.items() if ALICE in users] == [cluster.channel[won]]
        leave = cluster.send(won, ALICE, "leave")
        assert await cluster.answer(leave) == t("en", "ok.left")
        assert ALICE not in await cluster.seats()

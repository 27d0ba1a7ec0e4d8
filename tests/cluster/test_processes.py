"""Two cluster processes on this machine: one PostgreSQL server, the Discord stand-in,
``python -m bot --headless`` children for shard 0 and shard 1 of 2. A table of a guild on
shard 1 is played from the player's DM, whose clicks all arrive at the shard-0 process and
are forwarded; the deal is settled once. Then the owner is SIGKILLed in the middle of the
next deal: a click gets the "restarting" answer, the owner comes back, recovers the table
and the deal is finished with nothing lost (beans conserved, one settlement each)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import asyncpg

from bot.store import Store

from .payloads import command, dm_component, guild_component
from .processes import ClusterProcess
from .standin import DiscordStandIn

GUILD = (7 << 23) | (1 << 22)  # on shard 1 of 2
CHANNEL = 630_000_000_000_000_001
ALICE = 530_000_000_000_000_011
BOUND_S = 60.0


class Player:
    """Alice, clicking: table buttons in the guild (they reach the owner directly) and her
    hand's buttons in her DM (they reach the shard-0 process)."""

    def __init__(self, standin: DiscordStandIn, front: ClusterProcess,
                 owner: ClusterProcess) -> None:
        self.standin, self.front, self.owner = standin, front, owner
        self.dm_clicks: list[dict[str, Any]] = []

    async def guild(self, custom_id: str) -> None:
        data = guild_component(GUILD, CHANNEL, ALICE, custom_id)
        self.owner.send(data)
        await self.answered(data, 1)

    async def dm(self, custom_id: str) -> list[Any]:
        """A click in the DM: the shard-0 process defers it, then its answer (a click that
        ends the deal has none: the hand is gone)."""
        data = dm_component(ALICE, custom_id)
        self.dm_clicks.append(data)
        self.front.send(data)
        await self.answered(data, 1)
        return await self.answered(data, 2, timeout=3, must=False)

    async def answered(self, data: dict[str, Any], calls: int, *, timeout: float = 20,
                       must: bool = True) -> list[Any]:
        def done() -> bool:
            return len(self.standin.answers(int(data["id"]), data["token"])) >= calls
        try:
            await self.standin.wait(done, timeout=timeout)
        except TimeoutError:
            if not must:
                return self.standin.answers(int(data["id"]), data["token"])
            seen = [(c.method, c.path, c.body) for c in
                    self.standin.answers(int(data["id"]), data["token"])]
            raise AssertionError(f"{data['data']} got no answer ({seen})\n--- shard 0:\n"
                                 f"{self.front.log()}\n--- shard 1:\n{self.owner.log()}"
                                 ) from None
        return self.standin.answers(int(data["id"]), data["token"])

    def hands_refreshed(self) -> int:
        """DM clicks the owner answered by drawing the hand again on the clicked message
        (after a play it made for her)."""
        return sum(any(c.method == "PATCH" and c.path.endswith("/messages/@original")
                       for c in self.standin.answers(int(d["id"]), d["token"]))
                   for d in self.dm_clicks)

    async def play_turns(self, until: Any, deadline: float) -> None:
        """Bid 3 when asked, say no to doubling, play the hint on her turns."""
        while not await until():
            assert time.monotonic() < deadline, "the deal did not end in time"
            await self.guild(f"ddz:{CHANNEL}:bid:3")
            await self.guild(f"ddz:{CHANNEL}:double:n")
            await self.dm(f"ddzh:{CHANNEL}:playhint")


async def settled(url: str) -> int:
    raw = await asyncpg.connect(url)
    try:
        return int(await raw.fetchval("SELECT count(*) FROM settlements"))
    finally:
        await raw.close()


async def live_game(url: str) -> tuple[str, int] | None:
    raw = await asyncpg.connect(url)
    try:
        row = await raw.fetchrow(
            "SELECT g.game_id, (SELECT count(*) FROM game_actions a WHERE a.game_id = "
            "g.game_id) FROM games g WHERE g.status = 'live'")
        return None if row is None else (str(row[0]), int(row[1]))
    finally:
        await raw.close()


async def test_a_deal_across_two_processes_survives_its_owner_being_killed(
        pg_url: str, standin: DiscordStandIn, tmp_path: Path) -> None:
    started = time.monotonic()
    deadline = started + BOUND_S
    async with Store.open(pg_url):  # migrated once, before the processes start
        pass
    front = ClusterProcess("shard0", "0", 2, pg_url, standin.base, tmp_path,
                           DDZ_FORWARD_TIMEOUT="1")
    owner = ClusterProcess("shard1", "1", 2, pg_url, standin.base, tmp_path)
    try:
        await asyncio.gather(front.start(), owner.start())
        alice = Player(standin, front, owner)
        new = command("new", ALICE, guild_id=GUILD, channel_id=CHANNEL,
                      options={"variant": "classic"})
        owner.send(new)
        await alice.answered(new, 1)
        for action in ("addai", "addai", "start"):
            await alice.guild(f"ddz:{CHANNEL}:{action}")

        async def one_settled() -> bool:
            return await settled(pg_url) >= 1
        await alice.play_turns(one_settled, deadline)
        first_deal = alice.hands_refreshed()
        assert first_deal >= 3, "her DM clicks did not play (forwarded to the owner)"

        # the next deal: the owner dies in the middle of it
        await alice.guild(f"ddz:{CHANNEL}:next")

        async def under_way() -> bool:
            game = await live_game(pg_url)
            return game is not None and game[1] >= 6
        await alice.play_turns(under_way, deadline)
        game = await live_game(pg_url)
        assert game is not None
        owner.kill()
        await owner.wait_killed()
        answers = await alice.dm(f"ddzh:{CHANNEL}:playhint")
        words = " ".join(a.content for a in answers)
        assert "restarting" in words, [a.body for a in answers]

        await owner.start()  # recovers the table from the database

        async def two_settled() -> bool:
            return await settled(pg_url) >= 2
        await alice.play_turns(two_settled, deadline)
        assert await live_game(pg_url) is None
        assert alice.hands_refreshed() > first_deal  # played from the DM after the restart
    finally:
        await asyncio.gather(front.stop(), owner.stop())
    logs = front.log() + owner.log()
    assert "Traceback" not in logs, logs
    async with Store.open(pg_url) as store:
        report = await store.check_invariants()
        assert report.ok and report.settlements == 2, str(report)
        record = await store.get_game(game[0])  # the deal the kill interrupted...
        assert record.status == "settled", record.status  # ...was settled, not voided
    assert time.monotonic() - started < BOUND_S

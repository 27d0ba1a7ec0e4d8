"""Each announcement of a tournament exactly once, whatever stops when: the process is
stopped before a round's standings are posted (for the final: right after the payout),
after they are posted, and after the picture of the tournament is brought up to date but
before the announcement is noted; a new process resumes from the store, and the channel's
transcript (shared by both processes, as a Discord channel is) holds each round's
standings and the final ranking once (bot/tournament_runner/runner.py)."""

from __future__ import annotations

import asyncio

import pytest

from bot.store import Store
from bot.store.tournaments import FINAL, Announcement, Payout, Tournament
from bot.tournaments import Standing
from tests.bot.helpers import open_store, run_until

from .test_runner import new_tournament, runner_for, stop

Said = tuple[str, int]  # ("round", n) or ("final", 0)


class Channel:
    """What was posted in the tournament's channel (it outlives a process)."""

    def __init__(self) -> None:
        self.said: list[Said] = []


class StoppingHost:
    """A host that posts to ``channel`` and, at ``stop_at``, hangs (the process is then
    stopped there): ``("before", said)`` before posting it, ``("after", said)`` after,
    ``("refreshed", said)`` at the progress that follows the post."""

    def __init__(self, channel: Channel, stop_at: tuple[str, Said] | None = None) -> None:
        self.channel = channel
        self.stop_at = stop_at
        self.hanging = False
        self.progressed: list[tuple[str, int]] = []

    async def _hang_if(self, when: str, said: Said) -> None:
        if self.stop_at == (when, said):
            self.hanging = True
            await asyncio.Event().wait()  # ended by the runner's shutdown

    async def _say(self, said: Said) -> None:
        await self._hang_if("before", said)
        self.channel.said.append(said)
        await self._hang_if("after", said)

    async def open_table_place(self, t: Tournament, round_no: int, table_no: int) -> int:
        return 100_000 + round_no * 100 + table_no

    async def round_over(self, t: Tournament, round_no: int, table: list[Standing]) -> None:
        await self._say(("round", round_no))

    async def tournament_over(self, t: Tournament, table: list[Standing],
                              payout: Payout) -> None:
        assert t.status == "finished" and payout.prizes
        await self._say(("final", FINAL))

    async def posted(self, t: Tournament, round_no: int) -> bool:
        said: Said = ("final", FINAL) if round_no == FINAL else ("round", round_no)
        return said in self.channel.said

    async def progress(self, t: Tournament) -> None:
        self.progressed.append((t.status, t.round_no))
        if self.channel.said:
            await self._hang_if("refreshed", self.channel.said[-1])

    async def table_stopped(self, t: Tournament, round_no: int, table_no: int,
                            away: list[int]) -> None:
        raise AssertionError("no table is closed here")


async def _announced(store: Store, tid: int) -> bool:
    return (await store.get_tournament(tid)).status == "finished" and \
        await store.announcement(tid, FINAL) == Announcement.DONE


EVERY_STOP = [(when, said) for said in (("round", 1), ("round", 2), ("final", FINAL))
              for when in ("before", "after", "refreshed")]


@pytest.mark.parametrize("stop_at", EVERY_STOP, ids=lambda s: f"{s[0]}-{s[1][0]}{s[1][1]}")
async def test_each_announcement_once_whatever_stops_when(tmp_path, stop_at) -> None:
    store = await open_store(tmp_path)
    tid, _users = await new_tournament(store, entrants=6, rounds=2, deals_per_round=1)
    channel = Channel()
    host = StoppingHost(channel, stop_at)
    runner, manager, _ = runner_for(store, host)
    await runner.start(tid)
    await run_until(lambda: host.hanging)
    await stop(runner, manager, store)

    store = await open_store(tmp_path)
    host2 = StoppingHost(channel)
    runner, manager, _ = runner_for(store, host2)
    await manager.recover()
    assert await runner.resume() == 1  # running, or finished with its final due
    for _ in range(60_000):  # the new process carries on to the final ranking
        if await _announced(store, tid):
            break
        await asyncio.sleep(0.001)
    assert channel.said == [("round", 1), ("round", 2), ("final", FINAL)]
    # the sign-up picture was brought up to date after the restart, and ends finished
    assert host2.progressed[0][0] in ("running", "finished")
    assert host2.progressed[-1] == ("finished", 2)
    assert await runner.resume() == 0  # nothing left to say
    await stop(runner, manager, store)

"""The soak's raw check as a property (issue 39): whatever players do (open tables in two
guilds, join, add AI, deal, play, escape, leave, time out, close), after every accepted
action the store's live-seat rows are exactly the seated humans of every table (an
escaper of the deal being played holds none), one per player, and the tables' own
record of who sits where agrees."""

from __future__ import annotations

import asyncio
import contextlib
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from bot.engine import Rules
from bot.engine.errors import CodedError
from bot.store import Store
from bot.tables import TableManager
from bot.tables.status import TableStatus

from .helpers import make_manager, quick_decide, run_until
from .test_seats import check_rows, seated_humans

GUILDS = {10: 1, 11: 2}  # channel -> guild
VARIANTS = ("classic", "happy", "laizi", "super", "four")
USERS = (1, 2, 3, 4)
OPS = ("join", "join", "join", "add_ai", "start", "start", "act", "act", "leave", "leave",
       "timeout", "close")

steps = st.lists(st.tuples(st.sampled_from(OPS), st.sampled_from(sorted(GUILDS)),
                           st.sampled_from(USERS), st.sampled_from(VARIANTS)),
                 min_size=1, max_size=40)


def quiet(manager: TableManager) -> bool:
    """Every automatic turn has run: each deal waits for a person (or is over)."""
    for table in manager._tables.values():
        game = table.game
        if table.status != TableStatus.PLAYING or game is None:
            continue
        if game.is_over or table.timer is None or table.timer.done():
            return False  # being settled, or a turn not started yet
        seat = game.to_act
        entry = table.seats[seat] if seat is not None else None
        if entry is None or entry.auto or table.escaped(seat):
            return False
    return True


async def act(manager: TableManager, channel: int) -> None:
    """The players of this table act on their turns until the deal ends (or 300 actions)."""
    for _ in range(300):
        table = manager._tables.get(channel)
        if table is None or table.status != TableStatus.PLAYING or table.game is None:
            return
        game = table.game
        seat = game.to_act
        entry = table.seats[seat] if seat is not None else None
        if entry is None or entry.user_id is None or game.is_over:
            return
        action = quick_decide(game.view(seat), "normal", 0)
        await manager.act(channel, entry.user_id,
                          lambda s, a=action: type(a)(**{**a.__dict__, "seat": s}))
        await run_until(lambda: quiet(manager))


async def step(manager: TableManager, clock, op: str, channel: int, user: int,
               variant: str) -> None:
    """One thing a player does: sit down (opening the table when there is none), seat an
    AI, deal (filling the empty seats with AI first), play, leave, let time pass, close."""
    table = manager._tables.get(channel)
    if op == "join" and table is None:
        await manager.create(channel, GUILDS[channel], user, f"p{user}",
                             Rules.preset(variant))
    elif op == "join":
        await manager.join(channel, user, f"p{user}")
    elif op == "add_ai":
        await manager.add_ai(channel, user)
    elif op == "start":
        while table is not None and not table.is_full:
            await manager.add_ai(channel, user)
        await manager.start(channel, user)
    elif op == "act":
        await act(manager, channel)
    elif op == "leave":
        await manager.leave(channel, user)
    elif op == "timeout":
        await clock.advance(120)
    else:
        await manager.close(channel, user)


async def scenario(folder: Path, ops: list[tuple[str, int, int, str]]) -> None:
    store = await Store.open(folder / "ddz.db")
    manager, _, clock = make_manager(store)
    try:
        for op, channel, user, variant in ops:
            with contextlib.suppress(CodedError):  # a refusal changes nothing
                await step(manager, clock, op, channel, user, variant)
            await run_until(lambda: quiet(manager))
            await check_rows(store, manager)
            seats = seated_humans(manager)
            for user_id in USERS:  # the tables' own record of who sits where agrees
                snapshot = manager.table_of(user_id)
                assert seats.get(user_id) == (snapshot.channel_id if snapshot else None)
    finally:
        await manager.shutdown()
        await store.close()


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(steps)
# the soak's findings: a player in an escaper's seat after the deal; an owner's escape
@example([("join", 10, 1, "classic"), ("join", 10, 2, "classic"), ("start", 10, 1, ""),
          ("leave", 10, 2, ""), ("act", 10, 1, ""), ("join", 10, 3, ""),
          ("leave", 10, 1, ""), ("close", 10, 3, "")])
@example([("join", 11, 1, "happy"), ("join", 11, 2, "happy"), ("start", 11, 1, ""),
          ("leave", 11, 1, ""), ("join", 11, 3, ""), ("close", 11, 2, ""),
          ("join", 11, 1, "laizi")])
def test_live_seat_rows_are_the_seated_humans(ops: list[tuple[str, int, int, str]]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(scenario(Path(folder), ops))

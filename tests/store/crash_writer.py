"""A writer to be killed: ``python crash_writer.py DB SEED CYCLE``.

Opens the store (creating and migrating it on the first cycle), makes sure the players
exist, prints ``ready``, then writes without pause from three concurrent tasks: game
records, action logs, deadlines, settlements (or abandonments when a balance runs short),
daily bonuses and grants, until the test kills it with SIGKILL.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import sys
from datetime import date, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a script

from bot.engine import GameLog, Rules
from bot.store import (
    AlreadyClaimedError,
    InsufficientBalanceError,
    Store,
)
from tests.store.helpers import CHANNEL, GUILD, synthetic_settlement

USERS = list(range(1, 7))
RULES = Rules.preset("classic")


async def write_forever(store: Store, seed: int, cycle: int, w: int) -> None:
    rng = random.Random(seed * 100 + cycle * 10 + w)
    n = 0
    while True:
        game_id = f"{seed}-{cycle}-{w}-{n}"
        seated: list[int | None] = list(rng.sample(USERS, 3))
        if rng.random() < 0.3:
            seated[rng.randrange(3)] = None
        seats = [{"user_id": u, "name": f"user {u}" if u else "AI", "ai_level": None
                  if u else "easy"} for u in seated]
        await store.create_game(game_id, GUILD, CHANNEL, GameLog(RULES, n, (10_000,) * 3),
                                seats)
        for seq in range(rng.randint(0, 4)):
            await store.set_deadline(game_id, seq, 1e9 + seq)
            await store.append_action(game_id, seq, json.dumps({"t": "pass", "seat": seq % 3}))
        if rng.random() < 0.9:
            try:
                await store.settle(synthetic_settlement(game_id, GUILD, seated, rng))
            except InsufficientBalanceError:
                await store.abandon_game(game_id, "short of beans")
        if n % 5 == 0:
            user = rng.choice(USERS)
            with contextlib.suppress(AlreadyClaimedError):
                await store.claim_daily(GUILD, user, date(2025, 1, 1) + timedelta(days=n))
            await store.grant(GUILD, user, rng.randint(1, 100), "crash test", 7)
        n += 1


async def main(path: str, seed: int, cycle: int) -> None:
    store = await Store.open(path)
    for user in USERS:
        await store.ensure_player(GUILD, user, f"user {user}")
    print("ready", flush=True)
    await asyncio.gather(*(write_forever(store, seed, cycle, w) for w in range(3)))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))

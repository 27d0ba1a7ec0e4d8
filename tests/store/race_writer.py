"""A writer process for test_processes: settles the games ``race-0`` … ``race-N`` (the same
settlement for a game id in every process) in its own order, and prints how many of them
this process applied.

Run: ``python tests/store/race_writer.py TARGET SEED GAMES``.
"""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a script

from bot.store import Settlement, Store
from tests.store.helpers import GUILD, synthetic_settlement

USERS = (1, 2, 3, 4, 5, 6)


def settlement_of(n: int) -> Settlement:
    rng = random.Random(f"race-{n}")
    return synthetic_settlement(f"race-{n}", GUILD, rng.sample(USERS, 3), rng)


async def main(target: str, seed: int, games: int) -> None:
    async with Store.open(target) as store:
        for user in USERS:
            await store.ensure_player(GUILD, user, f"user {user}")
        order = list(range(games))
        random.Random(seed).shuffle(order)
        applied = await asyncio.gather(*(store.settle(settlement_of(n)) for n in order))
    print(sum(applied), flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))

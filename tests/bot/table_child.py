"""A table process for the crash test: plays deal after deal until it is killed.

Usage: python -m tests.bot.table_child DB_PATH
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from bot.engine import Rules
from tests.bot.helpers import make_manager, open_store_at, play_out

CH, GUILD, ALICE, BOB = 10, 1, 101, 102


async def main(path: Path) -> None:
    store = await open_store_at(path)
    manager, _, _ = make_manager(store, seed_source=None)
    if await manager.recover() == 0:
        await manager.create(CH, GUILD, ALICE, "alice", Rules.preset("happy"))
        await manager.join(CH, BOB, "bob")
        await manager.add_ai(CH, ALICE)
    print("ready", flush=True)
    while True:
        table = manager._tables[CH]
        if table.status != "playing":
            await manager.start(CH, ALICE)
        await play_out(manager, CH, {0: ALICE, 1: BOB})
        await asyncio.sleep(0.001)


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1])))

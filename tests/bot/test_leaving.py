"""TableManager.leaving: what leaving means for a seat now, the one value every front-end
reads before it leaves: free in the lobby, an escape at its cost during a deal, free again
once the seat has escaped."""

from __future__ import annotations

from bot.engine import Rules
from bot.tables import LeaveKind, Leaving

from .helpers import make_manager, open_store, settle_down

CH, GUILD, ALICE, BOB = 7, 1, 11, 12


async def test_leaving_is_free_then_an_escape_then_free(tmp_path) -> None:
    store = await open_store(tmp_path)
    manager, _, _ = make_manager(store)
    try:
        await manager.create(CH, GUILD, ALICE, "alice", Rules.preset("classic"))
        await manager.join(CH, BOB, "bob")
        assert manager.leaving(CH, BOB) == Leaving(LeaveKind.FREE)
        assert not manager.leaving(CH, BOB).asks
        await manager.add_ai(CH, ALICE)
        await manager.start(CH, ALICE)
        await settle_down()
        leaving = manager.leaving(CH, BOB)
        assert leaving.kind == LeaveKind.ESCAPE and leaving.asks
        assert leaving.cost == manager.escape_cost(CH, BOB) and leaving.cost.beans > 0
        assert await manager.leave(CH, BOB) == "escaped"
        table = manager.snapshot(CH)
        assert table.playing is not None  # classic plays on: the AI takes Bob's seat
        assert manager.leaving(CH, BOB) == Leaving(LeaveKind.FREE)  # nothing more at stake
        assert manager.leaving(CH, ALICE).kind == LeaveKind.ESCAPE
    finally:
        await manager.shutdown()
        await store.close()

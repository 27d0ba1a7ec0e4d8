"""Every table event carries a frozen, public snapshot of its table; a table's language is
saved with it."""

from __future__ import annotations

import dataclasses

import pytest

from bot.engine import Rules
from bot.tables import HandChanged, TableClosed, TableRestored, TableSnapshot

from .helpers import make_manager, open_store, play_out


async def test_every_event_carries_a_public_frozen_snapshot(tmp_path) -> None:
    store = await open_store(tmp_path)
    manager, presenter, _ = make_manager(store)
    try:
        await manager.create(1, 1, 10, "ann", Rules.preset("happy"))
        await manager.add_ai(1, 10)
        await manager.add_ai(1, 10)
        await manager.start(1, 10)
        await play_out(manager, 1, {0: 10})
        await manager.close(1, 10)
    finally:
        await manager.shutdown()
        await store.close()
    events = presenter.events
    assert len(events) > 20
    for event in events:
        if isinstance(event, TableClosed):
            assert event.table is None  # the table is gone
            continue
        snap = event.table
        assert isinstance(snap, TableSnapshot) and snap.channel_id == 1
        assert snap.names()[0] == "ann" and snap.seat_of(10) == 0
        if snap.game is not None:
            view = snap.game.view
            assert view.seat is None and view.hand == "", "no hidden hand in a snapshot"
            assert (snap.game.hands is not None) == snap.game.is_over
    hands = [e for e in events if isinstance(e, HandChanged)]
    assert hands and all("".join(c.char for c in e.hand) == e.cards for e in hands)
    snap = events[0].table
    with pytest.raises(dataclasses.FrozenInstanceError):
        snap.status = "lobby"  # type: ignore[misc]
    # a snapshot is of its moment: the first still shows the lobby
    assert snap.status == "lobby" and snap.game is None


async def test_a_tables_language_survives_a_restart(tmp_path) -> None:
    store = await open_store(tmp_path)
    manager, _, _ = make_manager(store)
    await manager.create(1, 1, 10, "ann", Rules.preset("classic"), locale="zh-TW")
    await manager.create(2, 1, 11, "bo", Rules.preset("classic"))
    await manager.shutdown()
    again, presenter, _ = make_manager(store)
    try:
        assert await again.recover() == 2
        assert again._tables[1].locale == "zh-TW" and again._tables[2].locale is None
        restored = {e.channel_id: e.table for e in presenter.of_type(TableRestored)}
        assert restored[1].locale == "zh-TW"
    finally:
        await again.shutdown()
        await store.close()

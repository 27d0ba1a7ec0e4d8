"""The table runtime's read side: named states that serialise to the strings saved
tables and events always had, and the read API a front-end uses (frozen snapshots, seat
views, and the refusals with the same codes and params as the actions')."""

from __future__ import annotations

import json

import pytest

from bot.engine import RuleError, Rules
from bot.tables import ActionTaken, Actor, TableError, TableSnapshot, TableStatus
from bot.tables.state import Table

from .helpers import make_manager, open_store, play_out


def test_the_names_are_todays_strings() -> None:
    assert [str(s) for s in TableStatus] == ["lobby", "playing", "between"]
    assert [str(a) for a in Actor] == ["player", "ai", "trustee", "timeout", "autopass",
                                       "escaped"]
    assert json.dumps([TableStatus.BETWEEN, Actor.AUTOPASS]) == '["between", "autopass"]'
    assert TableStatus("playing") is TableStatus.PLAYING and Actor("ai") is Actor.AI


async def test_a_saved_table_reads_back_unchanged(tmp_path) -> None:
    store = await open_store(tmp_path)
    manager, presenter, _ = make_manager(store)
    try:
        await manager.create(1, 1, 10, "ann", Rules.preset("classic"), private=True)
        await manager.add_ai(1, 10)
        await manager.add_ai(1, 10)
        await manager.start(1, 10)
        ((_, _, playing),) = await store.load_tables()
        await play_out(manager, 1, {0: 10})
        ((_, _, between),) = await store.load_tables()
    finally:
        await manager.shutdown()
        await store.close()
    assert playing["status"] == "playing" and between["status"] == "between"
    for saved in (playing, between):
        table = Table.from_dict(1, 1, saved)
        assert isinstance(table.status, TableStatus)
        assert table.to_dict() == saved
        assert json.loads(json.dumps(table.to_dict())) == saved
        assert json.dumps(table.to_dict()["status"]) == json.dumps(saved["status"])
    acted = presenter.of_type(ActionTaken)
    assert {e.by for e in acted} == {"player", "ai"}
    assert all(isinstance(e.by, Actor) and json.dumps(e.by) == f'"{e.by.value}"'
               for e in acted)


def _refusal(error: pytest.ExceptionInfo[BaseException]) -> tuple[str, dict[str, object]]:
    value = error.value
    assert isinstance(value, (TableError, RuleError))
    return value.code, dict(value.params)


async def test_the_read_api_and_its_refusals(tmp_path) -> None:
    store = await open_store(tmp_path)
    manager, _, _ = make_manager(store)
    try:
        with pytest.raises(TableError) as no_table:
            manager.snapshot(1)
        assert _refusal(no_table) == ("no_table", {"channel_id": 1})
        assert manager.find(1) is None and manager.find(None) is None
        assert manager.table_of(10) is None
        await manager.create(1, 1, 10, "ann", Rules.preset("classic"))
        lobby = manager.snapshot(1)
        assert isinstance(lobby, TableSnapshot) and lobby.status == TableStatus.LOBBY
        assert manager.find(1) is lobby and manager.table_of(10) is lobby  # one per change
        assert manager.check_seated(1, 10) is lobby
        with pytest.raises(TableError) as not_seated:
            manager.check_seated(1, 11)
        assert _refusal(not_seated) == ("not_seated", {"user_id": 11})
        with pytest.raises(TableError) as no_game:
            manager.check_seated(1, 10, turn=True)
        assert _refusal(no_game) == ("no_game", {})
        with pytest.raises(TableError) as no_game:
            manager.seat_view(1, 10)
        assert _refusal(no_game) == ("no_game", {})
        await manager.join(1, 11, "bo")
        await manager.add_ai(1, 10)
        await manager.start(1, 10)
        refused = 0
        for seat, user in enumerate((10, 11)):
            table, view = manager.seat_view(1, user)
            assert table.status == TableStatus.PLAYING and table.game is not None
            assert view.seat == seat and len(view.cards) == len(view.hand) == view.counts[seat]
            assert table.game.view.hand == "", "the snapshot stays public"
            if view.to_act == seat:
                assert manager.check_seated(1, user, turn=True) is table
                continue
            with pytest.raises(RuleError) as not_your_turn:
                manager.check_seated(1, user, turn=True)
            assert _refusal(not_your_turn) == ("not_your_turn",
                                               {"seat": seat, "to_act": view.to_act})
            refused += 1
        assert refused >= 1
        cost = manager.escape_cost(1, 10)
        assert cost.beans > 0 and cost.points > 0
    finally:
        await manager.shutdown()
        await store.close()

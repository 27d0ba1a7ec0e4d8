"""A page that reconnects by itself after the bot restarts mid-deal (the new server on the
same port, the table recovered from the store) and finishes the deal by tapping."""

from __future__ import annotations

import pytest

from bot.web import ActivityServer, WebPresenter
from tests.web.pages import CHANNEL

from .conftest import manager_for
from .play import Turns, open_table, play_deal, play_turn

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def test_the_page_resumes_after_the_bot_restarts(players, activity) -> None:
    ann = await players(101, "Ann")
    await open_table(ann, "classic", ai_seats=2)
    # play by tapping until Ann has made a play (the deal well under way)
    turns = Turns()
    acted: set[str] = set()
    while turns.plays == 0:
        data = await ann.wait_data(lambda d: d["myTurn"] == "true" and d["seq"] not in acted,
                                   what="Ann's turn")
        acted.add(data["seq"])
        await play_turn(ann, activity.manager, turns)
    await ann.wait_data(lambda d: d["myTurn"] == "true", what="Ann's next turn")
    before = activity.manager.seat_view(CHANNEL, 101)
    port = activity.server.port
    # the bot stops: the page drops and says so
    await activity.server.stop()
    await activity.manager.shutdown()
    await ann.wait_state("offline")
    # a new bot process: a new server on the same port, the tables recovered
    old = activity.server.auth
    seeds = iter(range(500, 10_000))
    presenter = WebPresenter()
    manager = manager_for(activity.store, lambda: next(seeds))(presenter)
    server = ActivityServer(host="127.0.0.1", port=port, auth=type(old)(
        api=activity.stand.base, client_id=old.client_id,
        client_secret="client-secret-never-shown", bot_token="bot-token"),
        store=activity.store, manager=manager, presenter=presenter, turn_seconds=30)
    await server.start()
    activity.server, activity.manager = server, manager  # the fixture closes these
    assert await manager.recover() == 1
    after = manager.seat_view(CHANNEL, 101)
    assert (after[0].seq, after[1].hand) == (before[0].seq, before[1].hand)
    # the page reconnects by itself, with the same token, to the state it left
    data = await ann.wait_state("table", timeout=20)
    assert data["seq"] == str(before[0].seq) and data["myTurn"] == "true"
    assert ann.sockets >= 2
    assert len([f for f in ann.frames if f.get("type") == "welcome"]) >= 2
    tokens = {f["token"] for f in ann.sent if f.get("type") == "auth"}
    assert len(tokens) == 1 and len([f for f in ann.sent if f.get("type") == "auth"]) >= 2
    rest = await play_deal(ann, manager)
    assert rest.plays + rest.passes >= 1
    result = [f for f in ann.frames if f.get("type") == "result"][-1]["result"]
    record = await activity.store.get_game(result["game_id"])
    assert record.status == "settled" and len(result["beans"]) == 3

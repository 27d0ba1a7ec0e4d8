"""A page that reconnects is sent the current state at once, also after a bot restart."""

from __future__ import annotations

from bot.tables import TableManager
from bot.web import ActivityServer, WebPresenter
from tests.bot.helpers import quick_decide

from .pages import CHANNEL, Activity, play_my_turns


async def test_a_dropped_page_reconnects_with_the_same_token(activity) -> None:
    token = await activity.token(101, "Ann")
    ann = await activity.page(101, "Ann", token=token)
    assert (await ann.act("open", variant="classic", ai_seats=2))["ok"]
    assert (await ann.act("start"))["ok"]
    await ann.wait(lambda: ann.table["you"]["phase"] is not None)
    await ann.close()
    again = await activity.page(101, "Ann", token=token)
    first = again.of_type("table")[0]
    now = activity.manager.snapshot(CHANNEL)
    assert first["table"]["seq"] == now.seq and first["you"]["hand"]
    assert activity.manager.seat_view(CHANNEL, 101)[1].hand == first["you"]["hand"]
    await play_my_turns(again)


async def test_a_page_resumes_after_the_bot_restarts(activity) -> None:
    token = await activity.token(101, "Ann")
    ann = await activity.page(101, "Ann", token=token)
    assert (await ann.act("open", variant="happy", ai_seats=2))["ok"]
    assert (await ann.act("start"))["ok"]
    await ann.wait(lambda: ann.table["you"]["my_turn"])
    seq = ann.table["table"]["seq"]
    # the bot stops: its pages drop, its memory of tokens is gone
    await activity.server.stop()
    await activity.manager.shutdown()
    await ann.wait(lambda: ann.closed)
    presenter = WebPresenter()
    manager = TableManager(activity.store, presenter, decide=quick_decide,
                           ai_delay=0.0, trustee_delay=0.0, ai_in_thread=False)
    server = ActivityServer(host="127.0.0.1", port=0, auth=type(activity.server.auth)(
        api=activity.stand.base, client_id=activity.server.auth.client_id,
        client_secret="client-secret-never-shown", bot_token="bot-token"),
        store=activity.store, manager=manager, presenter=presenter, turn_seconds=30)
    await server.start()
    assert await manager.recover() == 1
    activity.server, activity.manager = server, manager  # the fixture closes these
    again = await Activity(server, activity.stand, manager, activity.store,
                           activity.http).page(101, "Ann", token=token)
    frame = again.of_type("table")[0]
    assert frame["table"]["seq"] == seq and frame["you"]["my_turn"]
    result = await play_my_turns(again)
    assert len(result["beans"]) == 3

"""The Activity server's wiring: actions by callable, the server built with its manager,
the presenter working from events alone, the port from the runner's public addresses."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

import pytest
from aiohttp import web

from bot.engine import Grab, Rules, Show
from bot.tables import HandChanged, ReadingNeeded, TableEvent, TableManager
from bot.web.actions import HANDLERS, Act, perform
from bot.web.presenter import WebPresenter, state_frame
from bot.web.protocol import ACTIONS
from bot.web.server import listening_port
from tests.bot.helpers import open_store, play_out, quick_decide

CH, GUILD = 31, 32
ALICE, BOB, CAROL = 1, 2, 3  # Alice and Bob sit and play; Carol watches


# --------------------------------------------------------------------------- actions
async def test_an_unknown_action_is_refused_with_the_error_frame_of_before(activity) -> None:
    page = await activity.page(101, "Ann")
    answer = await page.act("dance", yes=True)
    assert answer == {"type": "answer", "id": 1, "ok": False, "code": "bad_frame",
                      "error": "unknown action 'dance'"}
    assert (await page.act("open", variant="classic", ai_seats=2))["ok"]  # still served


async def test_an_action_without_a_handler_is_refused_as_the_parser_refuses_it() -> None:
    page = SimpleNamespace(channel_id=CH, user=SimpleNamespace(user_id=ALICE), locale="en")
    act = Act(_Raising(), None, page, {})  # type: ignore[arg-type]
    assert await perform(act, "dance") == {"ok": False, "code": "bad_frame",
                                           "error": "unknown action 'dance'"}


def test_every_action_of_the_protocol_has_a_handler_and_no_other() -> None:
    assert set(HANDLERS) == set(ACTIONS)


class _Chooser:
    """A stand-in manager: keeps what a yes/no choice asked it to apply."""

    def __init__(self) -> None:
        self.asked: list[tuple[int, int, Any, int | None]] = []

    async def act(self, channel_id: int, user_id: int, make: Any, *,
                  seq: int | None = None) -> None:
        self.asked.append((channel_id, user_id, make(2), seq))


@pytest.mark.parametrize(("action", "made"), [("grab", Grab(2, True)),
                                              ("show", Show(2, True))])
async def test_a_yes_no_action_calls_its_manager_method(action: str, made: Any) -> None:
    manager = _Chooser()
    page = SimpleNamespace(channel_id=CH, user=SimpleNamespace(user_id=ALICE), locale="en")
    act = Act(manager, None, page, {"yes": True, "seq": 9})  # type: ignore[arg-type]
    assert await perform(act, action) == {"ok": True}
    assert manager.asked == [(CH, ALICE, made, 9)]


# --------------------------------------------------------------------------- presenter
class _Raising:
    """A manager (or one of its methods) that must not be read: using it fails the test."""

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"the manager's {name} was read")

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a manager's method was called")


class _Recorder:
    """Keeps every event, and the table frame each page would be sent for it read back
    from the live manager (the frame of before, made at the event's moment)."""

    def __init__(self) -> None:
        self.manager: TableManager | None = None
        self.events: list[TableEvent] = []
        self.expected: dict[int, list[dict[str, Any]]] = {ALICE: [], BOB: [], CAROL: []}

    async def publish(self, event: TableEvent) -> None:
        self.events.append(event)
        if event.table is None or isinstance(event, HandChanged | ReadingNeeded):
            return
        assert self.manager is not None
        for user, frames in self.expected.items():
            frames.append(_timeless(state_frame(self.manager, CH, user)))


def _timeless(frame: str) -> dict[str, Any]:
    """A table frame without the moment it was made at (``table.now``)."""
    parsed: dict[str, Any] = json.loads(frame)
    del parsed["table"]["now"]
    return parsed


def _page(user: int, sent: list[str]) -> SimpleNamespace:
    return SimpleNamespace(user=SimpleNamespace(user_id=user), locale="en",
                           send=lambda frame: sent.append(
                               frame if isinstance(frame, str) else json.dumps(frame)))


@pytest.mark.parametrize("variant", ["classic", "laizi", "happy"])
async def test_the_presenter_makes_the_frames_of_before_from_events_alone(
        tmp_path, monkeypatch, variant: str) -> None:
    """Two deals played by Alice and Bob (and an AI seat): the events given to a presenter
    whose manager may not be read make, for each page, the table frames the live manager
    gave at each event."""
    store = await open_store(tmp_path)
    recorder = _Recorder()
    seeds = iter(range(40, 10_000))
    manager = TableManager(store, recorder, decide=quick_decide, ai_delay=0.0,
                           trustee_delay=0.0, ai_in_thread=False,
                           seed_source=lambda: next(seeds))
    recorder.manager = manager
    try:
        await manager.create(CH, GUILD, ALICE, "alice", Rules.preset(variant))
        await manager.join(CH, BOB, "bob")
        await manager.add_ai(CH, ALICE)
        for _ in range(2):
            await manager.start(CH, ALICE)
            await play_out(manager, CH, {0: ALICE, 1: BOB})
    finally:
        await manager.shutdown()
        await store.close()
    for read in ("find", "snapshot", "seat_view", "check_seated", "table_of", "live"):
        monkeypatch.setattr(TableManager, read, _Raising())  # no manager is read below
    sent: dict[int, list[str]] = {ALICE: [], BOB: [], CAROL: []}
    pages = [_page(user, frames) for user, frames in sent.items()]
    presenter = WebPresenter(SimpleNamespace(at=lambda channel: pages))  # type: ignore[arg-type]
    assert not hasattr(presenter, "reader") and not hasattr(presenter, "attach")
    for event in recorder.events:
        await presenter.publish(event)
    for user, frames in sent.items():
        tables = [_timeless(f) for f in frames if json.loads(f)["type"] == "table"]
        assert tables == recorder.expected[user], f"user {user}'s frames differ"
    alice = [_timeless(f) for f in sent[ALICE] if json.loads(f)["type"] == "table"]
    assert any(f["you"] and len(f["you"]["hand"]) >= 17 for f in alice)  # hands were told
    carol = [json.loads(f) for f in sent[CAROL]]
    assert all(f["you"] is None for f in carol if f["type"] == "table")
    assert len([f for f in carol if f["type"] == "table"]) == len(recorder.expected[CAROL])
    results = [json.loads(f) for f in sent[BOB] if json.loads(f)["type"] == "result"]
    assert len(results) == 2


async def test_the_presenter_holds_a_seats_frame_until_its_new_hand_is_told(tmp_path) -> None:
    """A new deal's table event comes before the hands: Alice's page is sent its frame
    once her hand is told, not a frame with no cards before it."""
    store = await open_store(tmp_path)
    recorder = _Recorder()
    manager = TableManager(store, recorder, decide=quick_decide, ai_delay=0.0,
                           trustee_delay=0.0, ai_in_thread=False, seed_source=lambda: 7)
    recorder.manager = manager
    try:
        await manager.create(CH, GUILD, ALICE, "alice", Rules.preset("classic"))
        await manager.add_ai(CH, ALICE)
        await manager.add_ai(CH, ALICE)
        await manager.start(CH, ALICE)
    finally:
        await manager.shutdown()
        await store.close()
    sent: list[str] = []
    presenter = WebPresenter(SimpleNamespace(  # type: ignore[arg-type]
        at=lambda channel: [_page(ALICE, sent)]))
    kinds: list[str] = []
    for event in recorder.events:
        before = len(sent)
        await presenter.publish(event)
        kinds += [f"{type(event).__name__}:{json.loads(f)['type']}" for f in sent[before:]]
    assert "GameStarted:table" not in kinds  # held: the hand was not told yet
    first = json.loads(sent[kinds.index("HandChanged:table")])
    assert len(first["you"]["hand"]) == 17 and first["table"]["deal"] is not None
    dealt = [json.loads(f) for f in sent if json.loads(f)["table"]["deal"] is not None]
    assert dealt and all(f["you"]["hand"] == first["you"]["hand"] for f in dealt)


# --------------------------------------------------------------------------- port
async def test_the_port_of_a_server_started_on_port_0_is_read_back(activity) -> None:
    server = activity.server
    assert server.port > 0 and server.url == f"http://127.0.0.1:{server.port}"
    async with activity.http.get(f"{server.url}/api/config") as response:
        assert response.status == 200
        assert (await response.json())["client_id"] == server.auth.client_id


async def test_a_runner_that_listens_nowhere_has_no_port() -> None:
    runner = web.AppRunner(web.Application())
    await runner.setup()
    try:
        with pytest.raises(RuntimeError, match="listens nowhere"):
            listening_port(runner)
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = listening_port(runner)
        assert port > 0 and runner.addresses[0][:2] == ("127.0.0.1", port)
    finally:
        await runner.cleanup()


def test_the_server_is_built_with_its_manager() -> None:
    from bot.web import ActivityServer

    assert not hasattr(ActivityServer, "attach")
    with pytest.raises(TypeError, match="manager"):
        ActivityServer(host="127.0.0.1", port=0, auth=SimpleNamespace(client_id="1"),  # type: ignore[call-arg, arg-type]
                       store=None, presenter=WebPresenter())

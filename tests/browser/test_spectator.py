"""A spectator: a user in the instance who is not seated sees the table (seats, counts,
plays) and never a hand: no card buttons on the page, no hand in any frame it received."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.words.names import player_name
from tests.web.pages import CHANNEL, play_my_turns

from .play import t

pytestmark = pytest.mark.asyncio(loop_scope="session")

HAND_KEYS = {"hand", "cards", "legal", "you"}
PLAYS = {"last_play", "to_beat", "played", "trick", "last_trick"}  # public: cards played


def hidden_parts(frame: Any, path: str = "") -> list[str]:
    """Where a frame holds a hand: a ``you`` that is not null, or a hand's keys (the
    welcome's words name every card: not a hand)."""
    found: list[str] = []
    if path == "" and isinstance(frame, dict) and frame.get("type") == "welcome":
        return found
    if isinstance(frame, dict):
        for key, value in frame.items():
            if key in PLAYS:
                continue
            if key in HAND_KEYS and value not in (None, "", []):
                found.append(f"{path}.{key}")
            found.extend(hidden_parts(value, f"{path}.{key}"))
    elif isinstance(frame, list):
        for i, value in enumerate(frame):
            found.extend(hidden_parts(value, f"{path}[{i}]"))
    return found


async def test_a_spectator_never_receives_a_hand(players, activity) -> None:
    ann = await activity.page(101, "Ann")
    assert (await ann.act("open", variant="classic", ai_seats=2))["ok"]
    assert (await ann.act("start"))["ok"]
    sam = await players(105, "Sam")
    await sam.wait_state("table")
    data = await sam.data()
    assert data["seat"] == "" and data["myTurn"] == "false"
    await play_my_turns(ann)  # the deal is played while Sam watches
    # Sam's frames reach the test through the browser (Playwright's socket events), later
    # than Ann's on a loaded machine: the deal's result is the last of them
    await sam.wait_frames(lambda: sam.of_type("result"), "the deal's result")
    deal_frames = [f for f in sam.of_type("table")
                   if f["table"]["deal"] and not f["table"]["deal"]["over"]]
    assert len(deal_frames) >= 3, "Sam saw the deal being played"
    for frame in sam.frames:
        if frame["type"] == "table" and frame["table"]["deal"] and \
                frame["table"]["deal"]["over"]:
            continue  # a finished deal is shown face up to everyone
        assert not hidden_parts(frame), (hidden_parts(frame), frame)
        if frame["type"] == "table" and frame["table"]["deal"]:
            assert all(s.get("shown") is None for s in frame["table"]["seats"]), \
                "nobody showed a hand (明牌) in this deal"
    # the page: the seats by name with their counts, and no card of anyone's hand
    table = activity.manager.snapshot(CHANNEL)
    region = sam.frame.get_by_role("region", name=player_name("Ann", "en"), exact=True)
    assert re.search(r"\d+ cards?", await region.inner_text())
    assert await sam.frame.locator(".hand button").count() == 0
    assert await sam.frame.locator("button.card").count() == 0  # no card to select
    assert await sam.button(t("en", "web.play")).count() == 0
    assert await sam.frame.get_by_text(t("en", "web.spectating")).count() == 1
    assert table.seat_of(105) is None
    await ann.close()


async def test_a_spectator_sees_the_seats_during_a_deal(players, activity) -> None:
    ann = await activity.page(101, "Ann")
    assert (await ann.act("open", variant="laizi", ai_seats=2))["ok"]
    assert (await ann.act("start"))["ok"]
    await ann.wait(lambda: ann.table["you"]["my_turn"])
    if ann.table["you"]["phase"] == "show_start":  # 明牌 before the deal: no
        assert (await ann.act("show", yes=False, seq=ann.table["you"]["seq"]))["ok"]
        await ann.wait(lambda: ann.table["you"]["my_turn"] and
                       ann.table["you"]["phase"] != "show_start")
    # Ann's turn, the cards dealt: the table holds still
    sam = await players(105, "Sam", locale="zh-CN")
    await sam.wait_state("table")
    table, view = activity.manager.seat_view(CHANNEL, 101)
    assert (await sam.data())["seq"] == str(table.seq)
    for index, seat in enumerate(table.seats):
        assert seat is not None
        region = sam.frame.get_by_role("region", name=player_name(seat.name, "zh-CN"),
                                       exact=True)
        assert f"{view.counts[index]} 张" in await region.inner_text()
    assert await sam.frame.locator(".hand button").count() == 0
    assert not [p for f in sam.frames for p in hidden_parts(f)]
    await ann.close()

"""The page's other actions: the hint with its reason, the escape's cost before leaving,
托管, joining and adding AI between deals, a wild play's readings."""

from __future__ import annotations

from typing import Any

from bot.engine import Play
from bot.web import WebUser
from bot.web.actions import Act, perform

from .pages import AUCTION, CHANNEL, play_my_turns


async def _my_turn(page) -> dict[str, Any]:
    return await page.wait(lambda: page.table["you"] and page.table["you"]["my_turn"]
                           and page.table["you"])


async def test_hint_is_the_ais_with_its_reason(activity) -> None:
    ann = await activity.page(101, "Ann")
    assert (await ann.act("open", variant="classic", ai_seats=2))["ok"]
    assert (await ann.act("start"))["ok"]
    you = await _my_turn(ann)
    hint = await ann.act("hint")
    assert hint["ok"] and hint["hint"]["action"] == ("bid" if you["phase"] == "bid"
                                                     else hint["hint"]["action"])
    assert hint["text"].startswith("Hint")
    while ann.table["you"]["phase"] != "play" or not ann.table["you"]["my_turn"]:
        you = await _my_turn(ann)
        if you["phase"] != "play":
            action, fields = AUCTION[you["phase"]]
            await ann.act(action, seq=you["seq"], **fields)
            await ann.wait(lambda you=you: ann.table["table"]["seq"] != you["seq"])
    hint = await ann.act("hint")
    assert hint["hint"]["action"] in ("play", "pass") and hint["index"] == 0
    if hint["hint"]["action"] == "play":
        assert any(p["cards"] == hint["hint"]["cards"] for p in ann.table["you"]["legal"])
    # pressed again: the next suggestions, each legal and new, then the first again
    shown = [hint["hint"]]
    for index in range(1, hint["count"] + 1):
        again = await ann.act("hint", index=index)
        assert again["ok"] and again["count"] == hint["count"]
        assert again["index"] == index % hint["count"]
        shown.append(again["hint"])
    assert shown[-1] == shown[0]
    plays = [h["cards"] for h in shown[1:-1]]
    assert len(set(plays)) == len(plays) and shown[0].get("cards") not in plays
    legal = {"".join(sorted(p["cards"])) for p in ann.table["you"]["legal"]}
    assert all("".join(sorted(c)) in legal for c in plays)
    if ann.table["you"]["is_leading"]:
        assert hint["count"] >= 3  # a lead has several good plays to show


async def test_leaving_a_deal_asks_its_cost_first(activity) -> None:
    ann = await activity.page(101, "Ann")
    bob = await activity.page(102, "Bob", locale="zh-CN")
    assert (await ann.act("open", variant="classic", ai_seats=1))["ok"]
    assert (await bob.act("join"))["ok"]
    assert (await bob.act("start"))["ok"]
    await bob.wait(lambda: bob.table["you"]["phase"] is not None)
    seq = activity.manager.snapshot(CHANNEL).seq
    refused = await bob.act("leave")
    assert (refused["ok"], refused["code"]) == (False, "cost_first")
    assert "逃跑" in refused["error"] and refused["cost"]["beans"] > 0
    assert activity.manager.snapshot(CHANNEL).seat_of(102) is not None  # still seated
    cost = await bob.act("cost")
    assert cost["ok"] and cost["cost"] == refused["cost"]
    if activity.manager.snapshot(CHANNEL).seq == seq:
        left = await bob.act("leave")
        assert left["ok"] and left["left"] == "escaped"
    await play_my_turns(ann)


async def test_trustee_join_and_add_ai(activity) -> None:
    ann = await activity.page(101, "Ann")
    assert (await ann.act("trustee", on=True))["code"] == "no_table"
    assert (await ann.act("open", variant="classic"))["ok"]
    assert (await ann.act("trustee", on=True))["code"] == "no_game"
    assert (await ann.act("start"))["code"] == "seats_not_full"
    assert (await ann.act("add_ai", level="easy"))["ok"]
    bob = await activity.page(102, "Bob")
    assert (await bob.act("join"))["seat"] == 2
    assert (await bob.act("join"))["code"] == "already_here"
    assert (await ann.act("open"))["code"] == "table_exists"
    assert (await bob.act("start"))["ok"]
    assert (await ann.act("trustee", on=True))["ok"]  # the AI plays Ann's seat
    await ann.wait(lambda: ann.table["table"]["seats"][0]["trustee"])
    assert (await ann.act("trustee", on=False))["ok"]
    await ann.wait(lambda: not ann.table["table"]["seats"][0]["trustee"])


class _WildManager:
    """Only what a play with several readings needs."""

    def find(self, channel_id: int) -> None:
        return None

    async def play(self, *args: Any, **kw: Any) -> tuple[str, tuple[Play, ...]]:
        return "reading", (Play("chain", "8", "4567F", "8", "F"),
                           Play("chain", "7", "4567F", "3", "F"))


async def test_a_wild_play_answers_its_readings() -> None:
    class _Page:
        channel_id, guild_id, locale = CHANNEL, 1, "en"
        user = WebUser(101, "Ann")

    answer = await perform(Act(_WildManager(), None, _Page(),  # type: ignore[arg-type]
                               {"cards": "4567F"}), "play")
    assert answer["ok"] and [r["main"] for r in answer["readings"]] == ["8", "7"]
    assert answer["readings"][0]["resolved"] == "45678"
    # each reading in words, the wild card saying what it stands for
    assert [r["text"] for r in answer["readings"]] == [
        "45678 (Flower as 8) — chain", "34567 (Flower as 3) — chain"]

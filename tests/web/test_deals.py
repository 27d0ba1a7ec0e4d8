"""Whole deals played over the socket against AI seats, from what the server sent."""

from __future__ import annotations

import pytest

from .pages import CHANNEL, play_my_turns


@pytest.mark.parametrize("variant", ["classic", "happy"])
async def test_a_whole_deal_over_the_socket(activity, variant: str) -> None:
    page = await activity.page(101, "Ann")
    assert page.of_type("welcome")[0]["channel_id"] == str(CHANNEL)
    assert page.of_type("no_table")[0]["open"]["variants"][0] == "classic"
    opened = await page.act("open", variant=variant, room="novice", ai_seats=2)
    assert opened["ok"], opened
    await page.wait(lambda: page.table and all(not s["empty"]
                                               for s in page.table["table"]["seats"]))
    table = page.table["table"]
    assert table["variant"] == variant and [s["ai"] for s in table["seats"]] == \
        [False, True, True]
    started = await page.act("start")
    assert started["ok"], started
    await page.wait(lambda: page.table["you"] and page.table["you"]["phase"] is not None)
    result = await play_my_turns(page)
    assert result["outcome"] in ("landlord", "farmers") or result["winners"]
    assert len(result["beans"]) == 3
    hands = [f["you"]["hand"] for f in page.of_type("table") if f["you"]["phase"] == "play"]
    assert len(hands[0]) in (17, 20)  # the page was sent its hand to play from
    final = await page.wait(lambda: page.table["table"]["status"] != "playing" and page.table)
    assert final["table"]["deal"]["over"]
    assert all(s["shown"] is not None for s in final["table"]["seats"])  # finished: face up
    await page.close()



"""Trust no page: only the seat's user acts, hands go only to their owners, bad frames and
strangers are refused, and a refusal changes nothing."""

from __future__ import annotations

import json

from bot.web.protocol import MAX_FRAME

from .pages import AUCTION, CHANNEL, GUILD, play_my_turns


async def _seated_pair(activity):
    """Ann and Bob seated with one AI seat, the deal started, both pages open."""
    ann = await activity.page(101, "Ann")
    assert (await ann.act("open", variant="classic", ai_seats=0))["ok"]
    bob = await activity.page(102, "Bob")
    assert (await bob.act("join"))["ok"]
    assert (await ann.act("add_ai"))["ok"]
    assert (await bob.act("start"))["ok"]
    return ann, bob


async def _until_play(pages) -> None:
    """Take the auction's turns of the human pages until the play phase."""
    acted: set[tuple[int, int]] = set()
    seen = [0] * len(pages)
    for _ in range(200):
        await pages[0].wait(lambda seen=seen: any(
            len(p.frames) > n for p, n in zip(pages, seen, strict=True)), 5)
        seen = [len(p.frames) for p in pages]
        frames = [p.table for p in pages]
        if frames[0]["table"]["deal"] and frames[0]["table"]["deal"]["phase"] == "play" and \
                all(f["table"]["seq"] == frames[0]["table"]["seq"] for f in frames):
            return
        for i, page in enumerate(pages):
            you = page.table["you"]
            if you["my_turn"] and you["phase"] != "play" and (i, you["seq"]) not in acted:
                acted.add((i, you["seq"]))
                action, fields = AUCTION[you["phase"]]
                await page.act(action, seq=you["seq"], **fields)
    raise AssertionError("the auction did not end")  # pragma: no cover


def _state(activity):
    table = activity.manager.snapshot(CHANNEL)
    return table.seq, table.game.view.counts if table.game else None


async def test_refused_actions_change_nothing(activity) -> None:
    ann, bob = await _seated_pair(activity)
    await _until_play([ann, bob])
    mover, other = (ann, bob) if ann.table["you"]["my_turn"] else (bob, ann)
    before = _state(activity)
    hand = mover.table["you"]["hand"]
    refused = await other.act("pass")
    assert (refused["ok"], refused["code"]) == (False, "not_your_turn"), refused
    assert "not your turn" in refused["error"]
    missing = next(r for r in "3456789TJQKA2" if r not in hand)
    refused = await mover.act("play", cards=missing * 1)
    assert (refused["ok"], refused["code"]) == (False, "not_held"), refused
    for forged in ({"seat": 1}, {"user": "102"}, {"user_id": 102}):
        await mover.send({"type": "action", "id": 99, "action": "pass", **forged})
        # an action frame with an id is answered by id (the page's action hears back)
        error = await mover.wait(lambda: next((f for f in mover.of_type("answer")
                                               if f["id"] == 99), None))
        assert error["code"] == "bad_frame" and error["ok"] is False
        mover.frames.clear()
    await mover.send(json.dumps({"type": "action", "action": "play",
                                 "cards": "3" * (MAX_FRAME + 1)}))
    error = await mover.wait(lambda: mover.of_type("error") and mover.of_type("error")[-1])
    assert error["code"] == "too_large"
    for junk in ("not json", "[1]", "{\"type\": 5}", "{\"type\": \"action\", \"action\": "
                 "\"explode\"}", "{\"type\": \"action\", \"action\": \"bid\", \"points\": true}"):
        mover.frames.clear()
        await mover.send(junk)
        error = await mover.wait(lambda: mover.of_type("error") and mover.of_type("error")[-1])
        assert error["code"] == "bad_frame", junk
    assert _state(activity) == before  # nothing changed
    assert not mover.closed and not other.closed


async def test_a_refusal_speaks_the_users_language(activity) -> None:
    ann = await activity.page(101, "Ann", locale="zh-CN")
    refused = await ann.act("start")
    assert (refused["ok"], refused["code"]) == (False, "no_table")
    assert "牌桌" in refused["error"]


async def test_a_spectator_never_receives_a_hand(activity) -> None:
    ann = await activity.page(101, "Ann")
    assert (await ann.act("open", variant="happy", ai_seats=2))["ok"]
    eve = await activity.page(103, "Eve")
    assert eve.table["you"] is None
    assert (await eve.act("pass"))["code"] == "not_seated"
    assert (await eve.act("start"))["code"] == "not_seated"
    assert (await ann.act("start"))["ok"]
    await play_my_turns(ann)
    await eve.wait(lambda: eve.of_type("result"))
    for frame in eve.of_type("table"):
        assert frame["you"] is None
        deal = frame["table"]["deal"]
        if deal is not None and not deal["over"]:
            assert all(s["shown"] is None for s in frame["table"]["seats"])  # nobody showed
    # no other frame carries cards: the welcome's words name "Your hand", nothing more
    others = [{k: v for k, v in f.items() if k != "words"} for f in eve.frames
              if f["type"] != "table"]
    assert all("hand" not in json.dumps(f) for f in others)
    assert all(set(f) == {"type", "result"} for f in others if f["type"] == "result")


async def test_strangers_are_refused(activity) -> None:
    ann = await activity.page(101, "Ann")
    assert (await ann.act("open", variant="classic"))["ok"]
    outsider = await activity.page(104, "Mallory", join=False)
    assert outsider.of_type("error")[-1]["code"] == "not_in_instance"
    elsewhere = await activity.page(105, "Zed", channel_id=str(CHANNEL + 1))
    assert elsewhere.of_type("error")[-1]["code"] == "wrong_channel"
    forged = await activity.page(106, "Forger", token="token-101-0-forged")
    assert forged.of_type("error")[-1]["code"] == "bad_token"
    unknown = await activity.page(107, "Lost", instance="i-none", join=False)
    assert unknown.of_type("error")[-1]["code"] == "bad_instance"
    for page in (outsider, elsewhere, forged, unknown):
        await page.wait(lambda page=page: page.closed)  # the server closed them
        assert not page.of_type("table")
    # someone else's token proves that person, never the one a frame names
    token = await activity.token(108, "Ted")
    activity.member(108)
    ted = await activity.page(101, "Ann", token=token, join=False)
    assert ted.of_type("welcome")[0]["user_id"] == "108"
    assert ted.table["you"] is None  # Ann's seat is not Ted's


async def test_a_user_who_left_the_activity_can_act_no_more(activity) -> None:
    """The instance is asked again once a check is a minute old: who left the call (the
    Activity) is refused and the page closed, nothing changed."""
    ann = await activity.page(101, "Ann")
    bo = await activity.page(102, "Bo")
    assert (await ann.act("open", variant="classic"))["ok"]
    assert (await bo.act("join"))["ok"]
    activity.stand.open_instance("i-1234", GUILD, CHANNEL, [101])  # Bo left the call
    assert (await bo.act("add_ai"))["ok"]  # checked under a minute ago: not asked yet
    activity.clock.advance(61)  # the last check (and what is remembered of it) is old
    seq = activity.manager.snapshot(CHANNEL).seq
    await bo.send({"type": "action", "id": 99, "action": "leave"})
    await bo.wait(lambda: bo.closed)
    assert bo.of_type("error")[-1]["code"] == "not_in_instance"
    table = activity.manager.snapshot(CHANNEL)
    assert table.seq == seq and table.seat_of(102) is not None  # his leave was not applied
    assert (await ann.act("start"))["ok"]  # Ann, still in the call, acts on


async def test_a_page_is_rate_limited(activity) -> None:
    ann = await activity.page(101, "Ann")
    for i in range(40):
        await ann.send({"type": "action", "id": i, "action": "cost"})
    await ann.wait(lambda: len(ann.of_type("answer")) == 40)
    codes = [a.get("code") for a in ann.of_type("answer")]
    assert codes.count("rate_limited") >= 15 and not ann.closed


async def test_a_page_that_falls_behind_is_dropped(activity) -> None:
    from bot.web.sessions import BACKLOG

    ann = await activity.page(101, "Ann")
    page = next(iter(activity.server.sessions))
    for _ in range(BACKLOG * 3):  # queued faster than any socket drains
        page.send({"type": "ping"})
    assert page.dropped
    await ann.wait(lambda: ann.closed)

"""The page's feedback actions: ``check`` (would this selection be played? the engine's
own refusal, nothing changed, budgeted per user), and ``daily`` / ``relief`` for a player
short of a room (the rules of ``/ddz daily`` and ``/ddz relief``, in the user's words)."""

from __future__ import annotations

from datetime import date
from itertools import combinations
from typing import Any

import pytest

from bot.store.bonus import claim_daily, claim_relief, claimable
from bot.store.errors import StoreError
from bot.web.door import SELECTION_BURST, SELECTIONS_PER_SECOND
from bot.web.limits import KeyedBuckets

from .pages import AUCTION, CHANNEL, GUILD


async def _my_play_turn(page: Any) -> dict[str, Any]:
    """Play the auction from the server's offers until it is the user's play turn."""
    while True:
        you = await page.wait(lambda: page.table["you"] and page.table["you"]["my_turn"]
                              and page.table["you"])
        if you["phase"] == "play":
            return you  # type: ignore[no-any-return]
        action, fields = AUCTION[you["phase"]]
        await page.act(action, seq=you["seq"], **fields)
        await page.wait(lambda you=you: page.table["table"]["seq"] != you["seq"])


def _illegal_pairs(you: dict[str, Any]) -> list[str]:
    """Two cards of different ranks from the hand (never a play)."""
    ranks = sorted({c[0] for c in you["cards"]})
    return [a + b for a, b in combinations(ranks, 2)][:3]


async def test_check_answers_as_play_would_and_changes_nothing(activity) -> None:
    ann = await activity.page(101, "Ann")
    assert (await ann.act("open", variant="classic", ai_seats=2))["ok"]
    assert (await ann.act("start"))["ok"]
    you = await _my_play_turn(ann)
    before = activity.manager.snapshot(CHANNEL)
    hand = activity.manager.seat_view(CHANNEL, 101)[1].hand
    frames = len(ann.frames)
    legal = you["legal"][0]["cards"]
    fine = await ann.act("check", cards=legal, seq=you["seq"])
    assert fine["ok"] is True and fine["count"] == 1 and fine["action"] == "check"
    activity.server.door.selections = KeyedBuckets(0)  # it asks faster than a page does
    checked = []
    for cards in _illegal_pairs(you):
        answer = await ann.act("check", cards=cards, seq=you["seq"])
        assert answer["ok"] is False and answer["code"] == "no_pattern", answer
        assert answer["error"].endswith(" is not a pattern you can play.")
        checked.append((cards, answer))
    # garbage and cards not held: a refusal in words, never a traceback
    for cards, code in (("ZZ%", "unknown_token"), ("", "empty"), ("RRRR", "too_many"),
                        ("9" * 3000, "too_many")):
        answer = await ann.act("check", cards=cards)
        assert (answer["ok"], answer["code"]) == (False, code), answer
        assert answer["error"] and "Traceback" not in answer["error"]
    stale = await ann.act("check", cards=legal, seq=you["seq"] + 5)
    assert stale["code"] == "stale" and stale["error"] == "That turn has already passed."
    # nothing changed: the same turn, the same hand, no frame but the answers
    after = activity.manager.snapshot(CHANNEL)
    assert (after.seq, after.deals) == (before.seq, before.deals)
    assert activity.manager.seat_view(CHANNEL, 101)[1].hand == hand
    assert all(f["type"] == "answer" for f in ann.frames[frames:])
    # and a play of the same cards meets the very same refusal
    for cards, answer in checked:
        played = await ann.act("play", cards=cards, seq=you["seq"])
        assert {k: played[k] for k in ("ok", "code", "error")} == \
            {k: answer[k] for k in ("ok", "code", "error")}


async def test_a_play_that_does_not_beat_is_checked_as_played(activity) -> None:
    """Following a single: a lower single is refused by check as by play, and a pass
    then goes on (the check changed nothing)."""
    activity.server.door.selections = KeyedBuckets(0)
    ann = await activity.page(101, "Ann")
    assert (await ann.act("open", variant="classic", ai_seats=2))["ok"]
    assert (await ann.act("start"))["ok"]
    order = "3456789TJQKA2BR"
    seen = 0
    while not ann.of_type("result"):
        you = await _my_play_turn(ann)
        beat = ann.table["table"]["deal"]["to_beat"]
        lower = [c for c in you["hand"] if beat and beat["kind"] == "single"
                 and order.index(c) < order.index(beat["cards"])]
        if lower:
            checked = await ann.act("check", cards=lower[0], seq=you["seq"])
            assert checked["code"] == "does_not_beat", checked
            assert checked["error"].startswith(f"{lower[0]} does not beat") or \
                "does not beat" in checked["error"]
            played = await ann.act("play", cards=lower[0], seq=you["seq"])
            assert (played["code"], played["error"]) == (checked["code"], checked["error"])
            seen += 1
        move = you["legal"][0] if you["legal"] else None
        answer = await (ann.act("play", cards=move["cards"], seq=you["seq"]) if move
                        else ann.act("pass", seq=you["seq"]))
        assert answer["ok"], answer
        await ann.wait(lambda you=you: ann.of_type("result")
                       or ann.table["table"]["seq"] != you["seq"])
        if seen >= 2:
            break
    assert seen, "no turn followed a single Ann could underplay"


async def test_a_wild_selection_is_legal_when_any_reading_is(activity) -> None:
    """癞子: a selection's check counts its legal readings, as the seat's legal plays do."""
    activity.server.door.selections = KeyedBuckets(0)
    ann = await activity.page(101, "Ann")
    assert (await ann.act("open", variant="laizi", ai_seats=2))["ok"]
    assert (await ann.act("start"))["ok"]
    you = await _my_play_turn(ann)
    readings: dict[str, int] = {}
    for play in you["legal"]:
        key = "".join(sorted(play["cards"]))
        readings[key] = readings.get(key, 0) + 1
    most = max(readings, key=lambda k: (readings[k], len(k)))
    checked = await ann.act("check", cards=most, seq=you["seq"])
    assert checked["ok"] and checked["count"] == readings[most], (most, checked)
    laizi = ann.table["table"]["deal"]["laizi"]
    assert laizi and any(laizi in k for k in readings)  # wild plays were checked too
    for key in [k for k in readings if laizi in k][:5]:
        answer = await ann.act("check", cards=key, seq=you["seq"])
        assert answer["ok"] and answer["count"] == readings[key], (key, answer)


async def test_check_in_chinese_and_out_of_turn(activity) -> None:
    bob = await activity.page(102, "Bob", locale="zh-CN")
    assert (await bob.act("open", variant="classic", ai_seats=2))["ok"]
    assert (await bob.act("start"))["ok"]
    early = await bob.act("check", cards="3")  # the auction: no cards are played now
    assert early["code"] in ("wrong_phase", "not_your_turn", "not_held")
    assert any("\u4e00" <= c <= "\u9fff" for c in early["error"])
    you = await _my_play_turn(bob)
    answer = await bob.act("check", cards=_illegal_pairs(you)[0], seq=you["seq"])
    assert answer["code"] == "no_pattern" and answer["error"].endswith("不是合法牌型。")
    nobody = await activity.page(103, "Cy", locale="zh-CN")  # not seated
    refused = await nobody.act("check", cards="3")
    assert refused["code"] == "not_seated" and "你" in refused["error"]


async def test_a_flood_of_checks_is_budgeted(activity) -> None:
    activity.server.door.selections = KeyedBuckets(SELECTIONS_PER_SECOND, SELECTION_BURST,
                                                   clock=lambda: 0.0)
    ann = await activity.page(101, "Ann", locale="zh-CN")
    codes = [(await ann.act("check", cards="33"))["code"] for _ in range(SELECTION_BURST + 4)]
    assert codes[:SELECTION_BURST] == ["no_table"] * SELECTION_BURST
    assert codes[SELECTION_BURST:] == ["rate_limited"] * 4
    limited = await ann.act("check", cards="33")
    assert limited["error"] == "操作太快了：请慢一点。"
    assert (await ann.act("open", variant="classic", ai_seats=2))["ok"]  # others go on


async def test_a_short_player_claims_relief_then_opens(activity) -> None:
    await activity.store.set_guild_setting(GUILD, "start_balance", 500)
    ann = await activity.page(101, "Ann")
    refused = await ann.act("open", variant="classic", ai_seats=2)
    assert refused["code"] == "low_balance" and refused["claims"] == ["daily", "relief"]
    assert refused["error"] == "Ann has 500 beans; this room needs 1000."
    relief = await ann.act("relief")
    assert relief["ok"] and (relief["amount"], relief["balance"]) == (2000, 2500)
    assert relief["text"] == "Relief: +2,000 beans. You have 2,500."
    again = await ann.act("relief")
    assert (again["ok"], again["code"]) == (False, "relief_claimed")
    assert again["error"] == "You have claimed relief today already."
    assert (await ann.act("open", variant="classic", ai_seats=2))["ok"]
    assert await activity.store.balance(GUILD, 101) == 2500


async def test_claims_in_chinese_and_only_for_the_short_player(activity) -> None:
    await activity.store.set_guild_setting(GUILD, "start_balance", 900)
    bob = await activity.page(102, "Bob", locale="zh-CN")
    refused = await bob.act("open", variant="classic", ai_seats=2)
    assert refused["claims"] == ["daily", "relief"] and "这个房间需要" in refused["error"]
    daily = await bob.act("daily")
    assert daily["ok"] and daily["text"] == "每日奖励：+1,000 欢乐豆。你现在有 1,900。"
    twice = await bob.act("daily")
    assert (twice["code"], twice["error"]) == ("daily_claimed", "今天已经领过了，明天再来。")
    # rich enough for the normal room now, not for the high one: relief is not offered
    high = await bob.act("open", variant="classic", room="high", ai_seats=2)
    assert high["code"] == "low_balance" and high["claims"] == []
    refused_relief = await bob.act("relief")
    assert refused_relief["code"] == "relief_not_needed"


@pytest.mark.parametrize("state", ["fresh", "claimed", "rich", "off"])
async def test_claimable_agrees_with_the_store(tmp_path, state: str) -> None:
    from tests.bot.helpers import open_store

    store = await open_store(tmp_path)
    try:
        today = date(2026, 5, 1)
        await store.set_guild_setting(GUILD, "start_balance", 10_000 if state == "rich" else 100)
        if state == "off":
            await store.set_guild_setting(GUILD, "relief_enabled", False)
            await store.set_guild_setting(GUILD, "daily_bonus", 0)
        await store.ensure_player(GUILD, 7, "Di")
        if state == "claimed":
            await claim_relief(store, GUILD, CHANNEL, 7, "Di", today)
            await claim_daily(store, GUILD, 7, "Di", today)
        offered = await claimable(store, GUILD, CHANNEL, 7, today)
        # relief first: the daily bonus may lift the balance above relief's floor
        for name, claim in (("relief", claim_relief(store, GUILD, CHANNEL, 7, "Di", today)),
                            ("daily", claim_daily(store, GUILD, 7, "Di", today))):
            try:
                await claim
                granted = True
            except StoreError:
                granted = False
            assert (name in offered) == granted, (state, name)
        assert offered == {"fresh": ("daily", "relief"), "claimed": (), "rich": ("daily",),
                           "off": ()}[state]
    finally:
        await store.close()

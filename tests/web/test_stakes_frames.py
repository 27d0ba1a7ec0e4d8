"""Issue 57 over the socket: each seat's beans, the card counter and the tricks in the
table frame, the at-stake line before 明牌/加倍, and an escape said in the result."""

from __future__ import annotations

from collections import Counter

from bot.web.protocol import tricks

from .pages import play_my_turns

ANN, BOB = 101, 102


def test_tricks_split_where_every_other_seat_passed() -> None:
    a, b = object(), object()
    plays = ((0, a), (1, None), (2, None), (0, b), (1, None))
    now, before = tricks(plays, 3)  # type: ignore[arg-type]
    assert before == [(0, a), (1, None), (2, None)] and now == [(0, b), (1, None)]
    assert tricks((), 3) == ([], [])


async def test_beans_counter_and_tricks_in_the_frames(activity) -> None:
    ann = await activity.page(ANN, "Ann")
    assert (await ann.act("open", variant="happy", room="novice", ai_seats=2))["ok"]
    await ann.wait(lambda: ann.table and all(not s["empty"] for s in ann.table["table"]["seats"]))
    assert (await ann.act("start"))["ok"]
    await ann.wait(lambda: ann.table["you"] and ann.table["you"]["phase"] is not None)
    seats = ann.table["table"]["seats"]
    assert isinstance(seats[0]["beans"], int) and seats[0]["beans"] > 0
    assert seats[1]["beans"] is None and seats[2]["beans"] is None  # AI seats: no balance
    result = await play_my_turns(ann)
    checked = 0
    stake_lines = 0
    for frame in ann.of_type("table"):
        you, deal = frame["you"], frame["table"]["deal"]
        if you and you.get("at_stake"):
            stake_lines += 1
            assert deal["phase"] in ("double", "show_start", "show_deal", "show_landlord")
            assert you["my_turn"] and "beans" in you["at_stake"]
        if not deal or deal["phase"] != "play" or not you or not you.get("counter"):
            continue
        played = Counter(ch for trick_turns in (deal["trick"], deal["last_trick"])
                         for turn in trick_turns if turn["play"]
                         for ch in turn["play"]["cards"])
        # every card is mine, out (the counter) or played (at least those of two tricks)
        total = sum(you["counter"].values()) + len(you["hand"])
        assert total <= 54 and total + sum(played.values()) <= 54
        left = sum(s["cards_left"] for i, s in enumerate(frame["table"]["seats"])
                   if i != you["seat"])
        shown = sum(len(s["shown"] or "") for i, s in enumerate(frame["table"]["seats"])
                    if i != you["seat"])
        assert sum(you["counter"].values()) == left - shown
        for turn in deal["trick"]:
            assert turn["play"] is None or turn["text"]
        checked += 1
    assert checked > 0
    assert result["escaper"] is None and result["escape_text"] is None
    await ann.close()


async def test_an_escape_is_said_to_the_others(activity) -> None:
    ann = await activity.page(ANN, "Ann")
    bob = await activity.page(BOB, "Bob")
    assert (await ann.act("open", variant="happy", ai_seats=1))["ok"]
    assert (await bob.act("join"))["ok"] and (await bob.act("start"))["ok"]
    await bob.wait(lambda: bob.table["you"]["phase"] is not None)
    assert (await bob.act("cost"))["ok"]
    left = await bob.act("leave")
    assert left["ok"], left
    await ann.wait(lambda: ann.of_type("result"))
    result = ann.of_type("result")[-1]["result"]
    bob_seat = [s["user_id"] for s in ann.table["table"]["seats"]].index(str(BOB)) \
        if str(BOB) in [s.get("user_id") for s in ann.table["table"]["seats"]] \
        else result["escaper"]
    assert result["escaper"] == bob_seat
    assert "Bob" in result["escape_text"] and str(result["beans"][bob_seat]) in \
        result["escape_text"].replace(",", "")
    await ann.close()
    await bob.close()

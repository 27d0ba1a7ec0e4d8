"""Refused actions change nothing, and the page says why: a play out of turn, cards the user
does not hold, a frame that claims another user, a page not in the instance and a forged
token. The forgeries go through the page's own socket (its frames rewritten on the way,
Playwright's WebSocket routing), as a user with the browser's tools could send them."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from bench.activity import AUCTION as SOCKET_AUCTION
from tests.web.pages import CHANNEL, Page

from .host import Player
from .play import Turns, open_table, play_turn, press_start, t, tap_cards

pytestmark = pytest.mark.asyncio(loop_scope="session")

ANN, BOB = 101, 102


def state(activity: Any) -> tuple[int, str, str]:
    """What must not change: the table's seq and both hands."""
    manager = activity.manager
    return (manager.snapshot(CHANNEL).seq, manager.seat_view(CHANNEL, ANN)[1].hand,
            manager.seat_view(CHANNEL, BOB)[1].hand)


async def turn_of(activity: Any, ann: Player, bob: Page, *, user: int,
                  phase: str = "play", can_play: bool = False) -> None:
    """Play on (Ann by tapping, Bob over his socket) until it is ``user``'s turn in
    ``phase`` (with a play to make: ``can_play``), and the pages show it."""
    manager = activity.manager
    deadline = time.monotonic() + 30
    done: set[tuple[int, int]] = set()
    while True:
        assert time.monotonic() < deadline, "that turn never came"
        table, view = manager.seat_view(CHANNEL, ANN)
        seats = {table.seat_of(ANN): ANN, table.seat_of(BOB): BOB}
        who = seats.get(view.to_act) if view.to_act is not None else None
        data = await ann.data()
        if who == ANN and data["seq"] == str(table.seq) and data["myTurn"] == "true":
            if user == ANN and view.phase == phase and (view.legal_plays() or not can_play):
                return
            if (ANN, table.seq) not in done:
                done.add((ANN, table.seq))
                await play_turn(ann, manager, Turns())
                continue
        elif who == BOB:
            bob_view = manager.seat_view(CHANNEL, BOB)[1]
            if user == BOB and bob_view.phase == phase and data["seq"] == str(table.seq):
                return
            if (BOB, table.seq) not in done:
                done.add((BOB, table.seq))
                if bob_view.phase == "play":
                    legal = bob_view.legal_plays()
                    move = legal[0] if legal else None
                    answer = await (bob.act("play", cards=move.cards, kind=move.kind,
                                            main=move.main_rank, seq=table.seq) if move
                                    else bob.act("pass", seq=table.seq))
                else:
                    action, fields = SOCKET_AUCTION[str(bob_view.phase)]
                    answer = await bob.act(action, seq=table.seq, **fields)
                assert answer["ok"], answer
                continue
        await asyncio.sleep(0.03)


async def refused(ann: Player, press: Any) -> dict[str, Any]:
    """Press a control of the page; the server's refusal, once the page shows its words."""
    answers = len(ann.of_type("answer"))
    await press.click()
    deadline = time.monotonic() + 10
    while len(ann.of_type("answer")) == answers:
        assert time.monotonic() < deadline, "no answer came"
        await asyncio.sleep(0.02)
    answer = ann.of_type("answer")[-1]
    assert answer["ok"] is False, answer
    alert = ann.frame.locator(".refusal [role=alert]")
    await alert.wait_for()
    assert (await alert.inner_text()).strip() == answer["error"]
    return answer


async def test_refused_actions_change_nothing(players, activity) -> None:
    ann = await players(ANN, "Ann", intercept=True)
    await open_table(ann, "classic", ai_seats=1, start=False)
    bob = await activity.page(BOB, "Bob")
    assert (await bob.act("join"))["ok"]
    await ann.wait_data(lambda d: d["state"] == "table")
    await press_start(ann)

    # out of turn: the page offers no Play; a play forged into its socket is refused
    await turn_of(activity, ann, bob, user=BOB)
    assert await ann.button(t("en", "web.play")).count() == 0
    assert await ann.button(t("en", "btn.pass")).count() == 0
    before = state(activity)
    seq = before[0]
    ann.rewrite = lambda f: {"type": "action", "id": f["id"], "action": "play",
                             "cards": before[1][0], "seq": seq} if f["type"] == "action" else f
    answer = await refused(ann, ann.button(t("en", "btn.trustee")))
    assert answer["code"] == "not_your_turn" and "Bob" in answer["error"]
    assert state(activity) == before
    assert not activity.manager.snapshot(CHANNEL).seats[0].trustee
    ann.rewrite = None

    # cards not held: the page's own Play, its cards swapped for some Ann does not hold
    await turn_of(activity, ann, bob, user=ANN, can_play=True)
    view = activity.manager.seat_view(CHANNEL, ANN)[1]
    legal = view.legal_plays()
    play = legal[0]
    missing = next(c for c in "3456789TJQKA2BR" if view.hand.count(c) < 4 and
                   (c not in "BR" or c not in view.hand))
    forged = missing * (view.hand.count(missing) + 1)
    await tap_cards(ann, activity.manager, play, Turns())
    before = state(activity)
    ann.rewrite = lambda f: {**f, "cards": forged, "kind": None, "main": None} \
        if f.get("action") == "play" else f
    answer = await refused(ann, ann.button(t("en", "web.play")))
    assert answer["code"] in ("not_held", "illegal_action", "invalid_cards"), answer
    assert state(activity) == before
    ann.rewrite = None
    # the same Play, unforged, is taken: nothing was spoiled by the refusal
    await ann.button(t("en", "web.play")).click()
    await ann.wait_data(lambda d: d["seq"] != str(before[0]), what="the play taken")
    assert activity.manager.seat_view(CHANNEL, ANN)[1].hand != before[1]

    # another user claimed in an action frame: refused as a bad frame
    await turn_of(activity, ann, bob, user=ANN)
    before = state(activity)
    answers = len(ann.of_type("answer"))
    ann.rewrite = lambda f: {**f, "user": str(BOB)} if f["type"] == "action" else f
    await ann.button(t("en", "btn.hint")).click()
    deadline = time.monotonic() + 10
    while len(ann.of_type("answer")) == answers:
        assert time.monotonic() < deadline, "the forged frame was not refused"
        await asyncio.sleep(0.02)
    error = ann.of_type("answer")[-1]  # answered by the action's id: its button lives on
    assert error["code"] == "bad_frame" and not error["ok"] and "user" in error["error"]
    alert = ann.frame.locator(".refusal [role=alert]")
    await alert.wait_for()
    assert error["error"] in await alert.inner_text()
    assert state(activity) == before
    await bob.close()


async def test_a_page_not_in_the_instance_is_refused(players, activity) -> None:
    ann = await activity.page(ANN, "Ann")
    assert (await ann.act("open", variant="classic", ai_seats=2))["ok"]
    seq = activity.manager.snapshot(CHANNEL).seq
    eve = await players(103, "Eve", member=False)
    await eve.wait_state("error")
    text = (await eve.app.inner_text()).strip()
    assert text == eve.of_type("error")[0]["error"] and "not in this Activity" in text
    assert not eve.of_type("table") and not eve.of_type("welcome")
    assert activity.manager.snapshot(CHANNEL).seq == seq
    await ann.close()


async def test_a_forged_token_is_refused(players, activity) -> None:
    real = await activity.token(ANN, "Ann")
    mallory = await players(104, "Mallory", intercept=True)
    await mallory.wait_state("no_table")
    # a new page of the same user, whose auth frame carries a token nobody issued
    # (the rewrite is in place before the page opens: set after, the page's own auth frame
    # could pass first and sign in)
    forged = await players(104, "Mallory", intercept=True,
                           rewrite=lambda f: {**f, "token": real[:-1] + "9"}
                           if f["type"] == "auth" else f)
    await forged.wait_state("error")
    error = forged.of_type("error")[0]
    assert error["code"] in ("auth_failed", "bad_token"), error
    assert (await forged.app.inner_text()).strip() == error["error"]
    assert not forged.of_type("welcome") and forged.sockets == 1  # refused: no retry

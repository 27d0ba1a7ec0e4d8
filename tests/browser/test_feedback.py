"""Feedback where the eye is: a refusal is said beside the button that met it, in the
user's language, with the daily bonus or relief a short player may claim there; a
selection that is not a play says why beside Play (the engine's words); offline, every
control is disabled, the clock is paused and Retry reconnects at once."""

from __future__ import annotations

import re
import time
from math import hypot
from typing import Any

import pytest

from bot.engine.rules import room_of
from bot.words.cards import spoken_card
from tests.web.pages import CHANNEL, GUILD

from .host import Player
from .play import RANK_RUN, Turns, open_table, play_deal, play_turn, t

pytestmark = pytest.mark.asyncio(loop_scope="session")

ANN, BOB, CY = 101, 102, 103
NEAR = 16  # px between a message and the button it is about, at most


async def gap(a: Any, b: Any) -> float:
    """The distance between two elements' boxes (0 when they touch or overlap)."""
    ra, rb = await a.bounding_box(), await b.bounding_box()
    assert ra and rb, "an element is not shown"
    dx = max(0.0, max(ra["x"], rb["x"]) - min(ra["x"] + ra["width"], rb["x"] + rb["width"]))
    dy = max(0.0, max(ra["y"], rb["y"]) - min(ra["y"] + ra["height"], rb["y"] + rb["height"]))
    return hypot(dx, dy)


async def last_answer(player: Player, action: str) -> dict[str, Any]:
    """The answer to the last ``action`` the page sent (once the test has heard it)."""
    sent = [f["id"] for f in player.sent if f.get("action") == action]
    assert sent, f"the page sent no {action}"
    found: dict[str, Any] = await player.wait_frames(
        lambda: next((f for f in player.of_type("answer") if f.get("id") == sent[-1]), None),
        f"the answer to the page's {action}")
    return found


async def refused_beside(player: Player, button: Any, code: str) -> tuple[Any, dict[str, Any]]:
    """Press ``button``; the refusal (``code``) the page shows, checked to be beside it."""
    await button.click()
    box = player.frame.locator(".refusal")
    await box.wait_for()
    answer = await player.wait_frames(
        lambda: next((f for f in reversed(player.of_type("answer"))
                      if f.get("code") == code), None), f"the {code} refusal")
    alert = box.locator("[role=alert]")
    assert (await alert.inner_text()).strip() == answer["error"]
    assert await gap(box, button) <= NEAR
    return box, answer


async def test_a_short_player_claims_relief_beside_open(players, activity) -> None:
    """zh-CN: Open refused for beans, beside Open, in Chinese; relief claimed there; Open
    again opens the table."""
    await activity.store.set_guild_setting(GUILD, "start_balance", 50)
    cy = await players(CY, "Cy", locale="zh-CN")
    await cy.wait_state("no_table")
    frame = cy.frame
    await frame.get_by_role("combobox", name=t("zh-CN", "web.room")).select_option("novice")
    open_button = cy.button(t("zh-CN", "web.open"))
    box, answer = await refused_beside(cy, open_button, "low_balance")
    assert answer["error"] == "Cy 只有 50 豆，这个房间需要 100 豆。"
    assert answer["claims"] == ["daily", "relief"]
    assert await box.get_by_role("button", name=t("zh-CN", "feedback.claim_daily")).count()
    await box.get_by_role("button", name=t("zh-CN", "feedback.claim_relief")).click()
    said = box.locator(".claimed")
    await said.wait_for()
    assert (await said.inner_text()).strip() == t("zh-CN", "feedback.relief_ok",
                                                  amount="2,000", balance="2,050")
    assert await cy.frame.locator(".refusal").count() == 1  # said in the same place
    assert await box.get_by_role("button").count() == 0  # nothing more to claim there
    # the form kept the room chosen through the refusal and the claim's redraws
    room = frame.get_by_role("combobox", name=t("zh-CN", "web.room"))
    assert await room.input_value() == "novice"
    await open_button.click()
    await cy.wait_state("table")
    assert activity.manager.snapshot(CHANNEL).seat_of(CY) == 0
    assert room_of(activity.manager.snapshot(CHANNEL).rules) == "novice"
    assert await activity.store.balance(GUILD, CY) == 2050


async def test_a_short_player_claims_the_daily_bonus_beside_join(players, activity) -> None:
    """en: Join refused for beans, beside Join; the daily bonus claimed; Join seats."""
    ann = await activity.page(ANN, "Ann")
    assert (await ann.act("open", variant="classic", room="novice", ai_seats=1))["ok"]
    await activity.store.set_guild_setting(GUILD, "start_balance", 50)
    bob = await players(BOB, "Bob")
    await bob.wait_state("table")
    join = bob.button(t("en", "btn.join"))
    box, answer = await refused_beside(bob, join, "low_balance")
    assert answer["error"] == "Bob has 50 beans; this room needs 100."
    await box.get_by_role("button", name=t("en", "feedback.claim_daily")).click()
    said = box.locator(".claimed")
    await said.wait_for()
    assert (await said.inner_text()).strip() == "Daily bonus: +1,000 beans. You have 1,050."
    assert await bob.frame.locator(".refusal").count() == 1
    await join.click()
    await bob.wait_data(lambda d: d.get("seat") == "2", what="Bob seated")
    assert await bob.frame.locator(".refusal").count() == 0  # said until the next action
    await ann.close()


async def my_play_turn(player: Player, activity: Any) -> None:
    """Answer the auction by tapping until it is the user's turn to play cards."""
    manager = activity.manager
    acted: set[str] = set()
    deadline = time.monotonic() + 30
    while True:
        assert time.monotonic() < deadline, "the play turn never came"
        data = await player.wait_data(lambda d: d.get("myTurn") == "true"
                                      and d["seq"] not in acted, what="the user's turn")
        if data["seq"] != str(manager.snapshot(CHANNEL).seq):
            continue
        if data["phase"] == "play":
            return
        acted.add(data["seq"])
        await play_turn(player, manager, Turns())


async def tap(player: Player, activity: Any, chars: str) -> None:
    """Tap one card of each rank in ``chars`` (by the names the page gives them)."""
    cards = activity.manager.seat_view(CHANNEL, player.user_id)[1].cards
    for char in chars:
        card = next(c for c in cards if c.char == char)
        await player.button(spoken_card(player.locale, card.char, card.suit)).first.click()


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
async def test_an_illegal_selection_says_why_beside_play(players, activity, locale) -> None:
    ann = await players(ANN, "Ann", locale=locale)
    await open_table(ann, "classic", ai_seats=2)
    await my_play_turn(ann, activity)
    view = activity.manager.seat_view(CHANNEL, ANN)[1]
    ranks = [c for c in "3456789TJQKA2" if c in view.hand]
    pair = ranks[0] + ranks[1]  # two cards of different ranks: never a play
    await tap(ann, activity, pair)
    play = ann.button(t(locale, "web.play"))
    assert await play.is_disabled()
    why = ann.frame.locator(".why-not")
    await why.wait_for()
    answer = await last_answer(ann, "check")
    asked = [f for f in ann.sent if f.get("action") == "check"]
    assert answer["code"] == "no_pattern" and asked[-1]["cards"] == "".join(sorted(pair))
    # on screen the server's sentence; to a screen reader its cards in words ("3, 5")
    shown = why.locator("span[aria-hidden='true']")
    assert (await shown.inner_text()).strip() == t(locale, "feedback.why_not",
                                                   reason=answer["error"])
    heard = (await why.locator(".sr-only").inner_text()).strip()
    assert not RANK_RUN.search(heard), heard
    assert answer["error"].endswith("is not a pattern you can play." if locale == "en"
                                    else "不是合法牌型。")
    assert await gap(why, play) <= NEAR
    # one card of it is unselected: the reason goes, or a new one says why that is not
    checks = len([f for f in ann.sent if f.get("action") == "check"])
    await tap(ann, activity, ranks[1])
    legal = any(p.cards == ranks[0] for p in view.legal_plays())
    if legal:
        await why.wait_for(state="detached")
        assert await play.is_enabled()
        assert len([f for f in ann.sent if f.get("action") == "check"]) == checks
    else:
        await ann.wait_frames(lambda: len([f for f in ann.sent
                                           if f.get("action") == "check"]) > checks,
                              "a second check")
        single = await last_answer(ann, "check")
        assert single["code"] == "does_not_beat"
        await ann.frame.get_by_text(t(locale, "feedback.why_not", reason=single["error"])
                                    ).wait_for()
    assert activity.manager.seat_view(CHANNEL, ANN)[1].hand == view.hand  # nothing played


async def test_offline_disables_the_controls_and_pauses_the_clock(players, activity) -> None:
    ann = await players(ANN, "Ann")
    await open_table(ann, "classic", ai_seats=2)
    await ann.wait_data(lambda d: d.get("myTurn") == "true", what="Ann's turn")
    timer = ann.frame.locator(".timer")
    await ann.frame.locator(".timer", has_text=re.compile(r"^\d+ s$")).wait_for()
    # the page's next sockets go nowhere until the test lets them through
    tries: list[float] = []
    online = {"on": False}

    async def route(ws: Any) -> None:
        if online["on"]:
            ws.connect_to_server()
            return
        tries.append(time.monotonic())
        await ws.close()

    await ann.context.route_web_socket("**/api/ws", route)
    for connection in activity.server.sessions.of_user(ANN):
        await connection.close()
    await ann.wait_state("offline")
    banner = ann.frame.locator(".banner.offline")
    await banner.get_by_text(t("en", "feedback.offline")).wait_for()
    retry = ann.button(t("en", "feedback.retry"))
    assert await retry.is_enabled()
    live = await ann.frame.locator("#app button:not(.retry), #app select").count()
    disabled = await ann.frame.locator("#app button:disabled:not(.retry)").count()
    assert live > 5 and disabled == live  # the hand's cards and every control
    shown = (await timer.inner_text()).strip()
    assert shown.endswith("(paused)") and "paused" in (await timer.get_attribute("class"))
    went = time.monotonic()
    await ann.wait_frames(lambda: len(tries) >= 3, "three tries refused", timeout=20)
    assert time.monotonic() - went > 2  # a running clock would have moved on
    assert (await timer.inner_text()).strip() == shown
    # Retry: the next try at once, not after the 5 s pause now under way
    online["on"] = True
    pressed = time.monotonic()
    await retry.click()
    await ann.wait_state("table", timeout=4)
    assert time.monotonic() - pressed < 4
    assert await banner.count() == 0
    assert "paused" not in (await timer.get_attribute("class") or "")
    assert await ann.frame.locator("#app button:not(:disabled)").count() > 0


async def test_offline_the_result_dialog_only_closes(players, activity) -> None:
    """The result dialog lies outside the table: offline, its Start and Leave are off too
    (nothing could be sent), Close still closes it."""
    ann = await players(ANN, "Ann")
    await open_table(ann, "classic", ai_seats=2)
    await play_deal(ann, activity.manager)
    result = ann.dialog(t("en", "result.title"))
    await result.wait_for()

    async def nowhere(ws: Any) -> None:
        await ws.close()

    await ann.context.route_web_socket("**/api/ws", nowhere)
    for connection in activity.server.sessions.of_user(ANN):
        await connection.close()
    await ann.wait_state("offline")
    start = result.get_by_role("button", name=t("en", "btn.start"), exact=True)
    leave = result.get_by_role("button", name=t("en", "btn.leave"), exact=True)
    close = result.get_by_role("button", name=t("en", "web.close"), exact=True)
    assert await start.is_disabled() and await leave.is_disabled()
    assert await close.is_enabled()
    await close.click()
    await result.wait_for(state="detached")

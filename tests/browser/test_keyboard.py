"""The page played with the keyboard only: Tab to Start and to the auction's buttons and
Enter, the hand's keys for each play (the arrows to a card, Space to select, Enter to
play), P for Can't beat, H for a hint, the result dialog closed with Tab and Enter; focus
never on the page's body after an action, its redraw or a dialog. On a 390×844 phone the
landlord's 20 cards lie in two rows and Up/Down go to the nearest card of the other row."""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio

from bot.engine import Play
from bot.engine.cards import RANK_CHARS
from bot.words.cards import spoken_card
from tests.web.pages import CHANNEL, Activity

from .conftest import activity_from
from .host import DESKTOP, PHONE, Player
from .play import longest, open_table, t

pytestmark = pytest.mark.asyncio(loop_scope="session")

ANN = 101
SEED = 16  # the deal where Ann, bidding 3, holds the landlord's 20 cards (as test_fan's)
# what Ann answers in each auction phase (bids: the highest still open)
ANSWERS = {"call": "btn.call", "grab": "btn.grab", "show_start": "btn.noshow",
           "show_deal": "btn.noshow", "show_landlord": "btn.noshow", "double": "btn.nodouble"}

# where focus is in the Activity's page
FOCUS = """() => {
  const e = document.activeElement;
  const cards = [...document.querySelectorAll('.hand button')];
  return {index: cards.indexOf(e), tag: e ? e.tagName : null,
          body: !e || e === document.body, focused: document.hasFocus(),
          controls: !!(e && e.closest('.controls') && !e.closest('dialog')),
          dialog: !!(e && e.closest('dialog')),
          name: e ? (e.getAttribute('aria-label') || e.textContent) : null};
}"""
# each time focus fell to the page's body while the page had it (checked after the task
# that moved it: a redraw puts it back at once)
WATCH_LOST = """() => {
  window.__lost = [];
  document.addEventListener('focusout', () => setTimeout(() => {
    if (document.hasFocus() && document.activeElement === document.body) {
      window.__lost.push(document.querySelector('#app').dataset.seq);
    }
  }, 0));
}"""
# the hand's cards where the fan places them (not where a dealing animation has them now)
CARDS = """() => [...document.querySelectorAll('.hand button')].map((b) => ({
  label: b.getAttribute('aria-label'), left: parseFloat(b.style.left),
  top: parseFloat(b.style.top), pressed: b.getAttribute('aria-pressed')}))"""


@pytest_asyncio.fixture(loop_scope="session")
async def activity(tmp_path: Any, built_page: None) -> AsyncIterator[Activity]:
    """The Activity's server as conftest.py's, its first deal SEED's."""
    async with activity_from(tmp_path, SEED) as act:
        yield act


async def focus(player: Player) -> dict[str, Any]:
    found: dict[str, Any] = await player.app.evaluate(f"a => ({FOCUS})()")
    return found


async def lost(player: Player) -> list[str]:
    found: list[str] = await player.app.evaluate("() => window.__lost")
    return found


async def focus_kept(player: Player, what: str) -> dict[str, Any]:
    """Focus in the hand or the controls once the page settles after ``what``."""
    deadline = time.monotonic() + 5
    while True:
        where = await focus(player)
        if where["index"] >= 0 or where["controls"] or where["dialog"]:
            return where
        assert time.monotonic() < deadline, f"focus left the hand and controls after {what}: " \
                                            f"{where}"
        await asyncio.sleep(0.03)


async def tab_to(player: Player, name: str) -> None:
    """Tab from wherever focus is to the control named ``name``."""
    for _ in range(60):
        if (await focus(player))["name"] == name:
            return
        await player.page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {name!r}: {await focus(player)}")


async def press(player: Player, name: str) -> None:
    await tab_to(player, name)
    await player.page.keyboard.press("Enter")


async def to_card(player: Player, index: int) -> None:
    """From the focused card to card ``index`` with Left/Right."""
    at = (await focus(player))["index"]
    assert at >= 0, "focus is not in the hand"
    key = "ArrowRight" if index > at else "ArrowLeft"
    for _ in range(abs(index - at)):
        await player.page.keyboard.press(key)
    assert (await focus(player))["index"] == index


async def into_hand(player: Player) -> None:
    """Tab to the hand's one tab stop when focus is elsewhere."""
    for _ in range(60):
        if (await focus(player))["index"] >= 0:
            return
        await player.page.keyboard.press("Tab")
    raise AssertionError("Tab never reached the hand")


async def key_play(player: Player, play: Play) -> None:
    """Select ``play``'s cards (and only them: a hint may have chosen others) with the
    arrows and Space, then Enter."""
    cards = await player.app.evaluate(f"a => ({CARDS})()")
    names = {spoken_card(player.locale, char, suit): char for char in RANK_CHARS
             for suit in ("S", "H", "C", "D", "")}
    need = Counter(play.cards)
    chosen = []
    for i, card in enumerate(cards):
        char = names[card["label"]]
        if need[char] > 0:
            need[char] -= 1
            chosen.append(i)
    assert not +need, ([c["label"] for c in cards], play.cards)
    await into_hand(player)
    for i, card in enumerate(cards):
        if (card["pressed"] == "true") != (i in chosen):
            await to_card(player, i)
            await player.page.keyboard.press(" ")
    pressed = await player.frame.locator(".hand button[aria-pressed='true']").count()
    assert pressed == len(play.cards), (pressed, play.cards)
    assert await player.button(t(player.locale, "web.play")).is_enabled()
    await player.page.keyboard.press("Enter")


def hints(player: Player) -> list[int]:
    """The ids of the hint actions the page sent."""
    return [s["id"] for s in player.sent if s.get("action") == "hint"]


def answered(player: Player, n: int) -> bool:
    """The page sent ``n`` hints and has the last one's answer."""
    sent = hints(player)
    return len(sent) >= n and any(f.get("type") == "answer" and f.get("id") == sent[n - 1]
                                  for f in player.frames)


async def answer_auction(player: Player, phase: str) -> None:
    locale = player.locale
    if phase == "bid":
        for n in (3, 2, 1):
            if await player.button(t(locale, "btn.bid", n=n)).count():
                await press(player, t(locale, "btn.bid", n=n))
                return
        await press(player, t(locale, "btn.bid0"))
    else:
        await press(player, t(locale, ANSWERS[phase]))


async def my_turn(player: Player, manager: Any, acted: set[str]) -> str | None:
    """The seq of a turn of Ann's not yet taken (the page and the server agree on it)."""
    data = await player.data()
    table = manager.find(CHANNEL)
    if data.get("myTurn") != "true" or table is None or data.get("seq") != str(table.seq) \
            or data["seq"] in acted:
        return None
    acted.add(data["seq"])
    return data["seq"]


async def test_a_whole_deal_with_the_keyboard(players: Any, activity: Activity) -> None:
    ann = await players(ANN, "Ann", viewport=DESKTOP)
    await open_table(ann, "classic", ai_seats=2, start=False)
    await ann.app.evaluate(f"a => ({WATCH_LOST})()")
    await press(ann, t("en", "btn.start"))
    await ann.wait_data(lambda d: d.get("phase") not in (None, ""), what="a deal")
    manager = activity.manager
    result = ann.dialog(t("en", "result.title"))
    acted: set[str] = set()
    done = Counter[str]()
    deadline = time.monotonic() + 90
    while not await result.is_visible():
        assert time.monotonic() < deadline, f"the deal did not end: {await ann.data()} {done}"
        seq = await my_turn(ann, manager, acted)
        if seq is None:
            await asyncio.sleep(0.03)
            continue
        view = manager.seat_view(CHANNEL, ANN)[1]
        if view.phase != "play":
            await answer_auction(ann, str(view.phase))
            done["auction"] += 1
        elif not view.legal_plays():  # P from the hand: Can't beat
            await into_hand(ann)
            await ann.page.keyboard.press("p")
            done["passes"] += 1
        else:
            if not done["hints"]:  # Hint by Tab and Enter: focus stays on Hint
                await press(ann, t("en", "btn.hint"))
                await ann.frame.locator(".center .hintline").wait_for()
                assert (await focus(ann))["name"] == t("en", "btn.hint")
                # H from the hand asks for the next hint: answered, focus stays in the hand
                await into_hand(ann)
                asked = len(hints(ann))
                await ann.page.keyboard.press("h")
                await ann.wait_frames(lambda n=asked + 1: answered(ann, n), "the second hint")
                assert (await focus(ann))["index"] >= 0
                done["hints"] += 1
            await key_play(ann, longest(view.legal_plays()))
            done["plays"] += 1
        await ann.wait_data(lambda d, seq=seq: d["seq"] != seq, what="the action applied")
        if not await result.is_visible():
            await focus_kept(ann, f"{done}")
    assert done["plays"] >= 1 and done["auction"] >= 1 and done["hints"] == 1, done
    # the result dialog has focus; closed with Tab and Enter, focus goes back to the table
    assert (await focus(ann))["dialog"]
    await press(ann, t("en", "web.close"))
    await result.wait_for(state="hidden")
    where = await focus_kept(ann, "the result dialog closed")
    assert not where["dialog"]
    assert await lost(ann) == [], "focus fell to the page's body"


async def test_up_and_down_between_the_fans_rows(players: Any, activity: Activity) -> None:
    ann = await players(ANN, "Ann", viewport=PHONE, platform="mobile")
    await open_table(ann, "classic", ai_seats=2, start=False)
    await press(ann, t("en", "btn.start"))
    manager = activity.manager
    acted: set[str] = set()
    deadline = time.monotonic() + 60
    while (await ann.data()).get("phase") != "play":
        assert time.monotonic() < deadline, f"no play phase: {await ann.data()}"
        if (seq := await my_turn(ann, manager, acted)) is None:
            await asyncio.sleep(0.03)
            continue
        await answer_auction(ann, str(manager.seat_view(CHANNEL, ANN)[1].phase))
        await ann.wait_data(lambda d, seq=seq: d["seq"] != seq, what="the answer applied")
    await ann.frame.locator(".hand button").nth(19).wait_for()
    await ann.frame.locator(".hand[data-rows='2']").wait_for()
    cards = await ann.app.evaluate(f"a => ({CARDS})()")
    assert len(cards) == 20, "Ann does not hold the landlord's hand with this seed"
    tops = sorted({c["top"] for c in cards})
    assert len(tops) == 2, tops
    row = [[i for i, c in enumerate(cards) if c["top"] == top] for top in tops]

    def nearest(i: int, other: list[int]) -> int:
        return min(other, key=lambda k: (abs(cards[k]["left"] - cards[i]["left"]), k))

    await into_hand(ann)
    keyboard = ann.page.keyboard
    for start in (row[0][0], row[0][len(row[0]) // 2], row[0][-1]):
        await to_card(ann, start)
        await keyboard.press("ArrowDown")
        below = (await focus(ann))["index"]
        assert below == nearest(start, row[1]), (start, below)
        await keyboard.press("ArrowDown")  # the bottom row: nowhere lower
        assert (await focus(ann))["index"] == below
        await keyboard.press("ArrowUp")
        assert (await focus(ann))["index"] == nearest(below, row[0])
    # Up from the top row stays; Space still selects the card Down reached
    await to_card(ann, row[0][0])
    await keyboard.press("ArrowUp")
    assert (await focus(ann))["index"] == row[0][0]
    await keyboard.press("ArrowDown")
    await keyboard.press(" ")
    at = (await focus(ann))["index"]
    assert (await ann.app.evaluate(f"a => ({CARDS})()"))[at]["pressed"] == "true"
    # the hand says its keys
    description = await ann.frame.locator(".hand").get_attribute("aria-description")
    assert description == t("en", "access.hand_keys")

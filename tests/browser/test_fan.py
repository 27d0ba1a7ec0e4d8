"""The hand as a fan (issue 57): at 390×844 and 1280×800, in en and zh-CN, a 17-card, a
20-card and the four-player landlord's 33-card hand lie in one row (two on the phone;
three for the 33 cards there, where two rows would leave each card less than 32 px), big to
small from the left; every card keeps a strip to tap, measured by what the browser finds
under each point (elementFromPoint): at least 32 px on the phone, 44 px on the desktop
(32 for the 33 cards, which 1280 px cannot give 44 each); a selected card rises clear of
the row below; jokers are named and drawn in words. The keyboard: one tab stop, Left/Right,
Home/End move, Space selects, Enter plays, and focus stays in the hand; a whole deal played
with the keyboard only."""

from __future__ import annotations

import asyncio
import itertools
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
from .play import bid_highest, longest, open_table, t

pytestmark = pytest.mark.asyncio(loop_scope="session")

# the deals' seeds where the user, bidding, calling and grabbing, holds the landlord's hand
# with both jokers (tests/browser/conftest.py's deals start at 1)
SEEDS = {"test_the_three_player_fan": 16, "test_the_four_player_landlords_fan": 10}


@pytest_asyncio.fixture(loop_scope="session")
async def activity(tmp_path, built_page, request) -> AsyncIterator[Activity]:
    """The Activity's server as conftest.py's, dealing from the test's seed (SEEDS)."""
    async with activity_from(tmp_path, SEEDS.get(request.node.originalname) or 1) as act:
        yield act

# what the user answers in the auction here: the biggest bid, call and grab (to hold the
# landlord's hand), no 明牌, no 加倍
EAGER = {"call": "btn.call", "grab": "btn.grab", "show_start": "btn.noshow",
         "show_deal": "btn.noshow", "show_landlord": "btn.noshow", "double": "btn.nodouble"}

# every card of the hand: its box, the width of it the browser finds it under along a line
# 6 px below its top (its strip, to a quarter pixel), its name, text and state
MEASURE = """() => [...document.querySelectorAll('.hand button')].map((b) => {
  const r = b.getBoundingClientRect();
  const y = r.top + 6;
  let strip = 0;
  let over = null;
  for (let x = r.left + 0.125; x < r.right; x += 0.25) {
    const hit = document.elementFromPoint(x, y);
    if (hit && hit.closest('button') === b) strip += 0.25;
    else if (!over && hit) over = hit.className || hit.tagName;
  }
  return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, strip, over,
          label: b.getAttribute('aria-label'), text: b.textContent,
          pressed: b.getAttribute('aria-pressed'), tabindex: b.tabIndex,
          width: innerWidth, height: innerHeight};
})"""
# is the card at index i under each of these points of its box (relative, 0..1)?
UNDER = """([i, points]) => {
  const b = document.querySelectorAll('.hand button')[i];
  const r = b.getBoundingClientRect();
  return points.map(([fx, fy]) => {
    const hit = document.elementFromPoint(r.left + fx * r.width, r.top + fy * r.height);
    return !!hit && hit.closest('button') === b;
  });
}"""


async def reach_play(player: Player, manager: Any, timeout: float = 30.0) -> int:
    """Answer the auction with the page's buttons (eagerly) until the play begins; the
    number of cards in the user's hand then."""
    acted: set[str] = set()
    deadline = time.monotonic() + timeout
    while True:
        assert time.monotonic() < deadline, f"no play phase: {await player.data()}"
        data = await player.data()
        if data.get("phase") == "play":
            return len(manager.seat_view(CHANNEL, player.user_id)[1].cards)
        table = manager.find(CHANNEL)
        if data.get("myTurn") == "true" and table is not None and \
                data.get("seq") == str(table.seq) and data["seq"] not in acted:
            acted.add(data["seq"])
            phase = data["phase"]
            if phase == "bid":
                await bid_highest(player)
            else:
                await player.button(t(player.locale, EAGER[phase])).click()
        else:
            await asyncio.sleep(0.03)


async def cards_shown(player: Player, n: int) -> list[dict[str, Any]]:
    """The hand's cards once the page shows ``n`` of them, laid out."""
    await player.frame.locator(".hand button").nth(n - 1).wait_for()
    await player.settled()  # laid out, the deal's fan-in done
    cards: list[dict[str, Any]] = await player.app.evaluate(f"a => ({MEASURE})()")
    assert len(cards) == n, (len(cards), n)
    return cards


def rows_of(cards: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    tops = sorted({round(c["top"]) for c in cards})
    return [[c for c in cards if round(c["top"]) == top] for top in tops]


def check_fan(cards: list[dict[str, Any]], viewport: tuple[int, int], locale: str) -> None:
    """One row (two, or three for 33 cards, on the phone), strips, order, names."""
    n = len(cards)
    phone = viewport == PHONE
    rows = rows_of(cards)
    most = 1 if not phone else (3 if n > 30 else 2)
    assert len(rows) <= most, f"{n} cards in {len(rows)} rows at {viewport}"
    floor = 32 if phone or n > 30 else 44
    strips = [c["strip"] for c in cards]
    narrow = [(c["label"], c["left"], c["strip"], c["over"]) for c in cards
              if c["strip"] < floor]
    assert not narrow, f"strips {strips} at {viewport} (at least {floor}): {narrow}"
    for c in cards:  # on the screen, nothing past its sides
        assert c["left"] >= 0 and c["right"] <= c["width"], c
    # big to small from the left, row after row; a rank's cards side by side
    ranks = [rank_of(c["label"], locale) for c in cards]
    assert ranks == sorted(ranks, reverse=True), ranks
    if len(rows) > 1 and n <= 20:  # no rank split across rows (33 cards: no room to)
        for upper, lower in itertools.pairwise(rows):
            assert rank_of(upper[-1]["label"], locale) != rank_of(lower[0]["label"], locale) \
                or len({rank_of(c["label"], locale) for c in upper}) == 1, \
                ("|".join(c["label"] for c in upper), "|".join(c["label"] for c in lower))


NAMES = {locale: {spoken_card(locale, char, suit): RANK_CHARS.index(char)
                  for char in RANK_CHARS for suit in ("S", "H", "C", "D", "")}
         for locale in ("en", "zh-CN")}


def rank_of(label: str, locale: str) -> int:
    assert label in NAMES[locale], f"{label!r} is not a card's name in words"
    return NAMES[locale][label]


async def check_jokers(player: Player, cards: list[dict[str, Any]]) -> int:
    """A joker is named in words and shows its word (JOKER, 大王/小王); how many."""
    big = "大王" if player.locale == "zh-CN" else "Big Joker"
    small = "小王" if player.locale == "zh-CN" else "Small Joker"
    found = 0
    for c in cards:
        if c["label"] in (big, small):
            found += 1
            word = c["label"] if player.locale == "zh-CN" else "JOKER"
            assert word in c["text"], c
    return found


async def check_rise(player: Player, cards: list[dict[str, Any]]) -> None:
    """The first card (an upper row's on the phone) selected: fully clear of the row
    below, its top and bottom corners its own."""
    first = player.frame.locator(".hand button").first
    await first.click()
    await player.settled()  # risen
    assert await first.get_attribute("aria-pressed") == "true"
    box = await first.bounding_box()
    assert box is not None and box["y"] >= 0
    under = await player.app.evaluate(
        f"(a, arg) => ({UNDER})(arg)", [0, [[0.2, 0.05], [0.2, 0.5], [0.2, 0.95]]])
    assert under == [True, True, True], (under, box)
    await first.click()


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["390x844", "1280x800"])
async def test_the_three_player_fan(players, activity, locale: str,
                                    viewport: tuple[int, int]) -> None:
    ann = await players(101, "Ann", locale=locale, viewport=viewport,
                        platform="mobile" if viewport == PHONE else "desktop")
    await open_table(ann, "classic", ai_seats=2)
    check_fan(await cards_shown(ann, 17), viewport, locale)  # the auction's 17 cards
    n = await reach_play(ann, activity.manager)
    cards = await cards_shown(ann, n)
    check_fan(cards, viewport, locale)
    await check_jokers(ann, cards)
    await check_rise(ann, cards)
    assert n == 20, f"the user is not the landlord with this seed ({n} cards)"


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["390x844", "1280x800"])
async def test_the_four_player_landlords_fan(players, activity, locale: str,
                                             viewport: tuple[int, int]) -> None:
    ann = await players(101, "Ann", locale=locale, viewport=viewport,
                        platform="mobile" if viewport == PHONE else "desktop")
    await open_table(ann, "four", ai_seats=3)
    n = await reach_play(ann, activity.manager)
    assert n == 33, f"the user is not the landlord with this seed ({n} cards)"
    cards = await cards_shown(ann, n)
    check_fan(cards, viewport, locale)
    assert await check_jokers(ann, cards) >= 1
    await check_rise(ann, cards)


async def focused(player: Player) -> dict[str, Any]:
    found: dict[str, Any] = await player.app.evaluate("""() => {
      const e = document.activeElement;
      const cards = [...document.querySelectorAll('.hand button')];
      return {index: cards.indexOf(e), label: e && e.getAttribute('aria-label'),
              tag: e && e.tagName, controls: !!(e && e.closest('.controls'))};
    }""")
    return found


async def key_play(player: Player, manager: Any, play: Play) -> None:
    """Select ``play``'s cards with the arrows and Space from wherever focus is in the
    hand, then Enter."""
    keyboard = player.page.keyboard
    labels = [c["label"] for c in await player.app.evaluate(f"a => ({MEASURE})()")]
    need = Counter(play.cards)
    chosen: list[int] = []
    for i, label in enumerate(labels):
        char = RANK_CHARS[rank_of(label, player.locale)]
        if need[char] > 0:
            need[char] -= 1
            chosen.append(i)
    assert not +need, (labels, play.cards)
    await keyboard.press("Home")
    at = 0
    for i in chosen:
        for _ in range(i - at):
            await keyboard.press("ArrowRight")
        at = i
        assert (await focused(player))["index"] == i
        await keyboard.press(" ")
    await keyboard.press("Enter")


async def focus_hand(player: Player) -> None:
    await player.frame.locator(".hand button[tabindex='0']").focus()


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
async def test_the_keyboard_moves_selects_and_plays(players, activity, locale: str) -> None:
    ann = await players(101, "Ann", locale=locale, viewport=PHONE, platform="mobile")
    await open_table(ann, "classic", ai_seats=2)
    await cards_shown(ann, 17)
    hand = ann.frame.locator(".hand button")
    # one tab stop: exactly one card is in the tab order
    tabbable = await ann.app.evaluate(
        "() => [...document.querySelectorAll('.hand button')].filter(b => b.tabIndex === 0)"
        ".length")
    assert tabbable == 1
    await focus_hand(ann)
    keyboard = ann.page.keyboard
    start = (await focused(ann))["index"]
    await keyboard.press("ArrowRight")
    assert (await focused(ann))["index"] == start + 1
    await keyboard.press("ArrowLeft")
    assert (await focused(ann))["index"] == start
    await keyboard.press("End")
    assert (await focused(ann))["index"] == 16
    await keyboard.press("Home")
    assert (await focused(ann))["index"] == 0
    await keyboard.press(" ")
    assert await hand.nth(0).get_attribute("aria-pressed") == "true"
    await keyboard.press(" ")
    assert await hand.nth(0).get_attribute("aria-pressed") == "false"
    # Enter plays a legal selection on the user's turn; focus is in the hand after it
    manager = activity.manager
    deadline = time.monotonic() + 30
    while True:
        assert time.monotonic() < deadline, "the user never played"
        data = await ann.data()
        view = manager.seat_view(CHANNEL, ann.user_id)[1]
        table = manager.find(CHANNEL)
        if data.get("myTurn") != "true" or table is None or data["seq"] != str(table.seq):
            await asyncio.sleep(0.03)
            continue
        if view.phase != "play":
            await reach_play(ann, manager)
            continue
        legal = view.legal_plays()
        if not legal:
            await ann.button(t(locale, "btn.cannot_beat")).click()
            continue
        before = len(view.cards)
        await focus_hand(ann)
        await key_play(ann, manager, min(legal, key=lambda p: len(p.cards)))
        await ann.wait_data(lambda d, seq=data["seq"]: d["seq"] != seq, what="the play")
        await ann.settled()
        after = len(manager.seat_view(CHANNEL, ann.user_id)[1].cards)
        assert after < before
        where = await focused(ann)
        assert where["index"] >= 0, f"focus left the hand after the play: {where}"
        break


async def test_a_whole_deal_by_keyboard(players, activity) -> None:
    """Every turn of the user's, auction and plays, with keys only: Tab to the controls
    and Enter for the auction's buttons and Can't beat, the hand's keys for plays."""
    ann = await players(101, "Ann", viewport=PHONE, platform="mobile")
    await open_table(ann, "classic", ai_seats=2)
    manager = activity.manager
    result = ann.dialog(t("en", "result.title"))
    acted: set[str] = set()
    plays = 0
    deadline = time.monotonic() + 90
    while not await result.is_visible():
        assert time.monotonic() < deadline, f"the deal did not end: {await ann.data()}"
        data = await ann.data()
        table = manager.find(CHANNEL)
        if data.get("myTurn") != "true" or table is None or data["seq"] != str(table.seq) \
                or data["seq"] in acted:
            await asyncio.sleep(0.03)
            continue
        acted.add(data["seq"])
        view = manager.seat_view(CHANNEL, ann.user_id)[1]
        if view.phase != "play" or not view.legal_plays():
            if view.phase == "bid":
                label = t("en", "btn.bid0")
                for n in (1, 2, 3):
                    if await ann.button(t("en", "btn.bid", n=n)).count():
                        label = t("en", "btn.bid", n=n)
            elif view.phase == "play":
                label = t("en", "btn.cannot_beat")
            else:
                label = t("en", EAGER[str(view.phase)])
            await press_by_tab(ann, label)
            continue
        where = await focused(ann)
        if where["index"] < 0:
            await focus_hand(ann)
        await key_play(ann, manager, longest(view.legal_plays()))
        plays += 1
        await ann.wait_data(lambda d, seq=data["seq"]: d["seq"] != seq, what="the play")
        await ann.settled()
        if await result.is_visible():
            break
        where = await focused(ann)
        assert where["index"] >= 0 or where["controls"], \
            f"focus left the hand and the controls after a play: {where}"
    assert plays >= 1


async def press_by_tab(player: Player, label: str) -> None:
    """Tab (from wherever focus is) to the button named ``label`` and press Enter."""
    keyboard = player.page.keyboard
    for _ in range(40):
        where = await focused(player)
        if where["label"] is None and where["tag"] == "BUTTON":
            text = await player.app.evaluate("() => document.activeElement.textContent")
            if text == label:
                await keyboard.press("Enter")
                return
        await keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {label!r}")

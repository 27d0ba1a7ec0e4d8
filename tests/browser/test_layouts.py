"""Every frame Discord shows the Activity in (issue 57): a narrow phone (320×568), a phone
(390×844), a landscape phone (844×390) and a desktop (1280×800), in en and zh-CN, on the
user's turn of a three-player deal and of the four-player landlord's first turn (33 cards):
every card of the hand and every control inside the viewport, not covered, and the page not
taller than its frame; picture-in-picture (480×270, or Discord's layout-mode event) shows
the compact view; Discord's safe-area insets move the page's content."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from .host import DESKTOP, PHONE, Player
from .play import RANK_RUN
from .screens import LANDSCAPE, PIP, SMALL, a_landlord_turn, a_turn_to_beat, show

pytestmark = pytest.mark.asyncio(loop_scope="session")

# each card's rectangle, and whether a finger on its visible strip (its top-left corner:
# later cards lie to the right of it, a next row below it) lands on it; each control's
# rectangle and whether its middle is its own; the page's scroll height
MEASURE = """() => {
  const own = (el, x, y) => { const hit = document.elementFromPoint(x, y);
                              return !!hit && (hit === el || el.contains(hit)); };
  const box = (r) => [r.left, r.top, r.right, r.bottom];
  const cards = [...document.querySelectorAll(".hand button")].map(b => {
    const r = b.getBoundingClientRect();
    return [b.getAttribute("aria-label"), box(r), own(b, r.left + 6, r.top + 10)];
  });
  const controls = [...document.querySelectorAll(".controls button")].map(b => {
    const r = b.getBoundingClientRect();
    return [b.textContent, box(r), own(b, (r.left + r.right) / 2, (r.top + r.bottom) / 2)];
  });
  const app = document.getElementById("app");
  // what the board must show without scrolling: the turn line (the play to beat), every
  // cell of the card counter; and every seat's name whole (wrapped, never cut)
  const board = document.querySelector(".board")?.getBoundingClientRect();
  const seen = (el) => { const r = el.getBoundingClientRect();
                         return r.top >= board.top - 0.5 && r.bottom <= board.bottom + 0.5
                           && r.left >= -0.5 && r.right <= innerWidth + 0.5; };
  const turn = document.querySelector(".turnline");
  const counter = [...document.querySelectorAll(".counter .rank")];
  const names = [...document.querySelectorAll(".seat .name")].map(n =>
    [n.textContent, n.scrollWidth <= n.clientWidth + 1 && n.scrollHeight <= n.clientHeight + 1]);
  return {cards, controls, width: innerWidth, height: innerHeight,
          scroll: document.scrollingElement.scrollHeight, layout: app.dataset.layout,
          rows: Number(document.querySelector(".hand").dataset.rows),
          turnSeen: !!turn && seen(turn), counterSeen: counter.every(seen),
          counterCells: counter.length, names};
}"""
DEALS = {"three": a_turn_to_beat, "four": a_landlord_turn}


async def measure(player: Player) -> dict[str, Any]:
    found: dict[str, Any] = await player.app.evaluate(f"a => ({MEASURE})()")
    return found


def out_of_frame(found: dict[str, Any], what: str) -> list[str]:
    """What of the hand and the controls is not whole and uncovered in the frame."""
    w, h = found["width"], found["height"]
    wrong = []
    if found["scroll"] > h:
        wrong.append(f"{what}: the page is {found['scroll']} px tall in a {h} px frame")
    for kind in ("cards", "controls"):
        for name, (x0, y0, x1, y1), hit in found[kind]:
            if x0 < -0.5 or y0 < -0.5 or x1 > w + 0.5 or y1 > h + 0.5:
                wrong.append(f"{what}: {name} lies at {x0:.0f},{y0:.0f}-{x1:.0f},{y1:.0f}")
            elif not hit:
                wrong.append(f"{what}: a finger on {name} lands on something else")
    return wrong


@pytest.mark.parametrize("deal", list(DEALS))
@pytest.mark.parametrize("locale", ["en", "zh-CN"])
async def test_the_hand_and_controls_fit_every_frame(browser, activity, deal: str,
                                                     locale: str) -> None:
    socket = await DEALS[deal](activity)
    wrong: list[str] = []
    try:
        for size in (SMALL, PHONE, LANDSCAPE, DESKTOP):
            player = await show(browser, activity, locale, size, select=False)
            found = await measure(player)
            what = f"{deal} {locale} {size[0]}×{size[1]}"
            assert found["layout"] == "focused", (what, found["layout"])
            assert deal != "four" or len(found["cards"]) == 33, (what, len(found["cards"]))
            assert found["cards"] and found["controls"], what
            wrong += out_of_frame(found, what)
            wrong += [f"{what}: the name {name!r} is cut" for name, whole in found["names"]
                      if not whole]
            if deal == "three" or size != SMALL:  # 33 cards leave a 320 px phone's board
                # room for its seats only: it scrolls to the rest
                if not found["turnSeen"]:
                    wrong.append(f"{what}: the turn line is scrolled out of the board")
                if not found["counterSeen"] or not found["counterCells"]:
                    wrong.append(f"{what}: the card counter is not whole in the board")
            # one row, two on a phone (20 cards at 320 px too); the 33 cards of the
            # four-player landlord in two on a landscape phone, four on the narrowest
            most = {SMALL: 4 if deal == "four" else 2, PHONE: 3 if deal == "four" else 2,
                    LANDSCAPE: 2, DESKTOP: 1}[size]
            if found["rows"] > most:
                wrong.append(f"{what}: the hand takes {found['rows']} rows (at most {most})")
            if size == LANDSCAPE:  # every card keeps a strip to tap
                tops: dict[float, list[float]] = {}
                for _, (x0, y0, _, _), _ in found["cards"]:
                    tops.setdefault(round(y0), []).append(x0)
                steps = [b - a for xs in tops.values()
                         for a, b in itertools.pairwise(sorted(xs))]
                if min(steps) < 32:
                    wrong.append(f"{what}: a card keeps only {min(steps):.0f} px to tap")
            lowest = max(y1 for _, (_, _, _, y1), _ in found["cards"])
            print(f"{what}: hand bottom {lowest:.0f}, controls "
                  + ", ".join(f"{n} {x0:.0f},{y0:.0f}-{x1:.0f},{y1:.0f}"
                              for n, (x0, y0, x1, y1), _ in found["controls"]))
            await player.close()
        # picture-in-picture: the compact view alone
        player = await show(browser, activity, locale, PIP)
        assert (await player.data())["layout"] == "pip"
        compact = player.frame.locator(".compact")
        for part in (".c-turn", ".c-left", ".c-open") + ((".c-beat",) if deal == "three" else ()):
            box = await compact.locator(part).bounding_box()
            assert box and box["y"] >= 0 and box["y"] + box["height"] <= PIP[1], (part, box)
        assert not await player.frame.locator(".hand").is_visible()
        assert not await player.frame.locator(".controls").is_visible()
        if deal == "three":  # the play to beat, read out in words (never "55")
            heard = await compact.locator(".c-beat").evaluate(
                """b => [...b.childNodes].filter(n => !(n.getAttribute
                          && n.getAttribute("aria-hidden"))).map(n => n.textContent).join("")""")
            assert heard and not RANK_RUN.search(heard), heard
        await player.close()
    finally:
        await socket.close()
    assert not wrong, "\n".join(wrong)


async def dispatch(player: Player, event: str, data: dict[str, Any]) -> None:
    """An SDK event as Discord's client sends it to the Activity's frame."""
    await player.page.evaluate(
        """([evt, data]) => document.getElementById("activity").contentWindow.postMessage(
             [1, {cmd: "DISPATCH", evt, nonce: null, data}], location.origin)""",
        [event, data])


async def test_discords_layout_mode_and_orientation_events(browser, activity) -> None:
    socket = await a_turn_to_beat(activity)
    try:
        player = await show(browser, activity, "en", DESKTOP, select=False)
        assert (await player.data())["layout"] == "focused"
        sent = await player.page.evaluate("window.__commands")
        lock = [c["args"] for c in sent if c["cmd"] == "SET_ORIENTATION_LOCK_STATE"]
        # unlocked when focused, landscape in PiP and grid (the SDK sends it again without
        # grid_lock_state when a client refuses it, as the test host does)
        assert lock[0] == {"lock_state": 1, "picture_in_picture_lock_state": 3,
                           "grid_lock_state": 3}, lock
        assert {c.get("evt") for c in sent if c["cmd"] == "SUBSCRIBE"} >= {
            "ACTIVITY_LAYOUT_MODE_UPDATE", "ORIENTATION_UPDATE"}
        await dispatch(player, "ACTIVITY_LAYOUT_MODE_UPDATE", {"layout_mode": 1})
        data = await player.wait_data(lambda d: d.get("layout") == "pip", what="PiP")
        assert data["layoutFrom"] == "discord"
        assert await player.frame.locator(".compact .c-turn").is_visible()
        assert not await player.frame.locator(".hand").is_visible()
        await dispatch(player, "ORIENTATION_UPDATE", {"screen_orientation": 0,
                                                      "orientation": "portrait"})
        await player.wait_data(lambda d: d.get("orientation") == "portrait",
                               what="portrait")
        await dispatch(player, "ACTIVITY_LAYOUT_MODE_UPDATE", {"layout_mode": 0})
        await player.wait_data(lambda d: d.get("layout") == "focused", what="focused")
        assert await player.frame.locator(".hand").is_visible()
        await player.close()
    finally:
        await socket.close()


async def test_the_safe_area_insets_move_the_content(browser, activity) -> None:
    socket = await a_turn_to_beat(activity)
    try:
        player = await show(browser, activity, "en", PHONE, select=False)
        before = await measure(player)
        await player.app.evaluate("""() => document.documentElement.style.setProperty(
            "--discord-safe-area-inset-bottom", "40px")""")
        await player.settled()
        after = await measure(player)
        for kind in ("cards", "controls"):
            for (name, box0, _), (_, box1, _) in zip(before[kind], after[kind], strict=True):
                assert abs((box0[3] - box1[3]) - 40) <= 1, (name, box0, box1)
        assert not out_of_frame(after, "inset 40 px")
        await player.close()
    finally:
        await socket.close()

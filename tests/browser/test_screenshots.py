"""The page at a phone's size and a desktop's, in en and zh-CN: screenshots written to a
temp dir (the path is printed, to look at them), and what a picture cannot be trusted to
show: nothing wider than the phone, 44 px touch targets, every card of the hand shown."""

from __future__ import annotations

import itertools

import pytest

from tests.web.pages import CHANNEL

from .host import PHONE
from .play import t
from .screens import SHOTS, a_turn_to_beat, png_size, shoot, show

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def test_screenshots_at_phone_and_desktop_sizes(browser, activity, tmp_path) -> None:
    written = await shoot(browser, activity, tmp_path / "screens")
    print(f"\nthe Activity's screenshots: {tmp_path / 'screens'}")
    assert len(written) == len(SHOTS)
    for path, (_locale, viewport) in zip(written, SHOTS, strict=True):
        assert png_size(path) == viewport
        # a page drawn (cards, seats, controls) is far more than an empty frame's bytes
        assert path.stat().st_size > 20_000, f"{path} looks empty"


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
async def test_a_phone_fits_and_keeps_44px_targets(browser, activity, locale: str) -> None:
    socket = await a_turn_to_beat(activity)
    player = await show(browser, activity, locale, PHONE)
    frame = player.frame
    width = await frame.locator("html").evaluate("h => h.scrollWidth")
    assert width <= PHONE[0], f"the page is {width} px wide on a {PHONE[0]} px phone"
    hand = activity.manager.seat_view(CHANNEL, 101)[1].cards
    cards = frame.locator(".hand button")
    assert await cards.count() == len(hand)
    # where each card lies (its layout, before a selected card's rise) and whether a
    # finger on its visible strip (22 px in, 30 px down) lands on it
    cards_at = await cards.evaluate_all("""bs => bs.map(b => {
        const r = b.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + 22, r.top + 30);
        return [b.offsetLeft, b.offsetTop, r.left, r.right,
                !!hit && (hit === b || b.contains(hit)), b.getAttribute("aria-label")];
    })""")
    rows: dict[int, list[int]] = {}
    for left, top, x0, x1, hit, name in cards_at:
        assert x0 >= 0 and x1 <= PHONE[0], f"{name} is off the screen ({x0}..{x1})"
        assert hit, f"{name}: a finger on it lands on another card"
        rows.setdefault(top, []).append(left)
    for xs in rows.values():  # each card shows at least 32 px of itself (issue 57's fan)
        xs.sort()
        assert all(b - a >= 32 for a, b in itertools.pairwise(xs)), xs
    for name in (t(locale, "web.play"), t(locale, "btn.hint")):
        box = await player.button(name).bounding_box()
        assert box is not None and box["height"] >= 44 and box["width"] >= 44, (name, box)
    await player.close()
    await socket.close()

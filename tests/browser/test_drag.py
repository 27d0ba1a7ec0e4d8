"""Dragging a finger across the hand selects the run it crosses (and a tap still toggles
one card): the selected cards rise, each button says aria-pressed."""

from __future__ import annotations

import pytest

from .play import open_table

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def test_dragging_across_cards_selects_them(players, activity) -> None:
    ann = await players(101, "Ann")
    await open_table(ann, "classic", ai_seats=2)
    cards = ann.frame.locator(".hand button")
    await cards.first.wait_for()
    assert await cards.count() == 17
    await ann.settled()  # the deal's fan-in done: the cards where a finger finds them
    boxes = [await cards.nth(i).bounding_box() for i in range(4)]
    frame_box = await ann.page.locator("#activity").bounding_box()
    assert frame_box is not None and all(boxes)
    # the card's left strip: the part of it no later card covers
    points = [(b["x"] + 12, b["y"] + b["height"] / 2) for b in boxes]
    mouse = ann.page.mouse
    await mouse.move(*points[0])
    await mouse.down()
    for x, y in points[1:]:
        await mouse.move(x, y, steps=4)
    await mouse.up()
    pressed = [await cards.nth(i).get_attribute("aria-pressed") for i in range(6)]
    assert pressed == ["true"] * 4 + ["false"] * 2, pressed
    # a tap after the drag toggles one card only (the drag's last click was swallowed once)
    await cards.nth(1).click()
    pressed = [await cards.nth(i).get_attribute("aria-pressed") for i in range(6)]
    assert pressed == ["true", "false", "true", "true", "false", "false"], pressed
    # dragging back over selected cards from a selected one clears them
    await mouse.move(*points[2])
    await mouse.down()
    await mouse.move(*points[3], steps=4)
    await mouse.up()
    pressed = [await cards.nth(i).get_attribute("aria-pressed") for i in range(4)]
    assert pressed == ["true", "false", "false", "false"], pressed

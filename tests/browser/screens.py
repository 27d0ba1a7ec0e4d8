"""Screenshots of the Activity's page, mid-deal on the user's turn, at a phone's size
(390×844) and a desktop's (1280×800), in en and zh-CN: for the tests (a temp dir) and for
the README (docs/activity_screenshots.py writes docs/activity-*.png)."""

from __future__ import annotations

import struct
import time
from pathlib import Path
from typing import Any

from bench.activity import AUCTION as SOCKET_AUCTION
from tests.web.pages import CHANNEL, Activity, Page

from .host import DESKTOP, PHONE, Player, open_player
from .play import Turns, tap_cards

SHOTS: tuple[tuple[str, tuple[int, int]], ...] = (
    ("en", PHONE), ("en", DESKTOP), ("zh-CN", PHONE), ("zh-CN", DESKTOP))
USER, NAME = 101, "Ann"


def png_size(path: Path) -> tuple[int, int]:
    """A PNG's width and height, from its IHDR chunk."""
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    width, height = struct.unpack(">II", head[16:24])
    return width, height


async def a_turn_to_beat(activity: Activity) -> Page:
    """A table mid-deal: the user (over a socket) has played, an AI's play is to beat, and
    it is the user's turn. Returns the user's socket page (close it at the end)."""
    page = await activity.page(USER, NAME)
    assert (await page.act("open", variant="classic", room="novice", ai_seats=2))["ok"]
    assert (await page.act("start"))["ok"]
    deadline = time.monotonic() + 30
    while True:
        assert time.monotonic() < deadline, "no turn with a play to beat came"
        you = (await page.wait(lambda: page.table["you"]["my_turn"] and page.table))["you"]
        deal = page.table["table"]["deal"]
        if you["phase"] == "play" and deal["to_beat"] and you["legal"] and \
                deal["to_beat_seat"] != you["seat"]:
            return page
        seq = you["seq"]
        if you["phase"] != "play":
            action, fields = SOCKET_AUCTION[you["phase"]]
            answer = await page.act(action, seq=seq, **fields)
        elif you["legal"]:  # the smallest play: the hand stays full for the picture
            move = min(you["legal"], key=lambda p: (len(p["cards"]), p["cards"]))
            answer = await page.act("play", cards=move["cards"], kind=move["kind"],
                                    main=move["main"], seq=seq)
        else:
            answer = await page.act("pass", seq=seq)
        assert answer["ok"], answer
        await page.wait(lambda seq=seq: page.table["you"]["seq"] != seq)


async def show(browser: Any, activity: Activity, locale: str, viewport: tuple[int, int]
               ) -> Player:
    """The user's page on that turn, the smallest legal play's cards selected."""
    player = await open_player(browser, activity, USER, NAME, locale=locale,
                               platform="mobile" if viewport == PHONE else "desktop",
                               viewport=viewport)
    await player.wait_data(lambda d: d.get("state") == "table" and d["myTurn"] == "true",
                           what="the user's turn")
    view = activity.manager.seat_view(CHANNEL, USER)[1]
    await player.frame.locator(".hand button").nth(len(view.cards) - 1).wait_for()
    legal = view.legal_plays()
    await tap_cards(player, activity.manager, min(legal, key=lambda p: len(p.cards)), Turns())
    await player.page.wait_for_timeout(250)  # the selected cards' rise (a CSS transition)
    return player


async def shoot(browser: Any, activity: Activity, out: Path) -> list[Path]:
    """Write ``activity-<phone|desktop>-<locale>.png`` for each of :data:`SHOTS` into
    ``out`` (the README shows docs/activity-phone-en.png)."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    socket = await a_turn_to_beat(activity)
    try:
        for locale, viewport in SHOTS:
            player = await show(browser, activity, locale, viewport)
            size = "phone" if viewport == PHONE else "desktop"
            path = out / f"activity-{size}-{locale}.png"
            await player.page.screenshot(path=str(path))
            written.append(path)
            await player.close()
    finally:
        await socket.close()
    return written


__all__ = ["SHOTS", "a_turn_to_beat", "png_size", "shoot", "show"]

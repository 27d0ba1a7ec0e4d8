"""Screenshots of the Activity's page, mid-deal on the user's turn, in every frame Discord
shows it in (:data:`SIZES`: a narrow phone, a phone, a landscape phone, a desktop and the
picture-in-picture frame), in en and zh-CN: for the tests (a temp dir) and for the README
(docs/activity_screenshots.py writes docs/activity-*.png)."""

from __future__ import annotations

import asyncio
import struct
import time
from pathlib import Path
from typing import Any

from bench.activity import AUCTION as SOCKET_AUCTION
from tests.web.pages import CHANNEL, Activity, Page

from .host import DESKTOP, PHONE, Player, open_player
from .play import Turns, tap_cards

# the frames the page must fit (issue 57), by the name their screenshot takes
SMALL, LANDSCAPE, PIP = (320, 568), (844, 390), (480, 270)
SIZES: dict[str, tuple[int, int]] = {
    "small": SMALL, "phone": PHONE, "landscape": LANDSCAPE, "desktop": DESKTOP, "pip": PIP}
SHOTS: tuple[tuple[str, tuple[int, int]], ...] = tuple(
    (locale, size) for locale in ("en", "zh-CN") for size in SIZES.values())
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


async def a_landlord_turn(activity: Activity) -> Page:
    """A four-player table (two decks) where the user is the landlord with all 33 cards on
    the first turn of play: a table whose auction the user loses is left and opened again
    until the user wins one. Returns the user's socket page (close it at the end)."""
    page = await activity.page(USER, NAME)
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline, "the user never became the landlord"
        assert (await page.act("open", variant="four", room="novice", ai_seats=3))["ok"]
        assert (await page.act("start"))["ok"]
        while True:
            frame = await page.wait(lambda: page.table and page.table["you"]["my_turn"]
                                    and page.table)
            you = frame["you"]
            if you["phase"] == "play":
                break
            seq = you["seq"]
            if you["phase"] == "bid":
                offer = next(o for o in you["offers"] if o["action"] == "bid")
                answer = await page.act("bid", points=max(offer["points"]), seq=seq)
            else:
                action, fields = SOCKET_AUCTION[you["phase"]]
                answer = await page.act(action, seq=seq, **fields)
            assert answer["ok"], answer
            await page.wait(lambda seq=seq: page.table["you"]["seq"] != seq)
        if len(you["cards"]) == 33:
            return page
        closed = len(page.of_type("no_table"))
        assert (await page.act("cost"))["ok"]  # leaving mid-deal is asked first
        left = await page.act("leave")  # an AI won the auction: another table
        assert left["ok"], left
        await page.wait(lambda closed=closed: len(page.of_type("no_table")) > closed)
        await asyncio.sleep(0.5)  # the server's pace for a user's actions


async def show(browser: Any, activity: Activity, locale: str, viewport: tuple[int, int],
               *, select: bool = True) -> Player:
    """The user's page on that turn, the smallest legal play's cards selected."""
    player = await open_player(browser, activity, USER, NAME, locale=locale,
                               platform="mobile" if viewport[0] < 900 else "desktop",
                               viewport=viewport)
    await player.wait_data(lambda d: d.get("state") == "table" and d["myTurn"] == "true",
                           what="the user's turn")
    view = activity.manager.seat_view(CHANNEL, USER)[1]
    await player.frame.locator(".hand button").nth(len(view.cards) - 1).wait_for(
        state="attached")
    await player.page.evaluate("document.fonts.ready")
    await player.settled()  # the deal's fan-in, a play's slide: done
    if not select or viewport == PIP:  # the hand is not shown in picture-in-picture
        return player
    legal = view.legal_plays()
    await tap_cards(player, activity.manager, min(legal, key=lambda p: len(p.cards)), Turns())
    await player.settled()  # the selected cards' rise (a CSS transition)
    return player


def shot_name(locale: str, viewport: tuple[int, int], prefix: str = "activity") -> str:
    """``activity-<small|phone|landscape|desktop|pip>-<locale>.png``."""
    size = next(name for name, box in SIZES.items() if box == viewport)
    return f"{prefix}-{size}-{locale}.png"


async def shoot(browser: Any, activity: Activity, out: Path,
                shots: tuple[tuple[str, tuple[int, int]], ...] = SHOTS,
                prefix: str = "activity", four: bool = False) -> list[Path]:
    """Write ``activity-<size>-<locale>.png`` for each of :data:`SHOTS` into ``out`` (the
    README shows docs/activity-phone-en.png); ``four``: the four-player landlord's first
    turn (33 cards) instead of a three-player turn with a play to beat."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    socket = await (a_landlord_turn(activity) if four else a_turn_to_beat(activity))
    try:
        for locale, viewport in shots:
            player = await show(browser, activity, locale, viewport)
            path = out / shot_name(locale, viewport, prefix)
            await player.page.screenshot(path=str(path))
            written.append(path)
            await player.close()
    finally:
        await socket.close()
    return written


__all__ = ["LANDSCAPE", "PIP", "SHOTS", "SIZES", "SMALL", "a_landlord_turn", "a_turn_to_beat",
           "png_size", "shoot", "shot_name", "show"]

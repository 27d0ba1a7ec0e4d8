"""Playing the Activity's page as a person does, by tapping: open a table from the page's
form, Start, answer the auction with its buttons, and on each turn tap the cards of a legal
play chosen from the server's truth (the manager's seat view), Play, pick the reading when
the page asks, until the result dialog."""

from __future__ import annotations

import asyncio
import re
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from bot.engine import Play
from bot.tables import TableManager
from bot.web.protocol import play_words
from bot.words.cards import spoken_card
from bot.words.page import page_words
from tests.web.pages import CHANNEL

from .host import Player

# what the player presses in each auction phase (the message table's button words)
AUCTION = {"bid": "btn.bid", "call": "btn.call", "grab": "btn.nograb",
           "show_start": "btn.noshow", "show_deal": "btn.noshow",
           "show_landlord": "btn.noshow", "double": "btn.double"}


# two or more ranks written together, as the server's words write a play ("55", "3A"):
# what a screen reader must never hear (web/src/announce.ts reads them out a rank at a time)
RANK_RUN = re.compile(r"(?<![0-9A-Za-z])[2-9TJQKA]{2,}(?![0-9A-Za-z])")


def t(locale: str, key: str, **params: Any) -> str:
    """A word of the page as the page shows it (bot/words/page.py: what the welcome sends)."""
    text: str = page_words(locale)["t"][key]
    return text.format(**params) if params else text


@dataclass
class Turns:
    """What a deal played by tapping did: the user's plays, passes and auction answers."""

    plays: int = 0
    passes: int = 0
    auction: int = 0
    readings: int = 0
    taps: int = 0


async def open_table(player: Player, variant: str, ai_seats: int, room: str = "novice",
                     *, start: bool = True) -> None:
    """Open a table from the no-table form, then (``start``) Start the deal."""
    locale = player.locale
    await player.wait_state("no_table")
    frame = player.frame
    await frame.get_by_role("combobox", name=t(locale, "web.variant")).select_option(variant)
    await frame.get_by_role("combobox", name=t(locale, "web.room")).select_option(room)
    await frame.get_by_role("combobox", name=t(locale, "web.ai_seats")).select_option(
        str(ai_seats))
    await player.button(t(locale, "web.open")).click()
    await player.wait_state("table")
    if start:
        await press_start(player)


async def press_start(player: Player) -> None:
    await player.button(t(player.locale, "btn.start")).click()
    await player.wait_data(lambda d: d.get("phase") not in (None, ""), what="a deal")


def longest(plays: list[Play]) -> Play:
    """The play that ends the deal soonest (as the tests' AI plays)."""
    return max(plays, key=lambda p: (len(p.cards), -p.main_index))


def with_readings(plays: list[Play]) -> Play:
    """A play whose cards read several ways (a wild card's), so that the page asks which
    reading; else the longest."""
    cards = Counter(p.cards for p in plays)
    several = [p for p in plays if cards[p.cards] > 1]
    return longest(several or plays)


async def tap_cards(player: Player, manager: TableManager, play: Play, turns: Turns) -> None:
    """Tap the cards of ``play`` by their names; each tapped card is then pressed."""
    view = manager.seat_view(CHANNEL, player.user_id)[1]
    wanted = Counter(play.cards)
    names: list[str] = []
    for card in view.cards:
        if wanted[card.char] > 0:
            wanted[card.char] -= 1
            names.append(spoken_card(player.locale, card.char, card.suit))
    assert not +wanted, f"the hand {view.hand} does not hold {play.cards}"
    taken: Counter[str] = Counter()
    for name in names:
        card = player.button(name).nth(taken[name])
        taken[name] += 1
        # a finger on the card's corner, the part of it always seen: the next card lies
        # over its right, the row below over its lower part (a selected card of that row
        # risen over its middle)
        await card.click(position={"x": 6, "y": 8})
        turns.taps += 1
        pressed = await card.get_attribute("aria-pressed")
        assert pressed == "true", f"{name} was tapped but is not pressed ({pressed})"


async def bid_highest(player: Player) -> None:
    """Press the highest bid still open, or No bid."""
    for n in (3, 2, 1):
        button = player.button(t(player.locale, "btn.bid", n=n))
        if await button.count():
            await button.click()
            return
    await player.button(t(player.locale, "btn.bid0")).click()


async def answer_auction(player: Player, phase: str, turns: Turns) -> None:
    key = AUCTION[phase]
    if key == "btn.bid":
        await bid_highest(player)
    else:
        await player.button(t(player.locale, key)).click()
    turns.auction += 1


Chooser = Callable[[list[Play]], Play]


async def play_turn(player: Player, manager: TableManager, turns: Turns,
                    choose: Chooser = longest) -> None:
    """One turn of the user's seat, through the page's buttons only."""
    view = manager.seat_view(CHANNEL, player.user_id)[1]
    if view.phase != "play":
        await answer_auction(player, str(view.phase), turns)
        return
    legal = view.legal_plays()
    if not legal:
        await player.button(t(player.locale, "btn.cannot_beat")).click()
        turns.passes += 1
        return
    play = choose(legal)
    await tap_cards(player, manager, play, turns)
    button = player.button(t(player.locale, "web.play"))
    assert await button.is_enabled(), f"Play is off with {play.cards} selected"
    seq = (await player.data())["seq"]
    await button.click()
    which = player.dialog(t(player.locale, "web.which"))
    deadline = time.monotonic() + 10
    while (await player.data())["seq"] == seq:
        if await which.is_visible():
            words = play_words(play, player.locale)
            assert words is not None
            # its text as the server says it; its accessible name spells the cards out
            await which.locator("button").filter(
                has_text=re.compile(f"^{re.escape(words)}$")).click()
            turns.readings += 1
            break
        assert time.monotonic() < deadline, f"playing {play.cards} changed nothing"
        await asyncio.sleep(0.03)
    turns.plays += 1


async def play_deal(player: Player, manager: TableManager, choose: Chooser = longest,
                    timeout: float = 60.0,
                    after_play: Callable[[], Awaitable[None]] | None = None) -> Turns:
    """Play the user's turns until the page shows the result dialog (``after_play``:
    awaited after each of the user's plays)."""
    turns = Turns()
    acted: set[str] = set()
    result = player.dialog(t(player.locale, "result.title"))
    deadline = time.monotonic() + timeout
    while not await result.is_visible():
        assert time.monotonic() < deadline, f"the deal did not end: {await player.data()}"
        data = await player.data()
        table = manager.find(CHANNEL)
        if data.get("myTurn") == "true" and table is not None and \
                data.get("seq") == str(table.seq) and data["seq"] not in acted:
            acted.add(data["seq"])
            plays = turns.plays
            await play_turn(player, manager, turns, choose)
            if after_play is not None and turns.plays > plays:
                await after_play()
        else:
            await asyncio.sleep(0.03)
    return turns


def beans_shown(text: str) -> int:
    """The beans of a result line (``+1,200 beans``, ``-600``): a signed integer."""
    found = re.search(r"([+-−]?[\d,]+)", text)
    assert found, text
    return int(found.group(1).replace(",", "").replace("−", "-"))


def last_result(player: Player) -> dict[str, Any]:
    results = player.of_type("result")
    assert results, "the page received no result frame"
    return results[-1]["result"]  # type: ignore[no-any-return]


__all__ = [
    "AUCTION",
    "RANK_RUN",
    "Turns",
    "answer_auction",
    "beans_shown",
    "last_result",
    "longest",
    "open_table",
    "play_deal",
    "play_turn",
    "press_start",
    "t",
    "tap_cards",
    "with_readings",
]

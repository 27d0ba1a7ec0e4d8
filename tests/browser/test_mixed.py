"""One table, two front-ends: Ann plays in the Activity (the page, by tapping), Bob with
Discord's buttons (the table message's and his hand DM's), an AI in the third seat. The
bot is the real one (``create_bot``, logged in over REST to the stand-in, its Activity
server on): the same table's events reach the Discord presenter and the page."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest
import pytest_asyncio

from bot.process.app import create_bot
from bot.web import FanOutPresenter
from cogs.transport.headless import use_api
from tests.bot.helpers import quick_decide
from tests.cluster.payloads import dm_component, guild_component
from tests.cluster.standin import DiscordStandIn
from tests.web.pages import CHANNEL, GUILD, Activity, bot_settings

from .host import open_player
from .play import Turns, open_table, play_turn, press_start, t

pytestmark = pytest.mark.asyncio(loop_scope="session")

ANN, BOB = 101, 102
AUCTION_LABELS = {"bid": "3 pt", "call": "Call landlord", "grab": "Don't grab",
                  "double": "Don't double", "show_start": "Don't show",
                  "show_deal": "Don't show", "show_landlord": "Don't show"}


@pytest_asyncio.fixture(loop_scope="session")
async def bot_activity(tmp_path, built_page) -> AsyncIterator[tuple[Any, Activity]]:
    stand = DiscordStandIn()
    base = await stand.start()
    before = discord.http.Route.BASE
    use_api(base)
    settings = bot_settings(tmp_path, base)
    seeds = iter(range(3, 10_000))
    bot = await create_bot(settings, seed_source=lambda: next(seeds), decide=quick_decide)
    http = aiohttp.ClientSession()
    try:
        await bot.login_headless("bot-token")
        server = bot.activity_server
        assert server is not None and isinstance(bot.manager.presenter, FanOutPresenter)
        yield bot, Activity(server, stand, bot.manager, bot.store, http)
    finally:
        await http.close()
        await bot.close()
        discord.http.Route.BASE = before
        await stand.close()


def components(call: Any) -> list[dict[str, Any]]:
    """The buttons of one recorded call (a message, an edit or an interaction's answer)."""
    body = call.body.get("data") if isinstance(call.body.get("data"), dict) else call.body
    found = []
    for row in (body or {}).get("components") or []:
        found.extend(row.get("components", [row]))
    return found


def custom_id(stand: DiscordStandIn, label: str, prefix: str) -> str | None:
    """The newest button named ``label`` whose custom id starts with ``prefix``."""
    for call in reversed(stand.calls):
        for item in components(call):
            if item.get("label") == label and str(item.get("custom_id", "")).startswith(
                    prefix) and not item.get("disabled"):
                return str(item["custom_id"])
    return None


async def press(bot: Any, stand: DiscordStandIn, data: dict[str, Any]) -> None:
    """The gateway hands the bot a click; wait until it answered it."""
    seen = len(stand.calls)
    bot._connection.parsers["INTERACTION_CREATE"](data)
    await stand.wait(lambda: any(f"/interactions/{data['id']}/" in c.path
                                 for c in stand.calls[seen:]))


async def bob_turn(bot: Any, stand: DiscordStandIn) -> str:
    """Bob's move with Discord's buttons: the auction's on the table message (the one
    for this turn), Play hint on his hand's DM in play."""
    manager = bot.manager
    table, view = manager.seat_view(CHANNEL, BOB)
    if view.phase == "play":  # the newest state of his hand's DM
        label = "Play hint" if view.legal_plays() else "Can't beat"
        dm = f"/channels/{BOB + 1}/messages"
        found = None
        deadline = time.monotonic() + 10
        while found is None:
            assert time.monotonic() < deadline, f"Bob's hand DM has no {label!r} button"
            last = next((c for c in reversed(stand.calls) if c.path.startswith(dm)
                         and c.method in ("POST", "PATCH")), None)
            found = next((i["custom_id"] for i in components(last) if i.get("label") == label
                          and not i.get("disabled")), None) if last else None
            await asyncio.sleep(0.02)
        await press(bot, stand, dm_component(BOB, found))
    else:
        found = None
        label = AUCTION_LABELS[str(view.phase)]
        if view.phase == "bid" and view.bid >= 3:
            label = "No bid"
        deadline = time.monotonic() + 10
        while found is None or not found.endswith(f":{table.seq}"):
            assert time.monotonic() < deadline, f"no {label!r} button for seq {table.seq}"
            found = custom_id(stand, label, f"ddz:{CHANNEL}:")
            await asyncio.sleep(0.02)
        await press(bot, stand, guild_component(GUILD, CHANNEL, BOB, found))
    deadline = time.monotonic() + 10
    while manager.snapshot(CHANNEL).seq == table.seq:
        assert time.monotonic() < deadline, f"Bob's button changed nothing ({view.phase})"
        await asyncio.sleep(0.02)
    return label


async def test_a_page_and_discord_buttons_at_one_table(browser, bot_activity) -> None:
    bot, activity = bot_activity
    stand, manager = activity.stand, bot.manager
    ann = await open_player(browser, activity, ANN, "Ann")
    try:
        await open_table(ann, "classic", ai_seats=1, start=False)
        # the Discord presenter posted the table message: Bob presses its Join button
        join = f"ddz:{CHANNEL}:join"
        await stand.wait(lambda: custom_id(stand, "Join", join) is not None)
        await press(bot, stand, guild_component(GUILD, CHANNEL, BOB, join))
        await ann.wait_data(lambda d: d["state"] == "table")
        region = ann.frame.get_by_role("region", name="p102", exact=True)
        await region.wait_for()  # Bob's seat, by the name Discord gave the bot
        await press_start(ann)
        await stand.wait(lambda: bool(stand.find(
            lambda c: c.method == "POST" and c.path == f"/channels/{BOB + 1}/messages")))
        turns, acted = Turns(), set()
        bob_moves: list[str] = []
        dialog = ann.dialog(t("en", "result.title"))
        deadline = time.monotonic() + 90
        while not await dialog.is_visible():
            assert time.monotonic() < deadline, "the deal did not end"
            table, view = manager.seat_view(CHANNEL, ANN)
            if table.playing is None:
                await asyncio.sleep(0.03)
                continue
            who = view.to_act
            data = await ann.data()
            if who == table.seat_of(BOB) and ("b", table.seq) not in acted:
                acted.add(("b", table.seq))
                bob_moves.append(await bob_turn(bot, stand))
            elif who == table.seat_of(ANN) and data["myTurn"] == "true" and \
                    data["seq"] == str(table.seq) and ("a", table.seq) not in acted:
                acted.add(("a", table.seq))
                await play_turn(ann, manager, turns)
            else:
                await asyncio.sleep(0.03)
        assert "Play hint" in bob_moves and turns.plays >= 1, (bob_moves, turns)
        # the page was shown the plays Bob made with Discord's buttons
        bob_seat = manager.snapshot(CHANNEL).seat_of(BOB)
        assert any(f["table"]["seats"][bob_seat].get("last_play")
                   for f in ann.of_type("table"))
        result = ann.of_type("result")[-1]["result"]
        record = await bot.store.get_game(result["game_id"])
        assert record.status == "settled"
        assert [s.user_id for s in record.seats].count(BOB) == 1
        bob = await bot.store.get_player(GUILD, BOB)
        seat = next(i for i, s in enumerate(record.seats) if s.user_id == BOB)
        assert bob is not None and bob.balance == result["balances_after"][seat]
    finally:
        await ann.close()

"""A whole deal of every variant, played by tapping the page against AI seats: the table
opened from the page's form, the auction answered with its buttons, each play's cards
tapped by name, until the result dialog, whose numbers are the store's; with the sound
turned on by its toggle and the animations running (motion.ts, sound.ts)."""

from __future__ import annotations

import pytest

from bot.engine import VARIANTS, Rules
from tests.web.pages import CHANNEL, GUILD

from .play import (
    beans_shown,
    last_result,
    longest,
    open_table,
    play_deal,
    press_start,
    t,
    with_readings,
)
from .test_motion import counts, html_data

pytestmark = pytest.mark.asyncio(loop_scope="session")

# every variant the engine has (a new one is played here too, never skipped silently)
PLAYERS = {variant: Rules.preset(variant).players for variant in VARIANTS}
# variants with wild cards: the user prefers plays that read several ways (True: this
# seed's deal has one, so the reading dialog must have been answered)
WILD = {"laizi": True, "super": False}


@pytest.mark.parametrize("variant", list(PLAYERS))
async def test_a_whole_deal_by_tapping(players, activity, variant: str) -> None:
    ann = await players(101, "Ann")
    await open_table(ann, variant, ai_seats=PLAYERS[variant] - 1, start=False)
    await ann.button(t("en", "effects.sound_off")).click()  # sound on, for the whole deal
    await press_start(ann)
    table = activity.manager.snapshot(CHANNEL)
    assert table.rules.variant == variant and len(table.seats) == PLAYERS[variant]
    wild = variant in WILD
    turns = await play_deal(ann, activity.manager, with_readings if wild else longest)
    assert turns.taps > 0 and (turns.readings > 0 or not WILD.get(variant)), turns
    assert turns.plays + turns.passes >= 1 or turns.auction >= 1, turns
    # heard and seen: the deal dealt, the user's turn, the plays and the result
    data = await html_data(ann)
    heard, seen = counts(data.get("sounds")), counts(data.get("fx"))
    assert data["sound"] == "on" and heard.get("deal") == 1 and heard.get("turn"), heard
    assert heard.get("win", 0) + heard.get("lose", 0) == 1, heard
    assert seen.get("deal") == 1 and seen.get("result") == 1, seen
    assert sum(seen.get(k, 0) for k in ("play", "plane", "bomb", "rocket")) >= 1, seen
    result = last_result(ann)
    # the result is the store's: the game settled, the user's beans and balance
    record = await activity.store.get_game(result["game_id"])
    assert record.status == "settled"
    seat = next(i for i, s in enumerate(record.seats) if s.user_id == 101)
    account = await activity.store.get_player(GUILD, 101)
    assert account is not None and account.balance == result["balances_after"][seat]
    assert result["beans"][seat] == result["balances_after"][seat] - record.balances[seat]
    assert sum(result["beans"]) <= 0  # the house never pays out more than was staked
    # and the dialog shows it: the user's line with those beans
    dialog = ann.dialog(t("en", "result.title"))
    mine = dialog.locator("li.me")
    assert beans_shown(await mine.locator(".gain, .loss").inner_text()) == result["beans"][seat]
    assert "Ann" in await mine.inner_text()
    assert await dialog.get_by_role("button", name="Start", exact=True).count() == 1
    assert await dialog.get_by_role("button", name="Leave", exact=True).count() == 1
    said = await ann.announced()
    outcome = {"landlord": "result.landlord", "farmers": "result.farmers"}.get(
        result["outcome"], "result.title")
    assert any(t("en", outcome) in line for line in said), said[-5:]  # with each seat's beans

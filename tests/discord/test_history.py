"""/ddz history through Discord after real deals played to the end: the page, ◀ ▶, a page
past the end, another player's history, the stats line of /ddz rank, the new boards."""

from __future__ import annotations

import io

from PIL import Image

from bot.store import HistoryEntry, SeatSettlement, Settlement
from bot.words.locales import TW, ZH
from bot.words.names import variant_name
from cogs.history import PER_PAGE, entry_line
from render.profile import PROFILE_H, PROFILE_W, STATS_H

from .helpers import open_table, play_to_the_end, response_buttons, setup, table_of


async def test_history_after_a_real_deal(simcord_env) -> None:
    env = simcord_env
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    table = await open_table(env, channel, alice, "happy", [alice])
    await play_to_the_end(env, channel, {0: alice})
    game_id, result = table_of(env, channel).game_id, table.last_result

    shown = await alice.slash(channel, "ddz history")
    assert shown.ephemeral
    embed = shown.response.embeds[0]
    line = embed.description.splitlines()[0]
    assert game_id[:8] in line and variant_name("en", "happy") in line
    assert f"{result.beans[0]:+,}" in line
    assert ("Landlord" if result.landlord == 0 else "Farmer") in line
    assert ("Won" if 0 in result.winners else "Lost") in line
    assert "Page 1/1 · 1 deals" in embed.footer.text
    assert [b.get("disabled") for b in response_buttons(shown.response)] == [True, True]  # one page

    # bob looks at alice's history: the same deal; his own is empty
    other = await bob.slash(channel, "ddz history", user=alice)
    assert game_id[:8] in other.response.embeds[0].description
    empty = await bob.slash(channel, "ddz history")
    assert "no finished deal" in empty.response.embeds[0].description

    # a page past the end: a clear refusal, nothing else
    past = await alice.slash(channel, "ddz history", page=2)
    assert past.ephemeral and "There is no page 2" in past.response.content

    # the profile's counters come with /ddz rank
    rank = await alice.slash(channel, "ddz rank")
    assert "Springs" in rank.response.content and "winning streak" in rank.response.content
    # ... and on the profile picture: the card with its counters' panel
    picture = Image.open(io.BytesIO(await rank.response.attachments[0].read()))
    assert picture.size == (PROFILE_W, PROFILE_H + STATS_H)


async def test_history_pages_andresponse_buttons(simcord_env) -> None:
    env = simcord_env
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    store = env.bot.store
    await store.ensure_player(guild.id, alice.id, "alice")
    for n in range(PER_PAGE + 3):
        await store.settle(Settlement(f"deal{n:04d}", guild.id, (
            SeatSettlement(alice.id, 100, 0, 1, "landlord", True),
            SeatSettlement(None, -100, 0, -1, "farmer", False)),
            '{"outcome": "landlord", "multiplier": 2, "bid": 1}'))
    first = await alice.slash(channel, "ddz history")
    text = first.response.embeds[0].description
    assert text.splitlines()[0].endswith("`deal0012`") and len(text.splitlines()) == PER_PAGE
    prev, nxt = response_buttons(first.response)
    assert prev.get("disabled") and not nxt.get("disabled")
    second = await alice.click(first.response, custom_id=nxt["custom_id"])
    page = second.response.embeds[0]
    assert "Page 2/2" in page.footer.text and page.description.splitlines()[-1].endswith(
        "`deal0000`")

    board = await alice.slash(channel, "ddz leaderboard", by="streak")
    assert board.response.attachments  # alice has a 13-deal streak: she is on the board


def test_a_line_in_each_language() -> None:
    entry = HistoryEntry("0123456789abcdef", "2026-12-01T12:31:00.000+00:00", "happy", 1,
                         "landlord", True, True, 1, 8, True, 16, 1595, "spring", "landlord")
    zh = entry_line(entry, ZH)
    assert zh == ("<t:1796128260:d> <t:1796128260:t> · 欢乐斗地主 · 地主 · **胜** · 8 倍 加倍 · "
                  "🌸 春天 · +16 积分 · **+1,595** 豆 · `01234567`")
    assert "歡樂鬥地主 · 地主 · **勝**" in entry_line(entry, TW)
    en = entry_line(entry, "en")
    assert "Landlord · **Won** · ×8 doubled · 🌸 spring · +16 pts · **+1,595** beans" in en
    void = HistoryEntry("ffff0000", "2026-12-01T12:31:00.000+00:00", "classic", 0, "", False,
                        False, 0, 1, False, 0, 0, "", "dissolved")
    assert entry_line(void, ZH).endswith("经典斗地主 · 无效局 · `ffff0000`")

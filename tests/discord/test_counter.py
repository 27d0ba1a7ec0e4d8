"""The card counter (记牌器) in the hand message: on in the novice room by default, off
elsewhere until the server turns it on; the counts are the engine's for that seat."""

from __future__ import annotations

from bot.engine import room_of
from bot.engine.counter import unseen_counts
from bot.words.locales import ZH
from cogs.counter import counter_text

from .helpers import human_turn, setup, table_message, table_of


async def _deal(env, channel, alice, room: str):
    await alice.slash(channel, "ddz new", variant="classic", room=room)
    while any(s is None for s in table_of(env, channel).seats):
        await alice.click(table_message(env, channel), label="Add AI")
    await alice.click(table_message(env, channel), label="Start")
    await env.bot.presenter.drain()
    return table_of(env, channel)


async def test_the_counter_in_the_novice_room(simcord_env) -> None:
    env = simcord_env
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    table = await _deal(env, channel, alice, "novice")
    assert room_of(table.rules) == "novice"
    await human_turn(env, channel, 0)
    await env.bot.presenter.drain()
    dm = alice.user.dm_channel.last_message
    expected = counter_text(unseen_counts(table.game.view(0)), "en")
    assert expected in dm.content and expected.startswith("Card counter, still unseen: ")
    # the counts are the other seats' cards (and the bottom before it is taken)
    game = table.game
    hidden = sum(len(game.hand(s)) for s in (1, 2)) + (0 if game.bottom_revealed else 3)
    assert sum(unseen_counts(game.view(0)).values()) == hidden
    # /ddz hand carries it too
    hand = await alice.slash(channel, "ddz hand")
    assert expected in hand.response.content


async def test_off_in_the_normal_room_until_the_server_turns_it_on(simcord_env) -> None:
    env = simcord_env
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    await env.bot.store.ensure_player(guild.id, alice.id, "alice")
    table = await _deal(env, channel, alice, "normal")
    assert room_of(table.rules) == "normal"
    hand = await alice.slash(channel, "ddz hand")
    assert "Card counter" not in hand.response.content
    await env.bot.store.set_guild_setting(guild.id, "counter_normal", "on")
    hand = await alice.slash(channel, "ddz hand")
    assert counter_text(unseen_counts(table.game.view(0)), "en") in hand.response.content


def test_the_line_in_chinese() -> None:
    counts = {"3": 4, "4": 0, "T": 2, "2": 1, "B": 1, "R": 0}
    assert counter_text(counts, ZH) == "记牌器：大王0 小王1 · 2×1 10×2 4×0 3×4"
    assert counter_text({"3": 0}, ZH) == "记牌器：外面已经没有牌了"

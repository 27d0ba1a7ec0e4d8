"""The rest of /ddz and the table buttons: hand, hint, play hint, leave (an escape),
resume after 托管, relief, and the call/grab/明牌/加倍 buttons pressed 'yes'."""

from __future__ import annotations

import discord

from bot.process.app import create_bot

from .helpers import (
    answered_first,
    buttons,
    human_turn,
    open_table,
    restart,
    setup,
    speak,
    table_message,
    table_of,
)


async def _to_my_play_turn(env, channel, alice) -> None:
    """Classic, one human: take the landlord with 3 pt when asked, wait for a play turn."""
    table = table_of(env, channel)
    for _ in range(50):
        await human_turn(env, channel, 0)
        if table.game.phase == "play":
            return
        await alice.click(table_message(env, channel), label="3 pt")
    raise AssertionError("no play turn")


async def _alone_at_my_play_turn(env):  # type: ignore[no-untyped-def]
    """Alice alone with two AI seats at a classic table, at her first play turn."""
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    table = await open_table(env, channel, alice, "classic", [alice])
    await _to_my_play_turn(env, channel, alice)
    return channel, alice, table


async def test_hand_hint_and_play_hint(simcord_env) -> None:
    env = simcord_env
    channel, alice, table = await _alone_at_my_play_turn(env)
    result = await alice.slash(channel, "ddz hand")
    sent = result.followups[-1] if result.followups else result.response
    assert result.ephemeral and sent.attachments[0].filename == "hand.png"
    assert any(c["custom_id"].startswith("ddzs:") for row in sent.components
               for c in row["components"]), "the same controls as the DM"
    result = await alice.slash(channel, "ddz hint")
    assert result.ephemeral and result.response.content.startswith(("Hint", "💡"))
    before = len(table.game.hand(0))
    actions = len(table.game.actions)
    await alice.user.click(alice.user.dm_channel.last_message, label="Play hint")
    await env.bot.presenter.drain()
    assert len(table.game.actions) > actions, "the hint was played"
    assert table.game.actions[actions].seat == 0
    assert len(table.game.hand(0)) < before or table.game.last is not None


async def test_leave_mid_deal_is_an_escape(simcord_env) -> None:
    env = simcord_env
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    table = await open_table(env, channel, alice, "happy", [alice, bob])
    game_id = table.game_id
    bob_seat = table.seat_of(bob.id)
    result = await bob.slash(channel, "ddz leave")
    assert result.ephemeral and "escape" in result.response.content  # it asks first
    assert table.status == "playing"
    await bob.click(result.response, label="Leave the deal")
    await env.settle()
    assert table.game_id == game_id and table.status != "playing"
    assert table.last_result.escaper == bob_seat
    store = env.bot.store
    assert await store.balance(guild.id, bob.id) < 10_000, "the escaper paid a penalty"
    assert table.seat_of(bob.id) is None
    assert (await store.check_invariants()).ok


async def test_timeouts_then_resume(simcord_env) -> None:
    env = simcord_env
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    env.bot.manager.turns.trustee_delay = 20.0  # 托管 moves wait, so there is time to take back
    table = await open_table(env, channel, alice, "classic", [alice])
    seat = table.seat_of(alice.id)
    result = await alice.slash(channel, "ddz resume")
    assert result.ephemeral and "❌" in result.response.content  # nothing to take back
    for _ in range(2):  # two turns in a row run out: 托管
        await human_turn(env, channel, seat)
        if table.seats[seat].trustee:
            break
        await env.advance_time(31)
        await env.settle()
    assert table.status == "playing" and table.seats[seat].trustee
    assert any(b.label == "Take back control" for b in buttons(table_message(env, channel)))
    answered = answered_first(env, "resume")  # the lock may wait for an AI's move
    result = await alice.slash(channel, "ddz resume")
    said = result.followups[-1] if result.followups else result.response
    assert result.ephemeral and "❌" not in said.content
    assert not table.seats[seat].trustee and answered == [True]


async def test_relief_when_short(simcord_env) -> None:
    env = simcord_env
    guild, channel = await setup(env)
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    boss = guild.add_member(env.create_user("boss"), roles=[admins])
    rich = guild.add_member(env.create_user("rich"))
    result = await rich.slash(channel, "ddz relief")
    assert result.ephemeral and "❌" in result.response.content and "10000" in \
        result.response.content.replace(",", "")
    await boss.slash(channel, "ddz config", key="start_balance", value="200")
    poor = guild.add_member(env.create_user("poor"))
    result = await poor.slash(channel, "ddz relief")
    assert "❌" not in result.response.content, result.response.content
    assert await env.bot.store.balance(guild.id, poor.id) > 200
    again = await poor.slash(channel, "ddz relief")
    assert again.ephemeral and "❌" in again.response.content  # once a day


async def test_happy_yes_buttons_call_grab_show_double(simcord_env) -> None:
    env = simcord_env
    guild, channel = await setup(env)
    members = [guild.add_member(env.create_user(n)) for n in ("ann", "ben", "cat")]
    table = await open_table(env, channel, members[0], "happy", members)
    seats = {table.seat_of(m.id): m for m in members}
    seen: set[str] = set()
    for _ in range(40):
        game = table.game
        if table.status != "playing" or game.phase == "play":
            break
        labels = [b.label for b in buttons(table_message(env, channel))]
        yes = next(label for label in labels if label.startswith(
            ("Call landlord", "Grab", "Show hand", "Double")) or label == "3 pt")
        if yes.startswith("Show hand"):
            assert yes == f"Show hand ×{game.auction.show_factor}", \
                "the multiplier it would give now"
        phase = game.phase
        await seats[game.to_act].click(table_message(env, channel), label=yes)
        await env.settle()
        seen.add(phase)
    assert {"show_start", "call", "grab", "double"} <= seen
    assert table.game.phase == "play"
    # every 'yes' counted: the grabs (×2 each) and a show are in the multiplier now
    assert table.game.tally.grabs >= 1 and table.game.tally.show >= 2
    total, _ = table.game.table_multiplier()
    assert total >= 2 ** table.game.tally.grabs * table.game.tally.show


async def test_rank_of_someone_who_never_played_names_them(simcord_env) -> None:
    from bot.tables import TableError
    from bot.words.errors import error_text
    from bot.words.locales import ZH

    env = simcord_env
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    result = await alice.slash(channel, "ddz rank", user=bob)
    said = result.followups[-1] if result.followups else result.response
    assert "bob has not played here yet" in said.content
    refusal = TableError("bob has not played here yet", code="never_played", name="bob")
    assert error_text(refusal, ZH) == "bob 还没在这里玩过。"


async def test_sort_orders_the_hand_and_its_numbers(simcord_env) -> None:
    env = simcord_env
    channel, alice, table = await _alone_at_my_play_turn(env)
    await env.bot.presenter.drain()

    def first_options() -> list[str]:
        dm = alice.user.dm_channel.last_message
        selects = [i for i in buttons(dm) if getattr(i, "options", None)]
        return [o.label for o in selects[0].options]

    hand = sorted(table.game.hand(0), key=lambda c: c.rank)
    assert first_options()[0] == f"1. {hand[-1].label()}"  # big to small by default
    result = await alice.slash(channel, "ddz sort", order="asc")
    assert result.ephemeral and "small to big" in result.response.content
    await env.bot.presenter.drain()
    assert first_options()[0] == f"1. {hand[0].label()}"  # the DM came again, small to big
    assert env.bot.presenter.preferences.hand_order(alice.user.id) == "asc"


async def test_the_sort_choice_and_language_survive_a_restart(simcord_env, settings,
                                                              monkeypatch) -> None:
    env = simcord_env
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    speak(monkeypatch, {alice.id: "zh-TW"})
    await alice.slash(channel, "ddz sort", order="asc")
    await env.bot.presenter.drain()
    store = env.bot.store
    assert await store.player_setting(alice.id, "hand_sort") == "asc"
    assert await store.player_setting(alice.id, "locale") == "zh-TW"

    new_bot = await create_bot(settings)
    try:
        await restart(env, new_bot)
        await env.settle()
        presenter = env.bot.presenter
        assert presenter is new_bot.presenter and alice.id not in presenter.preferences.hand_orders
        monkeypatch.undo()  # her next interactions come in en-US: the DM keeps zh-TW till then
        table = await open_table(env, channel, alice, "classic", [alice])
        await presenter.drain()
        assert presenter.preferences.hand_order(alice.id) == "asc"  # read back from the store
        assert presenter.preferences.user_locale[alice.id] == "en"  # what she speaks now wins
        hand = sorted(table.game.hand(0), key=lambda c: c.rank)
        dm = alice.user.dm_channel.last_message
        selects = [i for i in buttons(dm) if getattr(i, "options", None)]
        smallest = {f"1. {c.label()}" for c in hand if c.rank == hand[0].rank}
        assert selects[0].options[0].label in smallest  # small to big
    finally:
        await new_bot.close_store()

"""Who may press what, late clicks, closed DMs, admin commands, the hand controls."""

from __future__ import annotations

import discord
import pytest

from bot.process.app import create_bot

from .helpers import (
    ai_bids_three,
    buttons,
    human_turn,
    open_table,
    play_to_the_end,
    restart,
    setup,
    speak,
    table_message,
    table_of,
)


async def test_stranger_and_wrong_turn_get_a_short_answer(simcord_env) -> None:
    env = simcord_env
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    mallory = guild.add_member(env.create_user("mallory"))
    table = await open_table(env, channel, alice, "classic", [alice, bob])
    await human_turn(env, channel, table.game.to_act if not table.seats[
        table.game.to_act].auto else 0)
    message = table_message(env, channel)
    turn_buttons = [b for b in buttons(message) if b.custom_id and ":bid:" in b.custom_id]
    assert turn_buttons, "the bidding buttons are on the table message"
    # a stranger: not at this table
    result = await mallory.click(message, custom_id=turn_buttons[0].custom_id)
    assert result.ephemeral and "not seated" in result.response.content
    # a seated player out of turn: not your turn
    waiting = table.game.to_act
    other = bob if table.seat_of(alice.id) == waiting else alice
    before = table.seq
    result = await other.click(message, custom_id=turn_buttons[0].custom_id)
    assert result.ephemeral and "not your turn" in result.response.content.lower()
    assert table.seq == before, "nothing changed"
    # the stranger cannot play by slash command either
    result = await mallory.slash(channel, "ddz pass")
    assert result.ephemeral and "not seated" in result.response.content


@pytest.mark.parametrize("ai_takes_it", [False, True])
async def test_a_late_click_is_refused(simcord_env, settings, ai_takes_it: bool) -> None:
    """A second press of a turn button once the turn has passed changes nothing. With
    ``ai_takes_it`` the AI seat bids first and takes the landlord with 3 points, so the
    players' first turn is following its lead (a case that made this test fail)."""
    env = simcord_env
    ai_bot = None
    if ai_takes_it:  # a bot whose deal has the AI seat (2) bid first, and bid 3
        ai_bot = await ai_bids_three(env, settings)
    try:
        await _late_click(env, ai_takes_it)
    finally:
        if ai_bot is not None:
            await ai_bot.close_store()


async def _late_click(env, ai_takes_it: bool) -> None:
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    table = await open_table(env, channel, alice, "classic", [alice, bob])
    if ai_takes_it:
        await env.settle()
        assert table.game.landlord == 2 and table.game.phase == "play"
    seat = table.game.to_act
    while table.seats[seat].auto:
        await env.settle()
        seat = table.game.to_act
    player = alice if table.seat_of(alice.id) == seat else bob
    bidding = table.game.phase == "bid"
    if bidding:  # the bid buttons are on the table message
        # the table message is edited lazily, so a player can still see this turn's buttons
        env.bot.presenter.edit_delay = 20  # shorter than the 30 s turn
        message, label, clicker = table_message(env, channel), "No bid", player
    else:  # the AI leads: the player answers from the hand message (DM)
        await env.bot.presenter.drain()
        message, clicker = player.user.dm_channel.last_message, player.user
        labels = [getattr(b, "label", None) for b in buttons(message)]
        label = "Pass" if "Pass" in labels else "Can't beat"  # 要不起: the one button
    button = next(b for b in buttons(message) if getattr(b, "label", None) == label)
    await clicker.click(message, label=label)  # the turn passes
    before = table.seq
    if not bidding:  # the hand message's turn buttons are off now: no late click there
        await env.bot.presenter.drain()
        now = player.user.dm_channel.last_message
        assert all(b.disabled for b in buttons(now) if getattr(b, "label", None) in
                   ("Pass", "Play selected", "Play hint")), "off outside one's turn"
        assert not any(getattr(b, "label", None) == "Can't beat" for b in buttons(now))
        return
    result = await clicker.click(message, custom_id=button.custom_id)  # a late second click
    assert result.ephemeral
    assert "already passed" in result.response.content or "not your turn" in \
        result.response.content.lower()
    assert table.seq == before, "the late click changed nothing"
    if bidding:
        await env.advance_time(21)
        assert button.custom_id not in str([c.to_dict() for c in table_message(
            env, channel).components]), "the message now shows the next turn's buttons"


async def test_closed_dms_get_a_my_hand_button(simcord_env) -> None:
    env = simcord_env
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    dm = alice.user.dm_channel
    env.inject_error("POST", f"/channels/{dm.id}/messages", status=403, code=50007,
                     message="Cannot send messages to this user", times=None)
    table = await open_table(env, channel, alice, "classic", [alice])
    await env.bot.presenter.drain()
    assert alice.id in env.bot.presenter.dm_closed
    notices = [m for m in channel.history() if "DMs are closed" in (m.content or "")]
    assert len(notices) == 1, "told once"
    result = await alice.click(table_message(env, channel), label="My hand")
    assert result.ephemeral
    shown = result.followups[-1] if result.followups else result.response
    assert shown.attachments and shown.attachments[0].filename == "hand.png"
    # the ephemeral hand has the same controls: select cards and play them
    await human_turn(env, channel, 0)
    if table.game.phase == "bid":
        await alice.click(table_message(env, channel), label="3 pt")  # landlord: she leads
    await human_turn(env, channel, 0)
    assert table.game.phase == "play" and table.game.last is None
    result = await alice.click(table_message(env, channel), label="My hand")
    shown = result.followups[-1] if result.followups else result.response
    select = next(c for row in shown.components for c in row["components"]
                  if c["custom_id"].startswith("ddzs:"))
    before = len(table.game.hand(0))
    await alice.select(shown, ["0"], custom_id=select["custom_id"])  # the lowest card
    await alice.click(shown, label="Play selected")
    await env.bot.presenter.drain()
    assert len(table.game.hand(0)) == before - 1
    assert table.game.history[0][0] == 0 and len(table.game.history[0][1]) == 1


async def test_play_with_the_hand_controls_in_dm(simcord_env) -> None:
    env = simcord_env
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    table = await open_table(env, channel, alice, "classic", [alice])
    await human_turn(env, channel, 0)
    if table.game.phase == "bid":
        await alice.click(table_message(env, channel), label="3 pt")
    await human_turn(env, channel, 0)
    game = table.game
    assert game.phase == "play" and game.landlord == 0
    dm_message = alice.user.dm_channel.last_message
    selects = [c for c in buttons(dm_message) if c.custom_id and c.custom_id.startswith("ddzs:")]
    assert selects
    hand_before = len(game.hand(0))
    # the picture's first card (index 0) is the lowest: a single, always legal when leading
    await alice.user.select(dm_message, ["0"], custom_id=selects[0].custom_id)
    await alice.user.click(alice.user.dm_channel.last_message, label="Play selected")
    await env.bot.presenter.drain()
    assert len(table.game.hand(0)) == hand_before - 1
    assert table.game.history[0][0] == 0 and len(table.game.history[0][1]) == 1
    # Hint answers privately, in her turn (nothing to beat: then one Can't beat button)
    await human_turn(env, channel, 0)
    await env.bot.presenter.drain()
    labels = {b.label: b for b in buttons(alice.user.dm_channel.last_message)
              if getattr(b, "label", None)}
    if "Can't beat" in labels:
        assert "Play selected" not in labels and "Hint" not in labels
    else:
        assert not labels["Hint"].disabled
        result = await alice.user.click(alice.user.dm_channel.last_message, label="Hint")
        assert result.ephemeral and result.response.content.startswith("Hint: ")


async def test_admin_commands_are_refused_for_others(simcord_env) -> None:
    env = simcord_env
    guild, channel = await setup(env)
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    boss = guild.add_member(env.create_user("boss"), roles=[admins])
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    result = await alice.slash(channel, "ddz config", key="daily_bonus", value="5000")
    assert result.ephemeral and "Manage Server" in result.response.content
    result = await boss.slash(channel, "ddz config", key="daily_bonus", value="5000")
    assert "daily_bonus is now 5000" in result.response.content
    result = await bob.slash(channel, "ddz daily")
    assert "5000 beans" in result.response.content
    result = await bob.slash(channel, "ddz daily")
    assert result.ephemeral and "❌" in result.response.content  # once a day
    await alice.slash(channel, "ddz new", variant="classic")
    result = await bob.slash(channel, "ddz stop")
    assert result.ephemeral and "owner" in result.response.content
    assert table_of(env, channel) is not None
    result = await bob.slash(channel, "ddz sync")
    assert result.ephemeral and "owner" in result.response.content.lower()
    result = await boss.slash(channel, "ddz stop")  # Manage Server may stop any table
    assert table_of(env, channel) is None
    await env.bot.presenter.drain()
    # announced once to the channel (the table message), the admin told privately
    assert result.ephemeral and "closed" in result.response.content
    public = [m.content for m in channel.history() if "closed" in (m.content or "")]
    assert public == ["The table was closed by a server manager."]


async def test_balance_rank_leaderboard_rules(simcord_env) -> None:
    env = simcord_env
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    result = await alice.slash(channel, "ddz balance")
    assert "10,000 beans" in result.response.content and "包身工" in result.response.content
    result = await alice.slash(channel, "ddz rank")
    sent = result.followups[-1] if result.followups else result.response
    assert sent.attachments[0].filename == "profile.png"
    await open_table(env, channel, alice, "classic", [alice])
    await play_to_the_end(env, channel, {0: alice})
    result = await alice.slash(channel, "ddz leaderboard", by="points")
    sent = result.followups[-1] if result.followups else result.response
    assert sent.attachments[0].filename == "leaderboard.png"
    result = await alice.slash(channel, "ddz rules", variant="laizi")
    assert result.ephemeral and "Laizi" in result.response.embeds[0].description


async def test_restart_mid_deal_then_finish(simcord_env, settings) -> None:
    env = simcord_env
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    table = await open_table(env, channel, alice, "happy", [alice])
    for _ in range(4):
        await human_turn(env, channel, 0)
        from .helpers import take_turn
        await take_turn(env, channel, alice)
    done = table.game.actions
    game_id = table.game_id
    new_bot = await create_bot(settings)
    try:
        await restart(env, new_bot)
        await env.settle()
        table2 = table_of(env, channel)
        assert table2 is not None and table2.game_id == game_id
        assert table2.game.actions[:len(done)] == done
        assert env.bot.presenter.message(channel.id) is not None, "re-announced"
        await play_to_the_end(env, channel, {0: alice})
        result = table2.last_result
        assert await env.bot.store.balance(guild.id, alice.id) == 10_000 + result.beans[0]
        assert (await env.bot.store.check_invariants()).ok
    finally:
        await new_bot.close_store()


async def test_ambiguous_wild_play_asks_which_reading(simcord_env) -> None:
    from tests.engine.game_helpers import cards

    env = simcord_env
    guild, channel = await setup(env)
    members = [guild.add_member(env.create_user(n)) for n in ("ann", "ben", "cat")]
    table = await open_table(env, channel, members[0], "super", members)
    seats = {table.seat_of(m.id): m for m in members}
    landlord = table.game.to_act
    await seats[landlord].click(table_message(env, channel), label="3 pt")  # takes it at once
    assert table.game.phase == "play" and table.game.to_act == landlord
    table.game.hands[landlord] = cards("333F9")  # a crafted position: 333F is a bomb or 3334
    result = await seats[landlord].slash(channel, "ddz play", cards="333F")
    assert result.ephemeral and "3 3 3 Flower can be played" in result.response.content
    labels = [c["label"] for row in result.response.components for c in row["components"]]
    assert "3333 (Flower as 3) — bomb" in labels, labels
    assert table.game.last is None, "nothing is played before the reading is chosen"
    trio = next(label for label in labels if label.endswith("trio with a single"))
    chosen = await seats[landlord].click(result.response, label=trio)
    assert chosen.ephemeral
    assert table.game.history[0][1].kind == "trio_single"


async def test_owner_bootstraps_the_commands_by_mention(simcord_env) -> None:
    env = simcord_env
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    env.bot.owner_id = alice.id
    mention = f"<@{env.bot.user.id}>"
    await bob.send(channel, f"{mention} sync here")
    await env.settle()
    assert not any("Synced" in (m.content or "") for m in channel.history()), "not the owner"
    from discord.ext import commands

    assert isinstance(env.errors[-1], commands.NotOwner)  # refused (and read: acknowledged)
    await alice.send(channel, f"{mention} sync here")
    await env.settle()
    replies = [m for m in channel.history() if "Synced" in (m.content or "")]
    assert len(replies) == 1 and "command" in replies[0].content


async def test_a_selection_does_not_survive_a_change_of_hand(simcord_env, seeds) -> None:
    env = simcord_env
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    seeds.queued.append(1)  # a deal where alice (seat 0) bids first
    table = await open_table(env, channel, alice, "classic", [alice])
    assert table.game.phase == "bid" and table.game.to_act == 0
    await env.bot.presenter.drain()
    dm = alice.user.dm_channel.last_message
    select = next(c for c in buttons(dm) if c.custom_id and c.custom_id.startswith("ddzs:"))
    assert select.disabled, "no card is chosen during the auction (issue 36)"
    # as a selection made before would be (an older client): card 1 of 17
    hand = env.bot.manager.seat_view(channel.id, alice.id)[1].hand
    env.bot.presenter.selection(channel.id, alice.id, hand).choose(0, [0])
    await alice.click(table_message(env, channel), label="3 pt")  # + the bottom: 20 cards
    await human_turn(env, channel, 0)
    await env.bot.presenter.drain()
    result = await alice.user.click(alice.user.dm_channel.last_message, label="Play selected")
    said = result.followups[-1] if result.followups else result.response
    assert said.ephemeral and "select cards first" in said.content.lower()
    assert table.game.history == [], "the old numbers were not played on the new hand"


async def test_the_hand_select_takes_no_choice_during_the_auction(simcord_env) -> None:
    """Issue 36: a select of the hand sent during the auction (an old message, or a client
    that ignores 'disabled': SimCord, as Discord's clients, will not send one) chooses
    nothing and says why."""
    from types import SimpleNamespace

    from cogs.controls import Press
    from cogs.views import HandSelect

    env = simcord_env
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    table = await open_table(env, channel, alice, "classic", [alice])
    await human_turn(env, channel, 0)
    assert table.game.phase == "bid"
    dm_message = alice.user.dm_channel.last_message
    select = next(c for c in buttons(dm_message) if c.custom_id and c.custom_id.startswith("ddzs:"))
    assert select.disabled  # what a real client shows

    said: list[tuple[str, bool]] = []

    async def send_message(content: str, *, ephemeral: bool = False) -> None:
        said.append((content, ephemeral))

    forged = SimpleNamespace(data={"values": ["0"]}, user=SimpleNamespace(id=alice.id),
                             response=SimpleNamespace(send_message=send_message))
    await HandSelect(channel.id, 0).select(Press(env.bot, forged, "en"))  # type: ignore[arg-type]
    assert said == [("Cards are chosen once the auction is over: answer it first.", True)]
    assert not env.bot.presenter.tables.of(channel.id).dm(alice.id).selection


@pytest.mark.parametrize(("locale", "said"), [("en-US", "That table has closed"),
                                              ("zh-CN", "这张牌桌已经关闭")])
async def test_a_click_on_a_hand_dm_of_a_closed_table_says_the_table_closed(
        simcord_env, monkeypatch, locale, said) -> None:
    """A hand DM's buttons still shown after its table closed (the edit removing them was
    still waiting its turn under load) are refused with words about that table, not "no
    table in this channel" (the DM never had one)."""
    env = simcord_env
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    table = await open_table(env, channel, alice, "classic", [alice])
    await human_turn(env, channel, table.seat_of(alice.id))
    await env.bot.presenter.drain()
    stale = alice.user.dm_channel.last_message  # its buttons as they were
    speak(monkeypatch, {alice.id: locale})  # her click, in her language
    label = next(b.label for b in buttons(stale) if getattr(b, "label", None) and
                 not b.disabled)
    await env.bot.manager.close(channel.id, alice.id)
    await env.settle()
    result = await alice.user.click(stale, label=label)
    content = result.response.content if result.response.content else \
        result.followups[-1].content
    assert content.startswith("❌") and said in content, content
    assert "/ddz new" not in content and "开桌" not in content

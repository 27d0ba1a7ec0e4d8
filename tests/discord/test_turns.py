"""Following a deal from the notifications and the hand message: pings, the hand's words
and controls, 要不起, 托管 by choice, and leaving with a confirmation."""

from __future__ import annotations

from tests.engine.game_helpers import cards

from .helpers import (
    answered_first,
    buttons,
    human_turn,
    open_table,
    play_to_the_end,
    setup,
    table_message,
)


def _pings(channel) -> list:
    return [m for m in channel.history() if "your turn" in (m.content or "")]


def _labels(message) -> dict[str, object]:
    return {b.label: b for b in buttons(message) if getattr(b, "label", None)}


async def _three(env, variant: str = "classic"):
    guild, channel = await setup(env)
    members = [guild.add_member(env.create_user(n)) for n in ("ann", "ben", "cat")]
    table = await open_table(env, channel, members[0], variant, members)
    return guild, channel, table, {table.seat_of(m.id): m for m in members}


async def test_one_ping_per_human_turn_then_gone(simcord_env) -> None:
    env = simcord_env
    _guild, channel, table, seats = await _three(env)
    await env.bot.presenter.drain()
    first = table.game.to_act
    pings = _pings(channel)
    assert len(pings) == 1 and f"<@{seats[first].id}>" in pings[0].content
    model = env.backend.get_message(channel.id, pings[0].id)
    assert model.ping_user_ids == [seats[first].id], "only that player is notified"
    assert "<t:" in pings[0].content  # the deadline, shown in the reader's time
    await seats[first].click(table_message(env, channel), label="No bid")
    await env.bot.presenter.drain()
    second = table.game.to_act
    assert second != first
    pings = _pings(channel)
    assert len(pings) == 1 and f"<@{seats[second].id}>" in pings[0].content, \
        "the first ping was removed, the next player's is the only one"
    await play_to_the_end(env, channel, seats)
    await env.bot.presenter.drain()
    assert _pings(channel) == [], "no ping stays after the deal"


async def test_pings_by_dm_when_the_server_turns_channel_pings_off(simcord_env) -> None:
    env = simcord_env
    guild, channel = await setup(env)
    members = [guild.add_member(env.create_user(n)) for n in ("ann", "ben", "cat")]
    await env.bot.store.set_guild_setting(guild.id, "turn_pings", "off")
    table = await open_table(env, channel, members[0], "classic", members)
    await env.bot.presenter.drain()
    assert _pings(channel) == []
    who = next(m for m in members if table.seat_of(m.id) == table.game.to_act)
    dms = [m.content for m in who.user.dm_channel.history()]
    assert any(c.startswith(f"Your turn in <#{channel.id}>: bid") for c in dms), dms


async def test_the_hand_message_says_what_to_do(simcord_env) -> None:
    env = simcord_env
    _guild, channel, table, seats = await _three(env)
    game = table.game
    landlord = game.to_act
    await seats[landlord].click(table_message(env, channel), label="3 pt")
    await env.bot.presenter.drain()
    mine = seats[landlord].user.dm_channel.last_message.content
    assert "**Your turn**: play (ends <t:" in mine and "You lead" in mine
    assert "Cards left: " in mine and "You 20" in mine and "Your multiplier: ×" in mine
    other = seats[(landlord + 1) % 3]
    waiting = other.user.dm_channel.last_message
    assert f"Waiting for {table.seats[landlord].name}: play" in waiting.content
    assert all(_labels(waiting)[k].disabled for k in ("Play selected", "Pass", "Hint"))
    # the landlord leads the big joker: the next player cannot beat it
    game.hands[landlord] = cards("3456R")
    game.hands[(landlord + 1) % 3] = cards("3579JQK")
    await seats[landlord].slash(channel, "ddz play", cards="大王")
    await env.bot.presenter.drain()
    follower = other.user.dm_channel.last_message
    assert "To beat: Big Joker — single" in follower.content
    assert "Nothing in your hand beats it" in follower.content
    labels = _labels(follower)
    assert "Can't beat" in labels and "Play selected" not in labels
    await other.user.click(follower, label="Can't beat")
    assert table.game.history[-1] == ((landlord + 1) % 3, None), "要不起 passes"


async def test_let_the_ai_play_then_take_control_back(simcord_env) -> None:
    env = simcord_env
    _guild, channel, table, seats = await _three(env)
    await env.bot.presenter.drain()
    seat = (table.game.to_act + 1) % 3  # not the player to act: the deal waits for another
    alice = seats[seat]
    dm = alice.user.dm_channel.last_message
    answered = answered_first(env, "trustee", "resume")  # before the table was asked?
    result = await alice.user.click(dm, label="Let the AI play")
    said = result.followups[-1]
    assert said.ephemeral and "The AI plays for you" in said.content
    assert table.seats[seat].trustee
    await env.bot.presenter.drain()
    assert "lets the AI play for them" in table_message(env, channel).content
    dm = alice.user.dm_channel.last_message
    assert "Take back control" in _labels(dm) and "The AI is playing for you" not in dm.content
    result = await alice.user.click(dm, label="Take back control")
    assert not table.seats[seat].trustee
    assert "❌" not in result.followups[-1].content
    # the table's lock may wait for an AI's move there: each click is answered first
    assert answered == [True, True]


async def test_leaving_mid_deal_asks_first(simcord_env) -> None:
    env = simcord_env
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    table = await open_table(env, channel, alice, "happy", [alice])
    await env.bot.presenter.drain()
    message = table_message(env, channel)
    rows = [[getattr(c, "label", None) for c in getattr(row, "children", [row])]
            for row in message.components]
    assert any("Leave" in r and "My hand" not in r for r in rows), "Leave sits apart"
    result = await alice.click(message, label="Leave")
    ask = result.response
    assert result.ephemeral and ask.content == (
        "Leaving now is an escape: you lose 1,005 beans and 10 points.")
    assert table.status == "playing", "nothing happened yet"
    stay = await alice.click(ask, label="Stay")
    assert stay.response.content == "You stay at the table." or table.status == "playing"
    assert table.seat_of(alice.id) == 0
    result = await alice.slash(channel, "ddz leave")
    answered = answered_first(env, "leave")  # an escape waits for the table's lock
    gone = await alice.click(result.response, label="Leave the deal")
    assert gone.response.content.startswith("You left during a deal")
    assert answered == [True]
    assert table.status != "playing" and table.last_result.outcome == "escape"


async def test_human_turn_helper_still_reaches_the_player(simcord_env) -> None:
    env = simcord_env
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    await open_table(env, channel, alice, "super", [alice])
    await human_turn(env, channel, 0)
    await env.bot.presenter.drain()
    assert len(_pings(channel)) == 1


async def test_a_restart_reuses_the_table_message_and_the_hand_dm(simcord_env, settings
                                                                 ) -> None:
    from bot.process.app import create_bot

    from .helpers import restart, table_of, take_turn

    env = simcord_env
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    await open_table(env, channel, alice, "classic", [alice])
    await human_turn(env, channel, 0)
    await take_turn(env, channel, alice)
    await human_turn(env, channel, 0)
    await env.bot.presenter.drain()
    table_id = env.bot.presenter.message(channel.id).id
    hands = [m.id for m in alice.user.dm_channel.history() if m.attachments]
    assert len(_pings(channel)) == 1
    new_bot = await create_bot(settings)
    try:
        await restart(env, new_bot)
        await env.settle()
        await env.bot.presenter.drain()
        assert table_of(env, channel) is not None
        assert env.bot.presenter.message(channel.id).id == table_id, "the same message"
        assert [m.id for m in alice.user.dm_channel.history() if m.attachments] == hands, \
            "no second hand DM: the old one was edited"
        live = [m for m in channel.history() if m.components]
        assert [m.id for m in live] == [table_id], "no other message keeps live buttons"
        assert len(_pings(channel)) == 1, "the ping of before was removed, one is new"
    finally:
        await new_bot.close_store()


async def test_the_table_text_lists_the_state_and_calls_two_cards(simcord_env) -> None:
    env = simcord_env
    _guild, channel, table, seats = await _three(env)
    landlord = table.game.to_act
    await seats[landlord].click(table_message(env, channel), label="3 pt")
    table.game.hands[landlord] = cards("33R")
    await seats[landlord].slash(channel, "ddz play", cards="R")
    await env.bot.presenter.drain()
    text = table_message(env, channel).content
    name = table.seats[landlord].name
    assert f"{name} 2 (two cards left!)" in text
    assert f"To beat: Big Joker — single, from {name}" in text
    assert f"Last plays: {name} Big Joker" in text and "Multiplier: ×" in text


async def test_autopass_passes_by_itself_when_nothing_beats(simcord_env) -> None:
    env = simcord_env
    _guild, channel, table, seats = await _three(env)
    env.bot.manager.turns.autopass_delay = 0.0
    landlord = table.game.to_act
    follower = seats[(landlord + 1) % 3]
    result = await follower.slash(channel, "ddz autopass", mode="on")
    assert "you pass by yourself" in result.response.content
    await seats[landlord].click(table_message(env, channel), label="3 pt")
    table.game.hands[landlord] = cards("3456R")
    table.game.hands[(landlord + 1) % 3] = cards("3579JQK")
    await seats[landlord].slash(channel, "ddz play", cards="R")
    await env.settle()
    await env.bot.presenter.drain()
    assert table.game.history[1] == ((landlord + 1) % 3, None), "passed by itself"
    assert table.game.to_act == (landlord + 2) % 3
    assert table.seats[(landlord + 1) % 3].autopass and not table.seats[landlord].autopass
    pings = _pings(channel)
    assert len(pings) == 1 and f"<@{seats[(landlord + 2) % 3].id}>" in pings[0].content


def test_the_landlord_sees_a_multiplier_per_farmer() -> None:
    from bot.engine import Double, Game, Rules, Show
    from bot.tables.state import Seat, Table
    from cogs.handtext import stake_text

    game = Game.new(Rules.preset("happy"), 5, balances=[10_000] * 3)
    while game.phase != "double":
        game.apply(game.legal_actions()[0])
    landlord = game.landlord
    for _ in range(3):  # the farmer after the landlord doubles, the others do not
        seat = game.to_act
        game.apply(Double(seat, seat == (landlord + 1) % 3))
    if game.phase == "show_landlord":
        game.apply(Show(game.to_act, False))
    names = ["A", "B", "C"]
    m = game.table_multiplier()[0]
    seats: list[Seat | None] = [Seat(10 + i, n) for i, n in enumerate(names)]
    shown = Table(1, 1, 10, game.rules, seats, status="playing", game=game).snapshot().game
    assert shown is not None
    farmer, other = (landlord + 1) % 3, (landlord + 2) % 3
    each = {farmer: f"×{2 * m} with {names[farmer]}", other: f"×{m} with {names[other]}"}
    assert stake_text(shown, landlord, names, "en") == (
        "Your multiplier: " + " · ".join(each[s] for s in sorted(each)))
    assert stake_text(shown, farmer, names, "en") == f"Your multiplier: ×{2 * m}"
    assert stake_text(shown, other, names, "zh-CN") == f"你的倍数：×{m}"

"""What the presenter keeps of a table is one object (closing the table forgets all of
it), and its collaborators are given when it is made: without a store it does not start."""

from __future__ import annotations

import pytest

from bot.discord_api.pacing import RestPacer
from cogs.drawing_slots import DrawingSlots
from cogs.pings import TurnPings
from cogs.presenter import DiscordPresenter

from .helpers import buttons, human_turn, open_table, setup, table_message


def test_the_presenter_needs_a_store() -> None:
    """A missing store fails when the presenter is made (it used to turn the card counter
    and the server's ping setting off without a word)."""
    with pytest.raises(TypeError, match="store"):
        DiscordPresenter(pictures=None)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="DiscordPresenter needs a store"):
        DiscordPresenter(store=None, pictures=None)  # type: ignore[arg-type]


def test_the_turn_pings_need_the_settings() -> None:
    with pytest.raises(TypeError, match="TurnPings needs a store"):
        TurnPings(object(), None)  # type: ignore[arg-type]


async def test_a_closed_table_leaves_nothing_in_the_presenter(simcord_env) -> None:
    env = simcord_env
    presenter = env.bot.presenter
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    table = await open_table(env, channel, alice, "classic", [alice])
    await human_turn(env, channel, table.seat_of(alice.id))
    if table.game.phase == "bid":  # the cards are chosen in the play phase only
        await alice.click(table_message(env, channel), label="3 pt")
        await human_turn(env, channel, table.seat_of(alice.id))
    await presenter.drain()
    # a card selected in her hand DM, her hand shown ephemerally too
    dm = alice.user.dm_channel.last_message
    select = next(i for i in buttons(dm) if getattr(i, "options", None))
    await alice.user.select(dm, ["0"], custom_id=select.custom_id)
    await alice.slash(channel, "ddz hand")
    await presenter.drain()
    state = presenter.tables.get(channel.id)
    assert state is not None and state.snapshot is not None and state.message is not None
    assert state.edited_at > float("-inf")  # the edits are timed (refresh paces by it)
    assert state.dm(alice.id).selection is not None and state.dm(alice.id).message is not None \
        and state.hands
    assert any(key[0] == channel.id for key in presenter.ephemeral.shown)
    table_message_id = state.message.id

    asked = await alice.slash(channel, "ddz leave")
    await alice.click(asked.response, label="Leave the deal")
    await env.settle()
    await presenter.drain()
    assert env.bot.manager.find(channel.id) is None, "every player left: it closed"
    assert channel.id not in presenter.tables and presenter.message(channel.id) is None
    assert presenter.hand_dm(channel.id, alice.id) is None
    assert not any(key[0] == channel.id for key in presenter.ephemeral.shown)
    pings = presenter.pings
    assert all(channel.id not in held for held in (pings.messages, pings._shown,
                                                     pings._wanted, pings._workers,
                                                     pings._locks))
    said = next(m for m in channel.history() if m.id == table_message_id)
    assert "every player left" in said.content and not said.components


async def test_an_edit_after_a_quiet_spell_goes_at_once(simcord_env, monkeypatch) -> None:
    """The table message is edited at most once every ``edit_delay`` seconds, but the
    first event after a quiet spell is shown at once (it used to wait the whole delay)."""
    import asyncio

    loop = asyncio.get_running_loop()
    presenter = simcord_env.bot.presenter
    presenter.edit_delay = 1.0
    waits: list[float] = []
    release = asyncio.Event()

    async def update(channel_id: int, delay: float, asked: float) -> None:
        waits.append(delay)
        await release.wait()

    monkeypatch.setattr(presenter, "_update", update)
    state = presenter.tables.of(42)
    presenter.refresh(42)  # never edited: at once
    presenter.refresh(42)  # an update is pending: coalesced into it
    await asyncio.sleep(0)
    assert waits == [0.0]
    release.set()
    await presenter.drain()

    state.edited_at = loop.time()  # just edited: the next waits out the delay
    presenter.refresh(42)
    await presenter.drain()
    assert 0.95 <= waits[-1] <= 1.0
    state.edited_at = loop.time() - 0.4  # edited 0.4 s ago: the rest of it
    presenter.refresh(42)
    await presenter.drain()
    assert 0.55 <= waits[-1] <= 0.6
    state.edited_at = loop.time() + 1e6  # a clock of elsewhere: never beyond the delay
    presenter.refresh(42)
    await asyncio.sleep(0)
    assert waits[-1] == 1.0
    state.pending.cancel()  # type: ignore[union-attr]
    await presenter.drain()
    state.edited_at = loop.time() - 5  # long ago: at once again
    presenter.refresh(42)
    presenter.refresh(42, now=True)  # coalesced too
    await presenter.drain()
    assert waits[-1] == 0.0 and len(waits) == 5


async def _alice_with_her_hand_dm(env):
    """Alice alone with two AIs, her hand DM out: (the channel, alice, the table's state)."""
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    table = await open_table(env, channel, alice, "classic", [alice])
    await human_turn(env, channel, table.seat_of(alice.id))
    await env.bot.presenter.drain()
    state = env.bot.presenter.tables.get(channel.id)
    assert state is not None and state.dm(alice.id).message is not None
    return channel, alice, state


async def until(done) -> None:
    """Until ``done()`` (at most 3 s): a refresh reads the store, so real time passes."""
    import asyncio

    for _ in range(300):
        if done():
            return
        await asyncio.sleep(0.01)


async def test_an_edit_waiting_at_idle_priority_gives_way_to_the_players_turn(
        simcord_env, monkeypatch) -> None:
    """A hand DM's words for a turn not the player's wait at idle priority behind every
    other request (bot.discord_api.pacing), holding the player's lock: under load that wait was
    seconds, and their own turn's update (and their new hand's picture) waited behind it.
    A newer update now drops the waiting one."""
    import asyncio

    import cogs.hand_dms
    from bot.discord_api.pacing import _PRIORITY, IDLE

    env = simcord_env
    presenter = env.bot.presenter
    channel, alice, state = await _alice_with_her_hand_dm(env)
    original = presenter.edits.edit
    pacer = RestPacer(rate=0.001, burst=1)  # after one request, the next waits ~1000 s
    await pacer.acquire()
    waiting, dropped, sent = [], [], []

    async def edit(message, **fields):
        if _PRIORITY.get() == IDLE:
            waiting.append(fields.get("content"))
            try:
                await pacer.acquire()  # in line for its turn, as bot.discord_api.pacing makes it
            except asyncio.CancelledError:
                dropped.append(fields.get("content"))
                raise
        sent.append(fields.get("content"))
        return await original(message, **fields)

    monkeypatch.setattr(presenter.edits, "edit", edit)
    # someone else's turn (as she sees it): her words wait at idle priority
    monkeypatch.setattr(cogs.hand_dms, "can_act", lambda table, seat: False)
    state.dm(alice.id).shown = None
    await presenter.hand_dms.refresh_hands(channel.id)
    await until(lambda: waiting)
    assert len(waiting) == 1 and not sent and state.dm(alice.id).idle_edit is not None
    # her turn: its update goes out at once, the waiting one is dropped
    monkeypatch.setattr(cogs.hand_dms, "can_act", lambda table, seat: True)
    state.dm(alice.id).shown = None
    await presenter.hand_dms.refresh_hands(channel.id)
    await until(lambda: sent)
    assert dropped == waiting and len(sent) == 1, "her turn waited behind an idle edit"
    assert state.dm(alice.id).idle_edit is None and pacer.queued == 0
    await presenter.drain()
    assert state.dm(alice.id).shown is not None  # what she sees is recorded


async def _alice_with_two_ais(env):
    """Alice's table with two AI seats, its deal on and every update drawn: the presenter,
    the channel and what the presenter keeps of the table."""
    presenter = env.bot.presenter
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    await open_table(env, channel, alice, "classic", [alice])
    await presenter.drain()
    return presenter, channel, presenter.tables.get(channel.id)


async def test_a_table_update_reads_the_table_when_its_turn_to_draw_comes(
        simcord_env, monkeypatch) -> None:
    """Table pictures are drawn a few at a time (``table_slots``): an update waiting for a
    slot reads the table when it gets one, so a busy bot draws each table as it is then,
    not as it was seconds before in the drawing processes' queue. (A table whose message
    shows no picture of the deal yet waits so; one that does sends its words first:
    tests/discord/test_words_first.py.)"""
    import asyncio
    import dataclasses

    presenter, channel, state = await _alice_with_two_ais(simcord_env)
    assert state is not None and state.snapshot is not None
    read: list[int] = []
    original = presenter.table_message

    async def table_message(table):
        read.append(table.seq)
        return await original(table)

    monkeypatch.setattr(presenter, "table_message", table_message)
    state.shown = None  # no picture of the deal shown yet: the words wait for it
    presenter.table_slots = DrawingSlots(1)
    await presenter.table_slots.acquire()  # every slot busy with other tables
    presenter.refresh(channel.id, now=True)
    for _ in range(20):
        await asyncio.sleep(0)
    assert read == []  # waiting for a slot: the table not read yet
    newer = dataclasses.replace(state.snapshot, seq=state.snapshot.seq + 1)
    state.snapshot = newer  # the table moved on meanwhile
    presenter.table_slots.release()
    await presenter.drain()
    assert read == [newer.seq]


async def test_an_update_that_shows_nothing_yet_goes_ahead_of_later_pictures(
        simcord_env) -> None:
    """Every slot busy and other tables' pictures (following their words) in line: a
    table message that shows nothing of its state yet (a result, a deal's first picture)
    takes the next free slot before them (issue 37: it waited 3.5 s at 300 tables)."""
    import asyncio

    presenter, channel, state = await _alice_with_two_ais(simcord_env)
    assert state is not None
    presenter.table_slots = slots = DrawingSlots(1)
    await slots.acquire()  # every slot busy with other tables
    # their pictures, each holding its slot once it has one
    in_line = [asyncio.create_task(slots.acquire()) for _ in range(3)]
    ahead: list[int] = []  # pictures in line that had a slot when this table was drawn
    original = presenter.table_message

    async def table_message(table):
        ahead.append(sum(task.done() for task in in_line))
        return await original(table)

    presenter.table_message = table_message
    await asyncio.sleep(0)
    state.shown = None  # nothing of this state is shown yet: it cannot go words first
    presenter.refresh(channel.id, now=True)
    for _ in range(20):
        await asyncio.sleep(0)
    before = state.edited_at
    slots.release()
    for _ in range(200):
        if state.shown is not None:
            break
        await asyncio.sleep(0.01)
    assert state.shown is not None and state.edited_at != before, "the table was shown"
    assert ahead == [0], "drawn before the pictures in line"
    for task in in_line:
        task.cancel()
    await asyncio.gather(*in_line, return_exceptions=True)


async def test_an_idle_edit_on_its_way_is_not_cancelled(simcord_env, monkeypatch) -> None:
    """An idle edit already let through (its answer on the way) is left to finish: a
    task cancelled in discord.py's bookkeeping of the route's bucket, after the answer,
    left the DM's route closed for 30 s (the mixed-front-ends browser test saw the
    player's turn miss its buttons). The newer update waits for it, and is sent even when
    it says what the DM said before the idle one (her turn again: its buttons come back)."""
    import asyncio

    import cogs.hand_dms
    from bot.discord_api.pacing import _PRIORITY, IDLE

    env = simcord_env
    presenter = env.bot.presenter
    channel, alice, state = await _alice_with_her_hand_dm(env)
    original = presenter.edits.edit
    answered = asyncio.Event()  # the idle edit's answer, held back until set
    delivered, sent, cancelled = [], [], []

    async def edit(message, **fields):
        await original(message, **fields)  # Discord has it
        if _PRIORITY.get() == IDLE:
            delivered.append(fields.get("content"))
            try:
                await answered.wait()
            except asyncio.CancelledError:
                cancelled.append(fields.get("content"))
                raise
        sent.append(fields.get("content"))

    turn = [True]  # whose turn she sees: her words and the priority of their edit

    async def hand_words(table, seat, hand, locale):
        return "Your turn" if turn[0] else "Ada's turn"

    monkeypatch.setattr(presenter.edits, "edit", edit)
    monkeypatch.setattr(presenter.hand_dms, "hand_words", hand_words)
    monkeypatch.setattr(cogs.hand_dms, "can_act", lambda table, seat: turn[0])
    state.dm(alice.id).shown = None
    await presenter.hand_dms.refresh_hands(channel.id)
    await until(lambda: sent)
    await presenter.drain()
    turn_words = state.dm(alice.id).shown  # her turn, as shown
    turn[0] = False
    await presenter.hand_dms.refresh_hands(channel.id)
    await until(lambda: delivered)
    assert delivered == ["Ada's turn"] and state.dm(alice.id).idle_edit is not None
    turn[0] = True
    await presenter.hand_dms.refresh_hands(channel.id)  # the same words as her turn before
    for _ in range(50):
        await asyncio.sleep(0)
    assert sent == ["Your turn"] and not cancelled, "the edit on its way was cancelled"
    answered.set()
    await until(lambda: len(sent) == 3)
    await presenter.drain()
    assert sent == ["Your turn", "Ada's turn", "Your turn"], "her turn's update was " \
        "skipped: the DM kept the idle edit's words"
    assert state.dm(alice.id).shown == turn_words


async def test_a_table_update_tells_where_its_time_went(simcord_env) -> None:
    """ddz_table_edit_stage_seconds: each update's stages in order, the edit delay it
    waited first (issue 37: where an action's way to the table message is long)."""
    env = simcord_env
    presenter = env.bot.presenter
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    table = await open_table(env, channel, alice, "classic", [alice])
    await presenter.drain()
    seen: list[tuple[str, float]] = []
    presenter.staged = lambda stage, seconds: seen.append((stage, seconds))
    state = presenter.tables.get(channel.id)
    assert state is not None
    import asyncio

    state.shown = None  # the same table again: edited anyway
    presenter.edit_delay = 0.4
    state.edited_at = asyncio.get_running_loop().time()
    presenter.refresh(channel.id)  # just edited: it waits for the edit delay
    await presenter.drain()
    assert [s for s, _ in seen] == ["coalesce", "lock", "avatars", "slot", "draw", "request"]
    assert all(seconds >= 0 for _, seconds in seen)
    assert seen[0][1] > 0.3, "the wait for the edit delay is its own stage"
    assert table.status == "playing"


async def test_a_persons_new_hand_goes_before_every_other_request(simcord_env,
                                                                 monkeypatch) -> None:
    """The picture of a person's cards, edited into their hand DM or sent as the next
    deal's first DM, is sent at urgent priority (bot.discord_api.pacing): ahead of the table
    messages, which at 500 tables kept a new deal's hand DMs waiting seconds."""
    from bot.discord_api.pacing import _PRIORITY, URGENT

    env = simcord_env
    presenter = env.bot.presenter
    channel, alice, state = await _alice_with_her_hand_dm(env)
    seat = state.snapshot.seat_of(alice.id)
    original = presenter.edits.edit
    levels: list[int] = []

    async def edit(message, **fields):
        if fields.get("attachments"):
            levels.append(_PRIORITY.get())
        return await original(message, **fields)

    monkeypatch.setattr(presenter.edits, "edit", edit)
    presenter.resend_hand(channel.id, seat)  # her hand DM is edited with a new picture
    await presenter.drain()
    assert levels == [URGENT]
    sent_at: list[int] = []
    dm = await presenter.dms.channel(env.bot, alice.id)
    send = type(dm).send

    async def first_send(self, *args, **kwargs):
        sent_at.append(_PRIORITY.get())
        return await send(self, *args, **kwargs)

    monkeypatch.setattr(type(dm), "send", first_send)
    state.dm(alice.id).message = None  # the next deal's hand: a new DM
    presenter.resend_hand(channel.id, seat)
    await presenter.drain()
    assert sent_at == [URGENT] and state.dm(alice.id).message is not None


async def test_a_tables_first_message_goes_before_every_other_request(simcord_env,
                                                                     monkeypatch) -> None:
    """No one can join a table before its message is out: its first post is sent at urgent
    priority (bot.discord_api.pacing), not behind the other tables' edits made as the bot."""
    import discord

    from bot.discord_api.pacing import _PRIORITY, URGENT

    env = simcord_env
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    send = discord.PartialMessageable.send
    posted: list[int] = []

    async def recorded(self, *args, **kwargs):
        if self.id == channel.id:
            posted.append(_PRIORITY.get())
        return await send(self, *args, **kwargs)

    monkeypatch.setattr(discord.PartialMessageable, "send", recorded)
    await alice.slash(channel, "ddz new", variant="classic")
    await env.bot.presenter.drain()
    assert posted == [URGENT]
    assert table_message(env, channel) is not None

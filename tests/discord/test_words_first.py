"""When every drawing slot is busy, a table message that already shows a picture of the
deal gets its words at once and its picture when a slot frees (issue 37: at hundreds of
tables an action reached the table message seconds late, waiting to be drawn)."""

from __future__ import annotations

import asyncio
import dataclasses

from cogs.drawing_slots import DrawingSlots

from .helpers import open_table, setup


async def _playing(env):
    """Alice with two AIs, the deal on, its table message out with a picture."""
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    await open_table(env, channel, alice, "classic", [alice])
    presenter = env.bot.presenter
    await presenter.drain()
    state = presenter.tables.get(channel.id)
    assert state is not None and state.message is not None and state.shown is not None
    assert state.shown[2] == "table.png"
    return channel, state


def _recorded_edits(presenter, monkeypatch) -> list[dict[str, object]]:
    """The fields of each edit the presenter makes from now on (made as usual)."""
    edits: list[dict[str, object]] = []
    original = presenter.edits.edit

    async def edit(message, **fields):
        edits.append(fields)
        await original(message, **fields)

    monkeypatch.setattr(presenter.edits, "edit", edit)
    return edits


async def test_busy_slots_send_the_words_first_and_the_picture_when_one_frees(
        simcord_env, monkeypatch) -> None:
    env = simcord_env
    presenter = env.bot.presenter
    channel, state = await _playing(env)
    edits = _recorded_edits(presenter, monkeypatch)
    drawn: list[int] = []
    picture = presenter.table_picture

    async def table_picture(table, at):
        drawn.append(table.seq)
        return await picture(table, at)

    shown: list[str] = []
    presenter.shown_after = lambda part, seconds: shown.append(part)
    monkeypatch.setattr(presenter, "table_picture", table_picture)
    before = state.message.attachments[0].url if state.message.attachments else None
    # what the message shows is older than the table (words and picture alike)
    state.shown = ("older words", None, "table.png", "an older picture", state.shown[4])
    loop = asyncio.get_running_loop()
    for waiting in state.unshown.values():
        waiting.append(loop.time())
    presenter.table_slots = DrawingSlots(1)
    await presenter.table_slots.acquire()  # every slot busy with other tables
    state.person_acted = True  # a person's action is waiting to be shown
    presenter.refresh(channel.id, now=True)
    for _ in range(100):
        if edits:
            break
        await asyncio.sleep(0.01)
    assert len(edits) == 1 and "attachments" not in edits[0], \
        "the words went first, without a picture"
    assert edits[0]["content"] == state.shown[0] != "older words"
    assert drawn == [] and shown == ["words"]
    assert state.message is not None
    assert (state.message.attachments[0].url if state.message.attachments else None) == \
        before, "the picture shown stays until the new one is drawn"
    assert state.snapshot is not None
    newer = dataclasses.replace(state.snapshot, seq=state.snapshot.seq + 1)
    state.snapshot = newer  # the table moved on while the picture waited for its slot
    presenter.table_slots.release()
    await presenter.drain()
    assert drawn == [newer.seq], "the picture shows the table as it was when drawn"
    assert len(edits) == 2 and "attachments" in edits[1]
    assert edits[1].get("content", edits[0]["content"]) == state.shown[0], \
        "words (when they changed) go with the picture of the newer table"
    assert shown == ["words", "picture"]
    assert state.shown[3] != "an older picture" and state.unshown == {"words": [],
                                                                     "picture": []}
    assert not state.person_acted


async def _behind_on_drawing(env, monkeypatch, *, person: bool = True):
    """Every drawing slot busy when a person acted (the words went first), or only the AI
    moved (``person=False``): the picture waits for the one slot until the test releases
    it."""
    presenter = env.bot.presenter
    channel, state = await _playing(env)
    edits = _recorded_edits(presenter, monkeypatch)
    state.shown = ("older words", None, "table.png", "an older picture", state.shown[4])
    presenter.table_slots = DrawingSlots(1)
    await presenter.table_slots.acquire()
    state.person_acted = person
    presenter.refresh(channel.id, now=True)
    for _ in range(100):
        if state.later_picture is not None:
            break
        await asyncio.sleep(0.01)
    return presenter, state, edits


async def test_the_ai_moves_alone_wait_for_their_picture(simcord_env, monkeypatch) -> None:
    # only the AI moved since the last edit
    presenter, state, edits = await _behind_on_drawing(simcord_env, monkeypatch, person=False)
    await asyncio.sleep(0.3)
    assert edits == [], "no words-only edit: the update waits for a drawing slot"
    state.notices.append("the AI moved")  # words that changed since the last edit
    presenter.table_slots.release()
    await presenter.drain()
    assert len(edits) == 1 and {"content", "attachments"} <= set(edits[0]), \
        "words and picture together, when a slot freed"
    assert str(edits[0]["content"]).startswith("the AI moved") and state.notices == []


async def test_the_picture_alone_when_the_words_shown_are_as_new(
        simcord_env, monkeypatch) -> None:
    presenter, state, edits = await _behind_on_drawing(simcord_env, monkeypatch)
    state.worded_at = asyncio.get_running_loop().time() + 60  # words newer than any picture
    presenter.table_slots.release()
    await presenter.drain()
    assert len(edits) == 2 and set(edits[1]) == {"attachments"}, \
        "the picture alone: the words shown are newer than it"


async def test_a_newer_picture_shown_first_is_not_covered_by_an_older_one(
        simcord_env, monkeypatch) -> None:
    presenter, state, edits = await _behind_on_drawing(simcord_env, monkeypatch)
    later = state.later_picture
    assert later is not None and len(edits) == 1
    async with state.edit_lock:  # the picture waits for the lock once drawn
        presenter.table_slots.release()
        for _ in range(100):
            if not presenter.table_slots.locked():
                break
            await asyncio.sleep(0.01)
        # meanwhile a whole update (words and a newer picture) landed
        state.pictured_at = asyncio.get_running_loop().time() + 1
    await later
    assert len(edits) == 1, "the older picture did not land on the newer one"


async def test_with_a_free_slot_words_and_picture_go_in_one_edit(
        simcord_env, monkeypatch) -> None:
    env = simcord_env
    presenter = env.bot.presenter
    channel, state = await _playing(env)
    edits = _recorded_edits(presenter, monkeypatch)
    shown: list[str] = []
    presenter.shown_after = lambda part, seconds: shown.append(part)
    state.shown = ("older words", None, "table.png", "an older picture", state.shown[4])
    for waiting in state.unshown.values():
        waiting.append(asyncio.get_running_loop().time())
    state.person_acted = True
    presenter.refresh(channel.id, now=True)
    await presenter.drain()
    assert len(edits) == 1 and {"content", "attachments"} <= set(edits[0])
    assert state.later_picture is None and sorted(shown) == ["picture", "words"]

"""A store that does not answer never reaches a player raw (issue 12): a slash command,
a button and a select each get one polite line in the user's language with an error id,
the same id is in the log, and nothing changed. The fault is injected at the SQLite
driver ("database or disk is full" on every write), as a full disk raises it."""

from __future__ import annotations

import contextlib
import logging
import re
import sqlite3
from collections.abc import Iterator
from typing import Any

from .helpers import setup, speak, table_message, table_of

RAW = ("OperationalError", "disk is full", "sqlite", "Traceback")
ID = re.compile(r"[0-9a-f]{8}")


@contextlib.contextmanager
def full_disk(store: Any) -> Iterator[None]:
    """Every write of the store fails as on a full disk, until the block ends."""
    writer = store._db._writer
    execute = writer.execute

    def failing(sql: str, *args: Any, **kwargs: Any) -> Any:
        if sql.lstrip().split()[0].upper() in ("BEGIN", "INSERT", "UPDATE", "DELETE"):
            raise sqlite3.OperationalError("database or disk is full")
        return execute(sql, *args, **kwargs)

    writer.execute = failing
    try:
        yield
    finally:
        writer.execute = execute


def _polite(content: str, caplog: Any, phrase: str) -> str:
    assert phrase in content, content
    assert not any(raw in content for raw in RAW), content
    [ident] = ID.findall(content)
    logged = [r.getMessage() for r in caplog.records if r.name == "ddz.errors"]
    assert any(ident in line for line in logged), (ident, logged)
    return ident


async def test_a_slash_command_a_button_and_a_select(simcord_env, caplog, monkeypatch) -> None:
    env = simcord_env
    caplog.set_level(logging.ERROR, logger="ddz.errors")
    guild, channel = await setup(env)
    alice, bob, cat = (guild.add_member(env.create_user(n)) for n in ("alice", "bob", "cat"))
    speak(monkeypatch, {cat.id: "zh-CN"})
    store = env.bot.store
    await alice.slash(channel, "ddz new", variant="classic", private=True)
    table = table_of(env, channel)
    lobby = table_message(env, channel)
    select = next(c for row in lobby.components for c in row.children
                  if getattr(c, "custom_id", "").startswith("ddzinv:"))
    await alice.slash(channel, "ddz balance")
    with full_disk(store):
        daily = await bob.slash(channel, "ddz daily")  # a slash command that writes
        assert daily.ephemeral
        _polite(daily.response.content, caplog, "could not save")
        invited = await alice.select(lobby, [bob], custom_id=select.custom_id)  # a select
        _polite(invited.response.content, caplog, "could not save")
        assert not table.invited, "nobody was invited"
        said = await cat.slash(channel, "ddz daily")  # in the user's language
        _polite(said.response.content, caplog, "暂时无法保存")
    invited = await alice.select(lobby, [bob], custom_id=select.custom_id)
    assert "bob" in invited.response.content and table.invited == {bob.id}
    with full_disk(store):
        joined = await bob.click(table_message(env, channel), label="Join")  # a button
        _polite(joined.response.content, caplog, "could not save")
        assert table.seat_of(bob.id) is None and env.bot.manager._tables.of_user(bob.id) is None
    joined = await bob.click(table_message(env, channel), label="Join")  # healed: it works
    assert joined.ephemeral and table.seat_of(bob.id) == 1
    daily = await bob.slash(channel, "ddz daily")
    assert "could not save" not in daily.response.content
    assert (await store.check_invariants()).ok

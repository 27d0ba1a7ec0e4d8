"""The slash-command tree Discord sees, translated as ``/ddz`` syncs it, against a
checked-in snapshot (``tests/data/command_tree.json``): names, options, descriptions,
localizations, defaults and permissions. A refactor of the cogs must leave it as it is;
a change meant to be seen by Discord regenerates the snapshot
(``DDZ_WRITE_COMMAND_TREE=1``) and shows up in review."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

SNAPSHOT = Path(__file__).parent.parent / "data" / "command_tree.json"


async def synced_payload(tree: Any) -> list[dict[str, Any]]:
    """What ``tree.sync()`` would send for the global commands, in a stable order."""
    commands = tree._get_all_commands(guild=None)
    translator = tree.translator
    payload = [await c.get_translated_payload(tree, translator) if translator else
               c.to_dict(tree) for c in commands]
    return sorted(payload, key=lambda c: (c.get("type", 1), c["name"]))


async def test_the_command_tree_is_the_snapshot(simcord_env) -> None:
    payload = await synced_payload(simcord_env.bot.tree)
    names = [c["name"] for c in payload]
    assert "ddz" in names
    ddz = next(c for c in payload if c["name"] == "ddz")
    subcommands = {o["name"] for o in ddz["options"]}
    assert {"new", "play", "history", "replay", "review", "tournament"} <= subcommands
    text = json.dumps(payload, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    if os.environ.get("DDZ_WRITE_COMMAND_TREE"):
        SNAPSHOT.write_text(text, encoding="utf-8")
    assert json.loads(text) == json.loads(SNAPSHOT.read_text(encoding="utf-8"))

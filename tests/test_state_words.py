"""States are compared by member, never by their text.

A deal's phase and outcome (:class:`bot.engine.Phase`, :class:`bot.engine.Outcome`), a
table's status (:class:`bot.tables.TableStatus`), a tournament's
(:class:`bot.tournaments.TournamentStatus`), a stored game's
(:class:`bot.store.GameStatus`), what a play became (:class:`bot.tables.PlayStatus`) and
the bot's recovery are ``StrEnum``\\ s: ``phase == "play"`` still holds, so a typo
(``phase == "paly"``) or a renamed state would fail silently. This test walks the syntax of
``bot/``, ``cogs/`` and ``render/`` and finds every comparison (``==``, ``!=``, ``in``,
``not in``, a ``match`` case) of something called ``phase``, ``status``, ``outcome``,
``state`` or ``recovery`` (a name, an attribute, ``x["status"]`` or ``x.get("status")``)
against a string literal.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import get_type_hints

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bot", "cogs", "render")
STATE_NAMES = frozenset({"phase", "status", "outcome", "state", "recovery"})

# Comparisons allowed for now, keyed by (path, the comparison's source text) so that a
# moved line still matches: none are left; a new entry needs a reason beside it.
TO_DO: frozenset[tuple[str, str]] = frozenset()


def _name(node: ast.expr) -> str | None:
    """What a compared expression is called: ``x.phase``, ``phase``, ``x["phase"]``,
    ``x.get("phase")`` and ``str(x.phase)`` are all ``phase``."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
            node.func.id == "str" and len(node.args) == 1:
        return _name(node.args[0])
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) and \
            isinstance(node.slice.value, str):
        return node.slice.value
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
            node.func.attr == "get" and node.args and isinstance(node.args[0], ast.Constant) \
            and isinstance(node.args[0].value, str):
        return node.args[0].value
    return None


def _has_text(node: ast.expr) -> bool:
    """A string literal, or a tuple, list or set holding one."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_has_text(e) for e in node.elts)
    return False


def text_comparisons(source: str) -> list[tuple[int, str]]:
    """Each comparison of a state against a string literal in ``source``: its line and its
    text (for a ``match``, ``match <subject>: case <value>``)."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            parts = [node.left, *node.comparators]
            if any(_name(p) in STATE_NAMES for p in parts) and any(_has_text(p) for p in parts):
                found.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.Match) and _name(node.subject) in STATE_NAMES:
            for case in node.cases:
                for sub in ast.walk(case.pattern):
                    if isinstance(sub, ast.MatchValue) and _has_text(sub.value):
                        found.append((sub.lineno, f"match {ast.unparse(node.subject)}: "
                                                  f"case {ast.unparse(sub.value)}"))
    return sorted(found)


def _all() -> list[tuple[str, int, str]]:
    return [(path.relative_to(ROOT).as_posix(), line, text)
            for package in PACKAGES
            for path in sorted((ROOT / package).rglob("*.py"))
            for line, text in text_comparisons(path.read_text(encoding="utf-8"))]


def test_states_are_compared_by_member() -> None:
    left = [f"{path}:{line}: {text}" for path, line, text in _all()
            if (path, text) not in TO_DO]
    assert not left, "compare these states by member (Phase.PLAY, TableStatus.PLAYING…):\n" + \
        "\n".join(left)


def test_the_to_do_list_is_still_needed() -> None:
    """A comparison fixed is taken off the list, so the list never hides a new one."""
    found = {(path, text) for path, _, text in _all()}
    assert sorted(TO_DO - found) == []


@pytest.mark.parametrize(("source", "count"), [
    ('if view.phase == "play": pass', 1),
    ('ok = table.status in ("playing", "between")', 1),
    ('ok = "escape" != r.outcome', 1),
    ('ok = frame["status"] == "reading"', 1),
    ('ok = frame.get("phase") not in ["bid"]', 1),
    ('ok = str(view.phase) in ("play", "over")', 1),
    ('match game.phase:\n    case "bid": pass\n    case "call" | "grab": pass\n'
     '    case _: pass', 3),
    ('if view.phase == Phase.PLAY: pass', 0),
    ('if play.kind == "bomb": pass', 0),  # a play's kind is not a state
    ('if status == code: pass', 0),
])
def test_what_counts_as_a_text_comparison(source: str, count: int) -> None:
    assert len(text_comparisons(source)) == count


def test_the_named_states_keep_their_stored_words() -> None:
    """Saved tables, stored games and tournaments, JSON and the health page carry the same
    words as before the states had names."""
    from bot.process.app import Recovery
    from bot.store import GameStatus
    from bot.tables import Left, PlayStatus
    from bot.tournaments import TournamentStatus

    assert [s.value for s in TournamentStatus] == ["signup", "running", "finished",
                                                   "cancelled"]
    assert [s.value for s in GameStatus] == ["live", "settled", "abandoned"]
    assert [s.value for s in Left] == ["left", "escaped", "away"]
    assert [s.value for s in PlayStatus] == ["applied", "reading"]
    assert [s.value for s in Recovery] == ["waiting", "running", "finished", "failed"]
    assert json.dumps({"left": Left.ESCAPED}) == '{"left": "escaped"}'
    assert f"ok.{Left.AWAY}" == "ok.away"  # the key of the words that say so
    assert TournamentStatus("running").is_open and not TournamentStatus.FINISHED.is_open


def test_the_managers_results_are_typed() -> None:
    from bot.tables import (
        Closed,
        Left,
        Played,
        SeatChange,
        SeatsChanged,
        TableClosed,
        TableManager,
    )

    assert get_type_hints(TableManager.leave)["return"] is Left
    assert get_type_hints(TableManager.act)["return"] is Played
    assert get_type_hints(TableManager.play)["return"] is Played
    assert get_type_hints(TableClosed)["reason"] is Closed
    assert get_type_hints(SeatsChanged)["reason"] is SeatChange
    assert [s.value for s in Closed] == ["closed", "stopped", "empty", "dissolved", "idle",
                                         "tournament", "restore_failed"]
    assert [s.value for s in SeatChange] == ["joined", "left", "ai_added", "escaped",
                                             "invited", "away"]

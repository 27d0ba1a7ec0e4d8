"""``mypy --strict`` holds for the typed layers (the engine, the AI, the store behind its
Protocol, the tables that use it, and the words). Imported packages are checked for types
but their own errors are not reported here (``--follow-imports=silent``): each package is
named by its own test."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STRICT = ("bot/engine", "bot/store", "bot/tables", "bot/ai", "bot/words", "bot/metrics")


@pytest.mark.parametrize("package", STRICT)
def test_mypy_strict(package: str, tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent",
         "--cache-dir", str(tmp_path / "cache"), package],
        cwd=ROOT, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_tables_use_the_store_protocol() -> None:
    """The tables are typed against the Protocol, not the SQLite class (nor Any)."""
    import typing

    from bot.store import TableStore
    from bot.tables import TableManager
    from bot.tables.turns import TurnRunner

    for cls in (TableManager, TurnRunner):
        hints = typing.get_type_hints(cls.__init__)
        assert hints["store"] is TableStore, cls

"""``mypy --strict`` holds for every package of the bot (``bot``, ``cogs``, ``render``: the
engine, the AI, the store behind its Protocol, the tables that use it, the words, the
Discord layer and the pictures) and for the benchmarks (``bench``), and the seams are typed
against their Protocols."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BOT_PACKAGES = ("bot", "cogs", "render")  # the installed ones (pyproject.toml)
PACKAGES = (*BOT_PACKAGES, "bench")  # and the benchmarks, run from the checkout


def test_mypy_strict_on_every_package(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "cache"),
         *PACKAGES], cwd=ROOT, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Success: no issues found" in done.stdout, done.stdout


def test_every_package_is_checked() -> None:
    """A new top-level package of the bot is named here, or its types go unchecked."""
    import tomllib

    found = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "packages"]["find"]["include"]
    assert {name.rstrip("*") for name in found} == set(BOT_PACKAGES)


def test_the_tables_use_the_store_protocol() -> None:
    """The tables are typed against the Protocol, not the SQLite class (nor Any)."""
    import typing

    from bot.store import TableStore
    from bot.tables import TableManager
    from bot.tables.turns import TurnRunner

    for cls in (TableManager, TurnRunner):
        hints = typing.get_type_hints(cls.__init__)
        assert hints["store"] is TableStore, cls

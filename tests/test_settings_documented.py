"""One source of truth for the settings: every setting the code reads (a ``DDZ_…`` or
``DISCORD_…`` name handed to a call, like ``os.environ.get("DDZ_DB_PATH")`` or
``_whole("DDZ_BACKUP_KEEP", …)``, or an ``os.environ[…]`` subscript, anywhere in the bot's
packages) is in ``.env.example`` and in the table of ``docs/settings.md``; neither lists
one the code no longer reads; and the defaults ``.env.example`` shows are the code's."""

from __future__ import annotations

import ast
import dataclasses
import re
from pathlib import Path

import pytest

from bot.process.config import Settings

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("bot", "cogs", "render")
NAME = re.compile(r"(?:DDZ|DISCORD)_[A-Z0-9_]+")
EXAMPLE_LINE = re.compile(r"^#?\s*((?:DDZ|DISCORD)_[A-Z0-9_]+)=(.*)$")
TABLE_ROW = re.compile(r"^\|\s*`((?:DDZ|DISCORD)_[A-Z0-9_]+)`\s*\|")


def names_read(source: str) -> set[str]:
    """The setting names a module's code reads: a name that is a call's first argument or
    a subscript's key."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        keys: list[ast.expr] = []
        if isinstance(node, ast.Call) and node.args:
            keys = [node.args[0]]
        elif isinstance(node, ast.Subscript):
            keys = [node.slice]
        found |= {key.value for key in keys if isinstance(key, ast.Constant)
                  and isinstance(key.value, str) and NAME.fullmatch(key.value)}
    return found


def code_settings() -> set[str]:
    return {name for package in PACKAGES for path in (ROOT / package).rglob("*.py")
            for name in names_read(path.read_text(encoding="utf-8"))}


def example_settings() -> dict[str, str]:
    """``.env.example``'s settings, set or commented out, with the value shown."""
    lines = (ROOT / ".env.example").read_text(encoding="utf-8").splitlines()
    return {m.group(1): m.group(2).strip() for line in lines
            if (m := EXAMPLE_LINE.match(line.strip()))}


def documented_settings() -> set[str]:
    lines = (ROOT / "docs" / "settings.md").read_text(encoding="utf-8").splitlines()
    return {m.group(1) for line in lines if (m := TABLE_ROW.match(line))}


def test_the_scan_finds_what_the_code_reads() -> None:
    source = ('import os\nos.environ.get("DDZ_A", "")\n_whole("DDZ_B", 1, 2)\n'
              'os.environ["DISCORD_C"]\nlog.info("DDZ_D is set")\nx = "DDZ_E"\n')
    assert names_read(source) == {"DDZ_A", "DDZ_B", "DISCORD_C"}
    settings = code_settings()
    assert {"DISCORD_TOKEN", "DDZ_DB_PATH", "DDZ_BACKUP_KEEP", "DDZ_WS_PER_USER",
            "DDZ_CONNECT_TIMEOUT", "DDZ_AI_DELAY"} <= settings, settings


def test_every_setting_is_in_env_example() -> None:
    code, example = code_settings(), set(example_settings())
    assert sorted(code - example) == [], "read by the code, missing from .env.example"
    assert sorted(example - code) == [], "in .env.example, no longer read by the code"


def test_every_setting_is_in_the_docs_table() -> None:
    code, documented = code_settings(), documented_settings()
    assert sorted(code - documented) == [], "read by the code, missing from docs/settings.md"
    assert sorted(documented - code) == [], "in docs/settings.md, no longer read by the code"


def test_the_readme_points_at_the_settings() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/settings.md" in readme and ".env.example" in readme


def test_env_example_shows_the_code_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every value ``.env.example`` shows, set all at once, gives the settings the bot has
    with none of them set."""
    for name in code_settings():
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DDZ_AI_PROCESSES", "2")  # its default is the number of cores
    monkeypatch.setenv("DDZ_RENDER_PROCESSES", "2")
    unset = Settings.from_env(None)
    shown = {name: value for name, value in example_settings().items() if value}
    assert shown, ".env.example shows no default"
    for name, value in shown.items():
        monkeypatch.setenv(name, value)
    assert _fields(Settings.from_env(None)) == _fields(unset), shown


def _fields(settings: Settings) -> dict[str, object]:
    """The settings' values, a path as its text (``data/doudizhu.db`` either way)."""
    return {key: str(value) if isinstance(value, Path) else value
            for key, value in dataclasses.asdict(settings).items()}

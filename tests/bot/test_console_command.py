"""The console command ``doudizhu-bot`` (pyproject.toml's ``[project.scripts]``, installed
by ``pip install -e .``): no command runs the bot, ``play`` the terminal game, ``backup``
and ``restore`` the database's backups. Run as a user runs it, without the network."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.store import Store
from bot.store.maintenance import list_backups

COMMAND = Path(sys.executable).parent / "doudizhu-bot"


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("DDZ_") and k != "DISCORD_TOKEN"}
    return subprocess.run([str(COMMAND), *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=120)


@pytest.fixture(scope="module")
def installed() -> Path:
    assert COMMAND.is_file(), f"{COMMAND} is missing: pip install -e . installs it"
    return COMMAND


def test_help_names_the_command_and_its_subcommands(installed: Path,
                                                    tmp_path: Path) -> None:
    done = _run("--help", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: doudizhu-bot"), done.stdout
    for line in ("doudizhu-bot play", "doudizhu-bot backup", "doudizhu-bot restore FILE"):
        assert line in done.stdout, line
    played = _run("play", "--help", cwd=tmp_path)
    assert played.returncode == 0 and "--variant" in played.stdout, played.stderr
    assert played.stdout.startswith("usage: doudizhu-bot play"), played.stdout


def test_no_command_runs_the_bot(installed: Path, tmp_path: Path) -> None:
    """No ``.env`` and no token here: the bot's own start says what to do, in one line."""
    done = _run(cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("doudizhu-bot: DISCORD_TOKEN is not set"), done.stderr


def test_backup_and_restore(installed: Path, tmp_path: Path) -> None:
    db, folder = tmp_path / "ddz.db", tmp_path / "backups"

    async def make() -> None:
        async with Store.open(db) as store:
            await store.ensure_player(1, 1, "p1")

    asyncio.run(make())
    first = _run("backup", "--db", str(db), "--dir", str(folder), cwd=tmp_path)
    assert first.returncode == 0 and first.stdout.startswith(f"backed up {db} to "), first
    again = _run("backup", "--db", str(db), "--dir", str(folder), cwd=tmp_path)
    assert again.returncode == 0 and "unchanged" in again.stdout, again
    [made] = list_backups(folder)
    restored = _run("restore", str(made), "--db", str(db), "--dir", str(folder),
                    cwd=tmp_path)
    assert restored.returncode == 0, restored.stderr
    assert restored.stdout.strip().endswith(f"restored {db} from {made}"), restored.stdout

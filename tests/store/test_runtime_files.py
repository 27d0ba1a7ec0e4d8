"""What the bot writes while it runs stays out of git (issue 34): the database and its
write-ahead log, its run lock and the backups folder. Checked by running the writers in a
scratch repository that holds only the project's .gitignore, at the default paths."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from bot.process.config import DEFAULT_DB, Settings
from bot.store.maintenance import RunLock

ROOT = Path(__file__).resolve().parents[2]


def _untracked(repo: Path) -> list[str]:
    done = subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"],
                          cwd=repo, capture_output=True, text=True, check=True)
    return [line[3:] for line in done.stdout.splitlines()]


async def test_nothing_the_bot_writes_shows_in_git_status(tmp_path: Path,
                                                          monkeypatch) -> None:
    from bot.process.app import create_bot

    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    shutil.copyfile(ROOT / ".gitignore", tmp_path / ".gitignore")
    monkeypatch.chdir(tmp_path)
    settings = Settings(ai_in_thread=False)  # the default database, data/doudizhu.db
    assert Path(settings.db_path) == Path(DEFAULT_DB)
    lock = RunLock(settings.db_path)
    lock.acquire()  # as `python -m bot` holds it while it serves
    try:
        bot = await create_bot(settings)
        await bot.store.ensure_player(1, 1, "p1")
        written = sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*")
                         if p.is_file() and ".git" not in p.parts)
        bot.served = True  # as after a start that succeeded: it is backed up at the stop
        await bot.close()  # writes the shutdown backup into data/backups/
    finally:
        lock.release()
    backups = list((tmp_path / settings.backups).glob("*"))
    assert backups, "the shutdown backup was not written where expected"
    assert any(name.endswith(".lock") for name in written), written
    assert _untracked(tmp_path) == [".gitignore"], _untracked(tmp_path)

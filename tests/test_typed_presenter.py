"""``mypy --strict`` holds for the Discord presenter and the commands given the store
(each through the Protocol of the store methods it calls), and for the replay of a
stored deal (:mod:`bot.tables.replay`)."""

from __future__ import annotations

import subprocess
import sys
import typing
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STRICT = ("bot/app.py", "bot/tables/replay.py", "cogs/presenter.py", "cogs/pings.py",
          "cogs/counter.py", "cogs/history.py", "cogs/replay.py", "cogs/review.py",
          "cogs/ephemeral.py", "cogs/avatars.py", "cogs/readers.py", "cogs/selection.py",
          "cogs/preferences.py", "cogs/table_state.py", "cogs/command_mixin.py")


def test_mypy_strict(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent",
         "--cache-dir", str(tmp_path / "cache"), *STRICT],
        cwd=ROOT, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_presenter_and_pings_take_the_store_protocols() -> None:
    from cogs.pings import TurnPings
    from cogs.preferences import Preferences
    from cogs.presenter import DiscordPresenter
    from cogs.readers import PlayerSettings, PresenterStore, SettingsReader

    assert typing.get_type_hints(DiscordPresenter.__init__)["store"] is PresenterStore
    assert typing.get_type_hints(TurnPings.__init__)["settings"] is SettingsReader
    assert typing.get_type_hints(Preferences.__init__)["store"] is PlayerSettings

"""bench/profiled.py: a module run under cProfile by the thread's CPU clock, its profile
written when it ends (also by SystemExit), and the bot's command with --profile."""

from __future__ import annotations

import pstats
import subprocess
import sys
from pathlib import Path

from bench.discord_load import bot_module

ROOT = Path(__file__).resolve().parents[2]


def test_a_module_is_profiled_to_its_file(tmp_path: Path) -> None:
    out = tmp_path / "run.prof"
    done = subprocess.run([sys.executable, "-m", "bench.profiled", str(out), "timeit", "-n",
                           "3", "-r", "1", "sum(range(100))"], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "loop" in done.stdout  # the module ran as ``python -m timeit``
    names = {func[2] for func in pstats.Stats(str(out)).stats}  # type: ignore[attr-defined]
    assert "main" in names and "timeit" in names


def test_the_bot_runs_under_the_profiler_only_when_asked(tmp_path: Path) -> None:
    assert bot_module(None) == ["-m", "bot"]
    path = tmp_path / "bot.prof"
    assert bot_module(path) == ["-m", "bench.profiled", str(path.resolve()), "bot"]

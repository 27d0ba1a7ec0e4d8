"""The terminal front-end: whole deals that play themselves, and typed input."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from bot.terminal import parse_command, play_terminal

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("variant", ["classic", "happy", "laizi", "super", "four"])
async def test_watch_plays_a_whole_deal(variant: str) -> None:
    out = io.StringIO()
    status = await play_terminal(variant, seed=11, watch=True, out=out)
    text = out.getvalue()
    assert status == 0
    assert "=== result ===" in text and "house takes" in text
    assert " plays " in text or "dissolved" in text


async def test_typed_input_errors_are_explained_then_quit() -> None:
    out = io.StringIO()
    answers = iter(["xyz", "maybe", "quit"])
    status = await play_terminal("happy", seed=3, out=out, read_line=lambda _: next(answers))
    text = out.getvalue()
    assert status == 1
    assert "✗ answer y or n" in text  # the first decision in happy is 明牌开始 (y/n)


def test_parse_command() -> None:
    assert parse_command("2", "bid", 1).points == 2
    assert parse_command("y", "call", 0).call is True
    assert parse_command("n", "double", 2).double is False
    with pytest.raises(ValueError):
        parse_command("7", "bid", 0)
    assert parse_command("33344", "play", 0) == "33344"


def test_command_line_exit_status() -> None:
    done = subprocess.run([sys.executable, "-m", "bot", "play", "--variant", "super",
                           "--watch", "--seed", "5"], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "=== result ===" in done.stdout

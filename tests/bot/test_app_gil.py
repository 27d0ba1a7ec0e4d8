"""The bot lets a thread waiting for the GIL (the store's SQLite threads) have it soon."""

from __future__ import annotations

import sys

import pytest

from bot.app import GIL_SWITCH_S, share_the_gil


def test_share_the_gil_shortens_the_switch_interval(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[float] = []
    monkeypatch.setattr(sys, "setswitchinterval", asked.append)
    share_the_gil()
    assert asked == [GIL_SWITCH_S] and sys.getswitchinterval() > GIL_SWITCH_S

"""The bot's process tuning: the GIL's switch interval and the collector's pace."""

from __future__ import annotations

import gc
import sys

import pytest

from bot.tuning import GC_YOUNG, GIL_SWITCH_S, collect_rarely, share_the_gil


def test_share_the_gil_shortens_the_switch_interval(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[float] = []
    monkeypatch.setattr(sys, "setswitchinterval", asked.append)
    share_the_gil()
    assert asked == [GIL_SWITCH_S] and sys.getswitchinterval() > GIL_SWITCH_S


def test_collect_rarely_freezes_what_exists_and_slows_young_collections() -> None:
    before = gc.get_threshold()
    try:
        collect_rarely()
        assert gc.get_threshold()[0] == GC_YOUNG > before[0]
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)

"""The bot's process tuning: the GIL's switch interval, the collector's pace and the
event loop."""

from __future__ import annotations

import asyncio
import gc
import sys

import discord
import pytest

from bot.process import tuning
from bot.process.tuning import GC_YOUNG, GIL_SWITCH_S, collect_rarely, loop_factory, share_the_gil


def test_share_the_gil_shortens_the_switch_interval() -> None:
    before = sys.getswitchinterval()  # another test may have run the bot in this process
    try:
        sys.setswitchinterval(0.005)  # Python's default
        share_the_gil()
        assert GIL_SWITCH_S < 0.005 and sys.getswitchinterval() == pytest.approx(GIL_SWITCH_S)
    finally:
        sys.setswitchinterval(before)


def test_collect_rarely_freezes_what_exists_and_slows_young_collections() -> None:
    before = gc.get_threshold()  # another test may have run the bot in this process
    try:
        gc.set_threshold(700, 10, 10)  # Python's defaults
        collect_rarely()
        assert gc.get_threshold()[0] == GC_YOUNG > 700
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)


async def _loop_type() -> type:
    return type(asyncio.get_running_loop())


@pytest.mark.skipif(sys.platform == "win32", reason="uvloop is not installed on Windows")
def test_the_bot_runs_on_uvloop_where_it_is_installed() -> None:
    import uvloop

    assert loop_factory() is uvloop.new_event_loop
    assert tuning.run(_loop_type()) is uvloop.Loop


def test_without_uvloop_the_bot_runs_on_asyncios_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "uvloop", None)  # import uvloop raises ImportError
    assert loop_factory() is None
    ran = tuning.run(_loop_type())
    assert issubclass(ran, asyncio.BaseEventLoop) and ran.__module__.startswith("asyncio")


def test_discord_py_reads_and_writes_json_with_orjson() -> None:
    import orjson

    assert discord.utils.HAS_ORJSON and discord.utils._from_json is orjson.loads

"""SIGTERM is a clean stop (issue 34): the real process, in the middle of a deal, stops
within 10 s with exit status 0, writes its shutdown backup, leaks no semaphore of its worker
pools, and the deal resumes on the next start and is settled once."""

from __future__ import annotations

import asyncio
import signal
import sqlite3
import time
from pathlib import Path

from .payloads import command, guild_component
from .processes import ClusterProcess
from .standin import DiscordStandIn

GUILD = 7 << 23
CHANNEL = 640_000_000_000_000_001
ALICE = 540_000_000_000_000_011


def _single(name: str, db: Path, api: str, folder: Path) -> ClusterProcess:
    """One bot process on the SQLite file (no shards), with an AI worker process and a
    drawing process (whose semaphores a kill used to leak)."""
    process = ClusterProcess(name, "0", 1, "", api, folder, DDZ_AI_PROCESSES="1",
                             DDZ_BACKUP_DIR=str(folder / "backups"))
    for key in ("DDZ_DATABASE_URL", "DDZ_SHARDS", "DDZ_SHARD_COUNT"):
        process.env.pop(key, None)
    process.env["DDZ_DB_PATH"] = str(db)
    return process


def _game(db: Path) -> tuple[str, str, int] | None:
    """The newest game: its id, status and the number of its stored actions."""
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as raw:
        row = raw.execute("SELECT g.game_id, g.status, (SELECT count(*) FROM game_actions a "
                          "WHERE a.game_id = g.game_id) FROM games g ORDER BY g.rowid DESC "
                          "LIMIT 1").fetchone()
    return None if row is None else (str(row[0]), str(row[1]), int(row[2]))


def _settlements(db: Path) -> int:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as raw:
        return int(raw.execute("SELECT count(*) FROM settlements").fetchone()[0])


async def _click(standin: DiscordStandIn, bot: ClusterProcess, custom_id: str) -> None:
    data = guild_component(GUILD, CHANNEL, ALICE, custom_id)
    bot.send(data)
    await standin.wait(lambda: bool(standin.answers(int(data["id"]), data["token"])),
                       timeout=20)


async def test_sigterm_mid_deal_stops_cleanly_and_the_deal_resumes(
        standin: DiscordStandIn, tmp_path: Path) -> None:
    db = tmp_path / "ddz.db"
    bot = _single("first", db, standin.base, tmp_path)
    await bot.start()
    try:
        new = command("new", ALICE, guild_id=GUILD, channel_id=CHANNEL,
                      options={"variant": "classic"})
        bot.send(new)
        await standin.wait(lambda: bool(standin.answers(int(new["id"]), new["token"])))
        for action in ("addai", "addai", "start", "bid:3"):
            await _click(standin, bot, f"ddz:{CHANNEL}:{action}")
        # a click is answered at once, then acted on: wait for the bid to be stored
        await standin.wait(lambda: (_game(db) or ("", "", 0))[2] >= 1, timeout=20)
        before = _game(db)
        assert before is not None and before[1] == "live", before
        assert bot.proc is not None
        stopping = time.monotonic()
        bot.proc.send_signal(signal.SIGTERM)
        try:  # its worker processes too: they hold its stdout until they end
            code = await asyncio.wait_for(bot.proc.wait(), 15)
        except TimeoutError:
            code = None
        took = time.monotonic() - stopping
    finally:
        await bot.stop()
    log = bot.log()
    assert code == 0 and took < 10, (code, took, log)
    assert "leaked semaphore" not in log and "Traceback" not in log, log
    assert "SIGTERM: stopping" in log, log
    assert list((tmp_path / "backups").glob("*.db")), "no shutdown backup"
    stopped = _game(db)  # the AI seats may have moved after `before` was read
    assert stopped is not None and stopped[:2] == before[:2] and stopped[2] >= before[2]

    again = _single("second", db, standin.base, tmp_path)
    await again.start()
    try:
        deadline = time.monotonic() + 90
        while _settlements(db) == 0:
            assert time.monotonic() < deadline, again.log()
            await _click(standin, again, f"ddz:{CHANNEL}:bid:3")
            await _click(standin, again, f"ddz:{CHANNEL}:double:n")
            await _click(standin, again, f"ddzh:{CHANNEL}:playhint")
        after = _game(db)
        assert after is not None and after[0] == before[0] and after[1] == "settled", after
        assert after[2] > stopped[2]
    finally:
        await again.stop()
    assert _settlements(db) == 1


async def test_a_second_signal_exits_at_once(standin: DiscordStandIn, tmp_path: Path) -> None:
    """SIGINT (Ctrl-C) starts the same clean stop; a second one does not wait for it."""
    bot = _single("impatient", tmp_path / "ddz.db", standin.base, tmp_path)
    await bot.start()
    try:
        assert bot.proc is not None
        bot.proc.send_signal(signal.SIGINT)
        while "SIGINT: stopping" not in bot.log():  # two at once would be one signal
            await asyncio.sleep(0.005)
        bot.proc.send_signal(signal.SIGINT)
        code = await asyncio.wait_for(bot.proc.wait(), 15)
    finally:
        await bot.stop()
    assert code == 128 + signal.SIGINT, (code, bot.log())
    assert "SIGINT again: exiting now" in bot.log(), bot.log()

"""Starting as a service (issue 34): ``--help`` lists every command, and a Discord that
accepts the connection but never answers stops the start with one line and exit 3."""

from __future__ import annotations

import asyncio
import contextlib
import os
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.cluster.standin import DiscordStandIn

ROOT = Path(__file__).resolve().parents[2]


def test_help_lists_the_commands_and_the_flags() -> None:
    done = subprocess.run([sys.executable, "-m", "bot", "--help"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    for word in ("play", "backup", "restore", "--shards", "--shard-count", "--headless"):
        assert word in done.stdout, word


@contextlib.asynccontextmanager
async def _silent_server() -> AsyncIterator[int]:
    """A TCP server that accepts every connection and never says a word."""
    held: list[asyncio.StreamWriter] = []

    async def hold(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        held.append(writer)

    server = await asyncio.start_server(hold, "127.0.0.1", 0)
    try:
        yield server.sockets[0].getsockname()[1]
    finally:
        for writer in held:
            writer.close()
        server.close()


async def _run_bot(api: str, tmp_path: Path) -> tuple[int, str, float]:
    env = os.environ | {"DISCORD_TOKEN": "x.y.z", "DDZ_DISCORD_API": api,
                        "DDZ_CONNECT_TIMEOUT": "2", "DDZ_DB_PATH": str(tmp_path / "ddz.db"),
                        "DDZ_AI_PROCESSES": "0", "DDZ_RENDER_PROCESSES": "0"}
    started = time.monotonic()
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=ROOT, env=env, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE)
    try:
        _, err = await asyncio.wait_for(process.communicate(), 60)
    finally:
        if process.returncode is None:
            process.kill()
    assert process.returncode is not None
    return process.returncode, err.decode(), time.monotonic() - started


def _last_line(err: str) -> str:
    return [line for line in err.splitlines() if line.strip()][-1]


async def test_a_silent_login_stops_the_start_with_one_line(tmp_path: Path) -> None:
    async with _silent_server() as port:
        code, err, took = await _run_bot(f"http://127.0.0.1:{port}/api/v10", tmp_path)
    assert code == 3, err
    line = _last_line(err)
    assert line.startswith("doudizhu-bot: Discord did not answer (login: no answer "
                           "within 2 s)"), err
    assert "Traceback" not in err and took < 30, (took, err)


async def test_a_silent_gateway_gives_up_after_the_bound(tmp_path: Path,
                                                       monkeypatch) -> None:
    """The login answers (the REST stand-in); the gateway accepts and never says HELLO."""
    import yarl
    from discord.gateway import DiscordWebSocket

    from bot.process.app import create_bot
    from bot.process.config import Settings
    from cogs.transport.connecting import DiscordSilentError, start_within
    from cogs.transport.headless import use_api

    rest = DiscordStandIn()
    monkeypatch.setattr("discord.http.Route.BASE", "https://discord.com/api/v10")
    use_api(await rest.start())
    bot = await create_bot(Settings(db_path=tmp_path / "ddz.db", ai_in_thread=False,
                                    backup_minutes=0))
    try:
        async with _silent_server() as port:
            monkeypatch.setattr(DiscordWebSocket, "DEFAULT_GATEWAY",
                                yarl.URL(f"ws://127.0.0.1:{port}/"))
            started = time.monotonic()
            with pytest.raises(DiscordSilentError) as caught:
                await start_within(bot, "x.y.z", 1.5)
            took = time.monotonic() - started
    finally:
        await bot.close()
        await rest.close()
    assert caught.value.step == "gateway" and 1.5 <= took < 10, took
    assert any(c.path == "/users/@me" for c in rest.calls)  # the login did answer

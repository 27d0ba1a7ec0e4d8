"""Cluster processes for the tests: ``python -m bot --headless`` children over one
PostgreSQL, their REST calls going to the Discord stand-in, their gateway events written
to their stdin."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import sys
from pathlib import Path
from typing import Any

READY_S = 60.0
ROOT = Path(__file__).resolve().parents[2]  # the checkout under test (not an installed one)


class ClusterProcess:
    def __init__(self, name: str, shards: str, shard_count: int, url: str, api: str,
                 folder: Path, **env: str) -> None:
        self.name = name
        self.log_path = folder / f"{name}.log"
        self.folder = folder
        self.env = {**os.environ, "DDZ_DATABASE_URL": url, "DDZ_SHARDS": shards,
                    "DDZ_SHARD_COUNT": str(shard_count), "DISCORD_TOKEN": "test-token",
                    "DDZ_DISCORD_API": api, "DDZ_AI_PROCESSES": "0",
                    "DDZ_RENDER_PROCESSES": "1", "DDZ_AI_DELAY": "0",
                    "DDZ_TRUSTEE_DELAY": "0", "DDZ_EDIT_DELAY": "0", "DDZ_LOG_LEVEL": "INFO",
                    "PYTHONPATH": os.pathsep.join(filter(None, (
                        str(ROOT), os.environ.get("PYTHONPATH")))),
                    **env}
        self.env.pop("DDZ_DB_PATH", None)
        self.proc: asyncio.subprocess.Process | None = None
        self.starts = 0

    async def start(self) -> None:
        self.starts += 1
        log = open(self.log_path, "ab")  # noqa: SIM115 (the child writes to it)
        try:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot", "--headless", cwd=self.folder, env=self.env,
                stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=log,
                start_new_session=True)  # its own process group: it and its workers
        finally:
            log.close()
        assert self.proc.stdout is not None
        try:
            line = await asyncio.wait_for(self.proc.stdout.readline(), READY_S)
        except TimeoutError:
            line = b""
        if line.strip() != b"ready":
            raise AssertionError(f"{self.name} did not start:\n{self.log()}")

    def send(self, data: dict[str, Any]) -> None:
        """The gateway hands the process an INTERACTION_CREATE."""
        assert self.proc is not None and self.proc.stdin is not None
        self.proc.stdin.write(json.dumps({"t": "INTERACTION_CREATE", "d": data}).encode()
                              + b"\n")

    def kill(self) -> None:
        """SIGKILL to the process and its worker processes (as when its machine dies): no
        clean-up of any kind."""
        assert self.proc is not None
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)

    async def stop(self) -> None:
        if self.proc is None or self.proc.returncode is not None:
            return
        assert self.proc.stdin is not None
        self.proc.stdin.close()  # end of input: a clean stop
        try:
            await asyncio.wait_for(self.proc.wait(), 20)
        except TimeoutError:
            self.kill()
            await self.proc.wait()

    async def wait_killed(self) -> None:
        assert self.proc is not None
        await self.proc.wait()

    def log(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-6000:]
        except OSError:
            return ""

"""Reading processes and histograms for ``bench/discord_load.py``: CPU seconds and memory of
the bot, its picture workers and its AI workers from ``/proc`` (Linux), percentiles, and a
p99 from the bot's event-loop lag histogram."""

from __future__ import annotations

import math
import os
import shutil
import socket
import time
from pathlib import Path
from typing import Any

TICKS = os.sysconf("SC_CLK_TCK")
PAGE = os.sysconf("SC_PAGE_SIZE")


def _stat(pid: int) -> list[str] | None:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text[text.rindex(")") + 2:].split()  # after the command's name


def cpu_seconds(pid: int) -> float:
    fields = _stat(pid)
    return (int(fields[11]) + int(fields[12])) / TICKS if fields else 0.0


def rss(pid: int) -> int:
    try:
        return int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * PAGE
    except OSError:
        return 0


def draws_pictures(pid: int) -> bool:
    """Has this worker loaded Pillow (a picture worker; the AI workers do not)?"""
    try:
        return "_imaging" in Path(f"/proc/{pid}/maps").read_text()
    except OSError:
        return False


class ProcessTree:
    """The bot's process and every process under it (the forkserver, the workers)."""

    def __init__(self, pid: int) -> None:
        self.pid = pid

    def descendants(self) -> list[int]:
        children: dict[int, list[int]] = {}
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit() and (fields := _stat(int(entry.name))):
                children.setdefault(int(fields[1]), []).append(int(entry.name))
        found, todo = [], [self.pid]
        while todo:
            for child in children.get(todo.pop(), []):
                found.append(child)
                todo.append(child)
        return found

    def cpu(self, standin: int) -> dict[str, float]:
        """CPU seconds so far: the bot's process, all of it, its picture and AI workers,
        the stand-in and this driver."""
        below = self.descendants()
        pictures = [p for p in below if draws_pictures(p)]
        main = cpu_seconds(self.pid)
        everything = main + sum(cpu_seconds(p) for p in below)
        picture = sum(cpu_seconds(p) for p in pictures)
        # the workers are the forkserver's children (the bot's own children are the
        # forkserver and the resource tracker)
        own_children = set(self.children())
        ai = sum(cpu_seconds(p) for p in below if p not in pictures and p not in own_children)
        own = os.times()
        return {"main": main, "all": everything, "pictures": picture, "ai": ai,
                "standin": cpu_seconds(standin), "driver": own.user + own.system}

    def children(self) -> list[int]:
        return [p for p in self.descendants() if (f := _stat(p)) and int(f[1]) == self.pid]

    def rss_main(self) -> int:
        return rss(self.pid)

    def rss_all(self) -> int:
        return rss(self.pid) + sum(rss(p) for p in self.descendants())


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (nan when there is nothing to rank)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def histogram_quantile(after: dict[Any, float], before: dict[Any, float], name: str,
                       q: float = 0.99, only: dict[str, str] | None = None) -> float:
    """The ``q`` quantile of histogram ``name`` (every label set together, or those with
    the labels ``only``) between two scrapes, interpolated within its bucket (as
    Prometheus' ``histogram_quantile``); nan without readings."""
    counts: dict[float, float] = {}
    for (metric, labels), value in after.items():
        if metric == f"{name}_bucket":
            named = dict(labels)
            if only and any(named.get(k) != v for k, v in only.items()):
                continue
            bound = float(named["le"])
            counts[bound] = counts.get(bound, 0.0) + value - before.get((metric, labels), 0.0)
    buckets = sorted(counts.items())
    if not buckets or buckets[-1][1] <= 0:
        return float("nan")
    rank = q * buckets[-1][1]
    low, below = 0.0, 0.0
    for bound, count in buckets:
        if count >= rank:
            if bound == float("inf"):
                return low
            return low + (bound - low) * (rank - below) / max(count - below, 1e-9)
        low, below = bound, count
    return low


def lag_p99(after: dict[Any, float], before: dict[Any, float]) -> float:
    """The p99 of the event loop's lag (``ddz_event_loop_lag_seconds``) between two scrapes."""
    return histogram_quantile(after, before, "ddz_event_loop_lag_seconds")


__all__ = ["ProcessTree", "cpu_seconds", "draws_pictures", "histogram_quantile", "lag_p99",
           "percentile", "rss"]


BOT_CORES = "0,1"

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


BOT_NICE = 10


def lower_autogroup(pid: int, nice: int = BOT_NICE) -> bool:
    """Give the bot's session (it runs in its own: its workers are killed with it) the
    CPU priority ``nice``. With the kernel's autogroups on, the scheduler shares the cores
    between sessions first and a process's own nice value counts only inside its session,
    so ``nice -n 10`` alone left the bot level with the driver and the stand-in: the
    stand-in stalled up to 1.5 s, read the requests it held in a bunch and answered 429s
    of its own making. True if set (False: no autogroups here, or not allowed)."""
    try:
        Path(f"/proc/{pid}/autogroup").write_text(f"{nice}\n")
    except OSError:
        return False
    return True


def core_list(spec: str) -> list[int]:
    """The cores of a ``taskset -c`` list of single cores ("0,1")."""
    try:
        cores = sorted({int(part) for part in spec.split(",")})
    except ValueError:
        raise SystemExit(f"--bot-cores: {spec!r} is not a list of cores like 0,1") from None
    if not cores or cores[0] < 0:
        raise SystemExit(f"--bot-cores: {spec!r} is not a list of cores like 0,1")
    return cores


def pinning(bot_cores: str = BOT_CORES) -> tuple[list[str], str]:
    """The command prefix that pins the bot to ``bot_cores``, and what the output says
    about it. When the machine has cores beyond them, the driver and the stand-in (this
    process and its children) run there, and the bot at its own priority."""
    cores = os.cpu_count() or 1
    if shutil.which("taskset") is None:
        return [], "bot NOT pinned (no taskset)"
    mine = core_list(bot_cores)
    others = sorted(set(range(cores)) - set(mine))
    if mine[-1] >= cores:
        raise SystemExit(f"--bot-cores: this machine has cores 0-{cores - 1}")
    if others:
        os.sched_setaffinity(0, set(others))  # the driver and the stand-in
        return ["taskset", "-c", bot_cores], (
            f"bot + workers pinned (taskset -c {bot_cores}); driver and stand-in on "
            f"core{'s' if len(others) > 1 else ''} {','.join(map(str, others))}")
    # Discord and the players are not on the bot's cores in life: here they share them, so
    # the bot runs at a lower priority (nice 10) and their own waits for a core, which
    # would be counted as the bot's slowness (a callback seen late by a starved stand-in),
    # stay out of the figures; what they use is still taken from the bot's two cores
    return ["nice", "-n", str(BOT_NICE), "taskset", "-c", bot_cores], (
        f"bot + workers pinned (taskset -c {bot_cores}) at nice {BOT_NICE} (its session's "
        f"autogroup too); the machine has {cores} cores, so the driver and the stand-in "
        "share them, served first")


SPEED_WORK = 400_000  # steps of the fixed loop (about 30 ms on the 2-core test machine)


def machine_speed_ms(rounds: int = 5) -> float:
    """How fast this machine runs Python now: the milliseconds a fixed loop takes, the
    fastest of ``rounds``, measured before a load starts (nothing of the bench running).
    A shared virtual machine's speed changes by the hour (issue 37: the same code's loop
    lag at 500 tables read 62-67 ms in one hour, 141 ms in the next); this row tells runs
    on a slow hour apart."""
    best = math.inf
    for _ in range(rounds):
        started = time.perf_counter()
        total = 0
        for i in range(SPEED_WORK):
            total += i * i % 7
        best = min(best, time.perf_counter() - started)
    return best * 1000

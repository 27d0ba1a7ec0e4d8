"""Reading processes and histograms for ``bench/discord_load.py``: CPU seconds and memory of
the bot, its picture workers and its AI workers from ``/proc`` (Linux), percentiles, and a
p99 from the bot's event-loop lag histogram."""

from __future__ import annotations

import os
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

"""Clusters: several bot processes, each running a range of Discord's shards, over one
PostgreSQL database.

A guild lives on shard ``(guild_id >> 22) % shard_count`` (Discord's rule), and every table
has exactly one owner: the process running its guild's shard. Only the owner recovers a
table after a restart (and so runs its timers, AI turns and writes); the process holding
shard 0 (the primary) also syncs the global commands and answers the owner's commands.

``python -m bot --shards 0-3 --shard-count 8`` (or ``DDZ_SHARDS`` / ``DDZ_SHARD_COUNT``)
runs shards 0..3 of 8. Without them one process runs every shard (as many as Discord
recommends). A process that runs only some of the shards needs the others to share its
database: that is PostgreSQL's job, and SQLite is refused with a clear message.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

MAX_SHARDS = 4096
_RANGE = re.compile(r"^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$")


class ShardError(ValueError):
    """A shard setting that cannot be used; the message says what to write instead."""


def owner_shard(guild_id: int, shard_count: int) -> int:
    """The shard Discord sends a guild's events to."""
    return (guild_id >> 22) % shard_count


def parse_shards(text: str) -> tuple[int, ...]:
    """``"0-3"``, ``"5"`` or ``"0-1,4,6-7"`` as the sorted shard ids they name."""
    ids: set[int] = set()
    for part in text.split(","):
        match = _RANGE.match(part)
        if match is None:
            raise ShardError(f"shards are written like 0-3 or 0-1,4, not {text!r}")
        low = int(match.group(1))
        high = int(match.group(2)) if match.group(2) is not None else low
        if high < low:
            raise ShardError(f"the shard range {part.strip()!r} runs backwards")
        ids.update(range(low, high + 1))
    return tuple(sorted(ids))


@dataclass(frozen=True)
class ShardPlan:
    """The shards this process runs: all of them (``shard_ids`` None), or some of
    ``shard_count``."""

    shard_ids: tuple[int, ...] | None = None
    shard_count: int | None = None  # None: as many as Discord recommends

    @classmethod
    def from_text(cls, shards: str | None, shard_count: str | int | None) -> ShardPlan:
        """From the ``--shards`` / ``--shard-count`` flags (or their settings)."""
        count: int | None = None
        if shard_count not in (None, ""):
            text = str(shard_count).strip()
            if not text.isdigit() or not 1 <= int(text) <= MAX_SHARDS:
                raise ShardError(f"the shard count is a number from 1 to {MAX_SHARDS}, "
                                 f"not {shard_count!r}")
            count = int(text)
        ids = parse_shards(shards) if shards not in (None, "") else None
        if ids is not None and count is None:
            raise ShardError("--shards needs --shard-count: the total number of shards of "
                             "every process together (e.g. --shards 0-3 --shard-count 8)")
        plan = cls(ids, count)
        plan.check()
        return plan

    def check(self) -> None:
        if self.shard_ids is None:
            return
        assert self.shard_count is not None
        outside = [s for s in self.shard_ids if not 0 <= s < self.shard_count]
        if outside:
            raise ShardError(f"shard {outside[0]} does not exist: with {self.shard_count} "
                             f"shards they are numbered 0 to {self.shard_count - 1}")

    @property
    def runs_every_shard(self) -> bool:
        return self.shard_ids is None or len(self.shard_ids) == self.shard_count

    @property
    def share(self) -> float:
        """This process's part of the whole bot (its shards of all; 1 when it runs them
        all): its part of what the bot may do together, like Discord's global rate limit."""
        if self.runs_every_shard:
            return 1.0
        assert self.shard_ids is not None and self.shard_count is not None
        return len(self.shard_ids) / self.shard_count

    @property
    def is_primary(self) -> bool:
        """Holds shard 0: global command sync, owner commands, DM interactions."""
        return self.shard_ids is None or 0 in self.shard_ids

    def owns(self, guild_id: int) -> bool:
        """Whether this process owns the tables of ``guild_id``."""
        if self.runs_every_shard:
            return True
        assert self.shard_ids is not None and self.shard_count is not None
        return owner_shard(guild_id, self.shard_count) in self.shard_ids

    def describe(self) -> str:
        if self.shard_ids is None:
            count = "as many as Discord recommends" if self.shard_count is None \
                else str(self.shard_count)
            return f"every shard ({count})"
        return f"shards {format_shards(self.shard_ids)} of {self.shard_count}"


EVERY_SHARD = ShardPlan()  # one process runs them all (the default)


def format_shards(ids: Sequence[int]) -> str:
    """``(0, 1, 2, 3, 6)`` as ``0-3,6``."""
    parts: list[str] = []
    start = prev = None
    for n in sorted(ids):
        if prev is not None and n == prev + 1:
            prev = n
            continue
        if start is not None:
            parts.append(str(start) if start == prev else f"{start}-{prev}")
        start = prev = n
    if start is not None:
        parts.append(str(start) if start == prev else f"{start}-{prev}")
    return ",".join(parts)

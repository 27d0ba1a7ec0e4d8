"""An asyncpg connection behind the small aiosqlite-like API the store's mixins use.

The mixins' SQL has SQLite's ``?`` placeholders; they become ``$1, $2, …`` here (outside
quoted text), once per distinct statement. Rows come back as tuples, and the NUMERIC that
PostgreSQL gives for ``SUM`` of BIGINT comes back as an int, as SQLite gives it. Text
with a NUL (which PostgreSQL cannot hold) is refused before it is sent
(:func:`without_nul`): names are normalised before they get here, so that is a defence.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import asyncpg

from ..errors import InvalidInputError


@functools.lru_cache(maxsize=1024)
def to_postgres(sql: str) -> str:
    """``sql`` with each ``?`` outside quotes replaced by ``$1``, ``$2``, …"""
    out: list[str] = []
    quote: str | None = None
    n = 0
    for char in sql:
        if quote is not None:
            if char == quote:
                quote = None
        elif char in ("'", '"'):
            quote = char
        elif char == "?":
            n += 1
            out.append(f"${n}")
            continue
        out.append(char)
    return "".join(out)


def without_nul(parameters: Sequence[Any]) -> Sequence[Any]:
    """``parameters``, unless one is text with a NUL: then :class:`InvalidInputError`
    (PostgreSQL would refuse it with a raw encoding error)."""
    for value in parameters:
        if isinstance(value, str) and "\x00" in value:
            raise InvalidInputError("text cannot hold a NUL character", code="bad_text")
    return parameters


def _plain(value: Any) -> Any:
    if isinstance(value, Decimal) and value == value.to_integral_value():
        return int(value)
    return value


def plain_row(record: asyncpg.Record) -> tuple[Any, ...]:
    return tuple(_plain(v) for v in record.values())


@dataclass(frozen=True)
class Status:
    """What a write reports back: the rows it touched (aiosqlite's ``cursor.rowcount``)."""

    rowcount: int


def _rowcount(status: str) -> int:
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else -1


class PgConnection:
    """One pooled asyncpg connection, for one transaction, statement or read."""

    def __init__(self, raw: asyncpg.Connection) -> None:
        self.raw = raw

    @property
    def in_transaction(self) -> bool:
        return bool(self.raw.is_in_transaction())

    async def execute(self, sql: str, parameters: Sequence[Any] = ()) -> Status:
        return Status(_rowcount(await self.raw.execute(to_postgres(sql),
                                                       *without_nul(parameters))))

    async def execute_fetchall(self, sql: str, parameters: Sequence[Any] = ()
                               ) -> list[tuple[Any, ...]]:
        return [plain_row(r) for r in await self.raw.fetch(to_postgres(sql),
                                                           *without_nul(parameters))]

    async def executemany(self, sql: str, parameters: Iterable[Sequence[Any]]) -> None:
        await self.raw.executemany(to_postgres(sql), [without_nul(p) for p in parameters])

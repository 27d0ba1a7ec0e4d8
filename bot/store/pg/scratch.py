"""A throwaway schema on a PostgreSQL server, for tests and benchmarks: a store opened at
the URL it yields starts empty and is dropped, with everything in it, at the end."""

from __future__ import annotations

import urllib.parse
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import asyncpg


def with_schema(url: str, schema: str) -> str:
    """``url`` with ``schema`` as its search_path (asyncpg sends query parameters it does
    not know as server settings), so a store opened there keeps its tables in it."""
    parts = urllib.parse.urlsplit(url)
    query = [*urllib.parse.parse_qsl(parts.query), ("search_path", schema)]
    return urllib.parse.urlunsplit(parts._replace(query=urllib.parse.urlencode(query)))


@asynccontextmanager
async def scratch_schema(url: str, prefix: str = "t") -> AsyncIterator[str]:
    """Create a new schema, yield the URL that uses it, drop it at the end."""
    schema = f"{prefix}_{uuid.uuid4().hex[:20]}"
    admin = await asyncpg.connect(url)
    try:
        await admin.execute(f'CREATE SCHEMA "{schema}"')
        yield with_schema(url, schema)
    finally:
        await admin.execute(f'DROP SCHEMA "{schema}" CASCADE')
        await admin.close()

"""PostgreSQL: a store whose migrations are applied opens for a runtime role that may only
read and write its tables' rows (no CREATE on the schema), as docs/security.md advises;
that role plays, settles and forwards like the owner."""

from __future__ import annotations

import urllib.parse
import uuid

import asyncpg
import pytest

from bot.store import Store
from bot.store.pg.scratch import scratch_schema

from .backends import PG_URL
from .helpers import GUILD

pytestmark = pytest.mark.skipif(PG_URL is None, reason="needs DDZ_TEST_DATABASE_URL")


def _as_user(url: str, user: str) -> str:
    parts = urllib.parse.urlsplit(url)
    host = parts.netloc.rsplit("@", 1)[-1]
    return urllib.parse.urlunsplit(parts._replace(netloc=f"{user}@{host}"))


async def test_a_dml_only_role_opens_a_migrated_store() -> None:
    assert PG_URL is not None
    role = f"ddz_rt_{uuid.uuid4().hex[:12]}"
    async with scratch_schema(PG_URL) as owner_url:
        schema = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(owner_url).query))[
            "search_path"]
        async with Store.open(owner_url):
            pass  # the owner applies every migration
        admin = await asyncpg.connect(PG_URL)
        try:
            await admin.execute(f'CREATE ROLE "{role}" LOGIN')
            await admin.execute(f'GRANT USAGE ON SCHEMA "{schema}" TO "{role}"')
            await admin.execute(f'GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN '
                                f'SCHEMA "{schema}" TO "{role}"')
            await admin.execute(f'GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN '
                                f'SCHEMA "{schema}" TO "{role}"')
            try:
                async with Store.open(_as_user(owner_url, role)) as runtime:
                    await runtime.ensure_player(GUILD, 1, "player 1")
                    player = await runtime.get_player(GUILD, 1)
                    assert player is not None and player.balance > 0
                # and it cannot change the schema
                raw = await asyncpg.connect(_as_user(owner_url, role))
                try:
                    with pytest.raises(asyncpg.InsufficientPrivilegeError):
                        await raw.execute("CREATE TABLE intruder (x INTEGER)")
                finally:
                    await raw.close()
            finally:
                await admin.execute(f'DROP OWNED BY "{role}"')
                await admin.execute(f'DROP ROLE "{role}"')
        finally:
            await admin.close()

"""The PostgreSQL backend of the store (through asyncpg), chosen by a ``postgresql://`` URL.

The store's mixins are the same for both backends: they write portable SQL with ``?``
placeholders on a :class:`~bot.store.sql.Connection`. This package supplies that
connection over asyncpg (:mod:`.connection`), the pool and its transactions
(:mod:`.database`) and the migrations of ``data/migrations/postgres/`` applied under an
advisory lock (:mod:`.migrations`).
"""

from .database import PgDatabase, is_postgres_url, redact_url

__all__ = ["PgDatabase", "is_postgres_url", "redact_url"]

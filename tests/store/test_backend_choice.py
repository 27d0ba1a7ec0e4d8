"""Which backend the bot opens: ``DDZ_DATABASE_URL`` selects PostgreSQL, unset the SQLite
file of ``DDZ_DB_PATH``; the password never shows."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.process.config import ConfigError, Settings
from bot.store import Store
from bot.store.pg import redact_url

from .backends import Target


def test_unset_url_keeps_the_sqlite_file(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DDZ_DATABASE_URL", raising=False)
    monkeypatch.setenv("DDZ_DB_PATH", "somewhere/ddz.db")
    settings = Settings.from_env(env_file=None)
    assert settings.database_url is None
    assert str(settings.store_target) == "somewhere/ddz.db"


def test_a_url_selects_postgresql_and_hides_its_password(monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    monkeypatch.setenv("DDZ_DATABASE_URL", "postgresql://ddz:s3cret@db.example:5433/ddz")
    settings = Settings.from_env(env_file=None)
    assert settings.store_target == "postgresql://ddz:s3cret@db.example:5433/ddz"
    assert "s3cret" not in repr(settings) and "db.example:5433" in repr(settings)
    assert redact_url(settings.store_target) == "postgresql://ddz:***@db.example:5433/ddz"


def test_a_url_of_another_kind_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DDZ_DATABASE_URL", "mysql://ddz@localhost/ddz")
    with pytest.raises(ConfigError, match="postgresql://"):
        Settings.from_env(env_file=None)


async def test_the_store_says_where_it_is(target: Target, backend: str) -> None:
    async with Store.open(target) as store:
        assert store.backend == backend
        if isinstance(target, Path):
            assert store.path == target and store.location == str(target)
        else:
            assert store.location == redact_url(target)
            with pytest.raises(AttributeError, match="no file"):
                _ = store.path

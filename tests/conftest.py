"""Suite-wide guards, and the PostgreSQL check: the store's contract suite also runs on
PostgreSQL when ``DDZ_TEST_DATABASE_URL`` names a server. Without one the run says that
PostgreSQL was not tested; under ``CI=true`` a run without it, or in which no PostgreSQL
test passed, fails."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator

import pytest

from tests.store.backends import PG_URL

PG_MARK = "[postgresql"
_pg_passed = 0


def _in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")


def _is_worker(config: pytest.Config) -> bool:
    return hasattr(config, "workerinput")  # a pytest-xdist worker, not the controller


def pytest_report_header(config: pytest.Config) -> str:
    if PG_URL is None:
        return "PostgreSQL: not tested (set DDZ_TEST_DATABASE_URL=postgresql://... to test it)"
    from bot.store.pg import redact_url

    return f"PostgreSQL: the store's contract suite also runs on {redact_url(PG_URL)}"


def pytest_sessionstart(session: pytest.Session) -> None:
    if _in_ci() and PG_URL is None and not _is_worker(session.config):
        raise pytest.UsageError("CI=true but DDZ_TEST_DATABASE_URL is not set: CI must run "
                                "the store's contract suite on PostgreSQL (.ci/run starts one)")


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    global _pg_passed
    if report.when == "call" and report.passed and PG_MARK in report.nodeid:
        _pg_passed += 1


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if PG_URL is None:
        terminalreporter.write_line("PostgreSQL was not tested: the store ran on SQLite only "
                                    "(set DDZ_TEST_DATABASE_URL to test PostgreSQL too)",
                                    yellow=True)
    else:
        terminalreporter.write_line(f"PostgreSQL: {_pg_passed} store tests passed on it")


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if _in_ci() and not _is_worker(session.config) and _pg_passed == 0 \
            and exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
        print("\nCI: no PostgreSQL test passed in this run; that is a failure, not a skip")


def _db_threads() -> set[threading.Thread]:
    return {t for t in threading.enumerate() if "_connection_worker_thread" in t.name}


@pytest.fixture(autouse=True)
def no_database_left_open() -> Iterator[None]:
    """Every test closes the databases it opened: an open aiosqlite connection keeps a
    non-daemon thread that would stop the test process from exiting (a hung CI run)."""
    before = _db_threads()
    yield
    left = []
    for thread in _db_threads() - before:
        thread.join(timeout=5)
        if thread.is_alive():
            left.append(thread.name)
    assert not left, f"a database connection was left open: {left}"


@pytest.fixture(autouse=True)
def strict_ai(monkeypatch: pytest.MonkeyPatch) -> None:
    """An AI answer the engine refuses fails the test instead of being quietly replaced
    by a legal one (production logs it and falls back, ``bot.ai.position.STRICT``)."""
    import bot.ai.position

    monkeypatch.setattr(bot.ai.position, "STRICT", True)


def pytest_configure(config: pytest.Config) -> None:
    """The browser tests' word on the run (tests/browser/guard.py): the Activity page was
    tested in Chromium, or why not; under CI a run without any fails."""
    from tests.browser.guard import BrowserGuard

    config.pluginmanager.register(BrowserGuard(), "browser-guard")

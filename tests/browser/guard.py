"""The run's word on the browser tests (a plugin that tests/conftest.py registers): how many
of tests/browser ran in Chromium; without Chromium the summary says the Activity page was
not tested; under ``CI=true`` a run in which no browser test ran (none collected, or all
skipped) fails.

The count is kept where every report arrives: in a plain run, this process; under
pytest-xdist, the controller (workers' reports reach its ``pytest_runtest_logreport``; a
worker decides nothing).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

PREFIX = "tests/browser/"


def chromium_path() -> str | None:
    """Debian's Chromium (package ``chromium``), or another ``chromium`` on the PATH."""
    if Path("/usr/bin/chromium").is_file():
        return "/usr/bin/chromium"
    return shutil.which("chromium")


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")


class BrowserGuard:
    def __init__(self) -> None:
        self.ran = 0  # browser tests whose call ran (passed or failed)
        self.skipped: list[str] = []  # why browser tests were skipped

    @staticmethod
    def _is_worker(config: pytest.Config) -> bool:
        return hasattr(config, "workerinput")

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if not report.nodeid.startswith(PREFIX):
            return
        if report.when == "call" and (report.passed or report.failed):
            self.ran += 1
        elif report.skipped and isinstance(report.longrepr, tuple):
            self.skipped.append(str(report.longrepr[2]))

    def _why_not(self) -> str:
        if chromium_path() is None:
            return "no Chromium"
        if self.skipped:
            return self.skipped[0].removeprefix("Skipped: ")
        return "no browser test was collected"

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter,
                                config: pytest.Config) -> None:
        if self._is_worker(config):
            return
        if self.ran:
            terminalreporter.write_line(f"the Activity page: {self.ran} browser tests ran in "
                                        "Chromium")
        else:
            terminalreporter.write_line(f"the Activity page was not tested ({self._why_not()})",
                                        yellow=True)

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        if not in_ci() or self._is_worker(session.config) or self.ran:
            return
        if exitstatus == pytest.ExitCode.OK or exitstatus == pytest.ExitCode.NO_TESTS_COLLECTED:
            session.exitstatus = pytest.ExitCode.TESTS_FAILED
        print(f"\nCI: no browser test ran ({self._why_not()}); the Activity page must be "
              "tested in CI: that is a failure, not a skip")


__all__ = ["BrowserGuard", "chromium_path", "in_ci"]

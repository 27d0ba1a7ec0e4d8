"""The browser tests' guard (tests/browser/guard.py): under CI a run in which no browser
test ran fails; without Chromium the summary says the Activity page was not tested. (Here,
not in tests/browser: a test of that folder counts as a browser test that ran.)"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

import tests.browser.guard as guard
from tests.browser.guard import BrowserGuard


def report(nodeid: str, when: str, outcome: str, reason: str = "") -> pytest.TestReport:
    longrepr: Any = ("file", 1, f"Skipped: {reason}") if outcome == "skipped" else None
    return pytest.TestReport(nodeid, ("file", 1, "x"), {}, outcome, longrepr, when)


class Lines:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def write_line(self, line: str, **_: Any) -> None:
        self.lines.append(line)


def finish(plugin: BrowserGuard, status: int = 0, worker: bool = False) -> int:
    config = SimpleNamespace(workerinput={}) if worker else SimpleNamespace()
    session = SimpleNamespace(config=config, exitstatus=status)
    plugin.pytest_sessionfinish(session, status)  # type: ignore[arg-type]
    return int(session.exitstatus)


def summary(plugin: BrowserGuard) -> list[str]:
    lines = Lines()
    plugin.pytest_terminal_summary(lines, SimpleNamespace())  # type: ignore[arg-type]
    return lines.lines


@pytest.fixture
def ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")


def test_a_ci_run_without_browser_tests_fails(ci) -> None:
    plugin = BrowserGuard()
    plugin.pytest_runtest_logreport(report("tests/engine/test_x.py::t", "call", "passed"))
    assert finish(plugin) == pytest.ExitCode.TESTS_FAILED
    assert finish(plugin, worker=True) == 0  # a worker decides nothing
    assert finish(plugin, status=pytest.ExitCode.NO_TESTS_COLLECTED) == \
        pytest.ExitCode.TESTS_FAILED


def test_a_ci_run_whose_browser_tests_all_skipped_fails(ci) -> None:
    plugin = BrowserGuard()
    plugin.pytest_runtest_logreport(report("tests/browser/test_a.py::t", "setup", "skipped",
                                           "no Chromium"))
    assert finish(plugin) == pytest.ExitCode.TESTS_FAILED
    assert summary(plugin)[0].startswith("the Activity page was not tested (")


def test_a_ci_run_with_a_browser_test_passes(ci) -> None:
    plugin = BrowserGuard()
    plugin.pytest_runtest_logreport(report("tests/browser/test_a.py::t", "setup", "passed"))
    assert finish(plugin) == pytest.ExitCode.TESTS_FAILED  # set up only: not run
    plugin.pytest_runtest_logreport(report("tests/browser/test_a.py::t", "call", "passed"))
    assert finish(plugin) == 0
    assert summary(plugin) == ["the Activity page: 1 browser tests ran in Chromium"]


def test_without_chromium_the_summary_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.setattr(guard, "chromium_path", lambda: None)
    plugin = BrowserGuard()
    plugin.pytest_runtest_logreport(report("tests/browser/test_a.py::t", "setup", "skipped",
                                           "no Chromium"))
    assert summary(plugin) == ["the Activity page was not tested (no Chromium)"]
    assert finish(plugin) == 0  # locally a skip is a skip

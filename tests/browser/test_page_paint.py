"""A smoke run of bench/page_paint.py (first paint and first interactive of the Activity
page on a phone profile, CPU slowed ×4): the figures come from running it."""

from __future__ import annotations

import pytest

from bench import page_paint

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def test_page_paint_benchmark_smoke(browser, activity) -> None:
    lines: list[str] = []
    report = await page_paint.measure(browser, activity, runs=1, cpu=4, out=lines.append)
    assert len(report.paint_ms) == len(report.interactive_ms) == 1
    # painted before it could be played, and both measured (not the observers' defaults)
    assert 0 < report.paint_ms[0] <= report.interactive_ms[0]
    assert 10_000 < report.js_gzip < 200 * 1024  # the page's budget (web/build.mjs)
    assert lines[0].startswith("Activity page at 390×844, CPU ×4, 1 cold loads")
    assert "median" in lines[1] and "median" in lines[2]

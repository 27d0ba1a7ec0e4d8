"""How soon the Activity's page paints and becomes playable on a phone: headless Chromium
(Debian's) with its CPU slowed four times (Chrome DevTools' phone profile), the page framed
by the browser tests' stand-in for Discord's client, a cold browser context each run, the
user's table mid-deal on their turn.

For each run, from the Activity frame's navigation start: the first contentful paint (the
browser's own ``paint`` entry) and the first interactive moment (the table drawn with the
hand's card buttons and the controls: every step of the start-up done — the SDK's
handshake, the sign-in through the bot, the socket and the first table frame). It prints
the median and the slowest, and the page's JavaScript and stylesheet sizes gzipped.

Run from the repository's root: ``python -m bench.page_paint [--runs 5] [--cpu 4]``. It
needs the built page (``cd web && npm ci && npm run build``), Chromium
(``/usr/bin/chromium``) and Playwright for Python (the test extra).
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import importlib
import statistics
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "web" / "dist"
PHONE = (390, 844)

# in the Activity's frame only (not the host page): when the first contentful paint came,
# and when the table was first drawn with cards and controls (performance.now(), ms from
# the frame's navigation start)
MARKS = """
if (location.pathname === "/") {
  window.__paint = null; window.__interactive = null;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.name === "first-contentful-paint") window.__paint = e.startTime;
    }
  }).observe({ type: "paint", buffered: true });
  const ready = () => document.querySelector(".hand button")
    && document.querySelector(".controls button");
  new MutationObserver((_, observer) => {
    if (window.__interactive === null && ready()) {
      window.__interactive = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
}
"""


@dataclass
class PaintReport:
    """The runs' times in ms, and the page's gzipped sizes in bytes."""

    paint_ms: list[float] = field(default_factory=list)
    interactive_ms: list[float] = field(default_factory=list)
    js_gzip: int = 0
    css_gzip: int = 0


def tests_module(name: str) -> Any:
    """One of the browser tests' helpers (the stand-in for Discord's client and the bot's
    REST side, tests/browser and tests/web): run from the checkout, not installed."""
    return importlib.import_module(name)


def gzipped(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), compresslevel=9))


async def one_run(browser: Any, activity: Any, cpu: float) -> tuple[float, float]:
    """One cold load of the page at a phone's size with the CPU slowed ``cpu`` times."""
    host, screens = tests_module("tests.browser.host"), tests_module("tests.browser.screens")
    async def prepare(context: Any) -> None:
        await context.add_init_script(MARKS)
        session = await context.new_cdp_session(context.pages[0])
        await session.send("Emulation.setCPUThrottlingRate", {"rate": cpu})

    player = await host.open_player(browser, activity, screens.USER, screens.NAME,
                                    platform="mobile", viewport=PHONE, prepare=prepare)
    try:
        frame = player.frame
        await player.page.wait_for_function(
            """() => { const f = document.getElementById("activity");
                       return f && f.contentWindow && f.contentWindow.__interactive !== null
                         && f.contentWindow.__interactive !== undefined; }""",
            timeout=60_000)
        marks: dict[str, float] = await frame.locator("html").evaluate(
            "() => ({paint: window.__paint, interactive: window.__interactive})")
    finally:
        await player.close()
    return float(marks["paint"] or 0.0), float(marks["interactive"])


async def measure(browser: Any, activity: Any, runs: int = 5, cpu: float = 4.0,
                  out: Callable[[str], None] = print) -> PaintReport:
    """``runs`` cold loads in ``browser`` against ``activity`` (the tests' server and
    stand-in, tests/web/pages.py), the user's table set mid-deal on their turn first."""
    report = PaintReport(js_gzip=gzipped(DIST / "app.js"), css_gzip=gzipped(DIST / "style.css"))
    socket = await tests_module("tests.browser.screens").a_turn_to_beat(activity)
    try:
        for _ in range(runs):
            paint, interactive = await one_run(browser, activity, cpu)
            report.paint_ms.append(paint)
            report.interactive_ms.append(interactive)
    finally:
        await socket.close()
    out(f"Activity page at {PHONE[0]}×{PHONE[1]}, CPU ×{cpu:g}, {runs} cold loads: "
        f"JavaScript {report.js_gzip / 1024:.1f} KB gzipped, stylesheet "
        f"{report.css_gzip / 1024:.1f} KB gzipped")
    for name, values in (("first contentful paint", report.paint_ms),
                         ("first interactive (table drawn, hand tappable)",
                          report.interactive_ms)):
        out(f"  {name}: median {statistics.median(values):.0f} ms, "
            f"slowest {max(values):.0f} ms")
    return report


async def run(runs: int = 5, cpu: float = 4.0, out: Callable[[str], None] = print) -> PaintReport:
    """The benchmark on its own: a server with a store in a temp dir, Debian's Chromium."""
    from playwright.async_api import async_playwright

    from bot.store import Store

    host, pages = tests_module("tests.browser.host"), tests_module("tests.web.pages")
    manager_for = tests_module("tests.browser.conftest").manager_for
    path = host.chromium_path()
    if path is None or not (DIST / "index.html").is_file():
        raise SystemExit("needs Chromium (/usr/bin/chromium) and the built page "
                         "(cd web && npm ci && npm run build)")
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "ddz.db")
        seeds = iter(range(1, 10_000))
        activity = await pages.open_activity(store, manager_for(store, lambda: next(seeds)))
        try:
            async with async_playwright() as playwright:
                browser = await playwright.chromium.launch(executable_path=path,
                                                           args=host.LAUNCH_ARGS)
                try:
                    return await measure(browser, activity, runs, cpu, out)
                finally:
                    await browser.close()
        finally:
            await pages.close_activity(activity)
            await store.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="cold loads (default 5)")
    parser.add_argument("--cpu", type=float, default=4.0,
                        help="CPU slowdown, as Chrome DevTools' throttling (default 4)")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))  # the browser tests' stand-in for Discord's client
    asyncio.run(run(args.runs, args.cpu))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

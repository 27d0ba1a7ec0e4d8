"""The Activity's page in a real browser: headless Chromium (Debian's, driven by Playwright),
the page framed by a test host that plays Discord's client side of the SDK's postMessage
protocol (host.html + host.js), and a :class:`Player` that reads and taps the page as the
accessibility contract names its parts.

The host is served on the bot's own origin (the SDK takes messages only from allowed
origins, ``window.location.origin`` among them) by routing ``{server}/__test_host`` inside
the browser context: the product server is not changed for tests.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.cluster.standin import APP_ID
from tests.web.pages import CHANNEL, GUILD, INSTANCE, Activity

from .guard import chromium_path, in_ci

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
WEB = ROOT / "web"
BUILD = "cd web && npm ci && npm run build"
HOST_PATH = "/__test_host"
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update",
               "--disable-sync"]
# in every frame: what the page's aria-live region said, in order (window.__announced)
RECORD_ANNOUNCEMENTS = """
window.__announced = [];
document.addEventListener("DOMContentLoaded", () => {
  const live = document.getElementById("announce");
  if (!live) return;
  new MutationObserver(() => window.__announced.push(live.textContent))
    .observe(live, {childList: true, characterData: true, subtree: true});
});
"""
PHONE = (390, 844)
DESKTOP = (1280, 800)


def host_html(config: dict[str, Any]) -> str:
    """The host page with its configuration (what Discord would know) filled in."""
    text = (HERE / "host.html").read_text(encoding="utf-8")
    return text.replace("__CONFIG__", json.dumps(config).replace("</", "<\\/"))


@dataclass
class Player:
    """One user's Activity: a browser page (the host) framing the Activity's page, and
    every frame the Activity's socket received (read from Playwright's websocket events)."""

    page: Any  # playwright.async_api.Page
    context: Any  # playwright.async_api.BrowserContext
    user_id: int
    name: str
    locale: str
    frames: list[dict[str, Any]] = field(default_factory=list)
    sent: list[dict[str, Any]] = field(default_factory=list)  # what the page's socket sent
    # with ``intercept``: each frame the page sends passes through this on its way to the
    # server (a forgery in the page's own socket); None sends it as it is
    rewrite: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    sockets: int = 0  # how many sockets the page opened (a reconnect opens another)
    cdn: list[str] = field(default_factory=list)  # what the page asked of Discord's CDN

    @property
    def frame(self) -> Any:
        """The Activity's page (a FrameLocator of the host's iframe)."""
        return self.page.frame_locator("#activity")

    @property
    def app(self) -> Any:
        return self.frame.locator("#app")

    def button(self, name: str) -> Any:
        return self.frame.get_by_role("button", name=name, exact=True)

    def dialog(self, name: str) -> Any:
        return self.frame.get_by_role("dialog", name=name)

    async def settled(self, timeout: float = 10.0) -> None:
        """Until the page moves nothing (no animation or transition running: a play's
        slide, the deal's fan, a selected card's rise) and has laid out a frame since."""
        frame = await (await self.page.query_selector("#activity")).content_frame()
        await frame.wait_for_function(
            """() => document.getAnimations().every(a => a.playState !== "running")
                 && new Promise(done => requestAnimationFrame(() => done(true)))""",
            timeout=timeout * 1000)

    async def data(self) -> dict[str, str]:
        """``#app``'s data attributes: state, seq, phase, myTurn, seat."""
        found: dict[str, str] = await self.app.evaluate("a => ({...a.dataset})")
        return found

    async def wait_data(self, predicate: Callable[[dict[str, str]], bool],
                        timeout: float = 15.0, what: str = "") -> dict[str, str]:
        deadline = time.monotonic() + timeout
        while True:
            data = await self.data()
            if predicate(data):
                return data
            if time.monotonic() > deadline:
                raise AssertionError(f"the page never showed {what or 'that'}; it shows "
                                     f"{data} (last frames: {self.frames[-2:]})")
            await asyncio.sleep(0.03)

    async def wait_frames(self, predicate: Callable[[], Any], what: str,
                          timeout: float = 15.0) -> Any:
        """Until the frames the page received (as the browser reports them) satisfy
        ``predicate``; its value."""
        deadline = time.monotonic() + timeout
        while not (found := predicate()):
            if time.monotonic() > deadline:
                raise AssertionError(f"the page never received {what} (last frames: "
                                     f"{self.frames[-2:]})")
            await asyncio.sleep(0.03)
        return found

    async def wait_state(self, state: str, timeout: float = 15.0) -> dict[str, str]:
        return await self.wait_data(lambda d: d.get("state") == state, timeout, f"state {state}")

    async def announced(self) -> list[str]:
        """Everything the page's ``aria-live`` region said, in order."""
        frame = await (await self.page.query_selector("#activity")).content_frame()
        said: list[str] = await frame.evaluate("window.__announced")
        return said

    async def commands(self) -> list[str]:
        """The SDK commands the page sent to the host, in order."""
        return [c["cmd"] for c in await self.page.evaluate("window.__commands")]

    def of_type(self, kind: str) -> list[dict[str, Any]]:
        return [f for f in self.frames if f.get("type") == kind]

    async def close(self) -> None:
        await self.context.close()


# a 1×1 PNG: what the tests' Discord CDN answers for every avatar
PIXEL = bytes.fromhex("89504e470d0a1a0a0000000d49484452000000010000000108060000001f"
                      "15c4890000000d49444154789c6338d1e0f01f0006240288a4ef3e8700"
                      "00000049454e44ae426082")


async def serve_cdn(context: Any, asked: list[str]) -> None:
    """Discord's CDN as the tests' browser sees it: every request recorded, a pixel back."""
    async def answer(route: Any) -> None:
        asked.append(route.request.url)
        await route.fulfill(status=200, content_type="image/png", body=PIXEL)

    await context.route("https://cdn.discordapp.com/**", answer)


async def open_player(browser: Any, activity: Activity, user_id: int, name: str, *,
                      locale: str | None = "en", platform: str = "desktop",
                      viewport: tuple[int, int] = DESKTOP, code: str | None = None,
                      member: bool = True, channel_id: int = CHANNEL,
                      instance: str = INSTANCE, intercept: bool = False,
                      rewrite: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
                      browser_locale: str = "en-US",
                      participants: list[dict[str, Any]] | None = None,
                      invite_error: str | None = None,
                      prepare: Callable[[Any], Awaitable[None]] | None = None) -> Player:
    """Open the Activity as ``user_id`` would inside Discord: a new browser context at
    ``viewport``, the host on the server's origin, the page in its frame. ``code`` is what
    AUTHORIZE answers (a fresh one from the stand-in unless given); ``locale`` what the
    locale command answers (None: the command fails); ``member`` puts the user in the
    instance first; ``intercept`` routes the page's socket through
    :attr:`Player.rewrite` (``rewrite``: its first value, set before the page opens);
    ``browser_locale`` is the browser's own language;
    ``participants`` who Discord says is in the Activity (``{id, username, global_name,
    nickname, avatar}``; the user alone unless given); ``invite_error`` Discord's refusal
    of the invite dialog (None: it opens); ``prepare(context)`` runs before the page is
    opened (routes, init scripts). Discord's CDN is never reached: each request to it is
    recorded in :attr:`Player.cdn` and answered with a small picture."""
    if member:
        activity.member(user_id, instance)
    config = {
        "query": {"frame_id": f"frame-{user_id}", "instance_id": instance,
                  "platform": platform, "guild_id": str(GUILD), "channel_id": str(channel_id)},
        "code": code if code is not None else activity.stand.grant(user_id, name),
        "user": {"id": str(user_id), "username": name.lower(), "global_name": name},
        "locale": locale, "app_id": str(APP_ID),
        "participants": participants if participants is not None else
        [{"id": str(user_id), "username": name.lower(), "global_name": name}],
        "invite_error": invite_error,
    }
    width, height = viewport
    context = await browser.new_context(viewport={"width": width, "height": height},
                                        device_scale_factor=1,
                                        is_mobile=platform == "mobile",
                                        has_touch=platform == "mobile",
                                        locale=browser_locale)
    await context.add_init_script(RECORD_ANNOUNCEMENTS)
    context.set_default_timeout(10_000)  # a missing button fails in 10 s, not 30
    html = host_html(config)
    script = (HERE / "host.js").read_text(encoding="utf-8")

    async def serve(route: Any) -> None:
        if route.request.url.split("?")[0].endswith("/host.js"):
            await route.fulfill(status=200, content_type="text/javascript", body=script)
        else:
            await route.fulfill(status=200, content_type="text/html", body=html)

    await context.route(f"{activity.url}{HOST_PATH}**", serve)
    page = await context.new_page()
    player = Player(page, context, user_id, name, locale or "en")
    player.rewrite = rewrite  # in place before the page's first frame (its auth) is sent
    await serve_cdn(context, player.cdn)
    if prepare is not None:
        await prepare(context)

    def on_socket(ws: Any) -> None:
        player.sockets += 1

        def received(payload: str | bytes) -> None:
            try:
                player.frames.append(json.loads(payload))
            except ValueError:
                player.frames.append({"type": "?", "raw": str(payload)[:200]})

        def sent(payload: str | bytes) -> None:
            try:
                player.sent.append(json.loads(payload))
            except ValueError:
                player.sent.append({"type": "?", "raw": str(payload)[:200]})

        ws.on("framereceived", received)
        ws.on("framesent", sent)

    if not intercept:
        page.on("websocket", on_socket)
    else:
        async def through(route: Any) -> None:
            # a routed socket is the driver's, not the page's: record both ways here
            server = route.connect_to_server()
            player.sockets += 1

            def onward(message: str | bytes) -> None:
                frame = json.loads(message)
                if player.rewrite is not None:
                    frame = player.rewrite(frame)
                player.sent.append(frame)
                server.send(json.dumps(frame))

            def back(message: str | bytes) -> None:
                player.frames.append(json.loads(message))
                route.send(message)

            route.on_message(onward)
            server.on_message(back)

        await context.route_web_socket("**/api/ws", through)
    await page.goto(f"{activity.url}{HOST_PATH}")
    return player


__all__ = ["BUILD", "DESKTOP", "HOST_PATH", "LAUNCH_ARGS", "PHONE", "PIXEL", "ROOT", "WEB",
           "Player", "chromium_path", "host_html", "in_ci", "open_player", "serve_cdn"]

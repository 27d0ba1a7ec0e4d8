"""The people at the table in the page: Discord avatars and names from the SDK's
participants, AI seats with faces of their own, a long name whole on a tap and in the
seat's accessible name, the Invite button (the SDK's invite dialog); the start-up's
steps, its Retry; and the page opened outside Discord (the SDK's mock, the developer's
door)."""

from __future__ import annotations

import contextlib
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from playwright.async_api import expect

from tests.web.devdoor import dev_activity as dev_server
from tests.web.pages import Activity

from .host import PHONE, serve_cdn
from .play import open_table, t

pytestmark = pytest.mark.asyncio(loop_scope="session")

CDN = "https://cdn.discordapp.com"
HASH = "a1b2c3d4e5f60718293a4b5c6d7e8f90"
LONG = ("Bartholomew Maximilian Featherstonehaugh-Wolfeschlegelstein of the Long "
        "Valley Card Club")
# records each start-up step the page shows (#app's data-step and the step's words)
RECORD_STEPS = """
window.__steps = [];
document.addEventListener("DOMContentLoaded", () => {
  const app = document.getElementById("app");
  if (!app) return;
  new MutationObserver(() => {
    const now = app.querySelector(".boot-steps li[aria-current=step]");
    const seen = [app.dataset.state, app.dataset.step, now ? now.textContent : "",
                  (app.querySelector(".boot-dev") || {}).textContent || ""].join("|");
    if (window.__steps[window.__steps.length - 1] !== seen) window.__steps.push(seen);
  }).observe(app, {childList: true, subtree: true, attributes: true});
});
"""


def _seat(player: Any, name: str) -> Any:
    return player.frame.locator(f'section.seat[aria-label="{name}"]')


async def test_avatars_and_names_come_from_discords_participants(players: Any,
                                                                 activity: Activity) -> None:
    everyone = [
        {"id": "101", "username": "ann", "global_name": "Ann", "nickname": "Annie",
         "avatar": HASH},
        {"id": "102", "username": "bob", "global_name": "Bobby"},
    ]
    ann = await players(101, "Ann", participants=everyone)
    await open_table(ann, "classic", 1, start=False)
    bob = await activity.page(102, "Bob")
    assert (await bob.act("join"))["ok"]
    # the nickname before the display name; the display name before the server's label
    mine = _seat(ann, "Annie")
    await expect(mine).to_have_count(1)
    img = mine.locator(".avatar img")
    await expect(img).to_have_attribute("src", f"{CDN}/avatars/101/{HASH}.png?size=64")
    await ann.page.wait_for_function(  # the picture loaded (the CDN answered it)
        "() => document.querySelector('iframe').contentDocument"
        ".querySelector('section.seat[aria-label=\"Annie\"] .avatar img')?.naturalWidth > 0")
    assert f"{CDN}/avatars/101/{HASH}.png?size=64" in ann.cdn
    # no avatar: Discord's default one, N = (id >> 22) % 6
    bobby = _seat(ann, "Bobby")
    await expect(bobby.locator(".name")).to_have_text("Bobby")
    await expect(bobby.locator(".avatar img")).to_have_attribute(
        "src", f"{CDN}/embed/avatars/{(102 >> 22) % 6}.png")
    # someone Discord did not name in the participants: the server's label
    await ann.page.evaluate("window.__participants([{id: '101', username: 'ann', "
                            "global_name: 'Ann', avatar: null}])")
    await expect(_seat(ann, "Bob")).to_have_count(1)
    await expect(_seat(ann, "Ann").locator(".avatar img")).to_have_attribute(
        "src", f"{CDN}/embed/avatars/{(101 >> 22) % 6}.png")
    await bob.close()


async def test_ai_seats_have_faces_of_their_own(players: Any, activity: Activity) -> None:
    ann = await players(101, "Ann")
    await open_table(ann, "classic", 2, start=False)
    faces = ann.frame.locator("section.seat .avatar.ai")
    await expect(faces).to_have_count(2)
    drawn = [await faces.nth(i).evaluate("a => a.querySelector('svg').outerHTML")
             for i in range(2)]
    keys = [await faces.nth(i).locator("svg").get_attribute("data-face") for i in range(2)]
    assert drawn[0] != drawn[1] and keys[0] != keys[1], keys
    for i in range(2):  # a face, not the letters "AI"
        assert (await faces.nth(i).inner_text()).strip() == ""
        assert await faces.nth(i).locator("svg rect, svg circle").count() >= 4
    # a person's seat draws no robot
    assert await _seat(ann, "Ann").locator(".avatar.ai").count() == 0


async def test_a_long_name_is_whole_in_the_seat_and_on_a_tap(players: Any,
                                                             activity: Activity) -> None:
    ann = await players(101, "Ann", viewport=PHONE, platform="mobile")
    await open_table(ann, "classic", 1, start=False)
    bob = await activity.page(102, LONG)
    assert (await bob.act("join"))["ok"]
    seat = _seat(ann, LONG)  # the seat's accessible name holds the whole name
    await expect(seat).to_have_count(1)
    name = seat.get_by_role("button", name=LONG)
    await expect(name).to_have_text(LONG)
    assert await name.evaluate("n => n.scrollWidth > n.clientWidth + 1 "
                               "|| n.scrollHeight > n.clientHeight + 1"), "not cut"
    full = seat.locator(".fullname")
    await expect(full).to_have_count(0)
    await name.tap()
    await expect(full).to_be_visible()
    await expect(full).to_have_text(LONG)
    assert await full.evaluate("n => n.scrollWidth <= n.clientWidth + 1 "
                               "&& n.scrollHeight <= n.clientHeight + 1")  # whole, not cut
    await expect(name).to_have_attribute("aria-expanded", "true")
    await ann.frame.locator("header .variant").tap()  # a tap elsewhere puts it away
    await expect(full).to_have_count(0)
    await name.focus()  # and by keyboard: Enter shows it, Escape puts it away
    await name.press("Enter")
    await expect(full).to_have_text(LONG)
    await name.press("Escape")
    await expect(full).to_have_count(0)
    await expect(name).to_have_attribute("aria-expanded", "false")
    await bob.close()


async def test_invite_opens_discords_invite_dialog(players: Any, activity: Activity) -> None:
    ann = await players(101, "Ann")
    await ann.wait_state("no_table")
    invite = ann.frame.get_by_role("button", name=t("en", "people.invite_label"))
    await expect(invite).to_have_text(t("en", "people.invite"))  # in the lobby's form
    await open_table(ann, "classic", 1, start=False)
    await expect(invite).to_have_count(1)  # in the header while a seat is empty
    await invite.click()
    await ann.page.wait_for_function(
        "() => window.__commands.some(c => c.cmd === 'OPEN_INVITE_DIALOG')")
    await expect(ann.frame.locator(".invite-note")).to_have_text("")
    # the table full and dealing: no Invite in the way
    await ann.button(t("en", "btn.addai")).click()
    await ann.button(t("en", "btn.start")).click()
    await ann.wait_data(lambda d: d.get("phase") not in (None, ""), what="a deal")
    await expect(invite).to_have_count(0)


async def test_a_refused_invite_is_said_beside_the_button(players: Any, activity: Activity) -> None:
    li = await players(105, "Li", locale="zh-CN", invite_error="Missing permissions")
    await li.wait_state("no_table")
    await li.frame.get_by_role("button", name=t("zh-CN", "people.invite_label")).click()
    note = li.frame.locator(".invite-note")
    await expect(note).to_have_text(t("zh-CN", "people.invite_failed",
                                      error="Missing permissions"))
    assert (await note.get_attribute("role")) == "status"
    await li.frame.locator("h1").click()  # a tap elsewhere puts it away
    await expect(note).to_have_text("")
    await li.frame.get_by_role("button", name=t("zh-CN", "people.invite_label")).click()
    await expect(note).not_to_have_text("")
    await li.frame.locator("body").press("Escape")  # and so does Escape
    await expect(note).to_have_text("")


async def test_the_start_shows_its_steps_and_retries_a_failure(players: Any,
                                                               activity: Activity) -> None:
    failing = {"on": True}

    async def config(route: Any) -> None:
        if failing["on"]:
            await route.fulfill(status=502, content_type="application/json", body="{}")
        else:
            await route.continue_()

    async def prepare(context: Any) -> None:
        await context.add_init_script(RECORD_STEPS)
        await context.route(re.compile(r".*/api/config$"), config)

    ann = await players(101, "Ann", prepare=prepare)
    await ann.wait_state("error")
    alert = ann.frame.get_by_role("alert")
    await expect(alert).to_have_text(
        t("en", "boot.failed", error=t("en", "boot.http", status="HTTP 502")))
    failed = ann.frame.locator(".boot-steps li.failed")
    await expect(failed).to_have_text(t("en", "boot.step_discord"))
    retry = ann.button(t("en", "boot.retry"))
    await expect(retry).to_be_focused()
    await retry.click()  # still failing: the same error again, Retry again
    await ann.wait_state("error")
    failing["on"] = False  # the server is back
    await retry.click()
    await ann.wait_state("no_table")
    steps = await ann.frame.locator("body").evaluate("() => window.__steps")
    shown = [s.split("|")[1:3] for s in steps if s.startswith("loading|")]
    order = [step for step, _ in shown]
    assert order[-3:] == ["discord", "signin", "table"], steps
    words = {step: text for step, text in shown}
    assert words == {"discord": t("en", "boot.step_discord"),
                     "signin": t("en", "boot.step_signin"),
                     "table": t("en", "boot.step_table")}
    assert ann.sockets == 1


# ---------------------------------------------------------------- outside Discord
@pytest_asyncio.fixture(loop_scope="session")
async def dev_activity(tmp_path: Path, built_page: None) -> AsyncIterator[Activity]:
    async with dev_server(tmp_path) as act:
        yield act


@contextlib.asynccontextmanager
async def outside(browser: Any, url: str) -> AsyncIterator[Any]:
    """The page opened straight at ``url`` in a browser tab: no Discord around it."""
    context = await browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(10_000)
    await context.add_init_script(RECORD_STEPS)
    await serve_cdn(context, [])
    page = await context.new_page()
    try:
        await page.goto(url)
        yield page
    finally:
        await context.close()


async def test_outside_discord_the_mock_signs_in_a_developer(browser: Any,
                                                             dev_activity: Activity) -> None:
    async with outside(browser, f"{dev_activity.url}/?dev_user=Dev%20Ann") as page:
        app = page.locator("#app")
        await expect(app).to_have_attribute("data-state", "no_table")
        await page.get_by_role("combobox", name=t("en", "web.ai_seats")).select_option("2")
        await page.get_by_role("button", name=t("en", "web.open"), exact=True).click()
        await expect(app).to_have_attribute("data-state", "table")
        await expect(page.locator('section.seat[aria-label="Dev Ann"]')).to_have_count(1)
        steps = await page.evaluate("window.__steps")
        assert any(s.endswith("|" + t("en", "boot.dev", name="Dev Ann")) for s in steps), steps
        # the Invite of the mock SDK answers quietly
        await page.get_by_role("button", name=t("en", "people.invite_label")).click()
        await expect(page.locator(".invite-note")).to_have_text("")
    assert not dev_activity.stand.calls  # Discord was never asked anything


async def test_outside_discord_without_the_door_says_how_to_open_it(
        browser: Any, activity: Activity) -> None:
    async with outside(browser, f"{activity.url}/?locale=zh-CN") as page:
        await expect(page.locator("#app")).to_have_attribute("data-state", "error")
        alert = page.get_by_role("alert")
        await expect(alert).to_have_text(t("zh-CN", "boot.failed",
                                           error=t("zh-CN", "boot.no_dev")))
        await expect(page.get_by_role("button", name=t("zh-CN", "boot.retry"))).to_be_visible()

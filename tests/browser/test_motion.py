"""The page's motion and sound (web/src/motion.ts, sound.ts): the sound off until the
user taps its toggle, the choice kept for that Discord user only (the same browser, another
user: off); with sound on, a deal is heard (the deal, your turn, plays, the result) through
Web Audio nodes really started; a bomb or the rocket shakes the board with its layer; and
under ``prefers-reduced-motion: reduce`` no animation runs at all."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.engine import Play
from bot.engine.kinds import BOMB_KINDS
from tests.web.pages import Activity

from .host import Player
from .play import longest, open_table, play_deal, press_start, t

pytestmark = pytest.mark.asyncio(loop_scope="session")

Opener = Callable[..., Awaitable[Player]]  # the ``players`` fixture (conftest.py)
ANN, BOB = 101, 102
# in the Activity's frame: count the Web Audio sources started and the animations asked
# for (by their id), wrapping the browser's own methods (the page calls them through the
# prototypes, so a wrap made after load sees every later call)
HOOK = """() => {
  if (window.__hooked) return;
  window.__hooked = true;
  window.__sources = 0;
  window.__animations = [];
  const start = AudioScheduledSourceNode.prototype.start;
  AudioScheduledSourceNode.prototype.start = function (...args) {
    window.__sources += 1;
    return start.apply(this, args);
  };
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (frames, options) {
    window.__animations.push((options && options.id) || "?");
    return animate.call(this, frames, options);
  };
}"""


async def in_frame(player: Player, script: str, arg: Any = None) -> Any:
    """``script`` (a function) run in the Activity's frame."""
    return await player.frame.locator("html").evaluate(
        f"(html, arg) => ({script})(arg)", arg)


async def html_data(player: Player) -> dict[str, str]:
    found: dict[str, str] = await player.frame.locator("html").evaluate(
        "h => ({...h.dataset})")
    return found


def counts(text: str | None) -> dict[str, int]:
    """``"play:3 turn:2"`` as {"play": 3, "turn": 2}."""
    pairs = (item.split(":") for item in (text or "").split())
    return {name: int(n) for name, n in pairs}


async def reopen_as(player: Player, activity: Activity, user_id: int, name: str) -> None:
    """Reload the Activity's frame in the same browser, signed in as ``user_id`` (a fresh
    OAuth2 code: Discord's client would give one), until its welcome frame came."""
    activity.member(user_id)
    user = {"id": str(user_id), "username": name.lower(), "global_name": name}
    welcomes = len(player.of_type("welcome"))
    await player.page.evaluate(
        """([code, user]) => {
             Object.assign(window.__config, {code, user, participants: [user]});
             document.getElementById("activity").contentWindow.location.reload();
           }""", [activity.stand.grant(user_id, name), user])
    await player.wait_frames(lambda: len(player.of_type("welcome")) > welcomes,
                             "the welcome after the reload")
    assert player.of_type("welcome")[-1]["user_id"] == str(user_id)
    await player.wait_state("table")


def bombs_first(plays: list[Play]) -> Play:
    """A bomb or the rocket when the hand has one, else the longest play."""
    bombs = [p for p in plays if p.kind in BOMB_KINDS]
    return longest(bombs or plays)


async def test_sound_is_off_until_tapped_and_kept_for_that_user_only(
        players: Opener, activity: Activity) -> None:
    ann = await players(ANN, "Ann")
    await open_table(ann, "classic", ai_seats=2, start=False)
    await in_frame(ann, HOOK)
    off = ann.button(t("en", "effects.sound_off"))
    assert await off.get_attribute("aria-pressed") == "false"
    assert (await html_data(ann))["sound"] == "off"
    await off.click()  # one tap
    on = ann.button(t("en", "effects.sound_on"))
    assert await on.get_attribute("aria-pressed") == "true"
    data = await html_data(ann)
    assert data["sound"] == "on" and counts(data["sounds"]) == {"on": 1}, data
    assert await in_frame(ann, "() => window.__sources") >= 1  # a Web Audio note began
    # the same user again: still on
    await reopen_as(ann, activity, ANN, "Ann")
    assert await on.get_attribute("aria-pressed") == "true"
    assert (await html_data(ann))["sound"] == "on"
    # another user in this browser (its storage holds Ann's choice): off for them
    await reopen_as(ann, activity, BOB, "Bob")
    assert await off.get_attribute("aria-pressed") == "false"
    assert (await html_data(ann))["sound"] == "off"
    stored = await in_frame(ann, "() => ({...localStorage})")
    assert stored.get(f"ddz.sound.{ANN}") == "on" and f"ddz.sound.{BOB}" not in stored, stored
    # and in Chinese the toggle says its state in Chinese
    assert t("zh-CN", "effects.sound_off") != t("en", "effects.sound_off")


async def test_a_deal_with_sound_is_heard_and_a_bomb_shakes_the_board(
        players: Opener, activity: Activity) -> None:
    ann = await players(ANN, "Ann")
    await open_table(ann, "classic", ai_seats=2, start=False)
    await in_frame(ann, HOOK)
    await ann.button(t("en", "effects.sound_off")).click()
    await press_start(ann)
    await play_deal(ann, activity.manager, bombs_first)
    data = await html_data(ann)
    heard, seen = counts(data.get("sounds")), counts(data.get("fx"))
    assert heard.get("deal") == 1 and heard.get("turn", 0) >= 1, heard
    assert heard.get("play", 0) + heard.get("plane", 0) >= 1, heard
    assert heard.get("win", 0) + heard.get("lose", 0) == 1, heard
    sources = await in_frame(ann, "() => window.__sources")
    assert sources > sum(heard.values()), (sources, heard)  # each sound is several nodes
    assert seen.get("deal") == 1 and seen.get("play", 0) >= 1 and seen.get("result") == 1, seen
    # deals until a bomb or the rocket is played (by anyone): its board effect runs
    for _ in range(8):
        if {"bomb", "rocket"} & set(seen):
            break
        await ann.dialog(t("en", "result.title")).get_by_role(
            "button", name=t("en", "btn.start"), exact=True).click()
        await ann.wait_data(lambda d: d.get("phase") not in (None, ""), what="a deal")
        await play_deal(ann, activity.manager, bombs_first)
        seen = counts((await html_data(ann)).get("fx"))
    assert {"bomb", "rocket"} & set(seen), seen
    heard = counts((await html_data(ann)).get("sounds"))
    animations = set(await in_frame(ann, "() => window.__animations"))
    if "bomb" in seen:
        assert {"shake", "flash"} <= set(seen) and heard.get("bomb", 0) >= 1, (seen, heard)
        assert {"fx-bomb", "fx-shake", "fx-flash"} <= animations, animations
    else:
        assert "streak" in seen and heard.get("rocket", 0) >= 1, (seen, heard)
        assert {"fx-rocket", "fx-streak"} <= animations, animations
    # the layers laid over the page are gone once their effect ended
    await ann.frame.locator(".fx-layer").first.wait_for(state="detached")


async def test_reduced_motion_runs_no_animation(players: Opener,
                                                activity: Activity) -> None:
    ann = await players(ANN, "Ann")
    await ann.page.emulate_media(reduced_motion="reduce")
    await open_table(ann, "classic", ai_seats=2, start=False)
    assert await in_frame(ann, "() => matchMedia('(prefers-reduced-motion: reduce)').matches")
    await in_frame(ann, HOOK)
    await ann.button(t("en", "effects.sound_off")).click()
    await press_start(ann)
    running: list[list[str]] = []

    async def look() -> None:  # right after each of Ann's plays is drawn
        running.append(await in_frame(
            ann, "() => document.getAnimations().map(a => a.id || a.animationName || '?')"))

    turns = await play_deal(ann, activity.manager, longest, after_play=look)
    assert turns.plays >= 1 and len(running) == turns.plays
    assert all(found == [] for found in running), running
    assert await in_frame(ann, "() => window.__animations") == []
    data = await html_data(ann)
    assert "fx" not in data, data  # no effect ran
    assert counts(data.get("sounds")).get("deal") == 1  # the sounds are not motion


def as_plane_and_spring(message: str | bytes) -> str | bytes:
    """A frame from the server as the page would get it in a deal with a plane and a
    spring: every play read as a plane (its kind), the result a spring."""
    if isinstance(message, bytes):
        return message
    frame = json.loads(message)
    if frame.get("type") == "table":
        deal = frame["table"].get("deal") or {}
        plays = [seat.get("last_play") for seat in frame["table"]["seats"]]
        plays += [turn.get("play") for turn in deal.get("trick") or []]
        plays += [turn.get("play") for turn in deal.get("last_trick") or []]
        for play in plays:
            if play:
                play["kind"] = "plane"
    elif frame.get("type") == "result":
        frame["result"]["spring"] = True
    return json.dumps(frame)


async def test_a_plane_flies_and_a_spring_is_stamped(players: Opener,
                                                     activity: Activity) -> None:
    """The seeds deal few planes and fewer springs: the frames the page receives are
    rewritten on the way (the server's own plane and spring frames are tested with the
    server) to see what the page makes of them."""
    async def rewrite(context: Any) -> None:
        async def route(ws: Any) -> None:
            server = ws.connect_to_server()
            server.on_message(lambda message: ws.send(as_plane_and_spring(message)))
            ws.on_message(lambda message: server.send(message))

        await context.route_web_socket("**/api/ws", route)

    ann = await players(ANN, "Ann", prepare=rewrite)
    await open_table(ann, "classic", ai_seats=2)
    await play_deal(ann, activity.manager)
    ran = counts((await html_data(ann)).get("fx"))
    assert ran.get("plane", 0) >= 1 and ran.get("play", 0) == 0, ran
    result = ann.dialog(t("en", "result.title"))
    stamp = result.locator(".fx-stamp")
    landlord_won = ann.of_type("result")[-1]["result"]["outcome"] == "landlord"
    kind = "spring" if landlord_won else "anti_spring"
    assert await stamp.get_attribute("class") == f"fx-stamp {kind}"
    assert (await stamp.inner_text()).strip() == t("en", f"effects.{kind}")
    assert ran.get(kind) == 1, ran

"""What the page says to a screen reader (its live region, as host.py records it) over a
deal, in English and Chinese: a hint and its reason said and still said after a redraw
that does not change the turn, until the next action; each 报单 said once with its banner
on the seat; the result with each seat's bean change and new balance; an escape named
with its cost to the others; and no card notation ("34B", "QQQ") in any announcement or
accessible name: cards are read out in words, a rank at a time."""

from __future__ import annotations

import asyncio
import re
import time
from typing import Any

import pytest

from bot.engine import Play
from bot.words.page import page_words
from tests.web.pages import CHANNEL, Activity

from .host import Player
from .play import Turns, last_result, longest, open_table, play_deal, play_turn, t

pytestmark = pytest.mark.asyncio(loop_scope="session")

ANN, BOB = 101, 102
# a run of ranks written together with a letter in it, as notation writes cards: "34B",
# "TT", "2R", "QQQ" (a number, "1,300", "+25", is not one)
NOTATION = re.compile(r"(?<![0-9A-Za-z])(?=[2-9]*[TJQKABR])[2-9TJQKABR]{2,}(?![0-9A-Za-z])")
# every accessible name the page gives: its aria-labels, and its buttons' names
NAMES = """() => [
  ...[...document.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label')),
  ...[...document.querySelectorAll('button:not([aria-label])')].map((b) => b.textContent),
  ...[...document.querySelectorAll('.sr-only')].map((e) => e.textContent)]"""


def shortest(plays: list[Play]) -> Play:
    """The smallest play (a hand played out a card or two at a time: 报单/报双 come)."""
    return min(plays, key=lambda p: (len(p.cards), p.main_index))


def notation_in(texts: list[str], plays: set[str]) -> list[str]:
    """The texts with notation: a run with a letter, or a play's cards written together
    (in any order) as a word of its own."""
    bad = [text for text in texts if NOTATION.search(text)]
    for text in texts:
        for token in re.findall(r"(?<![0-9A-Za-z+\-,.])[2-9]{2,}(?![0-9A-Za-z,.])", text):
            if "".join(sorted(token)) in plays:
                bad.append(text)
    return bad


def played_cards(player: Player) -> set[str]:
    """Every play of the deal's tricks the page was sent, its cards sorted."""
    found = set()
    for frame in player.of_type("table"):
        deal = frame["table"].get("deal") or {}
        for turn in (deal.get("trick") or []) + (deal.get("last_trick") or []):
            if turn.get("play"):
                found.add("".join(sorted(turn["play"]["cards"])))
    return found


async def names(player: Player) -> list[str]:
    found: list[str] = await player.app.evaluate(f"a => ({NAMES})()")
    return found


def signed(n: int) -> str:
    return f"+{n:,}" if n > 0 else f"{n:,}"


def result_said(locale: str, result: dict[str, Any]) -> str:
    """The result's announcement: the escape, who won, each seat's beans and balance."""
    w = page_words(locale)["t"]
    outcome = w.get(f"result.{result['outcome']}", w["result.title"])
    seats = [w["access.result_seat_ai"].format(name=name, beans=signed(result["beans"][i]))
             if result["balances_after"][i] is None else
             w["access.result_seat"].format(name=name, beans=signed(result["beans"][i]),
                                            total=f"{result['balances_after'][i]:,}")
             for i, name in enumerate(result["labels"])]
    line = w["access.result_line"].format(outcome=outcome,
                                          seats=w["access.result_sep"].join(seats))
    return f"{result['escape_text']} {line}" if result["escape_text"] else line


async def seated_with_bob(players: Any, activity: Any, locale: str) -> Player:
    """Ann's page at a three-seat table with Bob (seated by the server, 托管 once the deal
    starts: the AI plays his turns) and an AI; the deal started from Ann's page."""
    ann: Player = await players(ANN, "Ann", locale=locale)
    await open_table(ann, "classic", ai_seats=1, start=False)
    await activity.manager.join(CHANNEL, BOB, "Bob")
    await ann.button(t(locale, "btn.start")).click()
    await ann.wait_data(lambda d: d.get("phase") not in (None, ""), what="a deal")
    return ann


def bob_trustee(player: Player, on: bool) -> bool:
    tables = player.of_type("table")
    seat = activity_seat(player, BOB)
    return bool(tables) and bool(tables[-1]["table"]["seats"][seat].get("trustee")) == on


def activity_seat(player: Player, user: int) -> int:
    seats = player.of_type("table")[-1]["table"]["seats"]
    return next(int(s["index"]) for s in seats if s.get("user_id") == str(user))


async def redrawn(player: Player, cause: Any) -> None:
    """Await ``cause`` and then the table's redraw (its centre drawn anew)."""
    await player.app.evaluate("a => { a.querySelector('.center').dataset.old = 'yes'; }")
    await cause
    await player.frame.locator(".center:not([data-old])").wait_for()


async def hint_kept(ann: Player, activity: Any, locale: str) -> None:
    """On Ann's play turn: Hint said with its reason; still said (and shown) after redraws
    that do not change the turn (Bob's 托管 off and on again, a participants update);
    the next action (the hint's play) says the next turn."""
    manager = activity.manager
    await ann.button(t(locale, "btn.hint")).click()
    hintline = ann.frame.locator(".center .hintline")
    await hintline.wait_for()
    answer = next(f for f in reversed(ann.frames)
                  if f.get("type") == "answer" and f.get("action") == "hint")
    assert answer["ok"] and answer.get("reason"), answer
    shown = await hintline.inner_text()
    said = (await ann.announced())[-1]
    spoken = await hintline.evaluate(
        "p => (p.querySelector('.sr-only') || p).textContent")
    assert said == spoken, (said, spoken)
    # the hint's words and its reason, both on screen; said in words (no "QQQ")
    assert answer["text"] in shown and answer["reason"] in shown, (shown, answer)
    assert not notation_in([said], set()), said
    words = f"{answer['text']} {answer['reason']}"
    for word in re.findall(r"[a-z]{4,}|[\u4e00-\u9fff]+", words):
        assert word in said, (word, said)  # the hint and its reason, all of it said
    count = len(await ann.announced())
    await manager.resume(CHANNEL, BOB)
    await ann.wait_frames(lambda: bob_trustee(ann, False), "Bob's 托管 off")
    await redrawn(ann, manager.trustee(CHANNEL, BOB))
    await ann.wait_frames(lambda: bob_trustee(ann, True), "Bob's 托管 on")
    await redrawn(ann, ann.page.evaluate(
        "window.__participants([{id: '101', username: 'ann', global_name: 'Ann'}, "
        "{id: '102', username: 'bob', global_name: 'Bob'}])"))
    data = await ann.data()
    assert data["myTurn"] == "true" and data["phase"] == "play", data
    assert await hintline.inner_text() == shown
    after = await ann.announced()
    assert after[-1] == said and len(after) == count, after[count - 1:]
    # the next action: the hint's play (or pass), then the turn line again
    play = ann.button(t(locale, "web.play"))
    if answer["hint"]["action"] == "play":
        assert await play.is_enabled()
        await play.click()
    else:
        await ann.frame.locator(".controls button", has_text=re.compile(
            f"^({t(locale, 'btn.pass')}|{t(locale, 'btn.cannot_beat')})$")).click()
    await ann.wait_data(lambda d: d["myTurn"] != "true" or d["seq"] != data["seq"],
                        what="the hint's play applied")
    deadline = time.monotonic() + 5
    while (await ann.announced())[-1] == said:
        assert time.monotonic() < deadline, "the hint was still said after the play"
        await asyncio.sleep(0.03)
    assert await hintline.count() == 0


@pytest.mark.parametrize("locale", ["en", "zh-CN"])
async def test_what_a_deal_says(players: Any, activity: Activity, locale: str) -> None:
    ann = await seated_with_bob(players, activity, locale)
    manager = activity.manager
    await manager.trustee(CHANNEL, BOB)
    result = ann.dialog(t(locale, "result.title"))
    turns, acted, hinted = Turns(), set(), False
    alarms: dict[tuple[int, int], str] = {}  # (deal, seat): the 报单/报双 first seen
    accessible: list[str] = []
    deadline = time.monotonic() + 90
    while not await result.is_visible():
        assert time.monotonic() < deadline, f"the deal did not end: {await ann.data()}"
        tables = ann.of_type("table")
        last: dict[str, Any] = tables[-1]["table"] if tables else {}
        for seat in last.get("seats", []):
            key = (last["deals"], seat["index"])
            if seat.get("alarm") and key not in alarms and not last["deal"]["over"]:
                alarms[key] = seat["alarm"]
                banner = ann.frame.locator(
                    f'.seat[data-seat="{seat["index"]}"] .alarm[data-alarm="{seat["alarm"]}"]')
                await banner.first.wait_for()  # loud on the seat
        data = await ann.data()
        now = manager.find(CHANNEL)
        if data.get("myTurn") == "true" and now is not None and \
                data.get("seq") == str(now.seq) and data["seq"] not in acted:
            acted.add(data["seq"])
            accessible += await names(ann)
            view = manager.seat_view(CHANNEL, ANN)[1]
            if not hinted and view.phase == "play" and view.legal_plays():
                hinted = True
                await hint_kept(ann, activity, locale)
                continue
            await play_turn(ann, manager, turns, shortest)
        else:
            await asyncio.sleep(0.03)
    assert hinted, "Ann never had a play to hint"
    accessible += await names(ann)  # the result dialog's too
    said = await ann.announced()
    # the result: who won and each seat's bean change and balance, in one announcement
    outcome = last_result(ann)
    assert result_said(locale, outcome) in said, (said[-3:], result_said(locale, outcome))
    mine = activity_seat(ann, ANN)
    total = f"{outcome['balances_after'][mine]:,}"
    own = (f"Ann {signed(outcome['beans'][mine])} ({total} beans)" if locale == "en"
           else f"Ann {signed(outcome['beans'][mine])}（共 {total} 豆）")
    assert own in said[-1] or any(own in s for s in said), said[-3:]
    # each 报单/报双 said once, with the seat's name (or "you")
    assert alarms, "no seat was down to its last cards in this deal"
    w = page_words(locale)["t"]
    labels = ann.of_type("table")[-1]["table"]["seats"]
    for (_, seat), alarm in alarms.items():
        name = w["web.you"] if seat == mine else labels[seat]["label"]
        words = w["web.alarm_said1" if alarm == "single" else "web.alarm_said2"].format(
            name=name)
        assert sum(words in s for s in said) == 1, (words, said)
        k = next(k for k, s in enumerate(said) if words in s)
        # not said over at once by the same turn line without it (a redraw of the turn)
        assert k + 1 == len(said) or said[k + 1] != said[k].replace(f"{words} ", ""), \
            said[k:k + 2]
    # never notation, said or named
    plays = {p for p in played_cards(ann) if len(p) > 1}
    assert plays
    assert notation_in(said, plays) == [], notation_in(said, plays)
    assert notation_in(accessible, plays) == [], notation_in(accessible, plays)


async def test_an_escape_is_said_to_the_others(players: Any, activity: Activity) -> None:
    ann = await seated_with_bob(players, activity, "en")
    await activity.manager.leave(CHANNEL, BOB)  # an escape: the AI plays on for his seat
    await play_deal(ann, activity.manager, longest)
    outcome = last_result(ann)
    bob = outcome["escaper"]
    assert bob is not None and outcome["labels"][bob] == "Bob"
    escape = outcome["escape_text"]
    assert escape and "Bob" in escape and signed(outcome["beans"][bob]) in escape, escape
    said = await ann.announced()
    assert result_said("en", outcome) in said, said[-3:]
    line = next(s for s in said if s.startswith(escape))
    assert f"Bob {signed(outcome['beans'][bob])} (" in line, line
    assert NOTATION.search(line) is None, line

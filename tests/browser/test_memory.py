"""Issue 57 in the page: the lobby says what is missing and offers Start only when a deal
can start, each seat's beans, the card counter against the deal (deck minus hand minus
played minus shown), the tricks, and an error before sign-in in the reader's language."""

from __future__ import annotations

import asyncio
import time
from collections import Counter

import pytest

from bot.engine.cards import RANK_CHARS, counts_of, counts_of_text, make_deck
from tests.web.pages import CHANNEL

from .play import Turns, longest, open_table, play_deal, play_turn, t

pytestmark = pytest.mark.asyncio(loop_scope="session")

ANN = 101


async def test_the_lobby_then_beans_and_the_counter(players, activity) -> None:
    ann = await players(ANN, "Ann")
    await open_table(ann, "happy", ai_seats=1, start=False)
    line = ann.frame.locator(".turnline").first
    assert t("en", "web.missing_one") in await line.inner_text()
    assert await ann.button(t("en", "btn.start")).count() == 0  # it would be refused
    await ann.button(t("en", "btn.addai")).click()
    await ann.wait_frames(lambda: ann.of_type("table") and all(
        not s["empty"] for s in ann.of_type("table")[-1]["table"]["seats"]), "a full table")
    await ann.frame.get_by_text(t("en", "web.ready")).first.wait_for()
    await ann.button(t("en", "btn.start")).click()
    await ann.wait_data(lambda d: d.get("phase") not in (None, ""), what="a deal")
    manager = activity.manager
    table, view = manager.seat_view(CHANNEL, ANN)
    seat = table.seat_of(ANN)
    assert seat is not None and view.balances is not None
    beans = ann.frame.locator(f'.seat[data-seat="{seat}"] .beans').first
    await beans.wait_for()
    assert await beans.get_attribute("data-beans") == str(view.balances[seat])
    # play on until Ann's turn in the play phase: the counter then is the deck's cards
    # not in her hand, not played and not face up in a shown hand
    turns, acted, stake_seen = Turns(), set(), False
    deadline = time.monotonic() + 40
    while True:
        assert time.monotonic() < deadline, "Ann's play turn never came"
        data = await ann.data()
        now = manager.find(CHANNEL)
        if data.get("myTurn") == "true" and now is not None and data.get("seq") == str(now.seq):
            if data.get("phase") == "play":
                break
            if data["seq"] not in acted:
                acted.add(data["seq"])
                you = ann.of_type("table")[-1]["you"]
                if you.get("at_stake"):  # 明牌/加倍: the stake said, the choices neutral
                    stake = ann.frame.locator(".center .stake").first
                    assert await stake.inner_text() == you["at_stake"]
                    risky = ann.frame.locator(".controls button.risky")
                    assert await risky.count() == 2
                    assert await ann.frame.locator(".controls button.primary").count() == 0
                    stake_seen = True
                await play_turn(ann, manager, turns, longest)
        await asyncio.sleep(0.05)
    table, view = manager.seat_view(CHANNEL, ANN)
    deck = list(counts_of(make_deck(view.rules.decks, view.rules.flower)))
    for cards in [view.hand, *(p.cards for _, p in view.plays if p is not None),
                  *(c for s, c in view.shown.items() if s != seat)]:
        for rank, n in enumerate(counts_of_text(cards)):
            deck[rank] -= n
    cells = await ann.frame.locator(".memory .counter .rank").evaluate_all(
        "cells => cells.map(c => [c.dataset.rank, Number(c.dataset.n)])")
    shown = dict(cells)
    assert shown and all(shown[RANK_CHARS[r]] == n for r, n in enumerate(deck)
                         if RANK_CHARS[r] in shown), (shown, deck)
    assert sum(shown.values()) == sum(view.counts) - view.counts[seat] - sum(
        len(c) for s, c in view.shown.items() if s != seat)
    # the bottom cards are read out in words, a card a word, never as notation ("34B")
    assert view.bottom
    label = await ann.frame.locator(".bottom .cardrow").first.get_attribute("aria-label")
    said_cards = (label or "").removeprefix(f"{t('en', 'web.bottom')}: ").split(", ")
    assert len(said_cards) == len(view.bottom), label
    assert not any(c in ("T", "B", "R", view.bottom) for c in said_cards), label
    # the tricks: this trick's plays as the frame lists them
    frame = ann.of_type("table")[-1]["table"]["deal"]
    items = await ann.frame.locator(".memory .trick.now li").count()
    assert items == len(frame["trick"])
    await play_deal(ann, manager, longest)
    said = await ann.announced()
    assert said and stake_seen
    counts = Counter(r for r, _ in cells)
    assert all(v == 1 for v in counts.values())


async def test_an_error_before_sign_in_is_in_chinese(players) -> None:
    cai = await players(103, "Cai", locale="zh-CN", browser_locale="zh-CN", code="nonsense")
    await cai.wait_state("error")
    text = await cai.app.inner_text()
    assert text.startswith("斗地主无法启动"), text
    assert "HTTP" not in text or "服务器" in text

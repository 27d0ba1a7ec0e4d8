"""A turn's hint list (issue 54, flaw 1): worked out once per (deal, turn, seat), off the
event loop, with the same suggestions and reasons as the AI gives."""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import itertools
import threading
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from bot.ai.agent import explain_action
from bot.ai.guards import RISKS, violations
from bot.ai.reasons import Reason
from bot.ai.suggestions import MORE, plays_after
from bot.engine import Game, PlayCards, Rules, reading_of
from bot.tables import TableManager
from bot.words.cards import hint_words
from bot.workers.ai_pool import AiPool

from .helpers import make_manager, open_store, quick_decide, run_until

GUILD, CH, ALICE = 1, 10, 101
Calls = list[tuple[str, int]]


def _count_ai_work(monkeypatch: pytest.MonkeyPatch) -> Calls:
    """Every ranking of the next plays and every reason worked out in this process, with
    the thread that did it (wherever the code under test imports them from)."""
    calls: Calls = []
    modules = [importlib.import_module("bot.ai.suggestions"),
               importlib.import_module("bot.ai.agent")]
    with contextlib.suppress(ImportError):  # before the hint list had a module of its own
        modules.append(importlib.import_module("bot.ai.hint_list"))
    for module in modules:
        for name in ("plays_after", "explain_action"):
            real = getattr(module, name, None)
            if real is None:
                continue

            def counted(*args: Any, _real: Callable[..., Any] = real, _name: str = name,
                        **kwargs: Any) -> Any:
                calls.append((_name, threading.get_ident()))
                return _real(*args, **kwargs)

            monkeypatch.setattr(module, name, counted)
    return calls


def alice_bids_first(variant: str) -> Callable[[], int]:
    """Seeds of deals whose auction Alice (seat 0) opens: with the quick decider she is
    the landlord, and her first play turn is a lead (the longest hint list)."""
    seeds = (s for s in itertools.count(1) if Game.new(Rules.preset(variant), s).auction.first == 0)
    return seeds.__next__


async def _to_play_turn(manager: TableManager, variant: str) -> None:
    """A table of Alice and AI seats, dealt and played until Alice's first play turn
    (Alice answers the auction as the quick decider would)."""
    await manager.create(CH, GUILD, ALICE, "alice", Rules.preset(variant))
    table = manager._tables[CH]
    while not table.is_full:
        await manager.add_ai(CH, ALICE)
    await manager.start(CH, ALICE)
    while True:
        await run_until(lambda: table.game is not None and table.game.to_act == 0
                        and not table.lock.locked())
        assert table.game is not None
        if table.game.phase == "play":
            return
        action = quick_decide(table.game.view(0), "normal", 0)
        await manager.act(CH, ALICE, lambda s, a=action: type(a)(**{**a.__dict__, "seat": s}),
                          seq=table.seq)


async def test_twenty_presses_at_a_turn_work_out_its_list_once(tmp_path, monkeypatch) -> None:
    asked: list[int] = []

    def counting(view, level, seed):
        asked.append(view.action_count)
        return quick_decide(view, level, seed)

    store = await open_store(tmp_path)
    manager, _, _ = make_manager(store, decide=counting, seed_source=alice_bids_first("laizi"))
    try:
        await _to_play_turn(manager, "laizi")
        asked.clear()
        calls = _count_ai_work(monkeypatch)

        async def press() -> tuple[Any, ...]:  # what one Hint press reads: actions, reasons
            hints = await manager.hints(CH, ALICE)
            return tuple([(h, await manager.explain(CH, ALICE, h)) for h in hints])

        pressed = await asyncio.gather(*(press() for _ in range(20)))
        pressed += [await press() for _ in range(5)]
        assert len(set(pressed)) == 1 and len(pressed[0]) > 1
        assert len(asked) == 1, "the AI's first suggestion is asked once"
        rankings = [c for c in calls if c[0] == "plays_after"]
        reasons = [c for c in calls if c[0] == "explain_action"]
        assert len(rankings) == 1, f"the next plays are ranked once, not {len(rankings)}"
        assert len(reasons) == len(pressed[0]), "each suggestion's reason worked out once"
        assert manager.hint_lists.worked == 1
    finally:
        await manager.shutdown()
        await store.close()


async def test_the_list_is_worked_out_off_the_event_loop(tmp_path, monkeypatch) -> None:
    """No AI pool: the list is worked out in a thread (never the event loop's)."""
    store = await open_store(tmp_path)
    manager, _, _ = make_manager(store, decide=quick_decide, ai_in_thread=True,
                                  seed_source=alice_bids_first("laizi"))
    try:
        await _to_play_turn(manager, "laizi")
        calls = _count_ai_work(monkeypatch)
        loop_thread = threading.get_ident()
        hints = await manager.hints(CH, ALICE)
        for hint in hints:
            await manager.explain(CH, ALICE, hint)
        assert await manager.hint_reason(CH, ALICE) is not None or hints
        assert calls, "the list was worked out"
        assert all(thread != loop_thread for _, thread in calls), calls
    finally:
        await manager.shutdown()
        await store.close()


def _unmarked(reason: Reason | None) -> Reason | None:
    """The AI's reason without the risk a kept alternative says (None: the risk alone)."""
    if reason is None or reason.kind in RISKS:
        return None
    return replace(reason, risk="")


@pytest.mark.parametrize("variant", ["classic", "laizi", "four"])
async def test_the_list_is_the_ais_suggestions_with_their_reasons(tmp_path, variant) -> None:
    store = await open_store(tmp_path)
    manager, _, _ = make_manager(store, decide=quick_decide,
                                 seed_source=alice_bids_first(variant))
    try:
        await _to_play_turn(manager, variant)
        table = manager._tables[CH]
        assert table.game is not None
        view = table.game.view(0)
        first = quick_decide(view, table.ai_level, 0)
        chosen = reading_of(first.cards, view.rules, kind=first.kind, main_rank=first.main) \
            if isinstance(first, PlayCards) else None
        more = [PlayCards(0, p.cards, p.kind, p.main_rank)
                for p in plays_after(view, chosen, MORE * 3)]
        # the alternatives that break no guard (issue 55), or all marked risky
        kept = [a for a in more if not violations(view, a)][:MORE] or more[:MORE]
        hints = await manager.suggestions(CH, ALICE)
        assert [h.action for h in hints][1:] == kept
        assert hints[0].action.auto, "the AI's own, as its moves are marked"
        assert hints[0].action == type(first)(**{**first.__dict__, "auto": True})
        assert [_unmarked(h.reason) for h in hints] == \
            [explain_action(view, h.action, table.ai_level) for h in hints]
        for locale in ("en", "zh-CN", "zh-TW"):  # the words from the resolved reading
            assert [hint_words(h.action, locale, view, play=h.play) for h in hints] == \
                [hint_words(h.action, locale, view) for h in hints]
        assert await manager.hint(CH, ALICE) == hints[0].action
        assert await manager.hint_reason(CH, ALICE) == hints[0].reason
    finally:
        await manager.shutdown()
        await store.close()


async def test_not_your_turn_is_no_hint_and_no_work(tmp_path) -> None:
    store = await open_store(tmp_path)
    manager, _, _ = make_manager(store, decide=quick_decide)
    try:
        await _to_play_turn(manager, "classic")
        table = manager._tables[CH]
        assert await manager.hints(CH, ALICE)
        worked = manager.hint_lists.worked
        play = (await manager.hints(CH, ALICE))[0]
        if isinstance(play, PlayCards):
            await manager.play(CH, ALICE, play.cards, kind=play.kind, main=play.main)
        else:
            await manager.pass_turn(CH, ALICE)
        if table.game is not None and table.game.to_act != 0:
            assert await manager.hints(CH, ALICE) == []
            assert await manager.hint(CH, ALICE) is None
            assert manager.hint_lists.worked == worked
    finally:
        await manager.shutdown()
        await store.close()


@pytest.fixture(scope="module")
def pool() -> Any:
    ai = AiPool(1)
    yield ai
    ai.close()


async def test_with_a_pool_the_list_is_worked_out_in_a_worker_once(tmp_path, monkeypatch,
                                                                 pool: AiPool) -> None:
    store = await open_store(tmp_path)
    manager, _, _ = make_manager(store, decide=None, ai_pool=pool,
                                 seed_source=alice_bids_first("laizi"))
    told: list[str] = []
    try:
        await _to_play_turn(manager, "laizi")
        calls = _count_ai_work(monkeypatch)
        pool.on_decided = lambda stage, _seconds: told.append(stage)
        lists = await asyncio.gather(*(manager.suggestions(CH, ALICE) for _ in range(20)))
        assert len(set(lists)) == 1 and lists[0]
        assert told.count("hint_thought") == 1, told
        assert calls == [], "nothing of the list was worked out in the bot's process"
        for hint in lists[0]:
            assert await manager.explain(CH, ALICE, hint.action) == hint.reason
        assert calls == []
        view = manager._tables[CH].game.view(0)
        for hint in lists[0]:  # the reading came back from the worker whole
            assert hint_words(hint.action, "en", view, play=hint.play) == \
                hint_words(hint.action, "en", view)
    finally:
        pool.on_decided = None
        await manager.shutdown()
        await store.close()


async def test_the_autocomplete_ranks_a_turn_once_off_the_loop(monkeypatch) -> None:
    """/ddz play's choices at a 癞子 lead of thousands of plays: ranked once a turn (not
    at every keystroke), in a thread; the same choices as ranked on the loop before."""
    from bot.engine import SeatView
    from bot.words.cards import play_phrase
    from bot.words.names import kind_name
    from cogs.play_choices import PlayChoices

    game = Game.new(Rules.preset("laizi"), 3)
    while game.phase != "play":
        game.apply(quick_decide(game.view(game.to_act), "normal", 0))
    view = game.view(game.to_act)
    plays = view.legal_plays()
    assert len(plays) > 1000, "a hand of many readings"
    first = plays[len(plays) // 2].cards
    threads: list[int] = []
    real = SeatView.legal_plays

    def legal_plays(self: SeatView) -> list[Any]:
        threads.append(threading.get_ident())
        return real(self)

    monkeypatch.setattr(SeatView, "legal_plays", legal_plays)
    choices = PlayChoices()
    for typed in ("", "3", "33", view.hand[-2:], "3" * 5):
        got = await choices.choices(view, first, typed, "en")
        ranked = sorted(plays, key=lambda p: (p.cards != first, p.is_bomb, p.main_index,
                                              -len(p)))
        wanted = [(play_phrase("en", p, kind_name("en", p.kind))[:100],
                   f"{p.cards}|{p.kind}|{p.main_rank}")
                  for p in ranked if not typed or typed in p.cards][:25]
        assert got == wanted, typed
    assert choices.ranked == 1 and len(threads) == 1
    assert threads[0] != threading.get_ident(), "ranked in a thread, not on the loop"

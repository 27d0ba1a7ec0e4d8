"""The AI in worker processes: the same answers as in-process, and a table plays a whole
deal with it."""

from __future__ import annotations

import dataclasses
import os
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from bot.ai.agent import decide
from bot.engine import Game, Rules
from bot.process.app import create_bot
from bot.process.config import ConfigError, Settings
from bot.tables import DealEnded
from bot.workers.ai_pool import (
    AI_NICE,
    BUSY_BUDGET_MS,
    BUSY_QUEUE,
    BUSY_SHARE,
    RUSHED_BUDGET_MS,
    RUSHED_SHARE,
    WORKER_NICE,
    AiPool,
    budget_for,
)

from .helpers import make_manager, open_store, play_out, run_until

GUILD, CH, ALICE = 1, 10, 101


@pytest.fixture(scope="module")
def pool() -> Iterator[AiPool]:
    ai = AiPool(2)
    yield ai
    ai.close()


def _positions(variant: str, seed: int, every: int) -> Iterator[tuple[Game, int]]:
    """Positions of a random self-play game (each ``every``-th decision)."""
    rng = random.Random(seed)
    game = Game.new(Rules.preset(variant), seed)
    n = 0
    while not game.is_over:
        if n % every == 0:
            yield game, game.to_act
        game.apply(rng.choice(game.legal_actions()))
        n += 1


@pytest.mark.parametrize("variant", ["classic", "happy", "laizi", "super", "four"])
async def test_the_pool_answers_as_the_ai_in_process(pool: AiPool, variant: str) -> None:
    compared = 0
    for game, seat in _positions(variant, 3, 4):
        seed = 1000 + len(game.actions)
        # no time limit: a time-bounded search stops where the core's load lets it
        assert await pool.decide(game.view(seat), "normal", seed, None) == \
            decide(game.view(seat), "normal", seed, None), (variant, len(game.actions))
        compared += 1
    assert compared >= 5


async def test_a_table_plays_a_deal_with_the_pool(tmp_path, pool: AiPool) -> None:
    store = await open_store(tmp_path)
    manager, presenter, _ = make_manager(store, decide=None, ai_pool=pool)
    try:
        await manager.create(CH, GUILD, ALICE, "alice", Rules.preset("classic"))
        table = manager._tables[CH]
        while not table.is_full:
            await manager.add_ai(CH, ALICE)
        await manager.start(CH, ALICE)
        told: list[str] = []
        pool.on_decided = lambda stage, _seconds: told.append(stage)
        try:
            await run_until(lambda: table.game is not None and table.game.to_act == 0)
            assert await manager.hint(CH, ALICE) is not None
        finally:
            pool.on_decided = None
        assert "hint_waited" in told  # a person's hint goes before the AI seats' moves
        await play_out(manager, CH, {0: ALICE})
        await run_until(lambda: bool(presenter.of_type(DealEnded)))
        (ended,) = presenter.of_type(DealEnded)
        assert await store.balance(GUILD, ALICE) == 10_000 + ended.result.beans[0]
        assert (await store.check_invariants()).ok
    finally:
        await manager.shutdown()
        await store.close()


@pytest.mark.parametrize(("variable", "pool_of", "field", "bad"), [
    ("DDZ_AI_PROCESSES", lambda bot: bot.manager.turns.ai_pool, "ai_processes", "many"),
    ("DDZ_RENDER_PROCESSES", lambda bot: bot.presenter.pictures, "render_processes", "lots"),
])
async def test_the_bot_works_in_as_many_processes_as_set(
        tmp_path, monkeypatch: pytest.MonkeyPatch, variable: str,
        pool_of: Callable[[Any], Any], field: str, bad: str) -> None:
    """The AI's thinking and the pictures' drawing: each pool as large as its setting."""
    for name in ("DDZ_DATABASE_URL", "DDZ_SHARDS", "DDZ_SHARD_COUNT"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv(variable, "2")
    settings = dataclasses.replace(Settings.from_env(env_file=None), db_path=tmp_path / "a.db")
    bot = await create_bot(settings)
    pool = pool_of(bot)
    assert pool is not None and pool.workers == 2
    await bot.close_store()
    assert pool.closed  # stopped with the bot
    monkeypatch.setenv(variable, "0")
    assert getattr(Settings.from_env(env_file=None), field) == 0  # a thread, as before
    monkeypatch.setenv(variable, bad)
    with pytest.raises(ConfigError, match=variable):
        Settings.from_env(env_file=None)


async def test_a_review_in_a_worker_is_the_review_in_process(pool: AiPool) -> None:
    """``/ddz review`` thinks in the AI's processes when the bot has them: the review
    comes back whole (it pickles) and equal to the one made here."""
    from bot.ai.review import review_deal

    rng = random.Random(2)
    game = Game.new(Rules.preset("classic"), 2)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    there = await pool.run(review_deal, game.log, 1, "normal", 7)
    assert there.decisions and there == review_deal(game.log, 1, "normal", 7)


def test_a_busy_pool_thinks_less() -> None:
    assert budget_for(0, 2, 100) == 100
    assert budget_for(4, 2, 100) == 100  # two waiting a worker: still the full budget
    assert budget_for(5, 2, 100) == BUSY_BUDGET_MS
    assert budget_for(5, 2, None) == BUSY_BUDGET_MS  # no limit asked: limited when busy
    assert budget_for(5, 2, 10) == 10  # never more than asked
    assert budget_for(8, 2, 100) == BUSY_BUDGET_MS
    assert budget_for(9, 2, 100) == RUSHED_BUDGET_MS  # beyond four a worker: less again
    assert budget_for(9, 2, None) == RUSHED_BUDGET_MS
    assert budget_for(9, 2, 3) == 3


def test_a_pool_kept_waiting_for_a_core_thinks_less() -> None:
    """The decisions' queue can be short while the cores are full (pictures, the event
    loop): the share of a core the workers got while they thought hurries the AI too."""
    assert budget_for(0, 2, 100, 1.0) == 100
    assert budget_for(0, 2, 100, BUSY_SHARE) == 100
    assert budget_for(0, 2, 100, BUSY_SHARE - 0.01) == BUSY_BUDGET_MS
    assert budget_for(0, 2, 100, RUSHED_SHARE - 0.01) == RUSHED_BUDGET_MS
    assert budget_for(0, 2, 3, RUSHED_SHARE - 0.01) == 3  # never more than asked
    assert budget_for(0, 2, None, 0.1) is None  # no limit asked: the one exact answer


async def test_the_pool_learns_the_share_of_a_core_its_workers_get(pool: AiPool) -> None:
    fresh = AiPool.__new__(AiPool)  # the bookkeeping alone, no processes
    fresh._cpu = fresh._wall = 0.0
    assert fresh.share == 1.0  # nothing measured yet: nothing to hurry for
    for _ in range(200):
        fresh._took(0.004, 0.010)  # 4 ms of CPU in 10 ms: kept waiting for a core
    assert 0.39 < fresh.share < 0.41
    for _ in range(200):
        fresh._took(0.010, 0.010)
    assert fresh.share > 0.99  # it recovers when the cores are free again
    # the real pool measures its workers: an idle machine gives a decision most of a core
    game, seat = next((g, s) for g, s in _positions("classic", 3, 1) if g.phase == "play")
    for n in range(5):
        await pool.decide(game.view(seat), "normal", n)
    assert 0.0 < pool.share <= 1.0 and pool._wall > 0


async def test_many_decisions_at_once_are_hurried_and_still_legal(pool: AiPool) -> None:
    import asyncio

    game, seat = next((g, s) for g, s in _positions("classic", 3, 1) if g.phase == "play")
    view = game.view(seat)
    before = pool.hurried
    # the share of a core the workers got of late starts at "all" (a loaded machine,
    # as a test run with others, would hurry more of them: not what this counts); all
    # twelve budgets are set before the first answer comes back
    pool._cpu = pool._wall = 0.0
    answers = await asyncio.gather(*(pool.decide(view, "normal", n) for n in range(12)))
    assert pool.in_flight == 0
    assert pool.hurried - before == 12 - 1 - BUSY_QUEUE * pool.workers
    legal = game.legal_actions()
    for action in answers:  # a hurried search still answers with a legal play
        assert action.seat == seat and action in legal


def _scheduling() -> tuple[int, int]:
    return os.sched_getscheduler(0), os.nice(0)


@pytest.mark.skipif(not hasattr(os, "sched_getscheduler"), reason="Linux's scheduler only")
async def test_workers_run_below_the_bot_and_never_take_a_core_on_waking(pool: AiPool) -> None:
    policy, nice = await pool.run(_scheduling)
    assert policy == os.SCHED_BATCH
    assert nice == min(19, os.nice(0) + AI_NICE)  # above the pictures' (WORKER_NICE)
    assert 0 < AI_NICE < WORKER_NICE
    assert os.sched_getscheduler(0) != os.SCHED_BATCH  # the bot's own process is untouched


async def test_a_hint_is_the_same_answer_and_reported_as_a_hint(pool: AiPool) -> None:
    game, seat = next((g, s) for g, s in _positions("classic", 5, 1) if g.phase == "play")
    told: list[tuple[str, float]] = []
    pool.on_decided = lambda stage, seconds: told.append((stage, seconds))
    try:
        hint = await pool.decide(game.view(seat), "normal", 9, None, hint=True)
        seat_move = await pool.decide(game.view(seat), "normal", 9, None)
    finally:
        pool.on_decided = None
    assert hint == seat_move == decide(game.view(seat), "normal", 9, None)
    assert [stage for stage, _ in told] == ["hint_waited", "hint_thought",
                                            "ai_waited", "ai_thought"]
    assert all(seconds >= 0 for _, seconds in told) and told[1][1] > 0

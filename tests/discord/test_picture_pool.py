"""Pictures in worker processes: the same PNG as drawn in-process, and the bot's presenter
draws its hand and table pictures there when it has a pool (DDZ_RENDER_PROCESSES)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from bot.engine import Game, Rules
from bot.workers.picture_pool import PicturePool, draw, draw_first
from render import render_hand, warm_up
from tests.render.helpers import ZH_WORDS


@pytest.fixture(scope="module")
def pool() -> Iterator[PicturePool]:
    pictures = PicturePool(1, warm=warm_up)
    yield pictures
    pictures.close()


async def test_a_worker_draws_the_same_picture(pool: PicturePool) -> None:
    cards = Game.new(Rules.preset("classic"), 5).hand(0)
    here = render_hand(cards, title="17", words=ZH_WORDS)
    assert await pool.draw(render_hand, cards, title="17", words=ZH_WORDS) == here
    assert await draw(None, render_hand, cards, title="17", words=ZH_WORDS) == here  # a thread
    assert await pool.draw_first(render_hand, cards, title="17", words=ZH_WORDS) == here
    assert await draw_first(None, render_hand, cards, title="17", words=ZH_WORDS) == here


class CountingPool(PicturePool):
    def __init__(self) -> None:
        super().__init__(1, warm=warm_up)
        self.drawn: list[str] = []

    async def draw(self, render: Any, /, *args: Any, **kwargs: Any) -> Any:
        self.drawn.append(render.__name__)
        return await super().draw(render, *args, **kwargs)

    async def draw_first(self, render: Any, /, *args: Any, **kwargs: Any) -> Any:
        self.drawn.append(f"first: {render.__name__}")
        return await super().draw_first(render, *args, **kwargs)


async def test_the_presenter_draws_in_its_pool(tmp_path) -> None:
    from cogs.presenter import DiscordPresenter
    from tests.bot.helpers import make_manager, open_store

    store = await open_store(tmp_path)
    manager, _, _ = make_manager(store)
    counting = CountingPool()
    try:
        await manager.create(10, 1, 101, "alice", Rules.preset("classic"))
        for _ in range(2):
            await manager.add_ai(10, 101)
        await manager.start(10, 101)
        table = manager._tables[10]
        presenter = DiscordPresenter(store=store, pictures=counting)
        file, _, _ = await presenter.hand_payload(table.snapshot(), 0, table.game.hand(0), "en")
        # a hand goes before the pictures waiting: its player waits for it alone
        assert counting.drawn == ["first: render_hand"]
        assert file.fp.read().startswith(b"\x89PNG")
        await presenter.table_message(table.snapshot())
        assert counting.drawn == ["first: render_hand", "render_table"]
    finally:
        counting.close()
        await manager.shutdown()
        await store.close()

"""How the bot is put together: collaborators injected, each button's behaviour explicit."""

from __future__ import annotations

import inspect

import pytest

from bot.engine import Rules
from bot.process.app import create_bot
from bot.tables import TableManager
from cogs.controls import HAND_CONTROLS, TABLE_CONTROLS, HandButton, TableButton
from cogs.errors import DdzTree


async def test_create_bot_injects_store_presenter_and_manager(settings) -> None:
    seeds = iter([5, 7])
    bot = await create_bot(settings, seed_source=lambda: next(seeds))
    try:
        assert isinstance(bot.tree, DdzTree), "errors go through the tree subclass"
        assert "on_error" not in vars(bot.tree), "no handler assigned after construction"
        assert bot.presenter.client is bot
        assert not hasattr(bot.presenter, "manager"), "the presenter has no manager"
        assert bot.manager.store is bot.store and bot.manager.presenter is bot.presenter
        opened = await bot.manager.create(1, 1, 10, "ann", Rules.preset("classic"))
        assert opened.owner_id == 10 and opened.seats[0] is not None
        await bot.manager.add_ai(1, 10)
        await bot.manager.add_ai(1, 10)
        await bot.manager.start(1, 10)
        game = bot.manager._tables[1].game  # the live game: the seed is not in a snapshot
        assert game is not None and game.seed == 5, "the injected seed source"
    finally:
        await bot.close_store()


@pytest.mark.parametrize(("item", "controls"), [(TableButton, TABLE_CONTROLS),
                                                 (HandButton, HAND_CONTROLS)])
def test_every_control_is_a_button_and_nothing_else_is(item, controls) -> None:
    template = item.__discord_ui_compiled_template__
    for action in controls:
        button = item(42, action)
        assert template.fullmatch(button.item.custom_id), action
        assert button.control is controls[action]
    prefix = "ddz" if item is TableButton else "ddzh"
    assert template.fullmatch(f"{prefix}:42:frobnicate") is None, "an unknown action"
    with pytest.raises(KeyError):
        item(42, "frobnicate")


def test_each_control_calls_a_manager_method_that_exists() -> None:
    """Each control names its manager call in its code (no ``getattr`` on a custom id's
    text): every ``p.manager.<name>`` in a control is a method of TableManager."""
    import re

    for control in [*TABLE_CONTROLS.values(), *HAND_CONTROLS.values()]:
        source = inspect.getsource(control.run)
        for name in re.findall(r"p\.manager\.(\w+)", source):
            assert callable(getattr(TableManager, name, None)), (control.run.__name__, name)
        assert "getattr" not in source


def test_presenters_hold_no_manager() -> None:
    """The presenters draw from the snapshots the events carry: neither the Discord nor
    the terminal presenter looks a table up (``.tables`` of a manager, ``.manager``)."""
    import re

    from bot.terminal import TerminalPresenter
    from cogs.presenter import DiscordPresenter

    for cls in (DiscordPresenter, TerminalPresenter):
        code = "\n".join(line for line in inspect.getsource(cls).splitlines()
                         if not line.strip().startswith(('"', "#")))
        assert not re.search(r"\bmanager\b", code), cls
        assert "manager" not in inspect.signature(cls).parameters

"""The Discord presenter and the commands are given the store through the Protocol of the
store methods each calls (``mypy --strict`` on every package: tests/test_typed_seams.py)."""

from __future__ import annotations

import typing


def test_the_presenter_and_pings_take_the_store_protocols() -> None:
    from cogs.pings import TurnPings
    from cogs.preferences import Preferences
    from cogs.presenter import DiscordPresenter
    from cogs.readers import PlayerSettings, PresenterStore, SettingsReader

    assert typing.get_type_hints(DiscordPresenter.__init__)["store"] is PresenterStore
    assert typing.get_type_hints(TurnPings.__init__)["settings"] is SettingsReader
    assert typing.get_type_hints(Preferences.__init__)["store"] is PlayerSettings

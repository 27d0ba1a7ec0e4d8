"""Tournaments as the Discord layer looks them up (on every backend): the channel's open
one and its latest, the sign-ups waiting, a player's tournaments, the front-end's notes
kept beside the settings; and the server's tournament role setting."""

from __future__ import annotations

import pytest

from bot.store import InvalidSettingError, Store
from bot.tournaments import TournamentSettings, TournamentStatus

from .helpers import GUILD


async def test_lookups_and_notes(store: Store) -> None:
    for user in (1, 2):
        await store.ensure_player(GUILD, user, f"p{user}")
    first = await store.create_tournament(GUILD, 7, 1, TournamentSettings(
        "Cup", extra={"starts_at": "2026-01-01T00:00:00+00:00"}), seed=1)
    assert (await store.channel_tournament(7)) == first
    assert first.settings.extra["starts_at"].startswith("2026")  # kept with the settings
    noted = await store.note_tournament(first.tournament_id, message_id=99)
    assert noted.settings.extra == {"starts_at": "2026-01-01T00:00:00+00:00",
                                    "message_id": 99}
    assert noted.settings == first.settings  # the settings themselves are unchanged
    assert [t.tournament_id for t in await store.tournaments_in(TournamentStatus.SIGNUP)] == \
        [first.tournament_id]
    await store.join_tournament(first.tournament_id, 2)
    await store.cancel_tournament(first.tournament_id)
    assert await store.channel_tournament(7) is None  # none open
    latest = await store.channel_tournament(7, open_only=False)
    assert latest is not None and latest.status == "cancelled"  # the stored word
    assert latest.status is TournamentStatus.CANCELLED  # read back as its member
    second = await store.create_tournament(GUILD, 7, 1, TournamentSettings("Cup 2"), seed=2)
    await store.join_tournament(second.tournament_id, 2)
    mine = await store.player_tournaments(GUILD, 2)
    assert [t.tournament_id for t in mine] == [second.tournament_id, first.tournament_id]
    assert await store.player_tournaments(GUILD, 1) == []
    assert await store.tournaments_in(TournamentStatus.SIGNUP) == [second]


async def test_the_tournament_role_setting(store: Store) -> None:
    assert (await store.get_settings(GUILD)).tournament_role == 0
    settings = await store.set_guild_setting(GUILD, "tournament_role", "<@&123456>")
    assert settings.tournament_role == 123456
    settings = await store.set_guild_setting(GUILD, "tournament_role", "none")
    assert settings.tournament_role == 0
    with pytest.raises(InvalidSettingError):
        await store.set_guild_setting(GUILD, "tournament_role", "@hosts")
    with pytest.raises(InvalidSettingError):
        await store.set_channel_setting(7, GUILD, "tournament_role", "123")  # per server

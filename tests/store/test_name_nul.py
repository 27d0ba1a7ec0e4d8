"""Issue 54, flaw 11: a name with a NUL, a right-to-left override and zero-width characters
is normalised before it is stored, the same on SQLite and PostgreSQL (where a NUL was a
raw database error): a player's name, a game seat's, a tournament's."""

from __future__ import annotations

from typing import Any

import pytest

from bot.engine import GameLog, Rules
from bot.store import InvalidInputError, Store
from bot.tournaments import TournamentSettings

from .backends import BACKENDS
from .helpers import CHANNEL, GUILD

HOSTILE = "\u200b Ann\x00\u202e  Lee\u200c\ufeff\n"  # NUL, RTL override, zero-width, a break
CLEAN = "Ann Lee"


async def test_a_player_name_with_nul_and_invisible_characters(store: Store) -> None:
    player = await store.ensure_player(GUILD, 7, HOSTILE)
    assert player.name == CLEAN
    stored = await store.get_player(GUILD, 7)
    assert stored is not None and stored.name == CLEAN
    again = await store.ensure_player(GUILD, 7, "Ann\x00 Lee")  # the same name: no update
    assert again.name == CLEAN and again.balance == player.balance


async def test_a_seat_name_with_nul_is_stored_normalised(store: Store) -> None:
    await store.ensure_player(GUILD, 1, "one")
    seats: list[dict[str, Any]] = [{"user_id": 1, "name": HOSTILE},
                                   {"user_id": None, "name": "AI\x00 🤖 Ada"},
                                   {"user_id": None, "name": "AI", "ai_level": "hard"}]
    log = GameLog(Rules.preset("classic"), 5, (10_000, 10**6, 10**6), None)
    record = await store.create_game("nul1", GUILD, CHANNEL, log, seats)
    assert [s.name for s in record.seats] == [CLEAN, "AI 🤖 Ada", "AI"]
    assert [s.name for s in (await store.get_game("nul1")).seats] == [CLEAN, "AI 🤖 Ada", "AI"]


async def test_a_tournament_name_with_nul_is_stored_normalised(store: Store) -> None:
    settings = TournamentSettings("\x00 Spring\u202e\u200b Cup \x00", rounds=1,
                                  deals_per_round=1)
    tour = await store.create_tournament(GUILD, CHANNEL, 1, settings, seed=3)
    assert tour.settings.name == "Spring Cup"
    assert (await store.get_tournament(tour.tournament_id)).settings.name == "Spring Cup"


@pytest.mark.parametrize("name", ["\x00", "\x00\u200b\u202e"])
async def test_a_name_of_nothing_visible_is_refused_clearly(store: Store, name: str) -> None:
    """Not a raw database error (PostgreSQL's on a NUL, SQLite's CHECK): a refusal."""
    with pytest.raises(InvalidInputError) as refused:
        await store.ensure_player(GUILD, 8, name)
    assert refused.value.code == "empty_name"
    assert await store.get_player(GUILD, 8) is None


# SQLite stores a NUL; only PostgreSQL's adapter has this defence (no run without a server,
# and CI always has one)
@pytest.mark.parametrize("backend", [b for b in BACKENDS if b == "postgresql"])
async def test_postgresql_never_sees_a_nul_as_a_raw_error(store: Store) -> None:
    """The defence behind the names' normalisation: text with a NUL that reaches the
    PostgreSQL adapter anyway is a clear refusal, not the server's encoding error."""
    with pytest.raises(InvalidInputError) as refused:
        await store._db.fetch_all("SELECT ?", ("a\x00b",))
    assert refused.value.code == "bad_text"
    with pytest.raises(InvalidInputError):
        async with store._db.transaction() as conn:
            await conn.execute("UPDATE players SET name = ? WHERE user_id = ?", ("x\x00", 1))

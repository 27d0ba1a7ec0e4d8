"""Bad input, all in one table: each call raises a clear StoreError (a ValueError with a
code) and leaves every table, balance and house exactly as it was."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import date

import pytest

from bot.engine import GameLog, Rules
from bot.store import SeatSettlement, Settlement, Store, StoreError

from .helpers import CHANNEL, GUILD, OTHER_GUILD, snapshot

Call = Callable[[Store], Awaitable[object]]

_SETTLED = Settlement("done", GUILD, (
    SeatSettlement(1, 200, 5, 2, "landlord", True),
    SeatSettlement(2, -100, 5, -1, "farmer", False),
    SeatSettlement(3, -100, 5, -1, "farmer", False)))
_OTHER_RESULT = Settlement("done", GUILD, (
    SeatSettlement(1, 400, 5, 4, "landlord", True),
    SeatSettlement(2, -200, 5, -2, "farmer", False),
    SeatSettlement(3, -200, 5, -2, "farmer", False)))

CASES: list[tuple[str, Call, str]] = [
    ("unknown user", lambda s: s.grant(GUILD, 404, 10, "x", 9), "unknown_player"),
    ("unknown guild", lambda s: s.grant(OTHER_GUILD, 1, 10, "x", 9), "unknown_guild"),
    ("unknown guild settle", lambda s: s.settle(Settlement("z", OTHER_GUILD, _SETTLED.seats)),
     "unknown_guild"),
    ("unknown user settle", lambda s: s.settle(Settlement("z", GUILD, (
        SeatSettlement(1, 5, 0, 0, "", False), SeatSettlement(404, -5, 0, 0, "", False)))),
     "unknown_player"),
    ("negative grant", lambda s: s.grant(GUILD, 1, -100, "x", 9), "bad_amount"),
    ("zero grant", lambda s: s.grant(GUILD, 1, 0, "x", 9), "bad_amount"),
    ("oversize name", lambda s: s.ensure_player(GUILD, 9, "名" * 101), "name_too_long"),
    ("empty name", lambda s: s.ensure_player(GUILD, 9, " \t "), "empty_name"),
    ("name not text", lambda s: s.ensure_player(GUILD, 9, None), "bad_name"),  # type: ignore[arg-type]
    ("bad user id", lambda s: s.ensure_player(GUILD, -9, "x"), "bad_id"),
    ("bool guild id", lambda s: s.ensure_player(True, 9, "x"), "not_an_int"),  # type: ignore[arg-type]
    ("reused game id", lambda s: s.settle(_OTHER_RESULT), "settlement_conflict"),
    ("unknown setting", lambda s: s.set_guild_setting(GUILD, "jackpot", 5), "unknown_setting"),
    ("setting range", lambda s: s.set_guild_setting(GUILD, "table_fee", -5),
     "setting_range"),
    ("action gap", lambda s: s.append_action("live", 2, '{"t": "pass", "seat": 0}'),
     "action_gap"),
    ("action duplicate", lambda s: s.append_action("live", 0, '{"t": "pass", "seat": 0}'),
     "action_duplicate"),
    ("negative seq", lambda s: s.append_action("live", -1, "{}"), "bad_seq"),
    ("action unknown game", lambda s: s.append_action("ghost", 0, "{}"), "unknown_game"),
    ("balance below zero", lambda s: s.settle(Settlement("z", GUILD, (
        SeatSettlement(1, 10_000, 0, 0, "", True), SeatSettlement(2, -10_000, 0, 0, "", False))
    )), "insufficient_balance"),
    ("daily twice", lambda s: s.claim_daily(GUILD, 1, date(2025, 1, 1)), "daily_claimed"),
    ("take too much", lambda s: s.take(GUILD, 1, 10**9, "x", 9), "insufficient_balance"),
    ("game id reused", lambda s: s.create_game(
        "live", GUILD, CHANNEL, GameLog(Rules.preset("classic"), 2, (10_000,) * 3),
        [{"user_id": u, "name": f"p{u}"} for u in (1, 2, 3)]), "game_conflict"),
]


@pytest.mark.parametrize(("call", "code"), [(c, code) for _, c, code in CASES],
                         ids=[name for name, _, _ in CASES])
async def test_refused_and_nothing_written(store: Store, players: list[int], call: Call,
                                           code: str) -> None:
    assert await store.settle(_SETTLED)
    await store.claim_daily(GUILD, 1, date(2025, 1, 1))
    await store.create_game("live", GUILD, CHANNEL,
                            GameLog(Rules.preset("classic"), 1, (10_000,) * 3),
                            [{"user_id": u, "name": f"p{u}"} for u in (1, 2, 3)])
    await store.append_action("live", 0, '{"t": "bid", "seat": 0, "points": 1}')
    before = await snapshot(store, (GUILD, OTHER_GUILD))
    with pytest.raises(StoreError) as info:
        await call(store)
    error = info.value
    assert isinstance(error, ValueError)
    assert error.code == code, (error.code, str(error))
    assert str(error) and error.message == str(error)
    assert await snapshot(store, (GUILD, OTHER_GUILD)) == before
    assert (await store.check_invariants()).ok

"""Deal history and the statistics kept with settlements: springs, bombs and rockets,
streaks, the biggest win; the streak and springs boards; short deal ids; the backfill of
migration 008 on deals settled before it."""

from __future__ import annotations

import json
import random

import pytest

from bot.engine import GameLog, Play, Rules
from bot.store import (
    InvalidInputError,
    SeatSettlement,
    Settlement,
    Store,
    UnknownGameError,
    UnknownPlayerError,
)
from bot.store.migrations import MIGRATIONS_DIR, PG_MIGRATIONS_DIR, find_migrations

from .helpers import CHANNEL, GUILD, OTHER_GUILD, play_random


def _deal(game_id: str, winner: int, loser: int, *, beans: int = 100, spring: str = "",
          bombs: int = 0, rockets: int = 0, void: bool = False) -> Settlement:
    """``winner`` is the landlord and wins (or the deal is void for both)."""
    if void:
        seats = (SeatSettlement(winner, 0, 0, 0, "", False),
                 SeatSettlement(loser, 0, 0, 0, "", False))
        return Settlement(game_id, GUILD, seats, '{"outcome": "dissolved"}')
    result = {"outcome": "landlord", "bid": 2, "multiplier": 4, "doubles": [True, False],
              "spring": spring == "spring", "anti_spring": spring == "anti_spring"}
    return Settlement(game_id, GUILD, (
        SeatSettlement(winner, beans, 5, 2, "landlord", True, 0, bombs, rockets, spring),
        SeatSettlement(loser, -beans, 5, -2, "farmer", False, 0, 0, 0, spring)),
        json.dumps(result))


async def test_streaks_springs_bombs_and_the_biggest_win(store: Store) -> None:
    for u in (1, 2):
        await store.ensure_player(GUILD, u, f"p{u}")
    # 1 wins, wins, loses, wins x3 (one void deal inside the run does not break it)
    plan = [(1, 2, {}), (1, 2, {"bombs": 2, "rockets": 1}), (2, 1, {}),
            (1, 2, {"spring": "spring", "beans": 700}), (1, 2, {"void": True}), (1, 2, {}),
            (1, 2, {"beans": 300})]
    for n, (w, lo, kw) in enumerate(plan):
        await store.settle(_deal(f"g{n:02d}", w, lo, **kw))
    one, two = await store.player_stats(GUILD, 1), await store.player_stats(GUILD, 2)
    assert (one.streak, one.best_streak) == (3, 3)
    assert (two.streak, two.best_streak) == (0, 1)
    assert (one.springs, one.anti_springs, one.bombs, one.rockets) == (1, 0, 2, 1)
    assert two.springs == 0  # a spring counts for the side that won it
    assert one.biggest_win == 695 and two.biggest_win == 95  # net of the 5-bean fee
    (await store.check_invariants()).raise_if_broken()
    with pytest.raises(UnknownPlayerError):
        await store.player_stats(GUILD, 9)

    board = await store.leaderboard(GUILD, by="streak")
    assert [(e.user_id, e.best_streak, e.streak) for e in board] == [(1, 3, 3), (2, 1, 0)]
    springs = await store.leaderboard(GUILD, by="springs")
    assert [(e.user_id, e.springs) for e in springs] == [(1, 1)]  # only players with one


async def test_the_audit_sees_a_wrong_counter(store: Store) -> None:
    for u in (1, 2):
        await store.ensure_player(GUILD, u, f"p{u}")
    await store.settle(_deal("g1", 1, 2, bombs=1))
    await store.settle(_deal("g2", 1, 2))
    assert (await store.check_invariants()).ok
    async with store._db.transaction() as conn:
        await conn.execute("UPDATE players SET bombs = 5, best_streak = 4, streak = 4 "
                           "WHERE user_id = 1")
    problems = (await store.check_invariants()).problems
    assert any("statistics" in p and "[0,0,5,0,95]" in p for p in problems)
    assert any("streak and best streak [4,4]" in p and "[2,2]" in p for p in problems)


async def test_history_pages_newest_first(store: Store) -> None:
    for u in (1, 2, 3):
        await store.ensure_player(GUILD, u, f"p{u}")
    rules = Rules.preset("happy")
    await store.create_game("rec1", GUILD, CHANNEL, GameLog(rules, 5, (10_000,) * 3),
                            [{"user_id": 1, "name": "p1"}, {"user_id": 2, "name": "p2"},
                             {"user_id": None, "name": "AI"}])
    await store.settle(Settlement("rec1", GUILD, (
        SeatSettlement(1, -200, 5, -2, "farmer", False),
        SeatSettlement(2, 100, 5, 1, "landlord", True, 0, 1, 0, "anti_spring"),
        SeatSettlement(None, 100, 5, 1, "farmer", True)),
        json.dumps({"outcome": "farmers", "bid": 1, "multiplier": 8,
                    "doubles": [True, False, False]})))
    for n in range(24):
        await store.settle(_deal(f"d{n:02d}", 1, 3))
    page = await store.history(GUILD, 1)
    assert page.total == 25 and page.pages == 3 and len(page) == 10
    assert [e.game_id for e in page] == [f"d{n:02d}" for n in range(23, 13, -1)]
    last = await store.history(GUILD, 1, page=3)
    assert [e.game_id for e in last][-1] == "rec1" and len(last) == 5
    rec = last.entries[-1]
    assert (rec.variant, rec.role, rec.won, rec.bid, rec.multiplier, rec.doubled, rec.beans,
            rec.points, rec.seat) == ("happy", "farmer", False, 1, 8, True, -205, -2, 0)
    plain = page.entries[0]
    assert (plain.variant, plain.role, plain.won, plain.beans, plain.short_id) == (
        "", "landlord", True, 95, "d23")
    assert (await store.history(GUILD, 1, page=4)).entries == ()  # past the end: empty
    assert (await store.history(GUILD, 2)).total == 1
    assert (await store.history(OTHER_GUILD, 1)).total == 0
    for bad in ({"page": 0}, {"per_page": 51}, {"page": "2"}):
        with pytest.raises(InvalidInputError):
            await store.history(GUILD, 1, **bad)  # type: ignore[arg-type]


async def test_deal_ids_are_found_by_their_start_in_their_guild(store: Store) -> None:
    for u in (1, 2):
        await store.ensure_player(GUILD, u, f"p{u}")
        await store.ensure_player(OTHER_GUILD, u, f"p{u}")
    await store.settle(_deal("abcdef0123", 1, 2))
    await store.settle(_deal("abcdef9999", 1, 2))
    await store.settle(_deal("ffff0000aa", 1, 2))
    assert await store.find_deal(GUILD, "ffff") == "ffff0000aa"
    assert await store.find_deal(GUILD, " ABCDEF01 ") == "abcdef0123"
    with pytest.raises(InvalidInputError, match="more than one"):
        await store.find_deal(GUILD, "abcdef")
    for unknown in ("0000", "ab", "abc'; --", "x" * 101):
        with pytest.raises(UnknownGameError):
            await store.find_deal(GUILD, unknown)
    with pytest.raises(UnknownGameError):  # another guild's deal is not found here
        await store.find_deal(OTHER_GUILD, "ffff")


def test_bombs_and_rockets_come_from_the_plays() -> None:
    rules = Rules.preset("classic")
    game = play_random(rules, 3, [10_000] * 3, random.Random(3), escapes=False)
    assert game.result is not None
    plays: list[tuple[int, Play | None]] = [
        (0, Play("bomb", "3", "3333")), (1, Play("rocket", "R", "BR")), (0, None),
        (0, Play("single", "4", "4")), (2, Play("bomb", "5", "5555"))]
    s = Settlement.from_result("x", GUILD, game.result, [1, 2, 3], plays=plays)
    assert [(seat.bombs, seat.rockets) for seat in s.seats] == [(1, 0), (0, 1), (1, 0)]
    assert s.seats[0].spring == ("spring" if game.result.spring else
                                 "anti_spring" if game.result.anti_spring else "")
    plain = Settlement.from_result("x", GUILD, game.result, [1, 2, 3])
    assert all(seat.bombs == seat.rockets == 0 for seat in plain.seats)


async def test_the_backfill_of_migration_008(store: Store) -> None:
    """The counters migration 008 derives for deals settled before it equal the counters
    settlement keeps (bombs and rockets aside: they were not recorded per seat)."""
    rng = random.Random(8)
    for u in (1, 2, 3):
        await store.ensure_player(GUILD, u, f"p{u}")
    for n in range(60):
        w, lo = rng.sample([1, 2, 3], 2)
        await store.settle(_deal(f"g{n:03d}", w, lo, beans=rng.randint(1, 9) * 100,
                                 spring=rng.choice(["", "", "spring", "anti_spring"]),
                                 void=rng.random() < 0.1))
    stats = {u: await store.player_stats(GUILD, u) for u in (1, 2, 3)}
    assert max(s.best_streak for s in stats.values()) >= 2
    folder = PG_MIGRATIONS_DIR if store.backend == "postgresql" else MIGRATIONS_DIR
    migration = next(m for m in find_migrations(folder) if m.version == 8)
    code = ["\n".join(ln for ln in s.splitlines() if not ln.startswith("--"))
            for s in migration.statements]
    backfill = [s for s in code if s.startswith(("UPDATE players", "WITH"))]
    assert len(backfill) == 2
    async with store._db.transaction() as conn:
        await conn.execute("UPDATE players SET springs = 0, anti_springs = 0, streak = 0, "
                           "best_streak = 0, biggest_win = 0")
        for statement in backfill:
            await conn.execute(statement)
    for u in (1, 2, 3):
        assert await store.player_stats(GUILD, u) == stats[u]

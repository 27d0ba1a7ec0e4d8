"""Ranks and leaderboards: ordering, ties, paging, the win-rate minimum, no house."""

from __future__ import annotations

import pytest

from bot.store import InvalidInputError, SeatSettlement, Settlement, Store, UnknownPlayerError

from .helpers import GUILD, OTHER_GUILD


async def _game(store: Store, game_id: str, winner: int, loser: int, beans: int,
                points: int) -> None:
    await store.settle(Settlement(game_id, GUILD, (
        SeatSettlement(winner, beans, 0, points, "landlord", True),
        SeatSettlement(loser, -beans, 0, -points, "farmer", False),
        SeatSettlement(None, 0, 0, 0, "farmer", False))))


async def test_boards_and_ranks(store: Store) -> None:
    for u in range(1, 26):
        await store.ensure_player(GUILD, u, f"p{u:02d}")
    await store.ensure_player(OTHER_GUILD, 1, "elsewhere")
    await store.grant(GUILD, 25, 5_000, "rich", 1)
    for i in range(6):  # 3 wins 6 of 6; 4 loses 6
        await _game(store, f"a{i}", 3, 4, 100, 150)
    for i in range(5):  # 5 wins 4 of 5 against 6
        await _game(store, f"b{i}", 5 if i < 4 else 6, 6 if i < 4 else 5, 10, 20)

    by_balance = await store.leaderboard(GUILD)
    # 25 players exactly: the house account is never on a board
    assert by_balance.total == 25 and by_balance.pages == 3 and len(by_balance) == 10
    assert [e.user_id for e in by_balance][:3] == [25, 3, 5]
    assert [e.position for e in by_balance] == [1, 2, 3, 4, 4, 4, 4, 4, 4, 4], \
        "equal balances share a position (the 10,000 of each untouched player)"
    last = await store.leaderboard(GUILD, page=3)
    assert [e.position for e in last] == [4, 4, 4, 24, 25] and last.entries[-1].user_id == 4
    assert (await store.leaderboard(GUILD, page=4)).entries == ()

    by_points = await store.leaderboard(GUILD, by="points", per_page=3)
    assert [(e.user_id, e.points) for e in by_points] == [(3, 900), (5, 60), (1, 0)]
    assert by_points.entries[0].level.name == "渔夫"  # 900 points: level 6

    by_rate = await store.leaderboard(GUILD, by="winrate")
    assert [(e.user_id, e.win_rate) for e in by_rate] == [(3, 1.0), (5, 0.8), (6, 0.2),
                                                         (4, 0.0)]
    assert by_rate.total == 4  # players with at least 5 games
    assert (await store.leaderboard(GUILD, by="winrate", min_games=6)).total == 2

    top = await store.rank(GUILD, 3)
    assert (top.position, top.players, top.level_number, top.level_name) == (1, 25, 6, "渔夫")
    assert top.to_next == 100 and top.progress == pytest.approx(0.5)
    tied = [await store.rank(GUILD, u) for u in (1, 2, 7)]
    assert {r.position for r in tied} == {3}  # 0 points each, after 900 and 60
    bottom = await store.rank(GUILD, 4)
    assert bottom.position == 25 and bottom.level_number == 1
    with pytest.raises(UnknownPlayerError):
        await store.rank(GUILD, 99)


@pytest.mark.parametrize(("kwargs"), [
    {"by": "beans"}, {"page": 0}, {"per_page": 0}, {"per_page": 101}, {"page": "2"},
    {"min_games": -1},
])
async def test_bad_board_requests(store: Store, kwargs: dict[str, object]) -> None:
    with pytest.raises(InvalidInputError):
        await store.leaderboard(GUILD, **kwargs)  # type: ignore[arg-type]

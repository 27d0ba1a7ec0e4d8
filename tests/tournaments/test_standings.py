"""Standings: points, then the stated tie-breaks; AI seats and strangers not ranked."""

from __future__ import annotations

from bot.tournaments import SeatScore, standings, tied_groups


def _deal(*seats: tuple[int | None, int, str, bool]) -> list[SeatScore]:
    return [SeatScore(*s) for s in seats]


def test_points_then_landlord_wins_then_farmer_wins_then_fewer_landlord_deals() -> None:
    deals = [
        _deal((1, 4, "landlord", True), (2, -2, "farmer", False), (3, -2, "farmer", False)),
        _deal((4, 2, "farmer", True), (5, 2, "farmer", True), (6, -4, "landlord", False)),
        _deal((2, 6, "landlord", True), (4, 0, "farmer", False), (None, -6, "farmer", False)),
    ]
    table = standings([1, 2, 3, 4, 5, 6], deals)
    # 1 and 2: 4 points, one landlord win in one landlord deal, no farmer win: tied, the
    # earlier entrant listed first; 4 and 5 likewise with one farmer win each
    assert [(s.user_id, s.points, s.rank) for s in table] == [
        (1, 4, 1), (2, 4, 1), (4, 2, 3), (5, 2, 3), (3, -2, 5), (6, -4, 6)]
    assert [s.deals for s in table] == [1, 2, 2, 1, 1, 1]


def test_tie_break_order() -> None:
    a = _deal((1, 2, "landlord", True), (2, -1, "farmer", False), (3, -1, "farmer", False))
    b = _deal((4, 2, "farmer", True), (5, 0, "farmer", True), (6, -2, "landlord", False))
    table = standings([4, 1, 2, 3, 5, 6], [a, b])
    # 1 and 4 both 2 points: 1 won as landlord → ahead
    assert [s.user_id for s in table][:2] == [1, 4]
    c = _deal((7, 3, "landlord", False), (8, 0, "farmer", False), (9, 0, "farmer", False))
    d = _deal((8, 3, "landlord", False), (7, 0, "farmer", False), (9, 0, "farmer", False))
    e = _deal((8, 0, "landlord", False), (7, 0, "farmer", False), (9, 0, "farmer", False))
    # 7 and 8: 3 points, no wins; 7 played landlord once, 8 twice: 7 ahead
    table = standings([8, 7], [c, d, e])
    assert [(s.user_id, s.rank, s.landlord_deals) for s in table] == [(7, 1, 1), (8, 2, 2)]


def test_full_ties_share_a_rank_and_list_the_earlier_entrant_first() -> None:
    deal = _deal((3, 0, "", False), (1, 0, "", False), (2, 0, "", False))
    table = standings([2, 3, 1], [deal])
    assert [(s.user_id, s.rank) for s in table] == [(2, 1), (3, 1), (1, 1)]
    assert tied_groups(table) == [[2, 3, 1]]
    assert all(s.deals == 1 for s in table)


def test_entrants_without_deals_are_ranked_last_with_zero() -> None:
    deal = _deal((1, -2, "farmer", False), (2, 4, "landlord", True), (None, -2, "farmer", False))
    table = standings([1, 2, 3, 99], [deal])
    assert [(s.user_id, s.points) for s in table] == [(2, 4), (3, 0), (99, 0), (1, -2)]
    assert tied_groups(table) == [[2], [3, 99], [1]]

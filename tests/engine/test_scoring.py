"""The worked examples of docs/rules.md §6.5, and the settlement arithmetic around them."""

from __future__ import annotations

from bot.engine import Rules
from bot.engine.scoring import (
    Tally,
    apply_cap,
    escape_points,
    farmer_stakes,
    multiplier,
    settle,
    settle_escape,
    split,
)


def _beans(points, transfers, fees):
    return [t - f for t, f in zip(transfers, fees, strict=True)]


def test_example_1_the_seeds_example() -> None:
    """N = 1000, A = 50, X = 6 per farmer, landlord wins: +11950 / −6050 / −6050 / +150."""
    rules = Rules.preset("happy", N=1000, A=50)
    tally = Tally(grabs=1, show=3)  # 发牌明牌 ×3 and one grab ×2
    stakes = farmer_stakes(rules, bid=1, tally=tally, landlord_doubled=False,
                           farmers_doubled=[False, False])
    assert stakes == [6, 6]
    points, transfers, fees, _ = settle(rules, landlord=0, landlord_won=True, stakes=stakes,
                                     balances=None)
    assert points == [12, -6, -6]
    assert _beans(points, transfers, fees) == [11950, -6050, -6050]
    assert sum(fees) == 150


def test_example_2_classic_spring() -> None:
    rules = Rules.preset("classic")
    tally = Tally(bombs=1, rockets=1, spring=True)
    stakes = farmer_stakes(rules, bid=2, tally=tally, landlord_doubled=False,
                           farmers_doubled=[False, False])
    assert stakes == [16, 16]
    points, transfers, fees, _ = settle(rules, landlord=1, landlord_won=True, stakes=stakes,
                                     balances=None)
    assert points == [-16, 32, -16]
    assert _beans(points, transfers, fees) == [-1605, 3195, -1605]
    assert sum(fees) == 15


def test_example_3_four_farmers_win() -> None:
    rules = Rules.preset("four")
    tally = Tally(bombs=2)  # a 6-card and a 4-card bomb: ×2 each, any size
    stakes = farmer_stakes(rules, bid=3, tally=tally, landlord_doubled=False,
                           farmers_doubled=[False] * 3)
    assert stakes == [12, 12, 12]
    points, transfers, fees, _ = settle(rules, landlord=0, landlord_won=False, stakes=stakes,
                                     balances=None)
    assert points == [-36, 12, 12, 12]
    assert _beans(points, transfers, fees) == [-3605, 1195, 1195, 1195]
    assert sum(fees) == 20


def test_example_4_super_with_cap() -> None:
    rules = Rules.preset("super", N=10)
    tally = Tally(super_bombs=1, bombs=1, spring=True)
    assert multiplier(rules, tally)[0] == 12
    stakes = farmer_stakes(rules, bid=2, tally=tally, landlord_doubled=False,
                           farmers_doubled=[False, False])
    assert stakes == [24, 24]
    points, transfers, fees, _ = settle(rules, landlord=2, landlord_won=True, stakes=stakes,
                                     balances=None)
    assert points == [-24, -24, 48]
    assert _beans(points, transfers, fees) == [-240, -240, 456]
    assert sum(fees) == 24
    capped, parts = multiplier(rules, Tally(super_bombs=1, bombs=3, spring=True))
    assert capped == 24 and ("cap", 24, 0) in parts


def test_example_5_pairwise_doubling() -> None:
    rules = Rules.preset("happy")
    stakes = farmer_stakes(rules, bid=1, tally=Tally(grabs=2), landlord_doubled=True,
                           farmers_doubled=[True, False])
    assert stakes == [16, 8]
    points, _, _, _ = settle(rules, landlord=0, landlord_won=False, stakes=stakes, balances=None)
    assert points == [-24, 16, 8]


def test_example_6_laizi_cap() -> None:
    assert apply_cap([12800, 6400], 10000) == [6666, 3334]
    rules = Rules.preset("laizi")
    # M = 2^14 x 4 (show) with farmer 1 doubling: far beyond the cap
    stakes = farmer_stakes(rules, bid=1, tally=Tally(soft_bombs=12, grabs=2, show=4),
                           landlord_doubled=False, farmers_doubled=[True, False])
    assert sum(stakes) == 10000
    assert stakes == [6666, 3334]


def test_example_7_floors() -> None:
    rules = Rules.preset("happy", A=50)
    # landlord 0 wins, S_1 = S_2 = 6000 (x = 60 points at N = 100)
    points, transfers, fees, _ = settle(rules, landlord=0, landlord_won=True, stakes=[60, 60],
                                     balances=(7000, 2500, 9000))
    assert transfers == [7000, -2500 + 441, -6000 + 1059]
    assert _beans(points, transfers, fees) == [6950, -2109, -4991]
    assert sum(fees) == 150


def test_example_8_happy_escape() -> None:
    rules = Rules.preset("happy", N=1000)
    assert escape_points(rules, m_esc=8, escaper_is_landlord=False) == 10
    points, transfers, fees, _ = settle_escape(rules, escaper=1, landlord=0, m_esc=8,
                                            balances=None)
    assert points == [10, -10, 0]
    assert transfers == [10000, -10000, 0]
    assert fees == [0, 5, 0]
    assert escape_points(rules, m_esc=16, escaper_is_landlord=False) == 32
    assert escape_points(rules, m_esc=10, escaper_is_landlord=False) == 20  # ≥ 10 branch
    assert escape_points(rules, m_esc=9, escaper_is_landlord=True) == 20
    assert escape_points(rules, m_esc=12, escaper_is_landlord=True) == 48


def test_example_9_super_escape() -> None:
    rules = Rules.preset("super", N=10)
    points, transfers, fees, _ = settle(rules, landlord=0, landlord_won=True, stakes=[24, 24],
                                     balances=None, escaper=1)
    assert transfers == [480, -480, 0]
    assert fees == [24, 30, 0]
    assert settle(rules, landlord=0, landlord_won=True, stakes=[24, 24], balances=None,
                  escaper=1).penalties == [0, 30, 0]
    assert _beans(points, transfers, fees) == [456, -510, 0]
    assert points == [48, -48 - 3, 0]


def test_landlord_escape_pays_farmers_half_each() -> None:
    rules = Rules.preset("happy", N=100)
    points, transfers, fees, _ = settle_escape(rules, escaper=0, landlord=0, m_esc=3,
                                            balances=None)
    assert points == [-20, 10, 10]
    assert transfers == [-2000, 1000, 1000]
    assert fees == [5, 0, 0]


def test_escape_before_landlord_goes_to_house() -> None:
    rules = Rules.preset("laizi", N=100, laizi_coef=2)
    points, transfers, fees, _ = settle_escape(rules, escaper=2, landlord=None, m_esc=1,
                                            balances=(5000, 5000, 1500))
    assert points == [0, 0, -20]
    assert transfers == [0, 0, 0]
    assert fees == [0, 0, 1500]  # 2000 owed, capped at the balance; nothing left for A


def test_farmers_win_with_floors() -> None:
    rules = Rules.preset("classic", A=5)
    # landlord holds 900, owes 2 x 1000; farmer 2 brought only 100
    _, transfers, fees, _ = settle(rules, landlord=0, landlord_won=False, stakes=[10, 10],
                                balances=(900, 5000, 100))
    assert transfers[0] == -900 + 350  # shares 450 / 450; farmer 2 keeps 100
    assert transfers[1:] == [450, 100]
    assert sum(transfers) == 0
    assert fees == [5, 5, 5]


def test_split_is_exact() -> None:
    assert split(1500, [2500, 6000]) == [441, 1059]
    assert split(7, [1, 1, 1]) == [2, 2, 3]
    assert sum(split(1001, [3, 5, 7])) == 1001


def test_deal_cap_takes_the_smaller_cap() -> None:
    rules = Rules.preset("laizi", deal_cap=5000)
    stakes = farmer_stakes(rules, bid=1, tally=Tally(hard_bombs=8), landlord_doubled=False,
                           farmers_doubled=[False, False])
    assert stakes == [2500, 2500]
    rules = Rules.preset("classic", deal_cap=10)
    stakes = farmer_stakes(rules, bid=3, tally=Tally(bombs=1), landlord_doubled=False,
                           farmers_doubled=[False, False])
    assert stakes == [5, 5]


def test_four_refunds_never_exceed_what_a_farmer_paid() -> None:
    """docs/rules.md §6.3 (issue 12, bug 6): the refund remainder goes one bean at a time, from
    next(landlord), to the farmers still below what they paid; before, the last farmer
    took it and got 2 back for the 1 he paid."""
    rules = Rules.preset("four")
    _, transfers, _, _ = settle(rules, landlord=0, landlord_won=True, stakes=[6, 6, 6],
                                balances=(50, 1001, 1, 1))
    assert transfers == [50, -49, 0, -1]
    # the worked example (stakes in beans: N = 1): L 50 collects all, L 5 refunds 3, 0, 0
    one = Rules.preset("four", N=1)
    assert settle(one, landlord=0, landlord_won=True, stakes=[6, 6, 6],
                  balances=(50, 1001, 1, 1)).transfers == [8, -6, -1, -1]
    assert settle(one, landlord=0, landlord_won=True, stakes=[6, 6, 6],
                  balances=(5, 1001, 1, 1)).transfers == [5, -3, -1, -1]


def test_no_refund_exceeds_a_payment_in_random_four_settlements() -> None:
    import random

    rng = random.Random(12)
    rules = Rules.preset("four")
    for _ in range(20_000):
        stakes = [rng.randint(1, 40) for _ in range(3)]
        balances = tuple(rng.choice((0, 1, 2, 3, 50, 700, 5000)) for _ in range(4))
        landlord = rng.randrange(4)
        _, transfers, _, _ = settle(rules, landlord=landlord, landlord_won=True,
                                    stakes=stakes, balances=balances)
        assert sum(transfers) == 0
        for k in range(1, 4):
            assert transfers[(landlord + k) % 4] <= 0, (stakes, balances, transfers)

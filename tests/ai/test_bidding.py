"""The decisions before play return valid values and follow hand strength."""

from __future__ import annotations

import math
import random

import pytest

from bot.ai.bidding import (
    ShowChoice,
    choose_bid,
    choose_call,
    choose_double,
    choose_grab,
    choose_show,
    farmer_odds,
    landlord_odds,
    show_factor,
)
from bot.engine import Rules
from bot.engine.cards import make_deck, text_of

STRONG = "3456789TJQKA2222BR"[:17]
WEAK = "34458899TJJQKKA23"


@pytest.mark.parametrize("variant", ["classic", "four", "super"])
def test_points_bids_are_valid(variant: str) -> None:
    rules = Rules.preset(variant)
    rng = random.Random(1)
    for _ in range(30):
        deck = make_deck(rules.decks, rules.flower)
        rng.shuffle(deck)
        hand = text_of(deck[:rules.hand_size])
        for high in range(4):
            bids = [(0, high)] if high else []
            bid = choose_bid(rules, hand, bids)
            assert bid == 0 or high < bid <= 3


def test_bids_follow_strength() -> None:
    rules = Rules.preset("classic")
    assert choose_bid(rules, "22223333AAAABRKKK"[:17]) == 3
    assert choose_bid(rules, WEAK) == 0
    assert landlord_odds(rules, STRONG) > landlord_odds(rules, WEAK)
    # the last bidder of an all-pass round takes a middling hand rather than a redeal
    middling = "3344667899TJQQKA5"
    assert choose_bid(rules, middling) == 0
    assert choose_bid(rules, middling, [(1, 0), (2, 0)]) == 1


@pytest.mark.parametrize("variant", ["happy", "laizi"])
def test_call_and_grab_are_booleans(variant: str) -> None:
    rules = Rules.preset(variant)
    assert choose_call(rules, "22223333AAAABRKKK") is True
    assert choose_call(rules, WEAK) is False
    for grabs in range(3):
        assert isinstance(choose_grab(rules, STRONG, grabs), bool)
    assert choose_grab(rules, WEAK) is False


def test_last_caller_takes_a_middling_hand_rather_than_a_redeal() -> None:
    rules = Rules.preset("happy")
    middling = "3344667899TJQQKA5"
    assert choose_call(rules, middling) is False
    assert choose_call(rules, middling, declined=1) is False
    assert choose_call(rules, middling, declined=2) is True
    assert choose_call(rules, WEAK, declined=2) is False  # a weak hand still declines


def test_show_choices_and_factors() -> None:
    rules = Rules.preset("happy")
    start = choose_show(rules, "", "start")
    assert start == ShowChoice(False, 5)
    assert choose_show(rules, "3456789T", "deal").factor == 4
    assert choose_show(rules, "3456789TJ", "deal").factor == 3
    landlord = choose_show(rules, "22223333AAAABRKKKQQQ", "landlord")
    assert landlord.factor == 2 and landlord.show is True
    assert choose_show(rules, WEAK + "456", "landlord").show is False
    assert show_factor(rules, "landlord", 20) == 2
    with pytest.raises(ValueError):
        show_factor(rules, "later", 3)


def test_double_choices() -> None:
    rules = Rules.preset("laizi", laizi="9")
    assert choose_double(rules, "22223333AAAABRKKKQQQ", True) is True
    assert choose_double(rules, WEAK + "456", True) is False
    assert isinstance(choose_double(rules, STRONG, False, "BR2"), bool)
    assert 0.0 < farmer_odds(rules, STRONG, "345") < 1.0


def test_points_bids_weigh_the_stake() -> None:
    from bot.ai.bidding import STAKE_RISK, bid_for_points
    bids = [bid_for_points(x / 1000) for x in range(0, 1001)]
    assert bids == sorted(bids) and bids[0] == 0 and bids[-1] == 3  # stronger, higher
    for p in (0.4, 0.51, 0.55, 0.58, 0.59, 0.61, 0.7):
        k = bid_for_points(p)
        # the bid is the best of the four by expected points less the stake's charge
        best = max(j * (2 * p - 1) - STAKE_RISK * j * j for j in range(4))
        assert math.isclose(k * (2 * p - 1) - STAKE_RISK * k * k, best)
    assert (bid_for_points(0.51), bid_for_points(0.55), bid_for_points(0.59),
            bid_for_points(0.61)) == (0, 1, 2, 3)

"""The card parser: every spelling users type, and precise errors."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.engine import CardsNotHeldError, InvalidCardsError, Rules, format_cards, parse_cards
from bot.engine.cards import RANK_CHARS, make_deck, sort_text, text_of


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("33344", "33344"),
        ("3 3 3 4 4", "33344"),
        ("4,3,3 ,3 4", "33344"),
        ("10 J q K a 2", "TJQKA2"),
        ("10jqka", "TJQKA"),
        ("t", "T"),
        ("小王 大王", "BR"),
        ("大王小王", "BR"),
        ("b r", "BR"),
        ("small joker, big joker", "BR"),
        ("jokers", "BR"),
        ("王炸", "BR"),
        ("花 3 3", "33F"),
        ("flower", "F"),
        ("３３４", "334"),  # full-width digits
        ("♠3 ♥3", "33"),
        ("3，4、5；6/7", "34567"),
    ],
)
def test_spellings(text: str, expected: str) -> None:
    assert parse_cards(text) == expected


@pytest.mark.parametrize(
    ("text", "token"),
    [("33x4", "x4"), ("3 z 4", "z"), ("1 2", "1"), ("3 11", "11"), ("hello", "hello")],
)
def test_unknown_token_is_named(text: str, token: str) -> None:
    with pytest.raises(InvalidCardsError) as err:
        parse_cards(text)
    assert err.value.code == "unknown_token"
    assert err.value.params["token"] == token
    assert repr(token) in str(err.value)


def test_empty_input() -> None:
    with pytest.raises(InvalidCardsError) as err:
        parse_cards(" , ")
    assert err.value.code == "empty"


def test_hand_check_names_the_missing_card() -> None:
    hand = "3345677"
    assert parse_cards("77", hand=hand) == "77"
    with pytest.raises(CardsNotHeldError) as err:
        parse_cards("777", hand=hand)
    assert str(err.value).startswith("you have no third 7")
    assert err.value.params == {"card": "7", "held": 2, "wanted": 3, "text": "777"}
    with pytest.raises(CardsNotHeldError, match="you have no 8"):
        parse_cards("8", hand=hand)
    with pytest.raises(CardsNotHeldError, match="you have no second 4"):
        parse_cards("4 4", hand=hand)


def test_lone_joker_word_uses_the_hand() -> None:
    assert parse_cards("joker", hand="34R") == "R"
    assert parse_cards("joker", hand="34B") == "B"
    with pytest.raises(InvalidCardsError) as err:
        parse_cards("joker", hand="BR")
    assert err.value.code == "ambiguous_joker"
    with pytest.raises(CardsNotHeldError):
        parse_cards("joker", hand="345")


def test_deck_limits_per_variant() -> None:
    with pytest.raises(InvalidCardsError) as err:
        parse_cards("3F", rules=Rules.preset("classic"))
    assert err.value.code == "no_flower"
    assert parse_cards("3F", rules=Rules.preset("super")) == "3F"
    with pytest.raises(InvalidCardsError) as err:
        parse_cards("33333", rules=Rules.preset("happy"))
    assert err.value.code == "too_many"
    assert parse_cards("33333", rules=Rules.preset("four")) == "33333"
    with pytest.raises(InvalidCardsError):
        parse_cards("BBB", rules=Rules.preset("four"))


@given(st.lists(st.sampled_from(list(RANK_CHARS)), min_size=1, max_size=40))
def test_parse_format_round_trip(chars: list[str]) -> None:
    text = sort_text("".join(chars))
    assert parse_cards(format_cards(text)) == text
    assert parse_cards(format_cards(text, spaced=True)) == text
    assert parse_cards(",".join(chars)) == text


@given(st.randoms(use_true_random=False))
def test_format_of_cards(rng) -> None:
    deck = make_deck(2, True)
    hand = rng.sample(deck, 20)
    assert parse_cards(format_cards(hand)) == text_of(hand)

"""legal_plays against its definition, and properties of plays and comparison."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import Rules, beats, legal_plays, readings
from bot.engine.cards import counts_of_text

from .helpers import brute_legal, random_hand

CASES = [
    ("classic", None, 12, 0),
    ("happy", None, 12, 0),
    ("laizi", "7", 10, 2),
    ("laizi", "3", 10, 4),
    ("laizi", "2", 10, 1),
    ("super", None, 12, 1),
    ("super", None, 12, 0),
    ("four", None, 12, 0),
]


def _rules(variant: str, laizi: str | None) -> Rules:
    return Rules.preset(variant, **({"laizi": laizi} if laizi else {}))


@pytest.mark.parametrize(("variant", "laizi", "size", "wilds"), CASES)
@pytest.mark.parametrize("seed", range(4))
def test_matches_brute_force(variant: str, laizi: str | None, size: int, wilds: int,
                             seed: int) -> None:
    """legal_plays == every reading of every sub-multiset, filtered by beats."""
    rules = _rules(variant, laizi)
    rng = random.Random(f"{variant}{laizi}{seed}")
    for round_ in range(3):
        hand = random_hand(rules, size, rng, wilds=wilds, heavy=round_ % 2 == 0)
        got = [p.key for p in legal_plays(hand, None, rules)]
        assert len(got) == len(set(got)), "results are distinct"
        assert set(got) == brute_legal(hand, None, rules), hand
        other = random_hand(rules, size, rng, wilds=0, heavy=True)
        options = legal_plays(other, None, rules)
        last = rng.choice(options)
        got = {p.key for p in legal_plays(hand, last, rules)}
        assert got == brute_legal(hand, last, rules), (hand, last)


def test_four_player_landlord_hand_answers() -> None:
    """A 33-card four hand: every answer is checked against readings and beats."""
    rules = Rules.preset("four")
    rng = random.Random(5)
    for _ in range(5):
        hand = random_hand(rules, 33, rng, heavy=True)
        for last in rng.sample(legal_plays(random_hand(rules, 25, rng), None, rules), 10):
            for play in legal_plays(hand, last, rules):
                assert beats(play, last, rules)
                assert play in readings(play.cards, rules)


@st.composite
def hand_and_rules(draw):
    variant = draw(st.sampled_from(["classic", "happy", "laizi", "super", "four"]))
    laizi = draw(st.sampled_from("3456789TJQKA2")) if variant == "laizi" else None
    rules = _rules(variant, laizi)
    size = draw(st.integers(1, 20))
    rng = random.Random(draw(st.integers(0, 10**9)))
    wilds = draw(st.integers(0, 4 if laizi else 1)) if rules.has_wilds else 0
    return rules, random_hand(rules, size, rng, wilds=min(wilds, size))


@settings(max_examples=60, deadline=None)
@given(hand_and_rules())
def test_plays_use_only_held_cards_and_read_back(data) -> None:
    rules, hand = data
    held = counts_of_text(hand)
    for play in legal_plays(hand, None, rules):
        used = counts_of_text(play.cards)
        assert all(u <= h for u, h in zip(used, held, strict=True)), (hand, play)
        assert play in readings(play.cards, rules), play
        # the representative wild assignment is itself a reading of the resolved cards
        assert len(play.resolved) == len(play.cards)


@settings(max_examples=60, deadline=None)
@given(hand_and_rules(), st.randoms(use_true_random=False))
def test_beats_is_irreflexive_and_antisymmetric(data, rng) -> None:
    rules, hand = data
    plays = legal_plays(hand, None, rules)
    sample = rng.sample(plays, min(len(plays), 25))
    for a in sample:
        assert not beats(a, a, rules)
        for b in sample:
            assert not (beats(a, b, rules) and beats(b, a, rules)), (a, b)


def test_no_strand_rule() -> None:
    rules = Rules.preset("super")
    assert [p.cards for p in legal_plays("3F", None, rules)] == ["3F"]  # not "3" alone
    plays = {p.cards for p in legal_plays("55F", None, rules)}
    assert "55" not in plays  # would leave the flower alone
    assert {"5", "5F", "55F"} <= plays
    assert "55" in {p.cards for p in legal_plays("55F4", None, rules)}


_NATURAL_KIND = {"soft_bomb": "bomb", "hard_bomb": "bomb", "laizi_bomb": "bomb"}


@settings(max_examples=80, deadline=None)
@given(hand_and_rules())
def test_wild_cards_stand_for_a_reading_of_the_same_kind(data) -> None:
    """Read with every wild card replaced by what it stands for, a play is a natural play
    of the same kind and main rank (a super bomb, four and the flower, has no natural
    form)."""
    rules, hand = data
    natural = Rules.preset("classic")
    for play in legal_plays(hand, None, rules):
        if not play.wild_as or play.kind == "super_bomb":
            continue
        assert len(play.wild_as) == play.cards.count(play.wild), play
        kind = _NATURAL_KIND.get(play.kind, play.kind)
        found = {(r.kind, r.main_rank) for r in readings(play.resolved, natural)}
        assert (kind, play.main_rank) in found, (hand, play, play.resolved, found)

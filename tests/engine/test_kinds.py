"""The table of play kinds (bot/engine/kinds.py) says what the readings do: each run's
fewest ranks and cards per rank, each kind's unit, each variant's kinds and bombs."""

from __future__ import annotations

import pytest

from bot.engine import VARIANTS, Rules, readings
from bot.engine.kinds import (
    BOMB_CLASSES,
    BOMB_FACTORS,
    BOMB_KINDS,
    KINDS,
    PLAIN_RUNS,
    RUN_CARDS,
    RUN_MIN,
    UNIT,
    VARIANT_KINDS,
)
from bot.engine.scoring import bomb_factor

RANKS = "3456789TJQKA"


def _kinds_of(cards: str, rules: Rules) -> set[str]:
    return {p.kind for p in readings(cards, rules)}


@pytest.mark.parametrize("kind", PLAIN_RUNS)
def test_a_run_is_as_short_as_the_table_says(kind: str) -> None:
    rules = Rules.preset("classic")
    shortest = "".join(r * UNIT[kind] for r in RANKS[:RUN_MIN[kind]])
    assert kind in _kinds_of(shortest, rules)
    assert kind not in _kinds_of(shortest[:-UNIT[kind]], rules)
    assert len(shortest) // RUN_CARDS[kind] == RUN_MIN[kind]


@pytest.mark.parametrize(("kind", "wings"), [("plane_singles", "KA"), ("plane_pairs", "KKAA")])
def test_a_plane_with_wings_counts_its_wings_per_rank(kind: str, wings: str) -> None:
    cards = "333444" + wings
    assert kind in _kinds_of(cards, Rules.preset("classic"))
    assert len(cards) // RUN_CARDS[kind] == RUN_MIN[kind] == 2


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_variant_plays_its_kinds_and_ranks_its_bombs(variant: str) -> None:
    rules = Rules.preset(variant)
    assert rules.kinds == VARIANT_KINDS[variant] and rules.kinds <= set(KINDS)
    bombs = BOMB_CLASSES[variant]
    assert set(bombs) <= BOMB_KINDS and "rocket" in bombs
    assert sorted(bombs.values()) == list(range(1, len(bombs) + 1))
    assert set(BOMB_FACTORS[variant]) == set(bombs)
    for kind in KINDS:
        assert bomb_factor(rules, kind) == BOMB_FACTORS[variant].get(kind, 1)
    assert set(bombs) <= rules.kinds


def test_every_kind_has_a_unit_and_bombs_are_what_beat_ordinary_plays() -> None:
    assert set(UNIT) == set(KINDS) and set(RUN_CARDS) == set(RUN_MIN)
    rules = Rules.preset("classic")
    bomb, = readings("7777", rules)
    single, = readings("2", rules)
    assert bomb.is_bomb and not single.is_bomb and UNIT[bomb.kind] == 4


def test_the_kinds_with_kickers_are_one_group_and_its_attachments() -> None:
    from bot.engine.kinds import WITH_KICKERS

    rules = Rules.preset("classic")
    examples = {"trio_single": "3334", "trio_pair": "33344", "four_two_singles": "333345",
                "four_two_pairs": "33334455"}
    assert set(WITH_KICKERS) == set(examples)
    for kind in WITH_KICKERS:
        assert kind in _kinds_of(examples[kind], rules) and kind not in RUN_CARDS

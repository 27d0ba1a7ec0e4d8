"""The AI's own move generator and decompositions agree with the engine; the situation
rebuilt from public information is right."""

from __future__ import annotations

import random

import pytest

from bot.ai.decompose import Planner
from bot.ai.move import move_of_play, variant_of
from bot.ai.movegen import beating_moves, lead_moves
from bot.ai.opposition import exact_opposition
from bot.ai.situation import read_situation
from bot.engine import Rules, legal_plays, readings
from bot.engine.cards import RANK_CHARS, counts_of, counts_of_text, make_deck, text_of

CONFIGS = [("classic", None), ("laizi", "7"), ("laizi", "2"), ("super", None), ("four", None)]


def _key(p) -> tuple[str, str, str]:
    return (p.cards, p.kind, p.main_rank)


def _mkey(m) -> tuple[str, str, str]:
    return (m.text, m.kind, RANK_CHARS[m.main])


@pytest.mark.parametrize(("variant", "laizi"), CONFIGS)
def test_full_generation_equals_the_engine(variant: str, laizi: str | None) -> None:
    rules = Rules.preset(variant, **({"laizi": laizi} if laizi else {}))
    v = variant_of(rules)
    rng = random.Random(5)
    for _ in range(12):
        deck = make_deck(rules.decks, rules.flower)
        rng.shuffle(deck)
        hand = text_of(deck[:rng.choice([6, 10, 15])])
        other = text_of(deck[40:60])
        last = rng.choice(legal_plays(other, None, rules))
        c = counts_of_text(hand)
        assert {_mkey(m) for m in lead_moves(c, v, full=True)} == \
            {_key(p) for p in legal_plays(hand, None, rules)}
        engine = {_key(p) for p in legal_plays(hand, last, rules)}
        mine = beating_moves(c, move_of_play(last, v), v, full=True)
        assert {_mkey(m) for m in mine} == engine
        pruned = beating_moves(c, move_of_play(last, v), v)
        assert {_mkey(m) for m in pruned} <= engine


@pytest.mark.parametrize(("variant", "laizi"), CONFIGS)
def test_plans_cover_the_hand_with_readable_groups(variant: str, laizi: str | None) -> None:
    rules = Rules.preset(variant, **({"laizi": laizi} if laizi else {}))
    v = variant_of(rules)
    rng = random.Random(9)
    for _ in range(15):
        deck = make_deck(rules.decks, rules.flower)
        rng.shuffle(deck)
        size = rules.hand_size + rules.bottom_size
        hand = counts_of(deck[:size])
        opp = counts_of(deck[size:size + rules.hand_size])
        plan = Planner(v, exact_opposition(v, [1], [opp])).plan(hand)
        total = [0] * 16
        for g in plan.groups:
            total = [a + b for a, b in zip(total, g.cards, strict=True)]
            if g.kind in v.classes:
                assert any(p.kind == g.kind and p.main_index == g.main
                           for p in readings(g.text, rules)), g
        assert total == hand


def test_situation_from_public_information() -> None:
    rules = Rules.preset("happy")
    history = [(0, "34567"), (1, ""), (2, "6789T"), (0, ""), (1, "")]
    sit = read_situation(rules, "3445566789TJQKA2B", history, landlord=0, seat=1,
                         bottom="2RB", shown={2: "33JJQQKKAA22"})
    assert sit.counts == [15, 17, 12]
    assert sit.last is None  # two passes after seat 2's chain: the trick is over
    # the landlord's unplayed bottom cards and the shown hand are known, not unknown
    assert sit.known[0][RANK_CHARS.index("R")] == 1
    assert sum(sit.known[2]) == 12
    assert sum(sit.unknown) == sit.slots(0) + sit.slots(2)
    # the landlord passed on a farmer's chain: that is evidence about his hand
    assert any(s == 0 and m.kind == "chain" for s, m, _ in sit.passes_on)


def test_inconsistent_inputs_do_not_break_the_pool() -> None:
    """A hand smaller than the history implies: the pool stays the right size."""
    sit = read_situation(Rules.preset("classic"), "4679JA2", [(0, "3"), (1, "5")], 0, 2)
    assert sum(sit.unknown) == sit.slots(0) + sit.slots(1)
    assert all(0 <= x <= 4 for x in sit.unknown)


def test_the_ai_levels_are_defined_once() -> None:
    """One list of levels: the search's effort, the store's setting and the tables' check
    all name the levels of :mod:`bot.ai.levels`."""
    from bot.ai import AI_LEVELS
    from bot.ai.search import EFFORT
    from bot.store.settings import KEYS

    assert set(EFFORT) < set(AI_LEVELS)
    assert KEYS["ai_level"].choices is AI_LEVELS

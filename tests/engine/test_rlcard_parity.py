"""Decision D1: classic's moves are exactly RLCard 1.2.0's (docs/rules.md §2.4)."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest
import rlcard.games.doudizhu.utils as utils
from rlcard.games.doudizhu.judger import DoudizhuJudger

from bot.engine import Rules, legal_plays, readings
from bot.engine.cards import make_deck, text_of

CLASSIC = Rules.preset("classic")
FULL_DECK = "3333444455556666777788889999TTTTJJJJQQQQKKKKAAAA2222BR"


def _rl_cards(text: str) -> list[SimpleNamespace]:
    return [SimpleNamespace(rank="", suit="BJ" if ch == "B" else "RJ") if ch in "BR"
            else SimpleNamespace(rank=ch, suit="S") for ch in text]


def test_full_deck_action_space() -> None:
    """The same 27,471 plays (every play a 20-card hand can make) from a full deck."""
    ours = legal_plays(FULL_DECK, None, CLASSIC)
    upto20 = {p.cards for p in ours if len(p) <= 20}
    rl = set(utils.ID_2_ACTION) - {"pass"}
    assert len(rl) == 27471
    assert upto20 == rl
    assert len({p.cards for p in ours}) == len(ours), "no card set read twice in classic"


def test_kinds_and_main_ranks_match() -> None:
    names = {"solo": "single", "trio_solo": "trio_single", "four_two_solo": "four_two_singles",
             "four_two_pair": "four_two_pairs"}
    prefixes = {"solo_chain": "chain", "pair_chain": "pair_chain", "trio_chain": "plane",
                "trio_solo_chain": "plane_singles", "trio_pair_chain": "plane_pairs"}
    for cards, types in list(utils.CARD_TYPE[0].items())[::7]:
        if cards == "pass":
            continue
        rl_kind = types[0][0]
        base = rl_kind.rsplit("_", 1)[0] if rl_kind[-1].isdigit() else rl_kind
        kind = prefixes.get(base) or names.get(rl_kind, rl_kind)
        (play,) = readings(cards, CLASSIC)
        assert play.kind == kind, cards


@pytest.mark.parametrize("seed", range(6))
def test_leads_and_answers_on_random_hands(seed: int) -> None:
    rng = random.Random(seed)
    for round_ in range(25):
        deck = make_deck()
        rng.shuffle(deck)
        if round_ % 2:  # trio-heavy hands: planes and wings
            order = rng.sample(range(13), 13)
            deck.sort(key=lambda c: order.index(c.rank) if c.rank < 13 else 99)
            deck = deck[:14] + rng.sample(deck[14:], 40)
        size = rng.choice([17, 20])
        hand = text_of(deck[:size])
        ours = {p.cards for p in legal_plays(hand, None, CLASSIC)}
        assert ours == DoudizhuJudger.playable_cards_from_hand(hand), hand
        other = text_of(deck[size: size + 20])
        target = rng.choice(sorted(DoudizhuJudger.playable_cards_from_hand(other)))
        player = SimpleNamespace(current_hand=_rl_cards(hand))
        greater = SimpleNamespace(played_cards=target)
        rl = set(utils.get_gt_cards(player, greater)) - {"pass"}
        (last,) = readings(target, CLASSIC)
        assert {p.cards for p in legal_plays(hand, last, CLASSIC)} == rl, (hand, target)

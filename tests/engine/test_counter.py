"""The card counter (记牌器): what a seat has not seen, on known deals of every variant."""

from __future__ import annotations

import random

import pytest

from bot.engine import VARIANTS, Game, PlayCards, Rules, Show
from bot.engine.cards import RANK_CHARS, counts_of
from bot.engine.counter import unseen_counts

from .game_helpers import to_play


def _hidden_from(game: Game, seat: int) -> dict[str, int]:
    """What ``seat`` cannot see, counted from the whole game: the other seats' hands that
    were not shown, and the bottom while it is not dealt yet (independent of the view)."""
    shown = {s for s, _ in game.auction.shows}
    cards = [c for s in range(game.players) if s != seat and s not in shown
             for c in game.hand(s)]
    if not game.bottom_revealed:
        cards += game._bottom
    return {RANK_CHARS[r]: n for r, n in enumerate(counts_of(cards))}


@pytest.mark.parametrize("variant", VARIANTS)
def test_unseen_is_what_the_others_hold(variant: str) -> None:
    rng = random.Random(7)
    game = to_play(Game.new(Rules.preset(variant), 11))
    for _ in range(12):  # a few plays and passes
        if game.is_over:
            break
        action = rng.choice(game.legal_actions())
        game.apply(action)
    for seat in range(game.players):
        unseen = unseen_counts(game.view(seat))
        hidden = _hidden_from(game, seat)
        assert unseen == {r: hidden[r] for r in unseen}
        assert sum(unseen.values()) == sum(len(game.hand(s)) for s in range(game.players)
                                           if s != seat)


def test_a_known_deal_counted_by_hand() -> None:
    game = to_play(Game.new(Rules.preset("classic"), 3), landlord_wants=0)
    view = game.view(1)
    before = unseen_counts(view)
    assert sum(before.values()) == 54 - len(game.hand(1)) == 37
    assert set(before) == set("3456789TJQKA2BR")  # the jokers are counted one by one
    lead = min(game.legal_plays(), key=lambda p: (len(p), p.main_index))  # a low single
    game.apply(PlayCards(0, lead.cards, lead.kind, lead.main_rank))
    after = unseen_counts(game.view(1))
    assert after[lead.cards] == before[lead.cards] - 1  # seen now: it was played
    assert sum(after.values()) == 36
    # the player's own cards are never "unseen" to it: the landlord's count covers the
    # farmers' 34 cards only
    assert sum(unseen_counts(game.view(0)).values()) == 34


def test_a_shown_hand_is_seen() -> None:
    game = Game.new(Rules.preset("happy"), 5)
    while game.phase.startswith("show"):
        game.apply(Show(game.to_act, game.to_act == 2))  # seat 2 shows its hand (明牌)
    view = game.view(0)
    assert 2 in view.shown
    hidden = _hidden_from(game, 0)
    assert unseen_counts(view) == {r: hidden[r] for r in unseen_counts(view)}
    assert sum(unseen_counts(view).values()) == len(game.hand(1)) + 3  # seat 1 and the bottom

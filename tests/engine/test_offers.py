"""SeatView.legal_actions: the seat's offers are the game's own legal actions, in every
variant and every phase a self-played deal reaches; nobody else is offered anything; the
table's shared auction offers are the seat to act's; 报单 / 报双 is the view's alarm."""

from __future__ import annotations

import pytest

from bot.engine import (
    VARIANTS,
    BidOffer,
    ChoiceOffer,
    Escape,
    Game,
    PassOffer,
    Phase,
    PlayOffer,
    Rules,
    actions_of,
)

from .offer_positions import expected_phases, positions


@pytest.mark.parametrize("variant", VARIANTS)
def test_offers_are_the_games_legal_actions(variant: str) -> None:
    reached: set[Phase] = set()
    for game in positions(variant):
        seat = game.to_act
        assert seat is not None
        reached.add(game.phase)
        view = game.view(seat)
        offers = view.legal_actions()
        assert actions_of(offers, seat) == game.legal_actions()
        for other in range(game.players):
            if other != seat:
                assert game.view(other).legal_actions() == ()
        spectator = game.view(None)
        assert spectator.legal_actions() == ()
        if game.phase == Phase.PLAY:
            assert spectator.auction_offers() == ()
            assert offers[-1] == PassOffer() if game.last is not None else \
                PassOffer() not in offers
        else:
            # the shared table message draws the same offers as the seat's own
            assert spectator.auction_offers() == offers
            assert len(offers) == 1
    assert reached == expected_phases(variant)


def test_offer_ranges() -> None:
    """The bid range above the high bid, 不叫 alone for an escaped seat, 明牌's factor."""
    game = Game.new(Rules.preset("classic"), 7, first=0)
    assert game.view(0).legal_actions() == (BidOffer((1, 2, 3)),)
    game.apply(game.legal_actions()[2])  # seat 0 bids 2
    assert game.view(1).legal_actions() == (BidOffer((3,)),)
    game.apply(Escape(1))
    assert game.view(1).legal_actions() == (BidOffer(()),)
    assert actions_of(game.view(1).legal_actions(), 1) == game.legal_actions()

    happy = Game.new(Rules.preset("happy"), 3, first=1)
    assert happy.view(1).legal_actions() == (ChoiceOffer("show", 5),)
    assert happy.view(0).legal_actions() == ()


def test_play_offers_and_alarm() -> None:
    game = Game.new(Rules.preset("classic"), 11, first=0)
    while game.phase != Phase.PLAY:
        game.apply(game.legal_actions()[-1])  # bid 3: the first bidder is the landlord
    seat = game.to_act
    assert seat is not None
    offers = game.view(seat).legal_actions()
    assert [type(o) for o in offers] == [PlayOffer]  # a lead: no pass
    assert isinstance(offers[0], PlayOffer) and offers[0].plays
    # the landlord is down to two cards, then one: 报双, 报单 for every reader
    game.hands[seat] = game.hands[seat][:2]
    assert game.view(None).alarm == {seat: 2}
    assert game.view((seat + 1) % 3).alarm == {seat: 2}
    game.hands[seat] = game.hands[seat][:1]
    assert game.view(seat).alarm == {seat: 1}


def test_no_alarm_outside_the_play() -> None:
    game = Game.new(Rules.preset("happy"), 5)
    assert game.phase == Phase.SHOW_START
    assert game.view(None).alarm == {}  # no cards dealt yet, and no play

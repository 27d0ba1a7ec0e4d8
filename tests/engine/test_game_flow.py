"""Phase by phase: bidding, call and grab, 明牌, laizi, 加倍, tricks, spring, escapes."""

from __future__ import annotations

import pytest

from bot.engine import IllegalActionError, NotYourTurnError, Rules, WrongPhaseError
from bot.engine.actions import (
    Bid,
    Call,
    Double,
    DoublesRevealed,
    Escape,
    Grab,
    LaiziDrawn,
    LandlordChosen,
    Pass,
    PlayCards,
    Redealt,
    Show,
    TrickWon,
)
from bot.engine.game import Game

from .game_helpers import force_hands, to_play

HAPPY = Rules.preset("happy")


def _skip_shows(game: Game) -> None:
    while game.phase.startswith("show"):
        game.apply(Show(game.to_act, False))


# ----------------------------------------------------------------------- points bidding
def test_bid_three_ends_bidding_at_once() -> None:
    g = Game.new(Rules.preset("classic"), 1)
    first = g.to_act
    events = g.apply(Bid(first, 3))
    assert g.landlord == first and g.phase == "play" and g.to_act == first
    assert any(isinstance(e, LandlordChosen) and e.bid == 3 for e in events)
    assert len(g.hand(first)) == 20 and g.bottom is not None and len(g.bottom) == 3


def test_highest_bid_after_one_round() -> None:
    g = Game.new(Rules.preset("classic"), 2)
    a = g.auction.first
    b, c = (a + 1) % 3, (a + 2) % 3
    g.apply(Bid(a, 1))
    with pytest.raises(IllegalActionError) as err:
        g.apply(Bid(b, 1))
    assert err.value.code == "bid_too_low"
    g.apply(Bid(b, 2))
    g.apply(Bid(c, 0))
    assert g.landlord == b and g.auction.high_bid == 2


def test_classic_redeal_then_dissolve_on_third_all_pass() -> None:
    g = Game.new(Rules.preset("classic"), 3)
    hands_before = [g.hand_text(s) for s in range(3)]
    for deal in (1, 2, 3):
        assert g.deal == deal
        for _ in range(3):
            events = g.apply(Bid(g.to_act, 0))
        if deal < 3:
            assert any(isinstance(e, Redealt) for e in events)
            assert [g.hand_text(s) for s in range(3)] != hands_before
    assert g.is_over and g.result.outcome == "dissolved"
    assert g.result.beans == (0, 0, 0) and g.result.house == 0


def test_super_all_pass_makes_first_bidder_landlord_at_one() -> None:
    g = Game.new(Rules.preset("super"), 4, first=2)
    assert g.auction.first == 2 and g.to_act == 2
    for _ in range(3):
        g.apply(Bid(g.to_act, 0))
    assert g.landlord == 2 and g.auction.high_bid == 1 and len(g.hand(2)) == 21


def test_four_players_deal_25_plus_8() -> None:
    g = Game.new(Rules.preset("four"), 5)
    assert [len(g.hand(s)) for s in range(4)] == [25] * 4
    to_play(g)
    assert len(g.hand(g.landlord)) == 33
    assert sum(len(g.hand(s)) for s in range(4)) == 108


# ----------------------------------------------------------------------- call and grab
def _call_game(seed: int = 7) -> tuple[Game, int, int, int]:
    g = Game.new(HAPPY, seed)
    _skip_shows(g)
    assert g.phase == "call"
    a = g.to_act
    return g, a, (a + 1) % 3, (a + 2) % 3


def test_a_calls_b_grabs_c_passes_a_grabs() -> None:
    g, a, b, c = _call_game()
    g.apply(Call(a, True))
    assert g.phase == "grab" and g.to_act == b
    g.apply(Grab(b, True))
    g.apply(Grab(c, False))
    assert g.to_act == a  # back to the caller because someone grabbed
    g.apply(Grab(a, True))
    assert g.landlord == a and g.tally.grabs == 2 and g.table_multiplier()[0] == 4


def test_refuser_is_skipped_and_caller_grabs_back() -> None:
    g, a, b, c = _call_game(8)
    g.apply(Call(a, False))
    g.apply(Call(b, True))
    assert g.to_act == c  # a said 不叫: skipped
    g.apply(Grab(c, True))
    assert g.to_act == b
    g.apply(Grab(b, True))
    assert g.landlord == b and g.table_multiplier()[0] == 4


def test_unchallenged_caller() -> None:
    g, a, b, c = _call_game(9)
    g.apply(Call(a, False))
    g.apply(Call(b, False))
    g.apply(Call(c, True))
    assert g.landlord == c and g.table_multiplier()[0] == 1


def test_last_grabber_is_landlord() -> None:
    g, a, b, c = _call_game(10)
    g.apply(Call(a, True))
    g.apply(Grab(b, True))
    g.apply(Grab(c, True))
    g.apply(Grab(a, False))
    assert g.landlord == c and g.tally.grabs == 2


def test_nobody_calls_redeals_without_limit() -> None:
    g = Game.new(HAPPY, 11)
    for deal in range(1, 6):
        assert g.deal == deal
        _skip_shows(g)
        for _ in range(3):
            events = g.apply(Call(g.to_act, False))
        assert any(isinstance(e, Redealt) for e in events)
    assert not g.is_over


# ----------------------------------------------------------------------- 明牌
def test_show_timings_and_factors() -> None:
    g = Game.new(HAPPY, 12)
    first = g.auction.first
    assert g.phase == "show_start" and all(len(g.hand(s)) == 0 for s in range(3))
    second = (first + 1) % 3
    g.apply(Show(first, False))
    g.apply(Show(second, True))  # 明牌开始 ×5
    g.apply(Show((first + 2) % 3, False))
    assert g.phase == "show_deal" and all(len(g.hand(s)) == 8 for s in range(3))
    assert g.to_act == first and second not in g.auction.queue  # a shown seat is not asked again
    g.apply(Show(first, True))  # ×4
    g.apply(Show((first + 2) % 3, False))
    assert all(len(g.hand(s)) == 17 for s in range(3))
    assert g.phase == "show_deal" and g.to_act == (first + 2) % 3  # window ×3
    g.apply(Show((first + 2) % 3, True))
    assert g.auction.shows == [(second, 5), (first, 4), ((first + 2) % 3, 3)]
    assert g.tally.show == 5  # only the largest counts
    # the first shower calls first
    assert g.phase == "call" and g.to_act == second
    # shown hands are in everyone's view, as they are now
    view = g.view(first)
    assert view.shown[second] == g.hand_text(second)


def test_nobody_calls_first_shower_is_landlord() -> None:
    g = Game.new(HAPPY, 13)
    first = g.auction.first
    g.apply(Show(first, False))
    g.apply(Show((first + 1) % 3, False))
    g.apply(Show((first + 2) % 3, False))
    g.apply(Show(first, False))  # window ×4
    g.apply(Show((first + 1) % 3, True))
    g.apply(Show((first + 2) % 3, False))
    g.apply(Show(first, False))  # window ×3
    g.apply(Show((first + 2) % 3, False))
    shower = (first + 1) % 3
    assert g.to_act == shower
    for _ in range(3):
        g.apply(Call(g.to_act, False))
    assert g.landlord == shower and g.tally.show == 4


def test_landlord_show_after_doubling() -> None:
    g, a, b, c = _call_game(14)
    g.apply(Call(a, True))
    g.apply(Grab(b, False))
    g.apply(Grab(c, False))
    assert g.phase == "double"
    for s in (a, b, c):
        g.apply(Double(g.to_act, s == b))
    assert g.phase == "show_landlord" and g.to_act == a
    g.apply(Show(a, True))
    assert g.tally.show == 2 and g.phase == "play" and g.to_act == a


# ----------------------------------------------------------------------- laizi and 加倍
def test_laizi_is_drawn_after_the_landlord() -> None:
    g = Game.new(Rules.preset("laizi"), 15)
    assert g.laizi is None
    _skip_shows(g)
    g.apply(Call(g.to_act, True))
    while g.phase == "grab":
        g.apply(Grab(g.to_act, False))
    assert g.laizi is not None and g.play_rules.laizi == g.laizi
    drawn = [e for e in g.events if isinstance(e, LaiziDrawn)]
    assert len(drawn) == 1 and drawn[0].rank == g.laizi
    # deterministic from the seed
    g2 = Game.from_log(g.log)
    assert g2.laizi == g.laizi


def test_doubles_are_hidden_until_all_chose() -> None:
    g, a, b, c = _call_game(16)
    g.apply(Call(a, True))
    g.apply(Grab(b, False))
    g.apply(Grab(c, False))
    g.apply(Double(a, True))
    assert g.view(b).doubles == (None, None, None)
    assert g.view(a).doubles[a] is True
    assert not any(e.visible_to(b) and getattr(e, "double", None) for e in g.events)
    g.apply(Double(b, False))
    events = g.apply(Double(c, True))
    revealed = [e for e in events if isinstance(e, DoublesRevealed)]
    assert revealed and revealed[0].doubles[a] is True and revealed[0].doubles[c] is True
    assert g.view(b).doubles[c] is True


@pytest.mark.parametrize(
    ("balances", "may"),
    [
        ((6000, 6000, 6000), {0, 1, 2}),
        ((6000, 5000, 6000), {2}),  # 5000 is not more than 5000: landlord and farmer 1 out
        ((4000, 9000, 9000), set()),  # a poor landlord: nobody may double
    ],
)
def test_double_eligibility(balances: tuple[int, int, int], may: set[int]) -> None:
    g = Game.new(HAPPY, 17, balances=balances)
    _skip_shows(g)
    while g.phase == "call":
        g.apply(Call(g.to_act, g.to_act == 0))
    while g.phase == "grab":
        g.apply(Grab(g.to_act, False))
    assert g.landlord == 0
    asked = set()
    while g.phase == "double":
        asked.add(g.to_act)
        g.apply(Double(g.to_act, True))
    assert asked == may


# ----------------------------------------------------------------------- play
def test_leader_must_play_and_trick_returns() -> None:
    g = to_play(Game.new(Rules.preset("classic"), 18))
    lead = g.to_act
    with pytest.raises(IllegalActionError) as err:
        g.apply(Pass(lead))
    assert err.value.code == "must_lead"
    low = min(g.hand(lead))
    g.apply(PlayCards(lead, low.char))
    g.apply(Pass((lead + 1) % 3))
    events = g.apply(Pass((lead + 2) % 3))
    assert any(isinstance(e, TrickWon) and e.seat == lead for e in events)
    assert g.to_act == lead and g.last is None


def test_spring() -> None:
    g = to_play(Game.new(Rules.preset("classic"), 19), landlord_wants=0)
    assert g.landlord == 0 and g.auction.high_bid == 3
    force_hands(g, ["33344", "5", "6"])
    g.apply(PlayCards(0, "33344"))
    r = g.result
    assert r.outcome == "landlord" and r.spring and not r.anti_spring
    assert r.stakes == (12, 6, 6) and r.points == (12, -6, -6)


def test_anti_spring() -> None:
    g = to_play(Game.new(Rules.preset("classic"), 20), landlord_wants=0)
    force_hands(g, ["3456", "7", "A"])
    g.apply(PlayCards(0, "3"))
    g.apply(PlayCards(1, "7"))
    r = g.result
    assert r.outcome == "farmers" and r.anti_spring and not r.spring
    assert r.points == (-12, 6, 6)


def test_no_spring_when_farmer_played() -> None:
    g = to_play(Game.new(Rules.preset("classic"), 21), landlord_wants=0)
    force_hands(g, ["3A55", "6", "79K"])
    g.apply(PlayCards(0, "3"))
    g.apply(Pass(1))
    g.apply(PlayCards(2, "7"))
    g.apply(PlayCards(0, "A"))
    g.apply(Pass(1))
    g.apply(Pass(2))
    g.apply(PlayCards(0, "5"))
    g.apply(PlayCards(1, "6"))
    r = g.result
    assert r.outcome == "farmers" and not r.anti_spring and not r.spring
    assert r.points == (-6, 3, 3)


def test_bombs_count_in_the_multiplier() -> None:
    g = to_play(Game.new(Rules.preset("happy"), 22), landlord_wants=0)
    force_hands(g, ["3333BR", "5", "6"])
    g.apply(PlayCards(0, "3333"))
    g.apply(Pass(1))
    g.apply(Pass(2))
    g.apply(PlayCards(0, "BR"))
    r = g.result
    assert ("bomb", 2, 1) in r.parts and ("rocket", 2, 1) in r.parts
    assert r.multiplier == 2 * 2 * 2  # bomb, rocket, spring


def test_declared_reading_and_follow_default() -> None:
    rules = Rules.preset("super")
    g = to_play(Game.new(rules, 23), landlord_wants=0)
    force_hands(g, ["333F9", "4444K", "KA"])
    # leading 333F without a declaration is the bomb (canonical)
    g2 = Game.from_log(g.log)
    force_hands(g2, ["333F9", "4444K", "KA"])
    g2.apply(PlayCards(0, "333F"))
    assert g2.last[1].kind == "bomb"
    # declared as trio + single
    g.apply(PlayCards(0, "333F", "trio_single", "3"))
    assert g.last[1].kind == "trio_single"
    with pytest.raises(IllegalActionError) as err:
        g.apply(PlayCards(1, "44"))
    assert err.value.code == "does_not_beat"
    g.apply(PlayCards(1, "4444"))  # a bomb on a trio + single
    assert g.last[1].kind == "bomb"


def test_flower_cannot_be_stranded() -> None:
    g = to_play(Game.new(Rules.preset("super"), 24), landlord_wants=0)
    force_hands(g, ["55F", "6", "7"])
    with pytest.raises(IllegalActionError) as err:
        g.apply(PlayCards(0, "55"))
    assert err.value.code == "strands_flower"
    g.apply(PlayCards(0, "55F"))
    assert g.result.outcome == "landlord"


# ----------------------------------------------------------------------- escapes
def test_happy_escape_ends_the_deal_with_held_bombs_counted() -> None:
    rules = Rules.preset("happy", N=1000)
    g = Game.new(rules, 25)
    _skip_shows(g)
    g.apply(Call(g.to_act, True))
    while g.phase == "grab":
        g.apply(Grab(g.to_act, True))
    while g.phase == "double":
        g.apply(Double(g.to_act, False))
    g.apply(Show(g.to_act, False))
    landlord = g.landlord
    farmer = (landlord + 1) % 3
    force_hands(g, ["3333" + "456789TJQKA2B", "5555" + "6789TJQKA2R", "77" + "6789TJQKA"])
    grabs = g.tally.grabs
    g.apply(Escape(farmer))
    r = g.result
    held = 2 * 2  # two natural bombs held (3333 and 5555)
    m_esc = 2**grabs * held
    assert r.outcome == "escape" and r.escaper == farmer and r.escape_multiplier == m_esc
    pts = 10 if m_esc < 10 else 2 * m_esc
    assert r.points[farmer] == -pts and r.points[landlord] == pts
    assert r.beans[farmer] == -pts * 1000 - 5 and r.beans[landlord] == pts * 1000
    assert sum(r.beans) + r.house == 0


def test_super_escape_plays_on_and_escaper_pays_for_partner() -> None:
    rules = Rules.preset("super", N=10)
    g = Game.new(rules, 26, first=0)
    g.apply(Escape(1))
    g.apply(Bid(0, 2))
    with pytest.raises(IllegalActionError) as err:
        g.apply(Bid(1, 3))  # the escaped seat can only pass
    assert err.value.code == "escaped_seat"
    assert g.legal_actions() == [Bid(1, 0)]
    g.apply(Bid(1, 0))
    g.apply(Bid(2, 0))
    assert g.landlord == 0 and not g.is_over
    g.apply(Escape(2))  # a second escaper is not charged
    force_hands(g, ["34", "5", "6"])
    g.apply(PlayCards(0, "3"))
    g.apply(Pass(1))
    g.apply(Pass(2))
    g.apply(PlayCards(0, "4"))
    r = g.result
    # bid 2, spring x2: s = 4, landlord stake 8 points = 80 beans, all paid by seat 1
    assert r.escaper == 1
    assert r.transfers == (80, -80, 0)
    assert r.fees == (4, 30, 0)
    assert r.points == (8, -8 - 3, 0)


def test_classic_landlord_escape_is_charged_three_points() -> None:
    g = to_play(Game.new(Rules.preset("classic"), 27), landlord_wants=0)
    g.apply(Escape(0))
    force_hands(g, ["3", "45", "6"])
    g.apply(PlayCards(0, "3"))
    r = g.result
    # bid 3, spring: s = 6 per farmer, the landlord's 12 minus the 3-point penalty
    assert r.spring and r.points == (12 - 3, -6, -6)
    assert r.fees == (300 + 5, 5, 5) and r.beans[0] == 1200 - 305


# ----------------------------------------------------------------------- errors
def test_errors_for_wrong_phase_and_turn() -> None:
    g = Game.new(Rules.preset("classic"), 28)
    with pytest.raises(WrongPhaseError):
        g.apply(PlayCards(g.to_act, "3"))
    with pytest.raises(NotYourTurnError):
        g.apply(Bid((g.to_act + 1) % 3, 1))
    with pytest.raises(WrongPhaseError):
        g.apply(Call(g.to_act, True))
    with pytest.raises(IllegalActionError):
        g.apply(Bid(7, 1))
    assert g.actions == ()

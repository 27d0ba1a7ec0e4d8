"""The position API: legal answers, determinism, public information only."""

from __future__ import annotations

import random

import pytest

from bot.ai import choose_play, choose_play_reading
from bot.engine import Play, Rules, beats, canonical, legal_plays, readings
from bot.engine.cards import make_deck, text_of

CLASSIC = Rules.preset("classic")
SUPER = Rules.preset("super")


def _is_legal(cards: str, hand: str, last: Play | None, rules: Rules) -> bool:
    options = {p.cards for p in legal_plays(hand, last, rules)}
    return cards in options


def test_the_documented_call_returns_a_legal_answer() -> None:
    answer = choose_play(CLASSIC, hand="33445566789TJQKA2BR",
                         history=[(0, "34567"), (1, ""), (2, "6789T")],
                         landlord=0, seat=0, bottom="2BR", shown={}, seed=0)
    assert isinstance(answer, str)
    last = canonical("6789T", CLASSIC)
    assert answer == "" or _is_legal(answer, "33445566789TJQKA2BR", last, CLASSIC)


def test_reading_is_returned_for_wild_plays() -> None:
    rules = Rules.preset("laizi", laizi="7")
    play = choose_play_reading(rules, "44556777", [], landlord=0, seat=0, seed=1)
    assert isinstance(play, Play)
    assert any(p.kind == play.kind and p.main_rank == play.main_rank
               for p in readings(play.cards, rules))


def test_leading_never_passes_and_following_may() -> None:
    assert choose_play(CLASSIC, "3", [], 0, 0) == "3"
    # the landlord's 2 cannot be beaten by a lone 3: pass
    assert choose_play(CLASSIC, "3", [(0, "2")], 0, 1) == ""


def test_goes_out_when_it_can() -> None:
    assert choose_play(CLASSIC, "33344", [(0, "3"), (1, ""), (2, "")], 1, 0) == "33344"
    assert choose_play(CLASSIC, "KK", [(0, "55")], 0, 1) == "KK"


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_same_seed_same_answer(seed: int) -> None:
    rng = random.Random(seed)
    deck = make_deck()
    rng.shuffle(deck)
    hand = text_of(deck[:20])
    history = [(0, text_of(deck[:1]))]
    other = text_of(deck[20:37])
    options = legal_plays(other, canonical(history[0][1], CLASSIC), CLASSIC)
    a = choose_play(CLASSIC, other, history, 0, 1, bottom=text_of(deck[51:]), seed=seed,
                    budget_ms=None)
    b = choose_play(CLASSIC, other, history, 0, 1, bottom=text_of(deck[51:]), seed=seed,
                    budget_ms=None)
    assert a == b
    assert a == "" or a in {p.cards for p in options}
    c = choose_play(CLASSIC, hand, [], 0, 0, seed=seed, budget_ms=None)
    assert c == choose_play(CLASSIC, hand, [], 0, 0, seed=seed, budget_ms=None)


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError):
        choose_play(CLASSIC, "3", [], 0, 0, level="godlike")


def test_a_history_with_declared_readings() -> None:
    """A wild play declared with a non-default reading is read as declared."""
    rules = Rules.preset("laizi", laizi="5")
    declared = next(p for p in readings("7755", rules) if p.kind == "trio_single")
    hand = "888K"
    answer = choose_play_reading(rules, hand, [(0, declared)], landlord=0, seat=1,
                                 budget_ms=None)
    assert answer is not None and answer.kind == "trio_single"
    assert beats(answer, declared, rules)


def test_a_refused_answer_is_logged_and_replaced(monkeypatch: pytest.MonkeyPatch,
                                                 caplog: pytest.LogCaptureFixture) -> None:
    """Production never returns an illegal play: it logs the AI's bug and falls back (a pass
    when following, the lowest lead when leading); the suite runs strict (conftest)."""
    from bot.ai import position
    from bot.ai.move import Move
    from bot.ai.situation import read_situation

    not_held = Move("single", 14, (0,) * 14 + (1, 0), 0)  # a red joker
    lead = read_situation(CLASSIC, "3345", [], 0, 0)
    follow = read_situation(CLASSIC, "3345", [(0, "2")], 0, 1)
    with pytest.raises(AssertionError):
        position.checked_play(lead, None)
    monkeypatch.setattr(position, "STRICT", False)
    with caplog.at_level("WARNING", logger="ddz.ai"):
        assert position.checked_play(lead, None) == canonical("3", CLASSIC)
        assert position.checked_play(lead, not_held) == canonical("3", CLASSIC)
        assert position.checked_play(follow, not_held) is None
        assert position.checked_play(follow, None) is None  # a legal pass: not logged
        # super: a lead that would leave the flower as the last card is refused too
        strand = read_situation(SUPER, "33F", [], 0, 0)
        pair = Move("pair", 0, (2,) + (0,) * 15, 0)
        assert position.checked_play(strand, pair) == canonical("3", SUPER)
    assert len(caplog.records) == 4

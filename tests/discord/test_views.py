"""The hand controls fit Discord's limits: ≤ 25 options per select, numbered as the picture."""

from __future__ import annotations

import random

import discord
import pytest

from bot.engine import Rules
from bot.engine.cards import make_deck
from cogs.views import HandSelect, HandViews, KeptView, hand_view, view_key
from render.hand import hand_order


def _selects(view: discord.ui.View) -> list[discord.ui.Select]:
    return [item.item for item in view.children if isinstance(item, HandSelect)]


@pytest.mark.parametrize(("variant", "size", "parts"), [
    ("classic", 20, 1), ("super", 21, 1), ("four", 33, 2), ("four", 25, 1)])
def test_hand_selects_fit_and_match_the_picture(variant: str, size: int, parts: int) -> None:
    rules = Rules.preset(variant)
    deck = make_deck(rules.decks, rules.flower)
    random.Random(size).shuffle(deck)
    hand = deck[:size]
    view = hand_view(1, hand, "en")
    selects = _selects(view)
    assert len(selects) == parts
    assert all(1 <= len(s.options) <= 25 for s in selects)
    assert all(s.max_values == len(s.options) for s in selects)
    values = [int(o.value) for s in selects for o in s.options]
    assert values == list(range(size)), "every card once, numbered as in the picture"
    ordered = hand_order(hand)
    labels = [o.label for s in selects for o in s.options]
    assert all(label.startswith(f"{i + 1}. ") for i, label in enumerate(labels))
    names = {"B": "Small Joker", "R": "Big Joker", "F": "Flower"}  # by name, not B / R / F
    assert [label.split(". ", 1)[1] for label in labels] == [names.get(c.char, c.label())
                                                            for c in ordered]
    if parts == 2:  # split by rank range: big to small, the first select holds the higher ranks
        lo = min(ordered[int(o.value)].rank for o in selects[0].options)
        hi = max(ordered[int(o.value)].rank for o in selects[1].options)
        assert lo >= hi
        assert abs(len(selects[0].options) - len(selects[1].options)) <= 1


def test_hand_views_are_kept_by_what_they_are_built_from() -> None:
    rules = Rules.preset("classic")
    deck = make_deck(rules.decks, rules.flower)
    hand, other = deck[:17], deck[17:34]
    views = HandViews(size=2)
    view, key = views.get(1, hand, "en", active=True, leading=False)
    assert view_key(view) == key == view_key(hand_view(1, hand, "en", active=True))
    assert views.get(1, list(hand), "en", leading=False, active=True)[0] is view  # kept
    assert views.built == 1
    # anything that changes the controls is another view: the turn, the locale, the table
    off, off_key = views.get(1, hand, "en", active=False, leading=False)
    assert off is not view and off_key != key
    assert views.get(1, hand, "zh-CN", active=True, leading=False)[1] != key
    assert views.built == 3
    # the newest two are kept: the first was forgotten and is built again
    assert views.get(1, hand, "en", active=True, leading=False)[0] is not view
    assert views.get(2, other, "en")[1] == view_key(hand_view(2, other, "en"))
    assert views.built == 5


def test_a_kept_view_sends_what_a_fresh_one_sends_worked_out_once(monkeypatch) -> None:
    hand = make_deck(1, False)[:17]
    view, _ = HandViews().get(1, hand, "zh-CN", active=True, cannot_beat=True)
    assert isinstance(view, KeptView)
    fresh = hand_view(1, hand, "zh-CN", active=True, cannot_beat=True).to_components()
    assert view.to_components() == fresh
    worked_out = []
    monkeypatch.setattr(discord.ui.View, "to_components",
                        lambda self: worked_out.append(self) or [])
    assert view.to_components() == fresh and worked_out == []  # not worked out again
    assert not isinstance(hand_view(1, hand, "en"), KeptView)  # an own view is not kept


def test_off_the_turn_the_controls_do_not_depend_on_the_trick() -> None:
    """What the hand DM keeps its views by (cogs.hand_dms): off the turn, or during the
    auction, whether one leads or cannot beat changes nothing shown."""
    hand = make_deck(1, False)[:17]
    plain = view_key(hand_view(1, hand, "en", active=False))
    for leading in (False, True):
        for beaten in (False, True):
            assert view_key(hand_view(1, hand, "en", active=False, leading=leading,
                                      cannot_beat=beaten)) == plain
            assert view_key(hand_view(1, hand, "en", active=True, auction=True,
                                      leading=leading, cannot_beat=beaten)) == view_key(
                hand_view(1, hand, "en", auction=True))

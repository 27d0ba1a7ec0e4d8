"""What a seat may play now, from its view alone: SeatView.legal_plays, cannot_beat (要不起)
and is_leading, pinned by vectors (leading, following, nothing beats, wild ranks, not
this seat's turn). The game, the table runtime and the Discord hand all ask these."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from bot.engine import Game, Rules, SeatView, reading_of


@dataclass(frozen=True)
class Vector:
    name: str
    rules: Rules
    hand: str
    last: tuple[int, str] | None  # (who played it, the cards) or None: nothing to beat
    plays: tuple[tuple[str, str, str], ...]  # (cards, kind, main rank), sorted
    leading: bool
    cannot_beat: bool
    phase: str = "play"
    seat: int | None = 0
    to_act: int | None = 0


CLASSIC = Rules.preset("classic")
LAIZI_7 = Rules.preset("laizi", laizi="7")

VECTORS = [
    Vector("leading: any play", CLASSIC, "33", None,
           (("3", "single", "3"), ("33", "pair", "3")), leading=True, cannot_beat=False),
    Vector("following: only what beats", CLASSIC, "346", (2, "5"),
           (("6", "single", "6"),), leading=False, cannot_beat=False),
    Vector("following: nothing beats", CLASSIC, "345", (2, "KK"), (), leading=False,
           cannot_beat=True),
    Vector("following: a bomb beats a single", CLASSIC, "3333", (1, "2"),
           (("3333", "bomb", "3"),), leading=False, cannot_beat=False),
    Vector("following: the rocket beats a bomb", CLASSIC, "BR", (1, "2222"),
           (("BR", "rocket", "R"),), leading=False, cannot_beat=False),
    Vector("wild rank: the laizi stands for a queen", LAIZI_7, "Q7", (2, "JJ"),
           (("7Q", "pair", "Q"),), leading=False, cannot_beat=False),
    Vector("wild rank: no reading beats", LAIZI_7, "Q7", (2, "KK"), (), leading=False,
           cannot_beat=True),
    Vector("not this seat's turn: nothing, and no 要不起", CLASSIC, "345", (2, "KK"), (),
           leading=False, cannot_beat=False, to_act=1),
    Vector("a spectator plays nothing", CLASSIC, "", (2, "KK"), (), leading=False,
           cannot_beat=False, seat=None),
    Vector("bidding: no plays, not leading", CLASSIC, "33", None, (), leading=False,
           cannot_beat=False, phase="bid"),
]


def _view(v: Vector) -> SeatView:
    last = (v.last[0], reading_of(v.last[1], v.rules)) if v.last is not None else None
    return SeatView(seat=v.seat, rules=v.rules, phase=v.phase, to_act=v.to_act, deal=0,
                    first=0, hand=v.hand, counts=(len(v.hand), 17, 17), landlord=0,
                    bottom=None, laizi=v.rules.laizi, last=last)


@pytest.mark.parametrize("vector", VECTORS, ids=[v.name for v in VECTORS])
def test_seat_view_vectors(vector: Vector) -> None:
    view = _view(vector)
    plays = tuple(sorted((p.cards, p.kind, p.main_rank) for p in view.legal_plays()))
    assert plays == vector.plays
    assert view.is_leading is vector.leading
    assert view.cannot_beat is vector.cannot_beat


def test_the_game_asks_the_same_rule() -> None:
    """Through a whole deal, the game's legal plays are its seat-to-act view's, and its
    legal actions are those plays (plus a pass when following)."""
    game = Game.new(Rules.preset("classic"), 7)
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        assert game.legal_plays() == view.legal_plays()
        assert view.cards == tuple(game.hand(seat)) and view.hand == game.hand_text(seat)
        if game.phase == "play":
            plays = [a for a in game.legal_actions() if a.type == "play"]
            assert len(plays) == len(view.legal_plays())
            assert (len(game.legal_actions()) > len(plays)) is (not view.is_leading)
        game.apply(game.timeout_action() or game.legal_actions()[0])

"""The table picture: every variant and seat count, seats, turn, plays, shown hands, header."""

from __future__ import annotations

import pytest

from bot.engine.cards import text_of
from render import SeatView, TableScene, render_table
from render.canvas import (
    FARMER_BG,
    GOLD,
    LANDLORD_BG,
    PASS_BG,
    merge_parts,
    multiplier_text,
)
from render.sprites import BACK_RED, MINI
from render.table import (
    HEADER_H,
    HEIGHT,
    PLAY_ROW_SHIFT,
    SHOWN,
    WIDTH,
    seat_position,
    seat_spots,
)

from .helpers import count_near, deal, decode, is_light

VARIANTS = ("classic", "happy", "laizi", "super", "four")


def scene_for(variant: str, viewer: int = 0, revealed: bool = True) -> TableScene:
    """A mid-game table: seat 0 is the landlord and has just played; seat 1 passed; the
    last seat is to play (4 s left); in happy and laizi seat 1 shows its hand."""
    rules, hands, bottom = deal(variant)
    n = rules.players
    seats = [SeatView("Landlord 地主", "landlord", len(hands[0]) - 5,
                      last_play=text_of(hands[0][:5]))]
    for i in range(1, n):
        seats.append(SeatView(f"Farmer {i}", "farmer", len(hands[i]),
                              passed=(i == 1),
                              shown=text_of(hands[i]) if i == 1 and rules.has_show_and_double
                              else None,
                              turn=(i == n - 1), seconds_left=4 if i == n - 1 else None))
    return TableScene(tuple(seats), viewer=viewer, title=variant,
                      bottom=text_of(bottom) if revealed else None,
                      bottom_count=rules.bottom_size, laizi=rules.laizi, multiplier=8,
                      multiplier_parts=(("grab", 2), ("bomb", 2), ("bomb", 2)))


def ring(box: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    """A band just above a panel, where the turn glow shows."""
    x0, y0, x1, _ = box
    return (x0 + 20, y0 - 8, x1 - 20, y0 - 2)


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_variant_table(variant: str) -> None:
    scene = scene_for(variant)
    n = len(scene.seats)
    image = decode(render_table(scene))
    assert image.size == (WIDTH, HEIGHT[n])
    spots = seat_spots(n)
    for seat_no, seat in enumerate(scene.seats):
        spot = spots[seat_position(seat_no, scene.viewer, n)]
        own = LANDLORD_BG if seat.role == "landlord" else FARMER_BG
        other = FARMER_BG if seat.role == "landlord" else LANDLORD_BG
        assert count_near(image, spot.panel, own, 12) > 150, (seat_no, "role badge")
        assert count_near(image, spot.panel, other, 12) == 0, (seat_no, "other badge")
        band = image.crop(ring(spot.panel)).get_flattened_data()
        glow = sum(1 for r, _, b in band if r > 100 and r - b > 50)  # yellow on green
        assert (glow > 100) == seat.turn, (seat_no, "turn glow", glow)
        x, y, align = spot.play
        if seat.last_play:
            width = 4 * MINI.strip
            left = {"l": x, "r": x - width, "m": x - width // 2}[align]
            play = image.crop((left, y + 40, left + width, y + MINI.h - 10))
            assert sum(is_light(p) for p in play.get_flattened_data()) > 500
        if seat.passed:
            box = (x - 80, y, x + 80, y + MINI.h) if align == "m" else \
                (x, y, x + 120, y + MINI.h) if align == "l" else (x - 120, y, x, y + MINI.h)
            assert count_near(image, box, PASS_BG, 6) > 300
        if seat.shown:
            geom, _ = SHOWN[n]
            sx, sy, salign = spot.shown
            left = sx if salign == "l" else sx - 160
            box = (left, sy, left + 160, sy + geom.h)
            region = image.crop(box)
            assert sum(is_light(p) for p in region.get_flattened_data()) > 2000
    header = (WIDTH // 2 - 250, 0, WIDTH // 2 + 250, HEADER_H)
    assert count_near(image, header, BACK_RED, 20) == 0  # revealed: no card backs
    laizi_gold = count_near(image, header, GOLD, 25)
    assert (laizi_gold > 200) == (scene.laizi is not None)


@pytest.mark.parametrize("variant", ["classic", "four"])
def test_hidden_bottom_cards_are_backs(variant: str) -> None:
    image = decode(render_table(scene_for(variant, revealed=False)))
    header = (WIDTH // 2 - 250, 0, WIDTH // 2 + 250, HEADER_H)
    assert count_near(image, header, BACK_RED, 20) > 1000


@pytest.mark.parametrize("variant", ["classic", "four"])
def test_the_viewer_sits_at_the_bottom(variant: str) -> None:
    for viewer in range(len(scene_for(variant).seats)):
        scene = scene_for(variant, viewer=viewer)
        image = decode(render_table(scene))
        spots = seat_spots(len(scene.seats))
        landlord_spot = spots[seat_position(0, viewer, len(scene.seats))]
        assert count_near(image, landlord_spot.panel, LANDLORD_BG, 12) > 150
        assert count_near(image, spots[0].panel, LANDLORD_BG, 12) > 150 if viewer == 0 else \
            count_near(image, spots[0].panel, LANDLORD_BG, 12) == 0


def test_seat_positions_go_counterclockwise() -> None:
    assert [seat_position(s, 0, 3) for s in range(3)] == [0, 1, 2]
    assert [seat_position(s, 2, 4) for s in range(4)] == [2, 3, 0, 1]
    spots = seat_spots(3)
    bottom, right, left = spots
    assert bottom.panel[1] > right.panel[1] and right.panel[0] > left.panel[0]
    spots4 = seat_spots(4)
    assert spots4[2].panel[1] < spots4[1].panel[1]  # the top seat is above the sides


def test_multiplier_words() -> None:
    parts = (("grab", 2), ("bomb", 2), ("show", 4))
    assert multiplier_text(parts, 16) == "抢×2 炸弹×2 明牌×4 = ×16"
    assert multiplier_text((), 3) == "×3"
    assert merge_parts((("grab", 2), ("bomb", 2), ("grab", 2))) == [("grab", 4), ("bomb", 2)]
    assert multiplier_text((("base", 3), ("custom", 2)), 6) == "底分×3 custom×2 = ×6"


def test_scene_validation() -> None:
    seat = SeatView("a")
    with pytest.raises(ValueError):
        TableScene((seat, seat))
    with pytest.raises(ValueError):
        TableScene((seat, seat, seat), viewer=3)
    with pytest.raises(ValueError):
        SeatView("a", role="king")
    with pytest.raises(ValueError):
        SeatView("a", cards_left=-1)


def test_long_plays_and_actions_fit() -> None:
    seats = (SeatView("A", "landlord", 0, last_play="3456789TJQKA33344455"),
             SeatView("B", "farmer", 17, last_play="33445566778899TTJJ"),
             SeatView("C", "farmer", 17, action="grab"),
             SeatView("D", "farmer", 17, last_play="3456789TJQKA"))
    image = decode(render_table(TableScene(seats, bottom_count=8)))
    spots = seat_spots(4)
    right_x, left_x = spots[1].panel[0], spots[3].panel[2]
    y0 = spots[1].play[1]
    for y in range(y0 + 10, y0 + MINI.h + PLAY_ROW_SHIFT, 10):
        row = [is_light(image.getpixel((x, y))) for x in range(WIDTH)]
        # the side plays stay between the side panels, clear of them
        assert not any(row[right_x - 16:right_x]) and not any(row[left_x:left_x + 16])
    # the long right play is on two rows: card faces below the first row's bottom
    below = (WIDTH // 2 + 60, y0 + MINI.h + 10, right_x - 20, y0 + MINI.h + PLAY_ROW_SHIFT - 4)
    assert sum(is_light(p) for p in image.crop(below).get_flattened_data()) > 2000
    # the bottom seat's 20 cards also go on two rows, the first above the usual place
    x, y, _ = spots[0].play
    above = image.crop((x - 150, y - PLAY_ROW_SHIFT + 10, x + 150, y - 4))
    assert sum(is_light(p) for p in above.get_flattened_data()) > 5000

"""The table picture: every variant and seat count, seats, turn, plays, shown hands, header."""

from __future__ import annotations

import pytest
from PIL import ImageChops

from bot.engine.cards import text_of
from bot.words.multiplier import merge_parts, multiplier_text
from render import SeatScene, TableScene, render_table
from render.canvas import (
    FARMER_BG,
    GOLD,
    LANDLORD_BG,
    PASS_BG,
    felt,
)
from render.sprites import BACK_RED, MINI
from render.table import (
    HEADER_H,
    MARGIN,
    PLAY_ROW_SHIFT,
    TAG_H,
    WIDTH,
    seat_position,
    table_layout,
)

from .helpers import (
    ZH_WORDS,
    count_near,
    deal,
    decode,
    is_light,
    parts,
    picture_words,
    said_word,
    text_sizes,
)

VARIANTS = ("classic", "happy", "laizi", "super", "four")


def scene_for(variant: str, viewer: int = 0, revealed: bool = True,
              locale: str = "zh-CN") -> TableScene:
    """A mid-game table: seat 0 is the landlord and has just played (the play to beat);
    seat 1 passed; the last seat is to play; in happy and laizi seat 1 shows its hand."""
    rules, hands, bottom = deal(variant)
    n = rules.players
    seats = [SeatScene("Landlord 地主", "landlord", len(hands[0]) - 5,
                      last_play=text_of(hands[0][:5]), to_beat=True)]
    for i in range(1, n):
        seats.append(SeatScene(f"Farmer {i}", "farmer", len(hands[i]),
                              passed=(i == 1), newest=(i == 1),
                              shown=text_of(hands[i]) if i == 1 and rules.has_show_and_double
                              else None,
                              turn=(i == n - 1)))
    return TableScene(tuple(seats), viewer=viewer, title=variant,
                      bottom=text_of(bottom) if revealed else None,
                      bottom_count=rules.bottom_size, laizi=rules.laizi, multiplier=8,
                      multiplier_words=parts((("grab", 2), ("bomb", 2), ("bomb", 2)), 8, locale),
                      phase="play", words=picture_words(locale))


def ring(box: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    """A band just above a panel, where the turn glow shows."""
    x0, y0, x1, _ = box
    return (x0 + 20, y0 - 8, x1 - 20, y0 - 2)


def light_count(image, box) -> int:
    return sum(is_light(p) for p in image.crop(box).get_flattened_data())


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_variant_table(variant: str) -> None:
    scene = scene_for(variant)
    n = len(scene.seats)
    image = decode(render_table(scene))
    layout = table_layout(scene)
    assert image.size == (WIDTH, layout.height)
    for seat_no, seat in enumerate(scene.seats):
        boxes = layout.seats[seat_no]
        own = LANDLORD_BG if seat.role == "landlord" else FARMER_BG
        other = FARMER_BG if seat.role == "landlord" else LANDLORD_BG
        assert count_near(image, boxes.panel, own, 12) > 150, (seat_no, "role badge")
        assert count_near(image, boxes.panel, other, 12) == 0, (seat_no, "other badge")
        band = image.crop(ring(boxes.panel)).get_flattened_data()
        glow = sum(1 for r, _, b in band if r > 100 and r - b > 50)  # yellow on green
        assert (glow > 100) == seat.turn, (seat_no, "turn glow", glow)
        x0, y0, x1, y1 = boxes.play
        cards = (x0, y0 + TAG_H, x1, y1)
        if seat.last_play:
            assert light_count(image, cards) > 5 * 1500
            assert count_near(image, boxes.play, GOLD, 20) > 300  # framed: the one to beat
        elif seat.passed:
            assert count_near(image, cards, PASS_BG, 6) > 300
        else:
            assert light_count(image, cards) == 0
        if seat.shown:
            assert boxes.shown is not None
            assert light_count(image, boxes.shown) > 2000 * len(seat.shown) // 4
    header = (WIDTH // 2 - 250, 0, WIDTH // 2 + 250, HEADER_H)
    assert count_near(image, layout.header, BACK_RED, 20) == 0  # revealed: no card backs
    laizi_gold = count_near(image, (MARGIN, MARGIN + 60, WIDTH // 2, HEADER_H), GOLD, 25)
    assert (laizi_gold > 200) == (scene.laizi is not None)
    assert header[3] <= layout.seats[0].panel[1] and n in (3, 4)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("locale", ["en", "zh-CN", "zh-TW"])
def test_every_word_is_readable_on_a_phone(variant: str, locale: str) -> None:
    # Discord shows a picture 400 px wide on a phone: every text drawn on the table must
    # still be 12 px there
    scene = scene_for(variant, locale=locale)
    sizes = text_sizes(lambda: render_table(scene), WIDTH)
    assert sizes and min(sizes) * 400 / WIDTH >= 12, sorted(set(sizes))


def test_the_table_is_not_mostly_empty_felt() -> None:
    scene = scene_for("classic")
    layout = table_layout(scene)
    assert layout.height <= 1.25 * WIDTH  # fits a phone screen: no tall empty canvas
    image = decode(render_table(scene))
    # empty: the pixel is the bare felt background (the 1200 x 800 table was 71 % empty)
    drawn = ImageChops.difference(image, felt(*image.size)).convert("L")
    empty = sum(1 for d in drawn.get_flattened_data() if d <= 12)
    assert empty / (image.width * image.height) < 0.55


@pytest.mark.parametrize("variant", ["classic", "four"])
def test_hidden_bottom_cards_are_backs(variant: str) -> None:
    scene = scene_for(variant, revealed=False)
    image = decode(render_table(scene))
    assert count_near(image, table_layout(scene).header, BACK_RED, 20) > 1000


@pytest.mark.parametrize("variant", ["classic", "four"])
def test_the_viewer_sits_at_the_bottom(variant: str) -> None:
    for viewer in range(len(scene_for(variant).seats)):
        scene = scene_for(variant, viewer=viewer)
        layout = table_layout(scene)
        lowest = max(range(len(scene.seats)), key=lambda i: layout.seats[i].panel[1])
        assert lowest == viewer
        image = decode(render_table(scene))
        landlord = layout.seats[0].panel
        assert count_near(image, landlord, LANDLORD_BG, 12) > 150


def test_seat_positions_go_counterclockwise() -> None:
    assert [seat_position(s, 0, 3) for s in range(3)] == [0, 1, 2]
    assert [seat_position(s, 2, 4) for s in range(4)] == [2, 3, 0, 1]
    layout = table_layout(scene_for("classic"))
    bottom, right, left = (layout.seats[i].panel for i in range(3))
    assert bottom[1] > right[1] and right[0] > left[0]
    four = table_layout(scene_for("four"))
    assert four.seats[2].panel[1] < four.seats[1].panel[1]  # the top seat is above the sides


def test_a_laizi_play_draws_its_stand_in_ranks() -> None:
    # the laizi A of 6-7-8-A-10-J-Q stands for 9: drawn fourth, tagged "9"
    seats = (SeatScene("A", "landlord", 10, last_play="678ATJQ", play_as="6789TJQ",
                      to_beat=True),
             SeatScene("B", "farmer", 17), SeatScene("C", "farmer", 17))
    scene = TableScene(seats, laizi="A", words=ZH_WORDS)
    plain = TableScene((SeatScene("A", "landlord", 10, last_play="678ATJQ", to_beat=True),
                        *seats[1:]), laizi="A", words=ZH_WORDS)
    image, before = decode(render_table(scene)), decode(render_table(plain))
    _, y0, _, _ = table_layout(scene).seats[0].play
    width = 6 * MINI.strip + MINI.w
    left = (WIDTH - width) // 2
    top = y0 + TAG_H
    fourth = (left + 3 * MINI.strip, top + MINI.h - 36, left + 4 * MINI.strip, top + MINI.h)
    dark = (40, 30, 0)
    assert count_near(image, fourth, dark, 12) > 100  # the stand-in tag...
    assert count_near(before, fourth, dark, 12) == 0  # ...which a natural play lacks
    for k in (0, 1, 2, 4, 5):  # and only on the wild card
        box = (left + k * MINI.strip, top + MINI.h - 36, left + (k + 1) * MINI.strip,
               top + MINI.h)
        assert count_near(image, box, dark, 12) == 0, k
    with pytest.raises(ValueError):
        SeatScene("A", last_play="678A", play_as="678")


def test_no_frozen_timer_and_a_phase_line() -> None:
    scene = scene_for("happy")
    assert not hasattr(scene.seats[0], "seconds_left")
    with pytest.raises(ValueError):
        TableScene(scene.seats, phase="nap", words=ZH_WORDS)
    for phase in ("bid", "call", "grab", "show", "double", "play"):
        a = render_table(TableScene(scene.seats, phase=phase, words=ZH_WORDS))
        assert a != render_table(TableScene(scene.seats, phase="over", words=ZH_WORDS))


def test_multiplier_words() -> None:
    parts = (("grab", 2), ("bomb", 2), ("show", 4))
    assert multiplier_text(parts, 16) == "抢×2 炸弹×2 明牌×4 = ×16"
    assert multiplier_text((), 3) == "×3"
    assert merge_parts((("grab", 2), ("bomb", 2), ("grab", 2))) == [("grab", 4), ("bomb", 2)]
    assert multiplier_text((("base", 3), ("custom", 2)), 6) == "底分×3 custom×2 = ×6"
    assert multiplier_text(parts, 16, "en") == "Grab×2 Bomb×2 Show×4 = ×16"
    assert multiplier_text(parts, 16, "zh-TW") == "搶×2 炸彈×2 明牌×4 = ×16"


def test_scene_validation() -> None:
    seat = SeatScene("a")
    with pytest.raises(ValueError):
        TableScene((seat, seat), words=ZH_WORDS)
    with pytest.raises(ValueError):
        TableScene((seat, seat, seat), viewer=3, words=ZH_WORDS)
    with pytest.raises(ValueError):
        SeatScene("a", role="king")
    with pytest.raises(ValueError):
        SeatScene("a", cards_left=-1)


def test_long_plays_and_actions_fit() -> None:
    seats = (SeatScene("A", "landlord", 0, last_play="3456789TJQKA33344455"),
             SeatScene("B", "farmer", 17, last_play="33445566778899TTJJ"),
             SeatScene("C", "farmer", 17, action=said_word("grab", "zh-CN"), doubled=True,
                       auto=True),
             SeatScene("D", "farmer", 17, last_play="3456789TJQKA"))
    scene = TableScene(seats, bottom_count=8, words=ZH_WORDS)
    image = decode(render_table(scene))
    layout = table_layout(scene)
    for seat, boxes in zip(seats, layout.seats, strict=True):
        x0, y0, x1, y1 = boxes.play
        # nothing of a play outside its area: the felt around it stays felt
        if boxes.align == "l":
            assert light_count(image, (x1 + 2, y0 + TAG_H, x1 + 10, y1)) == 0
        if boxes.align == "r":
            assert light_count(image, (x0 - 10, y0 + TAG_H, x0 - 2, y1)) == 0
        if seat.last_play and len(seat.last_play) > 9 and boxes.align != "m":
            # a long side play wraps onto a second row
            assert y1 - y0 >= TAG_H + MINI.h + PLAY_ROW_SHIFT
    # the 加倍 and 托管 badges stay inside their panel
    x0, y0, x1, y1 = layout.seats[2].panel
    assert count_near(image, (x0 + 90, y1 - 40, x1 - 4, y1 - 8), (214, 72, 60), 16) > 200
    assert count_near(image, (x1 + 1, y0, x1 + 12, y1), (214, 72, 60), 30) == 0

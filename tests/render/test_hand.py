"""The hand picture: layout, every variant's hand sizes, marks, indexes and grouping."""

from __future__ import annotations

import itertools

import pytest

from bot.engine.cards import BLACK, FLOWER, RED, Card, text_of
from render import group_cards, hand_layout, hand_order, render_hand
from render.canvas import GOLD, LANDLORD_BG, RED_INK, SOFT_WHITE
from render.cardrow import cards_of
from render.hand import MAX_PER_ROW, STEP, rank_runs
from render.sprites import BIG, FLOWER_INK

from .helpers import ZH_WORDS, count_near, deal, decode, is_light, light_runs

VARIANTS = ("classic", "happy", "laizi", "super", "four")


def _rows(layout) -> dict[int, list[tuple[int, int, int, int]]]:
    rows: dict[int, list[tuple[int, int, int, int]]] = {}
    for box in layout.cards:
        rows.setdefault(box[1], []).append(box)
    return rows


# ---------------------------------------------------------------------------- layout
@pytest.mark.parametrize(("n", "rows"), [(1, 1), (5, 1), (11, 1), (12, 2), (17, 2), (20, 2),
                                         (21, 2), (22, 2), (25, 3), (33, 3)])
def test_layout_rows_are_balanced(n: int, rows: int) -> None:
    layout = hand_layout(n)
    assert len(layout.cards) == len(layout.visible) == len(layout.index_at) == n
    assert layout.rows == rows
    sizes = sorted(len(r) for r in _rows(layout).values())
    assert max(sizes) <= MAX_PER_ROW
    assert max(sizes) - min(sizes) <= 1
    for x0, y0, x1, y1 in layout.cards:
        assert 0 <= x0 < x1 <= layout.width and 0 <= y0 < y1 <= layout.height
        assert (x1 - x0, y1 - y0) == (BIG.w, BIG.h)


def test_layout_visible_parts_do_not_overlap() -> None:
    layout = hand_layout(33)
    for row in _rows(hand_layout(33)).values():
        xs = [b[0] for b in row]
        assert xs == sorted(xs)
        assert all(b - a == STEP for a, b in itertools.pairwise(xs))
    for a, b in itertools.pairwise(layout.visible):
        if a[1] == b[1]:
            assert a[2] <= b[0]
    # the last card of each row shows whole
    for row in _rows(layout).values():
        last = layout.cards.index(row[-1])
        assert layout.visible[last] == layout.cards[last]


def test_grouped_layout_spaces_groups_and_checks_counts() -> None:
    plain = hand_layout(8)
    grouped = hand_layout(8, groups=[[4], [2, 2]])
    assert len(grouped.labels) == 2
    xs = [b[0] for b in grouped.cards]
    assert xs[4] - xs[3] > STEP  # a gap between the groups
    assert xs[6] - xs[5] > STEP  # a smaller one between the pairs
    assert xs[6] - xs[5] < xs[4] - xs[3]
    assert grouped.height > plain.height  # room for the labels
    with pytest.raises(ValueError):
        hand_layout(8, groups=[[4], [3]])


# ---------------------------------------------------------------------------- pictures
@pytest.mark.parametrize("variant", VARIANTS)
def test_every_variant_hand_renders_with_one_card_per_rectangle(variant: str) -> None:
    rules, hands, _ = deal(variant)
    for hand in (hands[0], hands[1]):  # the landlord's (20, 21 or 33) and a farmer's
        image = decode(render_hand(hand, laizi=rules.laizi, title=f"{variant} 手牌",
                                   words=ZH_WORDS))
        layout = hand_layout(len(hand), runs=rank_runs(hand_order(hand)), title=True)
        assert image.size == (layout.width, layout.height)
        for x0, y0, _, y1 in layout.visible:
            # each visible strip shows card face (below the suit, beside any mark) ...
            assert is_light(image.getpixel((x0 + 9, y0 + int(BIG.h * 0.62))))
            # ... and the index band under it is felt
            assert not is_light(image.getpixel((x0 + 4, y1 + 26)))
        # read the number of cards back: one light run per card along each row's bottom
        found = 0
        for row in _rows(layout).values():
            y = row[0][3] - 6
            found += light_runs(image, y, row[0][0] - 4, row[-1][2] + 4)
        assert found == len(hand)


def test_index_numbers_are_drawn_under_each_card() -> None:
    hand = "3456789TJQKA2BR"
    image = decode(render_hand(hand, words=ZH_WORDS))
    layout = hand_layout(len(hand))
    for cx, cy in layout.index_at:
        assert count_near(image, (cx - 16, cy - 14, cx + 16, cy + 14), SOFT_WHITE, 30) > 15
    # and nowhere else in the index band: between two rows' numbers there is only felt
    x0, _, _, y1 = layout.cards[0]
    assert count_near(image, (x0, y1 + 40, x0 + 60, y1 + 44), SOFT_WHITE, 30) == 0


def test_laizi_cards_are_marked_in_gold() -> None:
    hand = "3457777TJQK"
    plain = decode(render_hand(hand, words=ZH_WORDS))
    marked = decode(render_hand(hand, laizi="7", words=ZH_WORDS))
    layout = hand_layout(len(hand))
    order = hand_order(hand)
    for card, (x0, y0, x1, y1) in zip(order, layout.visible, strict=True):
        box = (x0 + 16, y0 + 16, x1 - 4, y1 - 16)  # inside: no neighbour shows at corners
        gold_plain = count_near(plain, box, GOLD, 30)
        gold_marked = count_near(marked, box, GOLD, 30)
        assert gold_plain == 0
        if card.char == "7":
            assert gold_marked > 300, card
        else:
            assert gold_marked == 0, card
    with pytest.raises(ValueError):
        render_hand(hand, laizi="B", words=ZH_WORDS)


def test_jokers_and_flower_are_unmistakable() -> None:
    hand = "3BRF"
    image = decode(render_hand(hand, words=ZH_WORDS))
    layout = hand_layout(4)
    order = [c.rank for c in hand_order(hand)]
    assert order == [FLOWER, RED, BLACK, 0]  # big to small
    flower, big, small = (layout.visible[i] for i in (0, 1, 2))
    assert count_near(image, small, RED_INK, 40) == 0  # the small joker is black
    assert count_near(image, small, (36, 36, 44), 30) > 200
    assert count_near(image, big, RED_INK, 40) > 200  # the big joker is red
    assert count_near(image, flower, FLOWER_INK, 40) > 200  # the flower is magenta


def test_cards_and_notation_give_the_same_picture() -> None:
    text = "334455667788BRF"
    assert render_hand(text, words=ZH_WORDS) == render_hand(cards_of(text), words=ZH_WORDS)
    mixed = render_hand([Card(0, "S"), Card(1, "H")], words=ZH_WORDS)
    assert mixed != render_hand("34", words=ZH_WORDS)  # 3♠4♥ vs 3♠4♠


def test_bad_cards_and_empty_hands() -> None:
    with pytest.raises(ValueError):
        render_hand("33X", words=ZH_WORDS)
    image = decode(render_hand("", title="empty", words=ZH_WORDS))
    assert image.size == (hand_layout(0, title=True).width, hand_layout(0, title=True).height)


# ---------------------------------------------------------------------------- grouping
def test_group_cards_by_rank_counts() -> None:
    groups = group_cards("33334445566789TTJQK2BR", laizi="7")
    summary = [(g.key, [text_of(u) for u in g.units]) for g in groups]
    assert summary == [
        ("group_wild", ["7"]),
        ("group_rocket", ["BR"]),
        ("group_bomb", ["3333"]),
        ("group_trio", ["444"]),
        ("group_pair", ["55", "66", "TT"]),
        ("group_single", ["89JQK2"]),
    ]


def test_group_order_is_a_permutation_and_indexes_follow_it() -> None:
    _, hands, _ = deal("super", seed=5)
    hand = hands[0]
    order = hand_order(hand, order="grouped")
    assert sorted(order) == sorted(hand)
    assert order[0].rank == FLOWER  # the wild card leads
    image = decode(render_hand(hand, order="grouped", words=ZH_WORDS))
    groups = group_cards(hand)
    layout = hand_layout(len(hand), groups=[[len(u) for u in g.units] for g in groups])
    assert image.size == (layout.width, layout.height)
    for x0, y0, _, _ in layout.visible:
        assert is_light(image.getpixel((x0 + 9, y0 + int(BIG.h * 0.62))))


# ---------------------------------------------------------------------------- issue 15
@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("order", ["desc", "asc"])
def test_a_rank_never_spans_two_rows(variant: str, order: str) -> None:
    for seed in range(1, 30):
        _, hands, _ = deal(variant, seed)
        for hand in hands:
            ordered = hand_order(hand, order=order)
            layout = hand_layout(len(ordered), runs=rank_runs(ordered))
            row_of: dict[int, set[int]] = {}
            for card, box in zip(ordered, layout.cards, strict=True):
                row_of.setdefault(card.rank, set()).add(box[1])
            assert all(len(rows) == 1 for rows in row_of.values()), (seed, text_of(hand))
            assert max(len(r) for r in _rows(layout).values()) <= MAX_PER_ROW


def test_the_999_of_a_17_card_hand_share_a_row() -> None:
    # this hand split 9♠9♥ | 9♦ before: rows were cut every 9 cards whatever the ranks
    hand = "3345678999TJQKA2B"
    assert len(hand) == 17
    for order in ("asc", "desc"):
        ordered = hand_order(hand, order=order)
        layout = hand_layout(len(ordered), runs=rank_runs(ordered))
        nines = {layout.cards[i][1] for i, c in enumerate(ordered) if c.char == "9"}
        assert len(nines) == 1 and layout.rows == 2
        naive = hand_layout(len(ordered))  # 9 + 8 cards whatever the ranks, as before
        assert len({naive.cards[i][1] for i, c in enumerate(ordered) if c.char == "9"}) == 2


def test_orders_big_to_small_small_to_big_and_grouped() -> None:
    hand = "3TT2BR9999"
    def chars(order: str) -> str:
        return "".join(c.char for c in hand_order(hand, order=order))

    assert chars("desc") == "RB2TT99993"  # the default: big to small
    assert chars("asc") == "39999TT2BR"
    assert chars("grouped") == "BR9999TT32"
    with pytest.raises(ValueError):
        hand_order(hand, order="random")
    assert render_hand(hand, words=ZH_WORDS) != render_hand(hand, order="asc", words=ZH_WORDS)


def test_bottom_cards_are_marked_in_the_landlords_hand() -> None:
    hand = "334579TTJQKA22BR7"
    plain = decode(render_hand(hand, words=ZH_WORDS))
    image = decode(render_hand(hand, marked="T2B", words=ZH_WORDS))
    ordered = hand_order(hand)
    layout = hand_layout(len(ordered), runs=rank_runs(ordered))
    marked = [i for i, c in enumerate(ordered) if c.char in "T2B"]
    assert len(marked) == 5
    tagged = []
    for i, (cx, cy) in enumerate(layout.index_at):
        box = (cx - 20, cy - 15, cx + 20, cy + 15)
        if count_near(image, box, LANDLORD_BG, 30) > 200:
            tagged.append(i)
        assert count_near(plain, box, LANDLORD_BG, 30) == 0
    # one T, one 2 (the last copies) and the B: three cards, never a copy too many
    assert [ordered[i].char for i in tagged] == ["B", "2", "T"]

"""The hand picture: a player's cards, overlapped in rows, with an index under each card.

The index of a card (1..n) is its place in :func:`hand_order`, so a player may say "3 5 6"
and the table layer knows exactly which cards he means. Rows hold at most
:data:`MAX_PER_ROW` cards: 17 cards are two rows, 21 two, 33 three.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import ImageDraw

from bot.engine.cards import BLACK, FLOWER, RED, Card

from .canvas import GOLD, SOFT_WHITE, Box, draw_text, encode_png, felt, name_text, panel
from .cardrow import CardsLike, cards_of, display_key, laizi_rank
from .fonts import LABELS, font, font_for
from .sprites import BIG, face_sprite

MAX_PER_ROW = 11
STEP = 68  # horizontal distance between overlapping cards
UNIT_GAP = 22  # extra space between two units of a group (two bombs, two pairs)
GROUP_GAP = BIG.w - STEP + 18  # a group's last card shows whole, then a gap
MARGIN = 24
TITLE_H = 58
LABEL_H = 34
INDEX_H = 40
ROW_GAP = 12
MIN_WIDTH = 440
ROW_MAX = (MAX_PER_ROW - 1) * STEP + BIG.w
ROW_MAX_GROUPED = ROW_MAX + 2 * STEP  # grouped rows lose room to gaps: allow a wider picture

GROUP_KEYS = ("group_wild", "group_flower", "group_rocket", "group_bomb", "group_trio",
              "group_pair", "group_single")


@dataclass(frozen=True)
class HandLayout:
    """Where everything of a hand picture goes (px). Cards are in display order."""

    width: int
    height: int
    cards: tuple[Box, ...]  # the full rectangle of each card
    visible: tuple[Box, ...]  # the part of each card that no later card covers
    index_at: tuple[tuple[int, int], ...]  # centre of each index number
    labels: tuple[tuple[int, int, int], ...]  # (group number, x, y centre) of group labels
    rows: int


@dataclass(frozen=True)
class Group:
    """Cards of one kind (``key`` of :data:`GROUP_KEYS`) split into units (each bomb, each
    pair …; singles are one unit)."""

    key: str
    units: tuple[tuple[Card, ...], ...]

    @property
    def cards(self) -> list[Card]:
        return [c for unit in self.units for c in unit]


def group_cards(cards: CardsLike, laizi: str | None = None) -> list[Group]:
    """Split a hand by rank counts: wild cards, the flower, the rocket, bombs, trios, pairs,
    singles; ranks ascending within each group. Empty groups are left out."""
    hand = cards_of(cards)
    wild_rank = laizi_rank(laizi)
    wild = [c for c in hand if c.rank == wild_rank]
    flower = [c for c in hand if c.rank == FLOWER]
    rest = [c for c in hand if c.rank != wild_rank and c.rank != FLOWER]
    ranks_held = {c.rank for c in rest}
    rocket: list[Card] = []
    if BLACK in ranks_held and RED in ranks_held:
        rocket = [c for c in rest if c.rank in (BLACK, RED)]
        rest = [c for c in rest if c.rank not in (BLACK, RED)]
    by_rank: dict[int, list[Card]] = {}
    for card in rest:
        by_rank.setdefault(card.rank, []).append(card)
    units: dict[str, list[tuple[Card, ...]]] = {key: [] for key in GROUP_KEYS}
    for rank in sorted(by_rank):
        same = tuple(by_rank[rank])
        key = ("group_single", "group_pair", "group_trio")[len(same) - 1] if len(same) < 4 \
            else "group_bomb"
        units[key].append(same)
    units["group_wild"] = [tuple(wild)] if wild else []
    units["group_flower"] = [tuple(flower)] if flower else []
    units["group_rocket"] = [tuple(rocket)] if rocket else []
    singles = [c for unit in units["group_single"] for c in unit]
    units["group_single"] = [tuple(singles)] if singles else []
    return [Group(key, tuple(units[key])) for key in GROUP_KEYS if units[key]]


def hand_order(cards: CardsLike, *, laizi: str | None = None,
               group_by_pattern: bool = False) -> list[Card]:
    """The cards in the order the picture shows them: card ``i`` (1-based) of the picture is
    ``hand_order(...)[i - 1]``."""
    if group_by_pattern:
        return [c for group in group_cards(cards, laizi) for c in group.cards]
    return cards_of(cards)


def _balanced_units(n: int) -> list[tuple[int, ...]]:
    """Row sizes for ``n`` cards: as few rows as fit, sizes differing by one at most."""
    if n == 0:
        return []
    rows = math.ceil(n / MAX_PER_ROW)
    return [(n // rows + (1 if i < n % rows else 0),) for i in range(rows)]


def hand_layout(n: int, *, groups: Sequence[Sequence[int]] | None = None,
                title: bool = False) -> HandLayout:
    """The layout of ``n`` cards: balanced rows of at most :data:`MAX_PER_ROW`, or, with
    ``groups`` (the unit sizes of each group, e.g. ``[[4, 4], [3], [2, 2], [5]]``), groups
    spaced apart under their labels, wrapped between units."""
    if groups is not None and sum(sum(g) for g in groups) != n:
        raise ValueError(f"groups {groups!r} do not add up to {n} cards")
    grouped = groups is not None
    row_max = ROW_MAX_GROUPED if grouped else ROW_MAX
    plan = [list(g) for g in groups] if groups is not None else \
        [[size] for (size,) in _balanced_units(n)]
    # place cards: (row, x) per card, breaking rows for ungrouped plans at each "group"
    rows: list[list[tuple[int, int]]] = []  # per row: (x, group number) of each card
    starts: list[tuple[int, int, int]] = []  # (group number, row, x) of each group's start
    row: list[tuple[int, int]] = []
    x = 0
    for gi, units in enumerate(plan):
        if not grouped and row:
            rows.append(row)
            row, x = [], 0
        group_w = (sum(units) - 1) * STEP + (len(units) - 1) * UNIT_GAP + BIG.w
        if grouped and row and x + GROUP_GAP + group_w > row_max >= group_w:
            rows.append(row)  # the whole group fits on a fresh row: keep it together
            row, x = [], 0
        for ui, size in enumerate(units):
            gap = 0 if not row else (GROUP_GAP if ui == 0 else UNIT_GAP)
            if row and x + gap + (size - 1) * STEP + BIG.w > row_max:
                rows.append(row)
                row, x, gap = [], 0, 0
            x += gap
            if ui == 0:
                starts.append((gi, len(rows), x))
            for _ in range(size):
                if row and x + BIG.w > row_max:
                    rows.append(row)
                    row, x = [], 0
                row.append((x, gi))
                x += STEP
    if row:
        rows.append(row)
    band = LABEL_H if grouped else 0
    top = MARGIN + (TITLE_H if title else 0)
    row_h = band + BIG.h + INDEX_H
    widths = [r[-1][0] + BIG.w for r in rows] or [0]
    width = max(MIN_WIDTH if title or n == 0 else 0, max(widths) + 2 * MARGIN)
    height = top + len(rows) * row_h + max(0, len(rows) - 1) * ROW_GAP + MARGIN - 6
    if n == 0:
        height = top + 60 + MARGIN
    cards: list[Box] = []
    visible: list[Box] = []
    index_at: list[tuple[int, int]] = []
    for r, row_cards in enumerate(rows):
        y = top + r * (row_h + ROW_GAP) + band
        for i, (cx, _) in enumerate(row_cards):
            x0 = MARGIN + cx
            cards.append((x0, y, x0 + BIG.w, y + BIG.h))
            right = x0 + BIG.w
            if i + 1 < len(row_cards):
                right = min(right, MARGIN + row_cards[i + 1][0])
            visible.append((x0, y, right, y + BIG.h))
            index_at.append((x0 + min(STEP, right - x0) // 2, y + BIG.h + INDEX_H // 2 + 2))
    labels = tuple((gi, MARGIN + x, top + r * (row_h + ROW_GAP) + LABEL_H // 2 - 2)
                   for gi, r, x in starts) if grouped else ()
    return HandLayout(width, height, tuple(cards), tuple(visible), tuple(index_at), labels,
                      len(rows))


def render_hand(cards: Sequence[Card] | str, *, laizi: str | None = None,
                group_by_pattern: bool = False, title: str | None = None) -> bytes:
    """PNG bytes of a hand: cards sorted by rank (or grouped by pattern), the laizi rank
    marked in gold, the index 1..n under each card, and an optional title."""
    wild = laizi_rank(laizi)
    if group_by_pattern:
        groups = group_cards(cards, laizi)
        order = [c for g in groups for c in g.cards]
        plan: list[list[int]] | None = [[len(u) for u in g.units] for g in groups]
    else:
        groups, order, plan = [], sorted(cards_of(cards), key=display_key), None
    layout = hand_layout(len(order), groups=plan, title=bool(title))
    image = felt(layout.width, layout.height)
    draw = ImageDraw.Draw(image)
    if title:
        face = font_for(title, 32, "bold")
        text = name_text(title, face, layout.width - 2 * MARGIN)
        draw_text(draw, (MARGIN, MARGIN + TITLE_H // 2 - 6), text, face, SOFT_WHITE, "lm",
                  shadow=True)
    if not order:
        draw_text(draw, (layout.width // 2, layout.height - MARGIN - 30), "—", font(32),
                  SOFT_WHITE, "mm")
    for gi, x, y in layout.labels:
        label = LABELS[groups[gi].key]
        face = font(20, "bold")
        w = int(face.getlength(label)) + 20
        panel(image, (x, y - 14, x + w, y + 14), radius=14, alpha=120)
        draw.text((x + w // 2, y), label, font=face, fill=SOFT_WHITE, anchor="mm")
    for card, box in zip(order, layout.cards, strict=True):
        sprite = face_sprite(card.rank, card.suit, card.rank == wild, BIG)
        image.paste(sprite.rgb, (box[0] - sprite.pad, box[1] - sprite.pad), sprite.mask)
    index_face = font(26, "bold")
    for i, (card, (cx, cy)) in enumerate(zip(order, layout.index_at, strict=True), start=1):
        color = GOLD if card.rank == wild else SOFT_WHITE
        draw.text((cx, cy), str(i), font=index_face, fill=color, anchor="mm")
    return encode_png(image)

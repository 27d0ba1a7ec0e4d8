"""The hand picture: a player's cards, overlapped in rows, with an index under each card.

The index of a card (1..n) is its place in :func:`hand_order`, so a player may say "3 5 6"
and the table layer knows exactly which cards he means. The order is the player's choice
(:data:`ORDERS`): big to small (大王 小王 2 A K … 3, the default), small to big, or grouped
by pattern. Rows hold at most :data:`MAX_PER_ROW` cards (17 cards are two rows, 21 two,
33 three) and break only between ranks: the copies of a rank always share a row.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine.cards import BLACK, FLOWER, RED, Card

from .canvas import (
    GOLD,
    LANDLORD_BG,
    LANDLORD_FG,
    SOFT_WHITE,
    Box,
    draw_text,
    encode_png,
    felt,
    name_text,
    panel,
    pill,
)
from .cardrow import CardsLike, cards_of, laizi_rank
from .fonts import font, font_for
from .scenes import Words
from .sprites import BIG, face_sprite, hidden_by, paste_uncovered
from .textcache import drawer, text_length

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

ORDERS = ("desc", "asc", "grouped")
"""How a hand may be ordered: big to small, small to big, grouped by pattern."""

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


def check_order(order: str) -> str:
    if order not in ORDERS:
        raise ValueError(f"order must be one of {ORDERS}, not {order!r}")
    return order


def hand_order(cards: CardsLike, *, laizi: str | None = None, order: str = "desc"
               ) -> list[Card]:
    """The cards in the order the picture shows them: card ``i`` (1-based) of the picture is
    ``hand_order(...)[i - 1]``. ``order`` is one of :data:`ORDERS`."""
    if check_order(order) == "grouped":
        return [c for group in group_cards(cards, laizi) for c in group.cards]
    ordered = cards_of(cards)
    if order == "desc":  # big to small; within a rank the suits keep ♠♥♣♦
        ordered.sort(key=lambda c: -c.rank)
    return ordered


def rank_runs(cards: Sequence[Card]) -> list[int]:
    """The sizes of the runs of equal rank in ``cards`` (``99955`` → ``[3, 2]``)."""
    runs: list[int] = []
    for i, card in enumerate(cards):
        if i and card.rank == cards[i - 1].rank:
            runs[-1] += 1
        else:
            runs.append(1)
    return runs


def row_sizes(runs: Sequence[int], max_per_row: int = MAX_PER_ROW) -> list[int]:
    """Row sizes for cards in runs of equal rank: as few rows as hold the cards without
    splitting a run, as even as the runs allow (breaks at the run ends nearest the even
    shares)."""
    n = sum(runs)
    if n == 0:
        return []
    if max(runs) > max_per_row:
        raise ValueError(f"a run of {max(runs)} cards does not fit a row of {max_per_row}")
    rows = math.ceil(n / max_per_row)
    while True:
        sizes = _split_runs(runs, rows, max_per_row)
        if sizes is not None:
            return sizes
        rows += 1


def _split_runs(runs: Sequence[int], rows: int, max_per_row: int) -> list[int] | None:
    """Runs packed into at most ``rows`` rows, each row ending at the run end nearest its
    even share of what is left; None if they do not fit."""
    n = sum(runs)
    sizes: list[int] = []
    row = placed = 0
    for run in runs:
        if row:
            left = rows - len(sizes)
            target = (n - placed + row) / left
            overflow = row + run > max_per_row
            nearer = left > 1 and abs(row + run - target) > abs(row - target)
            if overflow or nearer:
                if left == 1:
                    return None
                sizes.append(row)
                row = 0
        row += run
        placed += run
    sizes.append(row)
    return sizes


def hand_layout(n: int, *, groups: Sequence[Sequence[int]] | None = None,
                runs: Sequence[int] | None = None, title: bool = False) -> HandLayout:
    """The layout of ``n`` cards: balanced rows of at most :data:`MAX_PER_ROW` that break only
    between ``runs`` (the sizes of the runs of equal rank; one card each if None), or, with
    ``groups`` (the unit sizes of each group, e.g. ``[[4, 4], [3], [2, 2], [5]]``), groups
    spaced apart under their labels, wrapped between units."""
    if groups is not None and sum(sum(g) for g in groups) != n:
        raise ValueError(f"groups {groups!r} do not add up to {n} cards")
    if runs is not None and sum(runs) != n:
        raise ValueError(f"runs {runs!r} do not add up to {n} cards")
    grouped = groups is not None
    row_max = ROW_MAX_GROUPED if grouped else ROW_MAX
    plan = [list(g) for g in groups] if groups is not None else \
        [[size] for size in row_sizes(runs if runs is not None else [1] * n)]
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


def marked_cards(order: Sequence[Card], marked: CardsLike) -> set[int]:
    """Indexes into ``order`` of the cards to mark as ``marked`` (the bottom cards the
    landlord took): for each rank, as many of its copies as ``marked`` holds, the last ones
    first (notation has no suits, so which copy is a display choice)."""
    want: dict[int, int] = {}
    for card in cards_of(marked):
        want[card.rank] = want.get(card.rank, 0) + 1
    out: set[int] = set()
    for i in range(len(order) - 1, -1, -1):
        rank = order[i].rank
        if want.get(rank, 0) > 0:
            want[rank] -= 1
            out.add(i)
    return out


def render_hand(cards: Sequence[Card] | str, *, laizi: str | None = None,
                order: str = "desc", title: str | None = None, marked: CardsLike = "",
                words: Words) -> bytes:
    """PNG bytes of a hand in ``order`` (:data:`ORDERS`), the laizi rank marked in gold, the
    index 1..n under each card, an optional title, and a "bottom" tab on the ``marked``
    cards (the bottom cards in the landlord's hand). ``words`` are the reader's language's
    (the groups' labels, the bottom cards' tab: ``bot.words.pictures.picture_words``)."""
    wild = laizi_rank(laizi)
    groups = group_cards(cards, laizi) if check_order(order) == "grouped" else []
    ordered = hand_order(cards, laizi=laizi, order=order)
    if groups:
        plan: list[list[int]] | None = [[len(u) for u in g.units] for g in groups]
        layout = hand_layout(len(ordered), groups=plan, title=bool(title))
    else:
        layout = hand_layout(len(ordered), runs=rank_runs(ordered), title=bool(title))
    marks = marked_cards(ordered, marked) if marked else set()
    image = felt(layout.width, layout.height)
    draw = drawer(image)
    if title:
        face = font_for(title, 32, "bold")
        text = name_text(title, face, layout.width - 2 * MARGIN)
        draw_text(draw, (MARGIN, MARGIN + TITLE_H // 2 - 6), text, face, SOFT_WHITE, "lm",
                  shadow=True)
    if not ordered:
        draw_text(draw, (layout.width // 2, layout.height - MARGIN - 30), "—", font(32),
                  SOFT_WHITE, "mm")
    label_face = font_for("".join(words[g.key] for g in groups), 26, "bold")
    for gi, x, y in layout.labels:
        label = words[groups[gi].key]
        w = int(text_length(label_face, label)) + 24
        panel(image, (x, y - 16, x + w, y + 16), radius=16, alpha=130)
        draw.text((x + w // 2, y), label, font=label_face, fill=SOFT_WHITE, anchor="mm")
    for i, (card, box) in enumerate(zip(ordered, layout.cards, strict=True)):
        sprite = face_sprite(card.rank, card.suit, card.rank == wild, BIG)
        at = (box[0] - sprite.pad, box[1] - sprite.pad)
        cover = None  # where the next card of its row, pasted next, hides it entirely
        if i + 1 < len(layout.cards) and layout.cards[i + 1][1] == box[1]:
            cover = hidden_by(BIG, (layout.cards[i + 1][0] - sprite.pad, at[1]))
        paste_uncovered(image, sprite, at, cover)
    tab = words["from_bottom"]
    tab_face = font_for(tab, 20, "bold")
    for i in sorted(marks):
        x0, y0, x1, _ = layout.visible[i]
        pill(draw, ((x0 + x1) // 2, y0 - 5), tab, 20, LANDLORD_BG, LANDLORD_FG, "m", pad=8,
             outline=LANDLORD_FG, face=tab_face)
    index_face = font(26, "bold")
    for i, (card, (cx, cy)) in enumerate(zip(ordered, layout.index_at, strict=True)):
        color = GOLD if card.rank == wild else SOFT_WHITE
        if i in marks:
            draw.rounded_rectangle((cx - 22, cy - 17, cx + 22, cy + 17), radius=17,
                                   fill=LANDLORD_BG)
            color = LANDLORD_FG
        draw.text((cx, cy), str(i + 1), font=index_face, fill=color, anchor="mm")
    return encode_png(image)

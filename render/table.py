"""The table picture, drawn for a phone first: 800 px wide (Discord shows it 400 px wide
on a phone, so every word is drawn at least 24 px high: 12 px there), as tall as what
is on the table, with no empty felt.

From the top: the header (title and phase line; the bottom cards, the laizi, the
multiplier and its parts), the opponents (4 seats: the one across first, then left and
right), each with its panel, its play under it and its shown hand (明牌), then the
viewer's play and panel at the bottom. The play to beat is framed in gold; wild cards
are drawn where they stand in the play, tagged with the rank they stand for.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.engine.cards import RANK_CHARS, Card

from .avatar import paste_avatar
from .canvas import (
    FARMER_BG,
    FARMER_FG,
    GOLD,
    GOLD_DARK,
    LANDLORD_BG,
    LANDLORD_FG,
    LOSS,
    MUTED,
    PANEL_LINE,
    PASS_BG,
    SOFT_WHITE,
    TURN,
    WHITE,
    Box,
    draw_text,
    encode_png,
    felt_with_panel,
    glow,
    name_text,
    panel,
    pill,
    wrap_words,
)
from .cardrow import cards_of, draw_backs, draw_cards, laizi_rank, row_width, wrap_cards
from .fonts import clean_text, fit_text, font, font_for
from .scenes import SeatScene, TableScene, Words
from .sprites import MINI, back_icon
from .textcache import drawer, text_length

WIDTH = 800
MARGIN = 16
GAP = 12
COL_W = (WIDTH - 2 * MARGIN - GAP) // 2  # an opponent's column (two side by side)
TITLE_H = 52
HEADER_H = TITLE_H + 150  # title line, then the bottom cards and the multiplier
PANEL_H = 112  # name line and role/count line
PANEL_H_FLAGS = 150  # a third line for 托管 / 加倍
TAG_H = 34  # room above a play for its "to beat" tag
PLAY_ROW_SHIFT = 52  # a long play wraps: each row this much lower, its indexes showing
SHOWN_ROW_SHIFT = 58
PLAY_MIN_H = MINI.h  # a seat's play area never collapses: the picture keeps its height
AVATAR = 72
PHASE_COLORS = {"bid": (235, 140, 40), "call": (235, 140, 40), "grab": (226, 86, 60),
                "show": (196, 28, 128), "double": (214, 72, 60), "play": (42, 157, 143),
                "over": (110, 110, 124)}
ACTION_BG = (235, 140, 40)
HEADER_PANEL = (20, 130)  # the header panel's radius and alpha


@dataclass(frozen=True)
class SeatBoxes:
    """Where one seat goes: its panel, its play area (cards start at its left, end at its
    right or are centred, by ``align``) and its shown hand's area (None: not shown)."""

    panel: Box
    play: Box
    align: str
    shown: Box | None


@dataclass(frozen=True)
class TableLayout:
    width: int
    height: int
    header: Box
    seats: tuple[SeatBoxes, ...]  # by seat index


def seat_position(seat: int, viewer: int, players: int) -> int:
    """Where a seat is drawn: 0 bottom, 1 right, then top (4 seats) and left."""
    return (seat - viewer) % players


# ---------------------------------------------------------------------------- layout
def _flag_words(seat: SeatScene, words: Words) -> list[tuple[str, tuple[int, int, int]]]:
    """The 托管 and 加倍 badges of a seat, with their colours."""
    return [(words[key], bg) for flag, key, bg in ((seat.auto, "auto", (110, 110, 124)),
                                                  (seat.doubled, "double", (214, 72, 60)))
            if flag]


def _play_rows(seat: SeatScene, width: int) -> int:
    if not seat.last_play:
        return 0
    return len(wrap_cards(cards_of(seat.last_play, keep_order=True), width, MINI))


def _play_height(seat: SeatScene, width: int) -> int:
    rows = _play_rows(seat, width)
    cards_h = MINI.h + (rows - 1) * PLAY_ROW_SHIFT if rows else 0
    return TAG_H + max(PLAY_MIN_H, cards_h) + 8  # the gold frame of a play to beat


def _shown_height(seat: SeatScene, width: int) -> int:
    if not seat.shown:
        return 0
    rows = len(wrap_cards(cards_of(seat.shown), width, MINI))
    return 30 + MINI.h + (rows - 1) * SHOWN_ROW_SHIFT + GAP


def _panel_height(seats: list[SeatScene], words: Words) -> int:
    return PANEL_H_FLAGS if any(_flag_words(s, words) for s in seats) else PANEL_H


def table_layout(scene: TableScene) -> TableLayout:
    """Every box of the picture of ``scene``: the height follows what is on the table."""
    n = len(scene.seats)
    by_pos = {seat_position(i, scene.viewer, n): i for i in range(n)}
    rows: list[list[tuple[int, int, int, str]]] = []  # (seat, x0, x1, align) per opponent row
    if n == 4:
        rows.append([(by_pos[2], MARGIN + COL_W // 2 + GAP // 2,
                      WIDTH - MARGIN - COL_W // 2 - GAP // 2, "m")])
    left, right = by_pos[n - 1], by_pos[1]
    rows.append([(left, MARGIN, MARGIN + COL_W, "l"),
                 (right, WIDTH - MARGIN - COL_W, WIDTH - MARGIN, "r")])
    boxes: dict[int, SeatBoxes] = {}
    y = MARGIN + HEADER_H + GAP
    for row in rows:
        seats = [scene.seats[i] for i, *_ in row]
        panel_h = _panel_height(seats, scene.words)
        play_h = max(_play_height(scene.seats[i], x1 - x0) for i, x0, x1, _ in row)
        shown_h = max(_shown_height(scene.seats[i], x1 - x0) for i, x0, x1, _ in row)
        for i, x0, x1, align in row:
            seat = scene.seats[i]
            top = y + panel_h + GAP
            shown = (x0, top + play_h, x1, top + play_h + shown_h - GAP) if seat.shown \
                else None
            boxes[i] = SeatBoxes((x0, y, x1, y + panel_h), (x0, top, x1, top + play_h),
                                 align, shown)
        y += panel_h + GAP + play_h + shown_h
    me = scene.seats[scene.viewer]
    play_h = _play_height(me, WIDTH - 2 * MARGIN)
    play = (MARGIN, y, WIDTH - MARGIN, y + play_h)
    y += play_h + GAP
    panel_h = _panel_height([me], scene.words)
    cx = WIDTH // 2
    my_panel = (cx - COL_W // 2, y, cx + COL_W // 2, y + panel_h)
    y += panel_h + GAP
    shown_h = _shown_height(me, WIDTH - 2 * MARGIN)
    shown = (MARGIN, y, WIDTH - MARGIN, y + shown_h - GAP) if me.shown else None
    y += shown_h
    boxes[scene.viewer] = SeatBoxes(my_panel, play, "m", shown)
    header = (MARGIN, MARGIN, WIDTH - MARGIN, MARGIN + HEADER_H)
    return TableLayout(WIDTH, y + MARGIN - GAP, header, tuple(boxes[i] for i in range(n)))


# ---------------------------------------------------------------------------- drawing
def render_table(scene: TableScene) -> bytes:
    """PNG bytes of the table as everybody sees it."""
    return encode_png(table_image(scene))


def table_image(scene: TableScene) -> Image.Image:
    """The table picture itself (a replay's frames are these)."""
    layout = table_layout(scene)
    # the header's panel is the first thing drawn on the felt: made once a size
    image = felt_with_panel(layout.width, layout.height, layout.header, *HEADER_PANEL)
    draw = drawer(image)
    wild = laizi_rank(scene.laizi)
    _draw_header(image, draw, scene, layout.header, wild)
    for seat, boxes in zip(scene.seats, layout.seats, strict=True):
        _draw_seat(image, draw, seat, boxes.panel, scene.words)
        _draw_play(image, draw, seat, boxes, wild, scene.words)
        if boxes.shown is not None:
            _draw_shown(image, draw, seat, boxes.shown, boxes.align, wild, scene.words)
    return image


def _draw_header(image: Image.Image, draw: ImageDraw.ImageDraw, scene: TableScene, box: Box,
                 wild: int | None) -> None:
    words = scene.words
    x0, y0, x1, _ = box  # its panel is on the felt already (felt_with_panel)
    # the title line: title, then the phase pill on the right
    right = x1 - 16
    if scene.phase is not None:
        word = words[f"phase_{scene.phase}"]
        right = pill(draw, (right, y0 + 30), word, 28, PHASE_COLORS[scene.phase], WHITE, "r",
                     pad=16)[0] - 12
    title = clean_text(scene.title or words["game"])
    if scene.status:
        title = f"{title} · {clean_text(scene.status)}"
    face = font_for(title, 30, "bold")
    draw_text(draw, (x0 + 16, y0 + 30), fit_text(title, face, right - x0 - 16), face, WHITE,
              "lm", shadow=True)
    # the bottom cards (and the laizi) on the left
    top = y0 + TITLE_H + 34
    small = font(24, "bold")
    count = len(scene.bottom) if scene.bottom else scene.bottom_count
    step = MINI.strip + 6 if count <= 4 else MINI.strip
    bx = x0 + 16
    draw.text((bx, top - 6), words["bottom"], font=small, fill=MUTED, anchor="ls")
    if scene.bottom:
        draw_cards(image, cards_of(scene.bottom), bx, top, MINI, step, wild)
    else:
        draw_backs(image, count, bx, top, MINI, step)
    cards_right = bx + row_width(count, MINI, step)
    if wild is not None:
        lx = cards_right + 20
        draw.text((lx, top - 6), words["laizi"], font=small, fill=GOLD, anchor="ls")
        draw_cards(image, [Card(wild, "S")], lx, top, MINI, laizi=wild)
        cards_right = lx + MINI.w
    # the multiplier on the right, its parts under it
    big = font(52, "bold")
    total = f"×{scene.multiplier}"
    draw_text(draw, (x1 - 16, top + 18), total, big, GOLD, "rm", shadow=True)
    tag_x = x1 - 16 - int(text_length(big, total)) - 10
    draw.text((tag_x, top + 24), words["multiplier"], font=font(24, "bold"), fill=MUTED,
              anchor="rm")
    if scene.multiplier_words:
        parts = list(scene.multiplier_words)
        face = font(24, "bold")
        lines = wrap_words(parts, face, x1 - 16 - cards_right - 24)
        for i, line in enumerate(lines):
            draw.text((x1 - 16, top + 66 + i * 32), line, font=face, fill=SOFT_WHITE,
                      anchor="rm")


def _draw_seat(image: Image.Image, draw: ImageDraw.ImageDraw, seat: SeatScene, box: Box,
               words: Words) -> None:
    if seat.turn:
        glow(image, box, TURN, radius=18, spread=12)
    landlord = seat.role == "landlord"
    outline = TURN if seat.turn else LANDLORD_BG if landlord else PANEL_LINE
    panel(image, box, radius=18, alpha=185, outline=outline,
          width=4 if seat.turn else 3 if landlord else 2)
    x0, y0, x1, _ = box
    ring = {"landlord": LANDLORD_BG, "farmer": FARMER_BG}.get(seat.role or "", WHITE)
    cx, cy = x0 + 14 + AVATAR // 2, y0 + 14 + AVATAR // 2
    paste_avatar(image, (cx, cy), AVATAR, seat.name, seat.avatar, robot=seat.bot, ring=ring,
                 ring_width=4)
    tx = cx + AVATAR // 2 + 14
    name_face = font(30, "bold")
    draw.text((tx, y0 + 32), name_text(seat.name, name_face, x1 - 14 - tx), font=name_face,
              fill=WHITE, anchor="lm")
    # role and cards left
    by = y0 + 80
    bx = tx
    if seat.role is not None:
        bg, fg = (LANDLORD_BG, LANDLORD_FG) if landlord else (FARMER_BG, FARMER_FG)
        bx = pill(draw, (bx, by), words[seat.role], 26, bg, fg, "l", pad=12)[2] + 12
    icon, mask = back_icon(34, 46)
    image.paste(icon, (bx - 4, by - 23), mask)
    count_face = font(38, "bold")
    count_color = LOSS if 0 < seat.cards_left <= 2 else WHITE
    draw_text(draw, (bx + 34, by), str(seat.cards_left), count_face, count_color, "lm",
              shadow=True)
    # 托管 / 加倍 on their own line: they never run out of the panel
    flags = _flag_words(seat, words)
    fx = tx
    for word, bg in flags:
        fx = pill(draw, (fx, y0 + 124), word, 24, bg, WHITE, "l", pad=10)[2] + 10


def _draw_tag(draw: ImageDraw.ImageDraw, x: int, y: int, align: str, text: str,
              gold: bool) -> None:
    bg, ink = (GOLD, GOLD_DARK) if gold else (SOFT_WHITE, (30, 60, 40))
    anchor = {"l": "l", "r": "r", "m": "m"}[align]
    pill(draw, (x, y), text, 24, bg, ink, anchor, pad=12)


def _anchor_x(box: Box, align: str, width: int) -> int:
    x0, _, x1, _ = box
    return {"l": x0, "r": x1 - width, "m": (x0 + x1 - width) // 2}[align]


def _draw_play(image: Image.Image, draw: ImageDraw.ImageDraw, seat: SeatScene,
               boxes: SeatBoxes, wild: int | None, words: Words) -> None:
    """A seat's last play (wrapped in rows, framed when it is the one to beat, wild cards
    tagged with their stand-in rank), or its pass or said word."""
    x0, y0, x1, _ = boxes.play
    align = boxes.align
    tags = [words["newest"]] if seat.newest and not seat.to_beat else []
    if seat.to_beat:
        tags.append(words["to_beat"])
    tag = " · ".join(tags)
    top = y0 + TAG_H
    if seat.last_play:
        cards = cards_of(seat.last_play, keep_order=True)
        stand = seat.play_as or seat.last_play
        rows = wrap_cards(cards, x1 - x0, MINI)
        width = max(row_width(len(r), MINI, MINI.strip) for r in rows)
        left = _anchor_x(boxes.play, align, width)
        height = MINI.h + (len(rows) - 1) * PLAY_ROW_SHIFT
        if seat.to_beat:
            draw.rounded_rectangle((left - 6, top - 6, left + width + 6, top + height + 6),
                                   radius=12, outline=GOLD, width=4)
        k = 0
        for r, row in enumerate(rows):
            y = top + r * PLAY_ROW_SHIFT
            corners = draw_cards(image, row, left, y, MINI, MINI.strip, wild)
            for card, (cx, cy) in zip(row, corners, strict=True):
                if stand[k] != RANK_CHARS[card.rank]:
                    stand_in(draw, cx, cy, stand[k])
                k += 1
        if tag:
            tx = {"l": left - 6, "r": left + width + 6, "m": left + width // 2}[align]
            _draw_tag(draw, tx, y0 + TAG_H // 2 - 2, align, tag, seat.to_beat)
        return
    word = None
    bg = PASS_BG
    if seat.passed:
        word = words["pass"]
    elif seat.action:
        word, bg = clean_text(seat.action), ACTION_BG
    if word is None:
        return
    mid = top + MINI.h // 2 - 10
    x = {"l": x0, "r": x1, "m": (x0 + x1) // 2}[align]
    pill(draw, (x, mid), word, 30, bg, WHITE, align, pad=20)
    if tag:
        _draw_tag(draw, x, y0 + TAG_H // 2 - 2, align, tag, False)


def stand_in(draw: ImageDraw.ImageDraw, x: int, y: int, rank: str) -> None:
    """The rank a wild card stands for, on a dark tag over the card's lower corner."""
    text = "10" if rank == "T" else rank
    face = font(24, "bold")
    w = max(MINI.strip - 4, int(text_length(face, text)) + 8)
    box = (x + 2, y + MINI.h - 34, x + 2 + w, y + MINI.h - 4)
    draw.rounded_rectangle(box, radius=8, fill=(40, 30, 0), outline=GOLD, width=2)
    draw.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), text, font=face, fill=GOLD,
              anchor="mm")


def _draw_shown(image: Image.Image, draw: ImageDraw.ImageDraw, seat: SeatScene, box: Box,
                align: str, wild: int | None, words: Words) -> None:
    x0, y0, x1, _ = box
    cards = cards_of(seat.shown or "")
    rows = wrap_cards(cards, x1 - x0, MINI)
    width = max(row_width(len(r), MINI, MINI.strip) for r in rows)
    left = _anchor_x(box, align, width)
    anchor = {"l": "ls", "r": "rs", "m": "ms"}[align]
    tx = {"l": left, "r": left + width, "m": left + width // 2}[align]
    caption = words["own_hand" if seat.own_hand else "shown"]
    draw.text((tx, y0 + 24), caption, font=font(24, "bold"), fill=GOLD, anchor=anchor)
    for r, row in enumerate(rows):
        draw_cards(image, row, left, y0 + 30 + r * SHOWN_ROW_SHIFT, MINI, MINI.strip, wild)

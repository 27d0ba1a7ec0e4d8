"""The table picture: seats, their last plays, shown hands, the bottom cards and the
multiplier, on green felt. 3 seats: the viewer at the bottom, the next seat (counter-
clockwise) on the right, the last on the left; 4 seats add one at the top.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.engine.cards import Card

from .canvas import (
    FARMER_BG,
    FARMER_FG,
    GOLD,
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
    felt,
    glow,
    label,
    multiplier_words,
    name_text,
    panel,
    pill,
    wrap_words,
)
from .cardrow import cards_of, draw_backs, draw_cards, fit_step, laizi_rank, row_width
from .fonts import LABELS, clean_text, fit_text, font, font_for
from .scenes import SeatView, TableScene
from .sprites import MICRO, MINI, back_icon

WIDTH = 1200
HEIGHT = {3: 800, 4: 900}
HEADER_H = 140
SIDE_PANEL_W = 300
PANEL_H = 110
PLAY_INSET = SIDE_PANEL_W + 44  # side plays start this far from the edge
MIN_PLAY_STEP = 26  # a play that would overlap more than this goes on two rows
PLAY_ROW_SHIFT = 50
SHOWN_PER_ROW = 10
SHOWN = {3: (MINI, 30), 4: (MICRO, 22)}  # card size and step of shown hands (明牌)
AVATAR_COLORS = ((231, 111, 81), (42, 157, 143), (233, 196, 106), (138, 112, 214))


@dataclass(frozen=True)
class Spot:
    """Where one seat goes: its panel, its play (anchor point and alignment) and its shown
    hand (anchor, alignment)."""

    panel: Box
    play: tuple[int, int, str]
    shown: tuple[int, int, str]


def seat_spots(players: int) -> list[Spot]:
    """Spots by position: 0 bottom, then counterclockwise (right, [top,] left)."""
    w, h = WIDTH, HEIGHT[players]
    bottom_panel = (w // 2 - 190, h - PANEL_H - 18, w // 2 + 190, h - 18)
    geom = SHOWN[players][0]
    bottom = Spot(bottom_panel, (w // 2, bottom_panel[1] - 28 - MINI.h, "m"),
                  (bottom_panel[2] + 24, h - 2 * (geom.h + 8) - 10, "l"))
    side_y = 190 if players == 3 else 400
    left_panel = (24, side_y, 24 + SIDE_PANEL_W, side_y + PANEL_H)
    right_panel = (w - 24 - SIDE_PANEL_W, side_y, w - 24, side_y + PANEL_H)
    shown_y = side_y + PANEL_H + 34
    left = Spot(left_panel, (PLAY_INSET, side_y + 6, "l"), (24, shown_y, "l"))
    right = Spot(right_panel, (w - PLAY_INSET, side_y + 6, "r"), (w - 24, shown_y, "r"))
    if players == 3:
        return [bottom, right, left]
    top_panel = (w // 2 - 170, HEADER_H + 16, w // 2 + 170, HEADER_H + 16 + PANEL_H)
    top = Spot(top_panel, (w // 2, top_panel[3] + 16, "m"), (top_panel[2] + 24, top_panel[1], "l"))
    return [bottom, right, top, left]


def render_table(scene: TableScene) -> bytes:
    """PNG bytes of the table as everybody sees it."""
    n = len(scene.seats)
    image = felt(WIDTH, HEIGHT[n])
    draw = ImageDraw.Draw(image)
    wild = laizi_rank(scene.laizi)
    _draw_header(image, draw, scene, wild)
    spots = seat_spots(n)
    # (position, seat index), drawn from the bottom seat on
    placed = sorted((seat_position(index, scene.viewer, n), index) for index in range(n))
    plays = {pos: _play_cards(scene.seats[index]) for pos, index in placed}
    widths = {pos: _play_width(scene.seats[index], plays[pos]) for pos, index in placed}
    for pos, index in placed:
        seat, spot = scene.seats[index], spots[pos]
        limit = _play_limit(pos, n, widths)
        if pos == 0 and seat.shown:  # keep clear of the viewer's own shown hand
            limit = min(limit, 2 * (spot.shown[0] - 16 - WIDTH // 2))
        _draw_play(image, draw, seat, plays[pos], spot, limit, wild, upward=pos == 0)
        _draw_shown(image, seat, spot, wild, n)
        _draw_seat(image, draw, seat, spot, index)
    return encode_png(image)


# ---------------------------------------------------------------------------- header
def _draw_header(image: Image.Image, draw: ImageDraw.ImageDraw, scene: TableScene,
                 wild: int | None) -> None:
    panel(image, (12, 10, WIDTH - 12, HEADER_H - 6), radius=20, alpha=130)
    title = scene.title or LABELS["game"]
    face = font_for(title, 30, "bold")
    draw_text(draw, (36, 46), fit_text(clean_text(title), face, 330), face, WHITE, "lm")
    if scene.status:
        face = font_for(scene.status, 22)
        draw_text(draw, (36, 88), fit_text(clean_text(scene.status), face, 330), face, MUTED,
                  "lm")
    # bottom cards, centred
    count = len(scene.bottom) if scene.bottom else scene.bottom_count
    step = MINI.strip + 4 if count <= 4 else MINI.strip
    width = row_width(count, MINI, step)
    laizi_w = (MINI.w + 30) if wild is not None else 0
    x0 = WIDTH // 2 - (width + laizi_w) // 2
    y0 = 34
    small = font(18, "bold")
    draw.text((x0, y0 - 6), LABELS["bottom"], font=small, fill=MUTED, anchor="ls")
    if scene.bottom:
        draw_cards(image, cards_of(scene.bottom), x0, y0, MINI, step, wild)
    else:
        draw_backs(image, count, x0, y0, MINI, step)
    if wild is not None:
        lx = x0 + width + 30
        draw.text((lx, y0 - 6), LABELS["laizi"], font=small, fill=GOLD, anchor="ls")
        draw_cards(image, [Card(wild, "S")], lx, y0, MINI, laizi=wild)
    # multiplier, right
    right = WIDTH - 36
    big = font(44, "bold")
    draw_text(draw, (right, 50), f"×{scene.multiplier}", big, GOLD, "rm", shadow=True)
    tag_x = right - int(big.getlength(f"×{scene.multiplier}")) - 12
    draw.text((tag_x, 56), LABELS["multiplier"], font=font(20, "bold"), fill=MUTED, anchor="rm")
    if scene.multiplier_parts:
        words = multiplier_words(scene.multiplier_parts, scene.multiplier)
        face = font(22, "regular")
        left = x0 + width + laizi_w + 30
        lines = wrap_words(words, face, right - max(left, WIDTH - 470))
        for i, line in enumerate(lines):
            y = 100 if len(lines) == 1 else 90 + i * 28
            draw.text((right, y), line, font=face, fill=SOFT_WHITE, anchor="rm")


# ---------------------------------------------------------------------------- plays
def _play_cards(seat: SeatView) -> list[Card] | None:
    """The cards of a seat's last play, or None when it has none."""
    return cards_of(seat.last_play) if seat.last_play else None


def _play_width(seat: SeatView, cards: list[Card] | None) -> int:
    if cards is not None:
        return row_width(len(cards), MINI, MINI.strip)
    if seat.passed or seat.action:
        text = LABELS["pass"] if seat.passed else clean_text(label(seat.action or ""))
        return int(font(28, "bold").getlength(text)) + 36
    return 0


def _play_limit(pos: int, players: int, widths: dict[int, int]) -> int:
    """How wide a seat's play may be: side plays share the middle of the table."""
    middle = WIDTH - 2 * PLAY_INSET
    sides = (1, 2) if players == 3 else (1, 3)
    if pos not in sides:
        return middle
    a, b = widths[sides[0]], widths[sides[1]]
    if a + b + 30 <= middle or not (a and b):
        return middle
    return max(MINI.w + 60, int((middle - 30) * widths[pos] / (a + b)))


def _draw_play(image: Image.Image, draw: ImageDraw.ImageDraw, seat: SeatView,
               cards: list[Card] | None, spot: Spot, limit: int, wild: int | None,
               upward: bool = False) -> None:
    """A seat's last play, ``cards`` (on two rows if long; ``upward`` for the bottom seat),
    or its pass or said word."""
    x, y, align = spot.play
    mid_y = y + MINI.h // 2
    if cards is not None:
        rows = [cards]
        if fit_step(len(cards), MINI, limit, MINI.strip) < MIN_PLAY_STEP:
            half = (len(cards) + 1) // 2  # too long for one row: two, the second lower
            rows = [cards[:half], cards[half:]]
        step = min(fit_step(len(row), MINI, limit, MINI.strip) for row in rows)
        top = y - PLAY_ROW_SHIFT if len(rows) > 1 and upward else y
        for r, row in enumerate(rows):
            width = row_width(len(row), MINI, step)
            left = {"l": x, "r": x - width, "m": x - width // 2}[align]
            draw_cards(image, row, left, top + r * PLAY_ROW_SHIFT, MINI, step, wild)
    elif seat.passed:
        pill(draw, (x, mid_y), LABELS["pass"], 28, PASS_BG, SOFT_WHITE, align, pad=18)
    elif seat.action:
        text = clean_text(label(seat.action))
        pill(draw, (x, mid_y), text, 28, (235, 140, 40), WHITE, align, pad=18)


def _draw_shown(image: Image.Image, seat: SeatView, spot: Spot, wild: int | None,
                players: int) -> None:
    if not seat.shown:
        return
    cards = cards_of(seat.shown)
    x, y, align = spot.shown
    draw = ImageDraw.Draw(image)
    draw.text((x, y - 6), LABELS["shown"], font=font(18, "bold"),
              fill=GOLD, anchor="ls" if align != "r" else "rs")
    geom, step = SHOWN[players]
    for r in range(0, len(cards), SHOWN_PER_ROW):
        row = cards[r:r + SHOWN_PER_ROW]
        width = row_width(len(row), geom, step)
        left = x if align != "r" else x - width
        draw_cards(image, row, left, y + (r // SHOWN_PER_ROW) * (geom.h + 8), geom, step, wild)


# ---------------------------------------------------------------------------- seats
def _draw_seat(image: Image.Image, draw: ImageDraw.ImageDraw, seat: SeatView, spot: Spot,
               index: int) -> None:
    box = spot.panel
    if seat.turn:
        glow(image, box, TURN, radius=18, spread=12)
    role_color = {"landlord": LANDLORD_BG, "farmer": FARMER_BG}.get(seat.role or "")
    outline = TURN if seat.turn else LANDLORD_BG if seat.role == "landlord" else PANEL_LINE
    panel(image, box, radius=18, alpha=185, outline=outline,
          width=3 if seat.turn or seat.role == "landlord" else 2)
    x0, y0, x1, y1 = box
    # avatar
    r = 32
    cx, cy = x0 + 16 + r, (y0 + y1) // 2
    color = AVATAR_COLORS[index % len(AVATAR_COLORS)]
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=color, outline=role_color or WHITE,
                 width=4 if role_color else 3)
    initial = clean_text(seat.name)[:1].upper()
    draw.text((cx, cy), initial, font=font_for(initial, 30, "bold"), fill=WHITE, anchor="mm")
    if seat.bot:
        pill(draw, (cx, cy + r - 2), LABELS["bot"], 14, (40, 40, 48), WHITE, "m", pad=6)
    # name (and the timer on its right)
    tx = cx + r + 14
    name_right = x1 - 14
    if seat.turn and seat.seconds_left is not None:
        _draw_timer(draw, (x1 - 16, y0), seat.seconds_left)  # a tab on the top edge
    name_face = font(28, "bold")
    draw.text((tx, y0 + 32), name_text(seat.name, name_face, name_right - tx),
              font=name_face, fill=WHITE, anchor="lm")
    # badges: role, cards left, auto, doubled
    by = y0 + 76
    bx = tx
    if seat.role is not None:
        bg, fg = (LANDLORD_BG, LANDLORD_FG) if seat.role == "landlord" else (FARMER_BG, FARMER_FG)
        bx = pill(draw, (bx, by), LABELS[seat.role], 23, bg, fg, "l", pad=10)[2] + 10
    scale_w, scale_h = 26, 36
    icon, mask = back_icon(scale_w + 8, scale_h + 8, MICRO)
    image.paste(icon, (bx - 4, by - scale_h // 2 - 4), mask)
    count_color = LOSS if 0 < seat.cards_left <= 2 else WHITE
    draw.text((bx + scale_w + 6, by), str(seat.cards_left), font=font(28, "bold"),
              fill=count_color, anchor="lm")
    bx += scale_w + 14 + int(font(28, "bold").getlength(str(seat.cards_left))) + 10
    for flag, key, bg in ((seat.auto, "auto", (110, 110, 124)),
                          (seat.doubled, "double", (214, 72, 60))):
        if flag and bx < x1 - 40:
            bx = pill(draw, (bx, by), LABELS[key], 18, bg, WHITE, "l", pad=8)[2] + 8


def _draw_timer(draw: ImageDraw.ImageDraw, right_mid: tuple[int, int], seconds: int) -> int:
    """A clock and the seconds left in a pill, right-aligned at ``right_mid``; returns its
    left x."""
    x, y = right_mid
    urgent = seconds <= 5
    bg = LOSS if urgent else TURN
    face = font(22, "bold")
    text = f"{max(0, seconds)}s"
    r = 9
    width = 10 + 2 * r + 6 + int(face.getlength(text)) + 12
    height = 34
    box = (x - width, y - height // 2, x, y + height // 2)
    draw.rounded_rectangle(box, radius=height // 2, fill=bg, outline=(40, 30, 0), width=2)
    cx, cy = box[0] + 10 + r, y
    ink = (40, 30, 0)
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=ink, width=3)
    draw.line((cx, cy, cx, cy - r + 4), fill=ink, width=3)
    draw.line((cx, cy, cx + r - 4, cy), fill=ink, width=3)
    draw.text((cx + r + 6, y), text, font=face, fill=ink, anchor="lm")
    return box[0]


def seat_position(seat: int, viewer: int, players: int) -> int:
    """Where a seat is drawn: 0 bottom, 1 right, then top (4 seats) and left."""
    return (seat - viewer) % players


"""The settlement picture, drawn for a phone first (800 px wide, every word at least
24 px: 12 px at Discord's 400 px phone width): who won, spring or anti-spring, the
multiplier and its parts, then one panel per player with points and beans, the player's
own stake (加倍 is pairwise: ×20 for one farmer, ×40 for the other), the table fee paid,
the new level whole, and the cards left in hand, wrapped."""

from __future__ import annotations

from PIL import Image, ImageDraw

from .canvas import (
    FARMER_BG,
    FARMER_FG,
    GAIN,
    GOLD,
    LANDLORD_BG,
    LANDLORD_FG,
    LOSS,
    MUTED,
    PANEL_LINE,
    RED_INK,
    SOFT_WHITE,
    WHITE,
    draw_text,
    encode_png,
    felt,
    name_text,
    panel,
    pill,
    signed,
    wrap_words,
)
from .cardrow import cards_of, draw_cards, wrap_cards
from .fonts import clean_text, fit_text, font, font_for
from .scenes import PlayerResult, ResultScene, Words
from .sprites import MINI
from .textcache import drawer, text_length

__all__ = ["MINI", "render_result", "result_height", "result_image", "row_boxes"]

WIDTH = 800
MARGIN = 16
PAD = 16  # inside a panel
HEAD_TOP = 118  # the headline block; the multiplier parts follow on wrapped lines
PART_LINE = 32
ROW_H = 104  # name line and stake/level line
NOTE_H = 34  # the line that says why a number was capped
ROW_GAP = 12
CARDS_SHIFT = 56  # wrapped rows of cards left, each this much lower
COL_POINTS = WIDTH - MARGIN - PAD - 190  # right edges of the number columns
COL_BEANS = WIDTH - MARGIN - PAD
UP_COLOR = GAIN
DOWN_COLOR = LOSS
DOUBLE_BG = (214, 72, 60)
ESCAPE_BG = (120, 120, 130)


def _part_lines(scene: ResultScene) -> list[str]:
    if not scene.multiplier_words:
        return []
    return wrap_words(list(scene.multiplier_words), font(24, "bold"),
                      WIDTH - 2 * (MARGIN + PAD), max_lines=3)


def header_height(scene: ResultScene) -> int:
    return HEAD_TOP + len(_part_lines(scene)) * PART_LINE + PAD


def _card_rows(player: PlayerResult) -> int:
    if not player.remaining:
        return 0
    return len(wrap_cards(cards_of(player.remaining), WIDTH - 2 * (MARGIN + PAD), MINI))


def _note_h(player: PlayerResult) -> int:
    return NOTE_H if player.note else 0


def row_height(player: PlayerResult) -> int:
    """A player's panel: two lines, a note when the numbers were capped, plus the cards
    left (wrapped) when there are some."""
    rows = _card_rows(player)
    return ROW_H + _note_h(player) + (MINI.h + (rows - 1) * CARDS_SHIFT + 8 if rows else 0)


def row_boxes(scene: ResultScene) -> list[tuple[int, int, int, int]]:
    """The panel of each player's row."""
    y = MARGIN + header_height(scene) + 44
    boxes = []
    for player in scene.players:
        boxes.append((MARGIN, y, WIDTH - MARGIN, y + row_height(player)))
        y += row_height(player) + ROW_GAP
    return boxes


def result_height(scene: ResultScene) -> int:
    """The picture's height for ``scene``."""
    return row_boxes(scene)[-1][3] + MARGIN


def render_result(scene: ResultScene) -> bytes:
    """PNG bytes of a deal's settlement."""
    return encode_png(result_image(scene))


def result_image(scene: ResultScene) -> Image.Image:
    """The settlement picture itself (a replay's last frame is this)."""
    words = scene.words
    height = result_height(scene)
    image = felt(WIDTH, height)
    draw = drawer(image)
    landlord_won = scene.winner == "landlord"
    x0, y0 = MARGIN, MARGIN
    x1 = WIDTH - MARGIN
    panel(image, (x0, y0, x1, y0 + header_height(scene)), radius=22, alpha=150,
          outline=GOLD if landlord_won else FARMER_BG, width=3)
    right = x1 - PAD
    if scene.spring:
        right = pill(draw, (right, y0 + 34), words[scene.spring], 30, RED_INK, WHITE, "r",
                     pad=18, outline=GOLD)[0] - 12
    if scene.title:
        face = font_for(scene.title, 24)
        draw.text((x0 + PAD, y0 + 34), fit_text(clean_text(scene.title), face, right - x0 - 2 *
                                                 PAD), font=face, fill=MUTED, anchor="lm")
    headline = words["landlord_wins" if landlord_won else "farmers_win"]
    color = GOLD if landlord_won else (120, 200, 255)
    big = font(52, "bold")
    total = f"×{scene.multiplier}"
    mult_face = font(52, "bold")
    tag = words["multiplier"]
    tag_face = font(24, "bold")
    room = x1 - x0 - 2 * PAD - int(text_length(mult_face, total)) \
        - int(text_length(tag_face, tag)) - 40
    draw_text(draw, (x0 + PAD, y0 + 88), fit_text(headline, big, room), big, color, "lm",
              shadow=True)
    draw_text(draw, (x1 - PAD, y0 + 88), total, mult_face, GOLD, "rm", shadow=True)
    draw.text((x1 - PAD - int(text_length(mult_face, total)) - 10, y0 + 94), tag, font=tag_face,
              fill=MUTED, anchor="rm")
    for i, line in enumerate(_part_lines(scene)):
        draw.text((x0 + PAD, y0 + HEAD_TOP + 14 + i * PART_LINE), line, font=font(24, "bold"),
                  fill=SOFT_WHITE, anchor="lm")
    # column heads, then one panel per player
    head_y = y0 + header_height(scene) + 24
    small = font(24, "bold")
    draw.text((COL_POINTS, head_y), words["points"], font=small, fill=MUTED, anchor="rm")
    draw.text((COL_BEANS, head_y), words["beans"], font=small, fill=MUTED, anchor="rm")
    for player, box in zip(scene.players, row_boxes(scene), strict=True):
        won = (player.role == "landlord") == landlord_won
        _draw_row(image, draw, player, box[1], won, words)
    return image


def _draw_row(image: Image.Image, draw: ImageDraw.ImageDraw, p: PlayerResult, y: int,
              won: bool, words: Words) -> None:
    x0, x1 = MARGIN, WIDTH - MARGIN
    panel(image, (x0, y, x1, y + row_height(p)), radius=16, alpha=170 if won else 120,
          outline=GOLD if won else PANEL_LINE, width=2)
    # line 1: role, name, points, beans
    top = y + 32
    bg, fg = (LANDLORD_BG, LANDLORD_FG) if p.role == "landlord" else (FARMER_BG, FARMER_FG)
    name_x = pill(draw, (x0 + PAD, top), words[p.role], 26, bg, fg, "l", pad=12)[2] + 12
    num = font(34, "bold")
    points, beans = signed(p.points), signed(p.beans)
    points_left = COL_POINTS - int(text_length(num, points)) - 16
    name_face = font(30, "bold")
    draw.text((name_x, top), name_text(p.name, name_face, points_left - name_x), font=name_face,
              fill=WHITE, anchor="lm")
    for value, text, col in ((p.points, points, COL_POINTS), (p.beans, beans, COL_BEANS)):
        draw.text((col, top), text, font=num,
                  fill=GAIN if value > 0 else LOSS if value < 0 else SOFT_WHITE, anchor="rm")
    # line 2: the player's own stake, 加倍, 逃跑, the fee; the level on the right
    mid = y + 78
    bx = x0 + PAD
    face = font(24, "bold")
    if p.stake:
        text = f"{words['stake']} ×{p.stake}"
        draw.text((bx, mid), text, font=face, fill=GOLD, anchor="lm")
        bx += int(text_length(face, text)) + 12
    for flag, key, color in ((p.doubled, "double", DOUBLE_BG), (p.escaped, "escaped",
                                                                 ESCAPE_BG)):
        if flag:
            bx = pill(draw, (bx, mid), words[key], 24, color, WHITE, "l", pad=10)[2] + 10
    if p.fee:
        text = f"{words['table_fee']} {-p.fee:+,}"
        draw.text((bx, mid), text, font=face, fill=MUTED, anchor="lm")
        bx += int(text_length(face, text)) + 12
    _draw_level(draw, p, mid, bx + 8, x1 - PAD)
    if p.note:  # line 3: why the beans or points stopped short
        note_face = font(22, "bold")
        draw.text((x0 + PAD, y + ROW_H + 4), fit_text(p.note, note_face, x1 - x0 - 2 * PAD),
                  font=note_face, fill=GOLD, anchor="lm")
    if p.remaining:
        cards = cards_of(p.remaining)
        top = y + ROW_H + _note_h(p)
        for r, row in enumerate(wrap_cards(cards, x1 - x0 - 2 * PAD, MINI)):
            draw_cards(image, row, x0 + PAD, top + r * CARDS_SHIFT, MINI, MINI.strip)


def _draw_level(draw: ImageDraw.ImageDraw, p: PlayerResult, mid: int, left: int,
                right: int) -> None:
    """The level after the deal, whole, right-aligned; a rise or fall gets an arrow."""
    before, after = p.level_before, p.level_after
    level = after or before or ""
    if not level:
        return
    face = font(26, "bold")
    changed = bool(before and after and before != after)
    up = p.points > 0  # levels follow points: a change with a gain is a rise
    arrow = ("▲ " if up else "▼ ") if changed else ""
    text = f"{arrow}{level}"
    if text_length(face, text) > right - left:  # never cut a level's name: drop the arrow
        text = level
    color = (UP_COLOR if up else DOWN_COLOR) if changed else SOFT_WHITE
    draw.text((right, mid), text, font=face, fill=color, anchor="rm")

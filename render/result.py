"""The settlement picture: who won, spring or anti-spring, the multiplier and its parts,
and each player's points, beans and level change."""

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
    RED,
    SOFT_WHITE,
    WHITE,
    draw_text,
    encode_png,
    felt,
    multiplier_words,
    name_text,
    panel,
    pill,
    signed,
    wrap_words,
)
from .cardrow import cards_of, draw_cards, row_width
from .fonts import LABELS, clean_text, fit_text, font, font_for
from .scenes import PlayerResult, ResultScene
from .sprites import MICRO

WIDTH = 1040
HEADER_H = 200
ROW_H = 96
ROW_H_CARDS = 132
ROW_GAP = 12
MARGIN = 28
COL_POINTS = 610  # right edges of the number columns
COL_BEANS = 800
COL_LEVEL = 830  # left edge of the level column
NAME_X = 150
UP_COLOR = GAIN
DOWN_COLOR = LOSS


def row_height(scene: ResultScene) -> int:
    """The height of every player's row: taller when someone has cards left to show."""
    return ROW_H_CARDS if any(p.remaining for p in scene.players) else ROW_H


def result_height(scene: ResultScene) -> int:
    """The picture's height for ``scene``."""
    row_h = row_height(scene)
    n = len(scene.players)
    return HEADER_H + 40 + n * row_h + (n - 1) * ROW_GAP + MARGIN


def render_result(scene: ResultScene) -> bytes:
    """PNG bytes of a deal's settlement."""
    height = result_height(scene)
    image = felt(WIDTH, height)
    draw = ImageDraw.Draw(image)
    landlord_won = scene.winner == "landlord"
    # header
    panel(image, (MARGIN - 12, 16, WIDTH - MARGIN + 12, HEADER_H - 10), radius=22, alpha=150,
          outline=GOLD if landlord_won else FARMER_BG, width=3)
    if scene.title:
        face = font_for(scene.title, 22)
        draw.text((MARGIN + 8, 44), fit_text(clean_text(scene.title), face, WIDTH - 340),
                  font=face, fill=MUTED, anchor="lm")
    headline = LABELS["landlord_wins" if landlord_won else "farmers_win"]
    english = "Landlord wins" if landlord_won else "Farmers win"
    color = GOLD if landlord_won else (120, 200, 255)
    big = font(64, "bold")
    draw_text(draw, (MARGIN + 8, 100), headline, big, color, "lm", shadow=True)
    x = MARGIN + 8 + int(big.getlength(headline)) + 20
    draw.text((x, 112), english, font=font(28, "bold"), fill=SOFT_WHITE, anchor="lm")
    if scene.spring:
        word = LABELS[scene.spring]
        sub = "Spring!" if scene.spring == "spring" else "Anti-spring!"
        pill(draw, (WIDTH - MARGIN - 8, 70), f"{word} {sub}", 30, RED, WHITE, "r", pad=18,
             outline=GOLD)
    # multiplier
    mult_face = font(46, "bold")
    right = WIDTH - MARGIN - 8
    draw_text(draw, (right, 134), f"×{scene.multiplier}", mult_face, GOLD, "rm", shadow=True)
    tag_right = right - int(mult_face.getlength(f"×{scene.multiplier}")) - 12
    draw.text((tag_right, 140), LABELS["multiplier"], font=font(22, "bold"), fill=MUTED,
              anchor="rm")
    if scene.multiplier_parts:
        words = multiplier_words(scene.multiplier_parts, scene.multiplier)
        face = font(24, "regular")
        line = wrap_words(words, face, tag_right - MARGIN - 80 - 8, max_lines=1)[0]
        draw.text((MARGIN + 8, 162), line, font=face, fill=SOFT_WHITE, anchor="lm")
    # column heads
    head_y = HEADER_H + 16
    small = font(20, "bold")
    draw.text((COL_POINTS, head_y), LABELS["points"], font=small, fill=MUTED, anchor="rm")
    draw.text((COL_BEANS, head_y), LABELS["beans"], font=small, fill=MUTED, anchor="rm")
    draw.text((COL_LEVEL, head_y), LABELS["level"], font=small, fill=MUTED, anchor="lm")
    row_h = row_height(scene)
    y = HEADER_H + 36
    for player in scene.players:
        won = (player.role == "landlord") == landlord_won
        _draw_row(image, draw, player, y, row_h, won)
        y += row_h + ROW_GAP
    return encode_png(image)


def _draw_row(image: Image.Image, draw: ImageDraw.ImageDraw, p: PlayerResult, y: int,
              row_h: int, won: bool) -> None:
    box = (MARGIN, y, WIDTH - MARGIN, y + row_h)
    panel(image, box, radius=16, alpha=170 if won else 120,
          outline=GOLD if won else PANEL_LINE, width=2)
    top_mid = y + 36 if row_h == ROW_H_CARDS else y + row_h // 2
    bg, fg = (LANDLORD_BG, LANDLORD_FG) if p.role == "landlord" else (FARMER_BG, FARMER_FG)
    pill(draw, (MARGIN + 18, top_mid), LABELS[p.role], 22, bg, fg, "l", pad=12)
    name_face = font(30, "bold")
    name = name_text(p.name, name_face, COL_POINTS - 150 - NAME_X)
    draw.text((NAME_X, top_mid), name, font=name_face, fill=WHITE, anchor="lm")
    bx = NAME_X + int(name_face.getlength(name)) + 12
    for flag, key, color in ((p.doubled, "double", (214, 72, 60)),
                             (p.escaped, "escaped", (120, 120, 130))):
        if flag:
            bx = pill(draw, (bx, top_mid), LABELS[key], 18, color, WHITE, "l", pad=8)[2] + 8
    if p.remaining:
        cards = cards_of(p.remaining)
        step = min(22, max(8, (COL_POINTS - 120 - NAME_X - MICRO.w) // max(1, len(cards) - 1)))
        if row_width(len(cards), MICRO, step) > 0:
            draw_cards(image, cards, NAME_X, y + 58, MICRO, step)
    mid = top_mid
    num = font(34, "bold")
    draw.text((COL_POINTS, mid), signed(p.points), font=num,
              fill=GAIN if p.points > 0 else LOSS if p.points < 0 else SOFT_WHITE, anchor="rm")
    draw.text((COL_BEANS, mid), signed(p.beans), font=num,
              fill=GAIN if p.beans > 0 else LOSS if p.beans < 0 else SOFT_WHITE, anchor="rm")
    _draw_level(draw, p, mid)


def _draw_level(draw: ImageDraw.ImageDraw, p: PlayerResult, mid: int) -> None:
    before, after = p.level_before, p.level_after
    face = font(24, "bold")
    x = COL_LEVEL
    width = WIDTH - MARGIN - 16 - x
    if before and after and before != after:
        text = f"{before} → {after}"
        draw.text((x, mid), fit_text(text, face, width - 30), font=face, fill=WHITE, anchor="lm")
        end = x + int(face.getlength(fit_text(text, face, width - 30))) + 8
        up = p.points > 0  # levels follow points: a change with a gain is a rise
        draw.text((end, mid), "▲" if up else "▼", font=font(22, "bold"),
                  fill=UP_COLOR if up else DOWN_COLOR, anchor="lm")
    elif after or before:
        draw.text((x, mid), fit_text(after or before or "", face, width), font=face,
                  fill=SOFT_WHITE, anchor="lm")


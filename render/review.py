"""The picture of a reviewed decision: the table as the seat saw it then (the table
picture of :mod:`render.table`, no second table drawing), and under it the choice made
and the AI's, each with its cards (or word) and the AI's estimate after it (win chance,
expected points); the AI's choice is framed in gold. 800 px wide, every word at least
24 px (12 px on a phone's 400)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.engine.cards import RANK_CHARS

from .canvas import (
    GAIN,
    GOLD,
    GOLD_DARK,
    LOSS,
    PASS_BG,
    SOFT_WHITE,
    WHITE,
    encode_png,
    felt,
    panel,
    pill,
)
from .cardrow import cards_of, draw_cards, laizi_rank, wrap_cards
from .fonts import clean_text, fit_text, font
from .scenes import ReviewChoice, ReviewScene, Words
from .sprites import MINI
from .table import stand_in, table_image
from .textcache import drawer, text_length

WIDTH = 800
MARGIN = 16
PAD = 18
HEAD_H = 64  # the decision's heading line
LABEL_H = 44  # a choice's label and estimate line
ROW_SHIFT = 56  # wrapped rows of cards, each this much lower
WORD_H = 54
GAP = 14


def render_review(scene: ReviewScene) -> bytes:
    """PNG bytes of one reviewed decision."""
    return encode_png(review_image(scene))


def review_image(scene: ReviewScene) -> Image.Image:
    table = table_image(scene.table)
    room = WIDTH - 2 * MARGIN - 2 * PAD
    heights = [_choice_height(c, room) for c in (scene.made, scene.best)]
    footer = HEAD_H + sum(heights) + GAP * 3
    image = felt(WIDTH, table.height + footer + MARGIN)
    image.paste(table.convert("RGB"), ((WIDTH - table.width) // 2, 0))
    draw = drawer(image)
    words = scene.table.words
    top = table.height
    box = (MARGIN, top, WIDTH - MARGIN, top + footer)
    panel(image, box, radius=20, alpha=170, outline=GOLD_DARK, width=2)
    x0, x1 = MARGIN + PAD, WIDTH - MARGIN - PAD
    mid = top + HEAD_H // 2 + 4
    right = pill(draw, (x0, mid), f"#{scene.rank}", 28, GOLD, (60, 40, 0), "l", pad=14)[2]
    cost = scene.best.points - scene.made.points
    cost_text = f"{words['cost']} {cost:.1f}"
    cost_face = font(28, "bold")
    draw.text((x1, mid), cost_text, font=cost_face, fill=LOSS, anchor="rm")
    head_face = font(28, "bold")
    room_head = x1 - right - 24 - int(text_length(cost_face, cost_text)) - 16
    draw.text((right + 14, mid), fit_text(clean_text(scene.heading), head_face, room_head),
              font=head_face, fill=WHITE, anchor="lm")
    y = top + HEAD_H + GAP
    wild = laizi_rank(scene.table.laizi)
    for key, choice, height, framed in (("you_played", scene.made, heights[0], False),
                                        ("ai_choice", scene.best, heights[1], True)):
        _draw_choice(image, draw, (x0 - 8, y, x1 + 8, y + height), words[key], choice,
                     framed, wild, words)
        y += height + GAP
    return image


def _choice_height(choice: ReviewChoice, room: int) -> int:
    if choice.cards is None:
        return LABEL_H + WORD_H + 16
    rows = len(wrap_cards(cards_of(choice.cards, keep_order=True), room, MINI))
    return LABEL_H + MINI.h + (rows - 1) * ROW_SHIFT + 16


def _draw_choice(image: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int],
                 title: str, choice: ReviewChoice, framed: bool, wild: int | None,
                 words: Words) -> None:
    x0, y0, x1, _ = box
    if framed:
        draw.rounded_rectangle(box, radius=14, outline=GOLD, width=3)
    face = font(26, "bold")
    draw.text((x0 + 12, y0 + LABEL_H // 2 + 2), title, font=face,
              fill=GOLD if framed else SOFT_WHITE, anchor="lm")
    estimate = (f"{words['win_chance']} {choice.win * 100:.0f}% · "
                f"{words['exp_points']} {choice.points:+.1f}")
    small = font(24, "bold")
    room = x1 - x0 - 36 - int(text_length(face, title))
    draw.text((x1 - 12, y0 + LABEL_H // 2 + 2), fit_text(estimate, small, room), font=small,
              fill=GAIN if choice.points >= 0 else LOSS, anchor="rm")
    top = y0 + LABEL_H
    if choice.cards is None:
        word = clean_text(choice.word or "")
        pill(draw, (x0 + 12, top + WORD_H // 2), word, 30, PASS_BG if choice.passed
             else (235, 140, 40), WHITE, "l", pad=18)
        return
    cards = cards_of(choice.cards, keep_order=True)
    stand = choice.play_as or choice.cards
    rows = wrap_cards(cards, x1 - x0 - 24, MINI)
    k = 0
    for r, row in enumerate(rows):
        y = top + r * ROW_SHIFT
        corners = draw_cards(image, row, x0 + 12, y, MINI, MINI.strip, wild)
        for card, (cx, cy) in zip(row, corners, strict=True):
            if stand[k] != RANK_CHARS[card.rank]:  # a wild card: the rank it stands for
                stand_in(draw, cx, cy, stand[k])
            k += 1


__all__ = ["render_review", "review_image"]

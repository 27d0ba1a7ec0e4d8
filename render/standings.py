"""A tournament's standings as a picture: rank, player, points, deals won as the landlord
and as a farmer, deals played, and the tie-breaks stated under the table.

880 px wide, every word at least 22 px (11 px at a phone's 400 px). The words come in the
scene (the front-end translates them: the header may hold any CJK text, drawn in the bold
face, which covers every hanzi of the BMP, like player names); a header may break into two
lines at ``\\n``. At most :data:`MAX_ROWS` rows are drawn; the scene says how many more.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from .canvas import GOLD, LOSS, MUTED, SOFT_WHITE, WHITE, draw_text, encode_png, felt, panel
from .fonts import clean_text, fit_text, font
from .textcache import drawer, text_length

WIDTH = 880
MARGIN = 24
HEADER = 104  # title and subtitle
COLUMNS_H = 64  # the column heads (two lines)
ROW = 54
NOTE_H = 84  # the tie-breaks (two lines)
MAX_ROWS = 40
RANK_W = 64
NUMBER_W = (124, 122, 122, 96)  # points, landlord wins, farmer wins, deals
MEDALS = {1: (247, 192, 46), 2: (200, 208, 218), 3: (214, 140, 80)}


@dataclass(frozen=True)
class StandingRow:
    """One entrant's line: rank (tied entrants share one), name, and the counts."""

    rank: int
    name: str
    points: int
    landlord_wins: int
    farmer_wins: int
    deals: int
    highlight: bool = False


@dataclass(frozen=True)
class StandingsScene:
    """The standings to draw, with their words: ``headers`` are the six columns' (rank,
    player, points, landlord wins, farmer wins, deals); ``note`` the tie-breaks; ``more``
    the rows left out (drawn as ``more_text``)."""

    title: str
    subtitle: str
    headers: tuple[str, str, str, str, str, str]
    rows: tuple[StandingRow, ...]
    note: str
    more_text: str = ""


def standings_height(rows: int, more: bool = False) -> int:
    """The picture's height for ``rows`` rows (and a "more" line)."""
    shown = min(max(rows, 1), MAX_ROWS) + (1 if more or rows > MAX_ROWS else 0)
    return HEADER + COLUMNS_H + shown * ROW + NOTE_H + MARGIN


def _column_x() -> list[tuple[int, int]]:
    """Each column's left and right edges."""
    right = WIDTH - MARGIN
    numbers: list[tuple[int, int]] = []
    for width in reversed(NUMBER_W):
        numbers.insert(0, (right - width, right))
        right -= width
    left = MARGIN + 8
    return [(left, left + RANK_W), (left + RANK_W, numbers[0][0] - 8), *numbers]


def render_standings(scene: StandingsScene) -> bytes:
    """PNG bytes of the standings table."""
    rows = scene.rows[:MAX_ROWS]
    more = bool(scene.more_text) or len(scene.rows) > MAX_ROWS
    image = felt(WIDTH, standings_height(len(rows), more))
    draw = drawer(image)
    title_face = font(38, "bold")
    draw_text(draw, (MARGIN + 6, 44), fit_text(clean_text(scene.title), title_face,
                                               WIDTH - 2 * MARGIN - 12), title_face, GOLD,
              "lm", shadow=True)
    sub_face = font(24, "bold")
    draw.text((MARGIN + 6, 84), fit_text(clean_text(scene.subtitle), sub_face,
                                         WIDTH - 2 * MARGIN - 12), font=sub_face,
              fill=MUTED, anchor="lm")
    columns = _column_x()
    head_face = font(22, "bold")
    y = HEADER
    for n, ((x0, x1), head) in enumerate(zip(columns, scene.headers, strict=True)):
        lines = head.split("\n")[:2]
        for k, line in enumerate(lines):
            ly = y + COLUMNS_H // 2 + (k - (len(lines) - 1) / 2) * 26
            text = fit_text(line, head_face, x1 - x0 - 8)
            if n <= 1:
                draw.text((x0 + (0 if n else 4), ly), text, font=head_face, fill=MUTED,
                          anchor="lm")
            else:
                draw.text((x1 - 12, ly), text, font=head_face, fill=MUTED, anchor="rm")
    y += COLUMNS_H
    if not rows:
        draw.text((WIDTH // 2, y + ROW // 2), "—", font=font(28, "bold"), fill=MUTED,
                  anchor="mm")
        y += ROW
    for i, row in enumerate(rows):
        _draw_row(image, draw, columns, y, row, i)
        y += ROW
    if more:
        left = len(scene.rows) - len(rows)
        text = scene.more_text or f"+{left}"
        draw.text((WIDTH // 2, y + ROW // 2), fit_text(clean_text(text), sub_face,
                                                       WIDTH - 2 * MARGIN),
                  font=sub_face, fill=MUTED, anchor="mm")
        y += ROW
    _draw_note(draw, scene.note, y + 12)
    return encode_png(image)


def _draw_row(image: Image.Image, draw: ImageDraw.ImageDraw, columns: list[tuple[int, int]],
              y: int, row: StandingRow, i: int) -> None:
    box = (MARGIN, y + 3, WIDTH - MARGIN, y + ROW - 3)
    if row.highlight:
        panel(image, box, radius=12, alpha=190, outline=GOLD, width=3)
    elif i % 2 == 0:
        panel(image, box, radius=12, alpha=90)
    mid = y + ROW // 2
    (r0, _), (n0, n1) = columns[0], columns[1]
    cx = r0 + 26
    medal = MEDALS.get(row.rank)
    rank_face = font(24, "bold")
    if medal is not None:
        draw.ellipse((cx - 19, mid - 19, cx + 19, mid + 19), fill=medal, outline=WHITE,
                     width=2)
        draw.text((cx, mid), str(row.rank), font=rank_face, fill=(60, 40, 0), anchor="mm")
    else:
        draw.text((cx, mid), str(row.rank), font=rank_face, fill=SOFT_WHITE, anchor="mm")
    name_face = font(26, "bold")
    draw.text((n0, mid), fit_text(clean_text(row.name), name_face, n1 - n0),
              font=name_face, fill=WHITE, anchor="lm")
    value_face = font(28, "bold")
    points = f"{row.points:+,}" if row.points else "0"
    colour = GOLD if row.points > 0 else LOSS if row.points < 0 else WHITE
    values = ((points, colour), (str(row.landlord_wins), WHITE),
              (str(row.farmer_wins), WHITE), (str(row.deals), SOFT_WHITE))
    for (_, x1), (text, fill) in zip(columns[2:], values, strict=True):
        draw.text((x1 - 12, mid), text, font=value_face, fill=fill, anchor="rm")


def _draw_note(draw: ImageDraw.ImageDraw, note: str, y: int) -> None:
    """The tie-breaks in at most two lines, broken at spaces or anywhere in CJK text."""
    face = font(22, "bold")
    width = WIDTH - 2 * MARGIN - 12
    text = clean_text(note, fallback="")
    lines: list[str] = []
    while text and len(lines) < 2:
        cut = len(text)
        while text_length(face, text[:cut]) > width:
            space = text.rfind(" ", 0, cut)
            cut = space if space > 0 and text_length(face, text[:space]) <= width else cut - 1
        lines.append(text[:cut].strip())
        text = text[cut:].strip()
    if text and lines:
        lines[-1] = fit_text(lines[-1] + " " + text, face, width)
    for k, line in enumerate(lines):
        draw.text((MARGIN + 6, y + 14 + k * 30), line, font=face, fill=SOFT_WHITE,
                  anchor="lm")


__all__ = ["MAX_ROWS", "StandingRow", "StandingsScene", "render_standings",
           "standings_height"]

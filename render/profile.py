"""The profile card (level, progress to the next level, beans, win rates) and the
leaderboard. Level names and thresholds come in the scenes: no level logic here."""

from __future__ import annotations

from PIL import Image, ImageDraw

from .canvas import (
    FARMER_BG,
    FARMER_FG,
    GOLD,
    GOLD_DARK,
    LANDLORD_BG,
    LANDLORD_FG,
    MUTED,
    PANEL_LINE,
    SOFT_WHITE,
    WHITE,
    draw_text,
    encode_png,
    felt,
    label,
    name_text,
    panel,
    pill,
    thousands,
)
from .fonts import LABELS, clean_text, fit_text, font, font_for
from .scenes import LeaderboardScene, ProfileScene

PROFILE_W, PROFILE_H = 900, 560
BOARD_W = 820
BOARD_HEADER = 120
BOARD_ROW = 64
MARGIN = 28
AVATAR = (231, 111, 81)
MEDALS = {1: (247, 192, 46), 2: (200, 208, 218), 3: (214, 140, 80)}
TRACK = (8, 36, 22)


def render_profile(scene: ProfileScene) -> bytes:
    """PNG bytes of a player's profile card."""
    image = felt(PROFILE_W, PROFILE_H)
    draw = ImageDraw.Draw(image)
    # identity
    panel(image, (MARGIN - 8, 20, PROFILE_W - MARGIN + 8, 300), radius=22, alpha=150)
    r = 50
    cx, cy = MARGIN + 24 + r, 44 + r
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=AVATAR, outline=WHITE, width=4)
    initial = clean_text(scene.name)[:1].upper()
    draw.text((cx, cy), initial, font=font_for(initial, 56, "bold"), fill=WHITE, anchor="mm")
    tx = cx + r + 28
    name_face = font(42, "bold")
    draw_text(draw, (tx, 72), name_text(scene.name, name_face, PROFILE_W - tx - MARGIN - 20),
              name_face, WHITE, "lm", shadow=True)
    level_text = f"Lv.{scene.level} {scene.level_name}"
    box = pill(draw, (tx, 130), level_text, 26, GOLD, GOLD_DARK, "l", pad=16)
    draw.text((box[2] + 14, 130), f"{LABELS['level']} {scene.level}/{scene.max_level}",
              font=font(22, "regular"), fill=MUTED, anchor="lm")
    _draw_progress(image, draw, scene, (MARGIN + 20, 206, PROFILE_W - MARGIN - 20, 236))
    # balance
    bal_y = 274
    _bean(draw, MARGIN + 34, bal_y, 14)
    draw.text((MARGIN + 58, bal_y), f"{LABELS['beans']}", font=font(24, "bold"), fill=MUTED,
              anchor="lm")
    draw.text((MARGIN + 150, bal_y), thousands(scene.balance), font=font(30, "bold"),
              fill=GOLD, anchor="lm")
    games = scene.landlord_games + scene.farmer_games
    wins = scene.landlord_wins + scene.farmer_wins
    overall = f"{wins / games * 100:.0f}%" if games else "—"
    draw.text((PROFILE_W - MARGIN - 20, bal_y),
              f"{LABELS['total']} {LABELS['games']} {thousands(games)} · "
              f"{LABELS['win_rate']} {overall}", font=font(24, "bold"), fill=SOFT_WHITE,
              anchor="rm")
    # stats
    half = (PROFILE_W - 2 * MARGIN - 20) // 2
    _draw_stats(image, draw, (MARGIN, 320, MARGIN + half, PROFILE_H - 24), "landlord",
                scene.landlord_games, scene.landlord_wins)
    _draw_stats(image, draw, (MARGIN + half + 20, 320, PROFILE_W - MARGIN, PROFILE_H - 24),
                "farmer", scene.farmer_games, scene.farmer_wins)
    return encode_png(image)


def _draw_progress(image: Image.Image, draw: ImageDraw.ImageDraw, scene: ProfileScene,
                   box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    small = font(22, "bold")
    points = f"{LABELS['points']} {thousands(scene.points)}"
    draw.text((x0, y0 - 18), points, font=small, fill=SOFT_WHITE, anchor="ls")
    if scene.next_threshold is None or scene.next_level_name is None:
        right = LABELS["max_level"]
    else:
        right = (f"{LABELS['next_level']} {scene.next_level_name} · "
                 f"{thousands(scene.next_threshold)}")
    draw.text((x1, y0 - 18), fit_text(right, small, (x1 - x0) // 2), font=small, fill=MUTED,
              anchor="rs")
    radius = (y1 - y0) // 2
    draw.rounded_rectangle(box, radius=radius, fill=TRACK, outline=PANEL_LINE, width=2)
    fill_w = int((x1 - x0) * scene.progress)
    if fill_w > 0:
        fill_w = max(fill_w, 2 * radius)
        draw.rounded_rectangle((x0, y0, x0 + fill_w, y1), radius=radius, fill=GOLD)
        draw.rounded_rectangle((x0 + 4, y0 + 3, x0 + fill_w - 4, y0 + (y1 - y0) // 2 - 1),
                               radius=radius // 2, fill=(252, 216, 110))
    pct = f"{int(scene.progress * 100)}%"
    draw.text(((x0 + x1) // 2, (y0 + y1) // 2), pct, font=font(20, "bold"), fill=WHITE,
              anchor="mm", stroke_width=2, stroke_fill=(40, 40, 40))


def _bean(draw: ImageDraw.ImageDraw, cx: int, cy: int, r: int) -> None:
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=GOLD, outline=GOLD_DARK, width=2)
    draw.ellipse((cx - r // 2, cy - r // 2, cx, cy), fill=(255, 236, 160))


def _draw_stats(image: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int],
                role: str, games: int, wins: int) -> None:
    panel(image, box, radius=18, alpha=150)
    x0, y0, x1, y1 = box
    bg, fg = (LANDLORD_BG, LANDLORD_FG) if role == "landlord" else (FARMER_BG, FARMER_FG)
    pill(draw, (x0 + 20, y0 + 34), LABELS[role], 24, bg, fg, "l", pad=14)
    rate = wins / games if games else 0.0
    # ring
    r = 62
    cx, cy = x1 - 30 - r, (y0 + y1) // 2 + 4
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=TRACK, width=14)
    if games:
        draw.arc((cx - r, cy - r, cx + r, cy + r), -90, -90 + 360 * rate, fill=bg, width=14)
    draw.text((cx, cy - 6), f"{rate * 100:.0f}%" if games else "—", font=font(30, "bold"),
              fill=WHITE, anchor="mm")
    draw.text((cx, cy + 24), LABELS["win_rate"], font=font(16, "bold"), fill=MUTED,
              anchor="mm")
    lines = ((LABELS["games"], thousands(games)), (LABELS["wins"], thousands(wins)))
    y = y0 + 92
    for word, value in lines:
        draw.text((x0 + 24, y), word, font=font(22, "bold"), fill=MUTED, anchor="lm")
        draw.text((x0 + 100, y), value, font=font(30, "bold"), fill=WHITE, anchor="lm")
        y += 46


def board_height(rows: int) -> int:
    return BOARD_HEADER + max(1, rows) * BOARD_ROW + MARGIN


def render_leaderboard(scene: LeaderboardScene) -> bytes:
    """PNG bytes of a ranking: rank, name (and level), value; the asker's row outlined."""
    height = board_height(len(scene.rows))
    image = felt(BOARD_W, height)
    draw = ImageDraw.Draw(image)
    title = label(scene.title)
    face = font_for(title, 40, "bold")
    draw_text(draw, (MARGIN + 6, 52), fit_text(clean_text(title), face, BOARD_W - 300), face,
              GOLD, "lm", shadow=True)
    draw.text((BOARD_W - MARGIN - 6, 52), LABELS["leaderboard"], font=font(26, "bold"),
              fill=MUTED, anchor="rm")
    if scene.subtitle:
        sub_face = font_for(scene.subtitle, 20)
        draw.text((MARGIN + 6, 92), fit_text(clean_text(scene.subtitle), sub_face, BOARD_W - 80),
                  font=sub_face, fill=MUTED, anchor="lm")
    y = BOARD_HEADER
    if not scene.rows:
        draw.text((BOARD_W // 2, y + BOARD_ROW // 2), "—", font=font(30, "bold"),
                  fill=MUTED, anchor="mm")
    value_face = font(30, "bold")
    for i, row in enumerate(scene.rows):
        box = (MARGIN, y + 4, BOARD_W - MARGIN, y + BOARD_ROW - 4)
        if row.highlight:
            panel(image, box, radius=14, alpha=190, outline=GOLD, width=3)
        elif i % 2 == 0:
            panel(image, box, radius=14, alpha=90)
        mid = y + BOARD_ROW // 2
        medal = MEDALS.get(row.rank)
        cx = MARGIN + 36
        if medal:
            draw.ellipse((cx - 20, mid - 20, cx + 20, mid + 20), fill=medal, outline=WHITE,
                         width=2)
            draw.text((cx, mid), str(row.rank), font=font(24, "bold"), fill=(60, 40, 0),
                      anchor="mm")
        else:
            draw.text((cx, mid), str(row.rank), font=font(24, "bold"), fill=SOFT_WHITE,
                      anchor="mm")
        value_w = int(value_face.getlength(row.value))
        name_face = font(28, "bold")
        name_max = BOARD_W - MARGIN - 24 - value_w - 30 - (MARGIN + 76)
        name = name_text(row.name, name_face, name_max * 0.75 if row.level_name else name_max)
        draw.text((MARGIN + 76, mid), name, font=name_face, fill=WHITE, anchor="lm")
        if row.level_name:
            lx = MARGIN + 76 + int(name_face.getlength(name)) + 14
            draw.text((lx, mid + 2), fit_text(row.level_name, font(20, "bold"),
                                              max(20, name_max - (lx - MARGIN - 76))),
                      font=font(20, "bold"), fill=MUTED, anchor="lm")
        draw.text((BOARD_W - MARGIN - 20, mid), row.value, font=value_face,
                  fill=GOLD if row.rank <= 3 else WHITE, anchor="rm")
        y += BOARD_ROW
    return encode_png(image)

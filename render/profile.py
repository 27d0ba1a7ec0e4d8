"""The profile card (level, progress to the next level, beans, win rates) and the
leaderboard, 800 px wide with every word at least 24 px (12 px at a phone's 400 px), in
the reader's language. Level names and thresholds come in the scenes: no level logic
here. Points below zero read as such: in red, the bar empty and labelled 负分 / below zero,
never "0 %"."""

from __future__ import annotations

from PIL import Image, ImageDraw

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
    SOFT_WHITE,
    WHITE,
    draw_text,
    encode_png,
    felt,
    name_text,
    panel,
    pill,
    thousands,
)
from .fonts import clean_text, fit_text, font, font_for
from .scenes import LeaderboardScene, ProfileScene, ProfileStats, Words
from .textcache import drawer, text_length

PROFILE_W, PROFILE_H = 800, 580
STATS_H = 276  # the counters' panel under the role panels, when the scene has them
BOARD_W = 800
BOARD_HEADER = 120
BOARD_ROW = 64
MARGIN = 28
BAR = (MARGIN + 20, 206, PROFILE_W - MARGIN - 20, 240)
MEDALS = {1: (247, 192, 46), 2: (200, 208, 218), 3: (214, 140, 80)}
TRACK = (8, 36, 22)


def render_profile(scene: ProfileScene) -> bytes:
    """PNG bytes of a player's profile card (with its counters' panel when the scene has
    them)."""
    words = scene.words
    image = felt(PROFILE_W, profile_height(scene))
    draw = drawer(image)
    # identity
    panel(image, (MARGIN - 8, 20, PROFILE_W - MARGIN + 8, 310), radius=22, alpha=150)
    r = 50
    cx, cy = MARGIN + 24 + r, 44 + r
    paste_avatar(image, (cx, cy), 2 * r, scene.name, scene.avatar, ring=WHITE, ring_width=4)
    tx = cx + r + 28
    name_face = font(42, "bold")
    draw_text(draw, (tx, 72), name_text(scene.name, name_face, PROFILE_W - tx - MARGIN - 20),
              name_face, WHITE, "lm", shadow=True)
    level_text = f"Lv.{scene.level} {scene.level_name}"
    box = pill(draw, (tx, 130), level_text, 28, GOLD, GOLD_DARK, "l", pad=16)
    draw.text((box[2] + 14, 130), f"{words['level']} {scene.level}/{scene.max_level}",
              font=font(24, "bold"), fill=MUTED, anchor="lm")
    _draw_progress(draw, scene, BAR)
    # balance
    bal_y = 284
    _bean(draw, MARGIN + 34, bal_y, 14)
    draw.text((MARGIN + 58, bal_y), words["beans"], font=font(24, "bold"), fill=MUTED,
              anchor="lm")
    beans_x = MARGIN + 70 + int(text_length(font(24, "bold"), words["beans"]))
    draw.text((beans_x, bal_y), thousands(scene.balance), font=font(30, "bold"), fill=GOLD,
              anchor="lm")
    games = scene.landlord_games + scene.farmer_games
    wins = scene.landlord_wins + scene.farmer_wins
    overall = f"{wins / games * 100:.0f}%" if games else "—"
    draw.text((PROFILE_W - MARGIN - 20, bal_y),
              f"{words['games']} {thousands(games)} · {words['win_rate']} {overall}",
              font=font(24, "bold"), fill=SOFT_WHITE, anchor="rm")
    # stats
    half = (PROFILE_W - 2 * MARGIN - 20) // 2
    _draw_stats(image, draw, (MARGIN, 330, MARGIN + half, PROFILE_H - 24), "landlord",
                scene.landlord_games, scene.landlord_wins, scene.words)
    _draw_stats(image, draw, (MARGIN + half + 20, 330, PROFILE_W - MARGIN, PROFILE_H - 24),
                "farmer", scene.farmer_games, scene.farmer_wins, scene.words)
    if scene.stats is not None:
        _draw_counters(image, draw, (MARGIN, PROFILE_H - 4, PROFILE_W - MARGIN,
                                     PROFILE_H + STATS_H - 24), scene.stats, scene.words)
    return encode_png(image)


def profile_height(scene: ProfileScene) -> int:
    return PROFILE_H + (STATS_H if scene.stats is not None else 0)


def _draw_counters(image: Image.Image, draw: ImageDraw.ImageDraw,
                   box: tuple[int, int, int, int], stats: ProfileStats, words: Words) -> None:
    """Six tiles, three a row: springs, anti-springs, bombs / rockets, streak (best),
    biggest win."""
    panel(image, box, radius=18, alpha=150)
    x0, y0, x1, y1 = box
    tiles = (
        (words["spring"], thousands(stats.springs), WHITE, ""),
        (words["anti_spring"], thousands(stats.anti_springs), WHITE, ""),
        (words["bomb"], thousands(stats.bombs), WHITE, ""),
        (words["rocket"], thousands(stats.rockets), WHITE, ""),
        (words["streak"], thousands(stats.streak), GOLD if stats.streak >= 3 else WHITE,
         f"{words['best_streak']} {thousands(stats.best_streak)}"),
        (words["biggest_win"], f"+{thousands(stats.biggest_win)}" if stats.biggest_win > 0
         else "—", GOLD if stats.biggest_win > 0 else MUTED, ""),
    )
    cols, pad = 3, 20
    tile_w = (x1 - x0 - pad * (cols + 1)) // cols
    tile_h = (y1 - y0 - pad * 3) // 2
    label_face, value_face = font(24, "bold"), font(36, "bold")
    for i, (word, value, colour, aside) in enumerate(tiles):
        tx = x0 + pad + (i % cols) * (tile_w + pad)
        ty = y0 + pad + (i // cols) * (tile_h + pad)
        draw.rounded_rectangle((tx, ty, tx + tile_w, ty + tile_h), radius=12, fill=TRACK)
        draw.text((tx + 14, ty + 24), fit_text(word, label_face, tile_w - 28), font=label_face,
                  fill=MUTED, anchor="lm")
        value_y = ty + tile_h - 28
        draw.text((tx + 14, value_y), fit_text(value, value_face, tile_w - 28),
                  font=value_face, fill=colour, anchor="lm")
        if aside:
            room = tile_w - 28 - int(text_length(value_face, value)) - 12
            draw.text((tx + tile_w - 14, value_y + 4), fit_text(aside, label_face, room),
                      font=label_face, fill=SOFT_WHITE, anchor="rm")

def _draw_progress(draw: ImageDraw.ImageDraw, scene: ProfileScene,
                   box: tuple[int, int, int, int]) -> None:
    words = scene.words
    x0, y0, x1, y1 = box
    small = font(26, "bold")
    below = scene.points < 0
    points = f"{words['points']} {scene.points:,}"
    draw.text((x0, y0 - 16), points, font=small, fill=LOSS if below else SOFT_WHITE,
              anchor="ls")
    if scene.next_threshold is None or scene.next_level_name is None:
        right = words["max_level"]
    else:
        right = (f"{words['next_level']} {scene.next_level_name} · "
                 f"{thousands(scene.next_threshold)}")
    face = font(24, "bold")
    room = x1 - x0 - int(text_length(small, points)) - 24
    draw.text((x1, y0 - 16), fit_text(right, face, room), font=face, fill=MUTED, anchor="rs")
    radius = (y1 - y0) // 2
    draw.rounded_rectangle(box, radius=radius, fill=TRACK, outline=LOSS if below else PANEL_LINE,
                           width=2)
    fill_w = 0 if below else int((x1 - x0) * scene.progress)
    if fill_w > 0:
        fill_w = max(fill_w, 2 * radius)
        draw.rounded_rectangle((x0, y0, x0 + fill_w, y1), radius=radius, fill=GOLD)
        draw.rounded_rectangle((x0 + 4, y0 + 3, x0 + fill_w - 4, y0 + (y1 - y0) // 2 - 1),
                               radius=radius // 2, fill=(252, 216, 110))
    text = f"{words['below_zero']} {scene.points:,}" if below else \
        f"{int(scene.progress * 100)}%"
    draw.text(((x0 + x1) // 2, (y0 + y1) // 2), text, font=font(24, "bold"),
              fill=LOSS if below else WHITE, anchor="mm", stroke_width=2,
              stroke_fill=(40, 40, 40))


def _bean(draw: ImageDraw.ImageDraw, cx: int, cy: int, r: int) -> None:
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=GOLD, outline=GOLD_DARK, width=2)
    draw.ellipse((cx - r // 2, cy - r // 2, cx, cy), fill=(255, 236, 160))


def _draw_stats(image: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int],
                role: str, games: int, wins: int, words: Words) -> None:
    panel(image, box, radius=18, alpha=150)
    x0, y0, x1, y1 = box
    bg, fg = (LANDLORD_BG, LANDLORD_FG) if role == "landlord" else (FARMER_BG, FARMER_FG)
    pill(draw, (x0 + 20, y0 + 34), words[role], 26, bg, fg, "l", pad=14)
    rate = wins / games if games else 0.0
    # ring
    r = 62
    cx, cy = x1 - 24 - r, (y0 + y1) // 2 + 10
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=TRACK, width=14)
    if games:
        draw.arc((cx - r, cy - r, cx + r, cy + r), -90, -90 + 360 * rate, fill=bg, width=14)
    draw.text((cx, cy), f"{rate * 100:.0f}%" if games else "—", font=font(30, "bold"),
              fill=WHITE, anchor="mm")
    lines = ((words["games"], thousands(games)), (words["wins"], thousands(wins)))
    y = y0 + 96
    label_face = font(24, "bold")
    value_x = x0 + 28 + max(int(text_length(label_face, w)) for w, _ in lines)
    for word, value in lines:
        draw.text((x0 + 20, y), word, font=label_face, fill=MUTED, anchor="lm")
        draw.text((value_x, y), value, font=font(30, "bold"), fill=WHITE, anchor="lm")
        y += 50
    draw.text((x0 + 20, y1 - 26), words["win_rate"], font=label_face, fill=MUTED, anchor="lm")


def board_height(rows: int) -> int:
    return BOARD_HEADER + max(1, rows) * BOARD_ROW + MARGIN


def render_leaderboard(scene: LeaderboardScene) -> bytes:
    """PNG bytes of a ranking: rank, name (and level), value; the asker's row outlined."""
    words = scene.words
    height = board_height(len(scene.rows))
    image = felt(BOARD_W, height)
    draw = drawer(image)
    title = scene.title
    face = font_for(title, 40, "bold")
    draw_text(draw, (MARGIN + 6, 52), fit_text(clean_text(title), face, BOARD_W - 300), face,
              GOLD, "lm", shadow=True)
    draw.text((BOARD_W - MARGIN - 6, 52), words["leaderboard"], font=font(26, "bold"),
              fill=MUTED, anchor="rm")
    if scene.subtitle:
        sub_face = font_for(scene.subtitle, 24)
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
        value_w = int(text_length(value_face, row.value))
        name_face = font(28, "bold")
        name_max = BOARD_W - MARGIN - 24 - value_w - 30 - (MARGIN + 76)
        name = name_text(row.name, name_face, name_max * 0.75 if row.level_name else name_max)
        draw.text((MARGIN + 76, mid), name, font=name_face, fill=WHITE, anchor="lm")
        if row.level_name:
            lx = MARGIN + 76 + int(text_length(name_face, name)) + 14
            level = row.level_name
            draw.text((lx, mid + 2), fit_text(level, font(24, "bold"),
                                              max(24, name_max - (lx - MARGIN - 76))),
                      font=font(24, "bold"), fill=MUTED, anchor="lm")
        draw.text((BOARD_W - MARGIN - 20, mid), row.value, font=value_face,
                  fill=GOLD if row.rank <= 3 else WHITE, anchor="rm")
        y += BOARD_ROW
    return encode_png(image)

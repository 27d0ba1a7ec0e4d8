"""Make docs/contact_sheet.png: every picture the bot sends, from real deals, at the 400 px
width Discord gives an image on a phone, in en, zh-CN and zh-TW (one column each).

Run: ``python docs/contact_sheet.py`` (about 10 s). The deals are played by a fixed,
simple policy (the longest play on a lead, the smallest that beats otherwise), so the
sheet is the same on every run.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

from PIL import Image, ImageDraw

from bot.engine import Game, Rules
from bot.engine.actions import Action, Bid, Call, Grab, Pass, PlayCards
from bot.tables import DealEnded, TableSnapshot
from bot.tables.state import Seat, Table
from bot.words.names import level_name
from bot.words.pictures import picture_words
from cogs.scenes import result_scene, table_scene
from render import (
    LeaderboardRow,
    LeaderboardScene,
    ProfileScene,
    render_hand,
    render_leaderboard,
    render_profile,
    render_result,
    render_table,
)
from render.canvas import felt
from render.fonts import font

OUT = Path(__file__).resolve().parent / "contact_sheet.png"
LOCALES = ("en", "zh-CN", "zh-TW")
PHONE = 400
GAP = 16
NAMES = ("臺灣阿嬤鬥地主", "김민준", "AI Bo (normal)", "José Ñúñez")


def _step(game: Game) -> None:
    """One move of the fixed policy."""
    actions: list[Action] = game.legal_actions()
    if game.phase == "play":
        seat = game.to_act
        plays = game.legal_plays()
        if game.last is None:
            play = max(plays, key=lambda p: (len(p), -p.main_index))
        else:
            beating = [p for p in plays if not p.is_bomb] or plays
            if not beating or (len(game.hand(seat or 0)) > 12 and (seat or 0) % 2):
                game.apply(Pass(seat or 0))
                return
            play = min(beating, key=lambda p: (p.main_index, len(p)))
        game.apply(PlayCards(seat or 0, play.cards, play.kind, play.main_rank))
        return
    wanted = [a for a in actions if isinstance(a, Call | Grab | Bid) and a.seat == 0
              and getattr(a, "points", 3) == 3]
    declines = [a for a in actions if getattr(a, "show", True) is False
                or getattr(a, "double", True) is False or getattr(a, "call", True) is False
                or getattr(a, "grab", True) is False]
    game.apply((wanted or declines or actions)[0])


def played(variant: str, seed: int, moves: int, **options: str) -> Game:
    game = Game.new(Rules.preset(variant, **options), seed)
    while game.phase != "play" and not game.is_over:
        _step(game)
    for _ in range(moves):
        if game.is_over:
            break
        _step(game)
    return game


def table_of(game: Game) -> TableSnapshot:
    seats: list[Seat | None] = [Seat(None if "(" in name else 1000 + i, name,
                                     ai_level="normal" if "(" in name else None)
                                for i, name in enumerate(NAMES[:game.players])]
    return Table(1, 1, 1000, game.rules, seats, status="playing", game=game).snapshot()


def pictures(locale: str) -> list[tuple[str, bytes]]:
    happy = played("happy", 3, 5)
    laizi = next(g for g in (played("laizi", s, 3, laizi="9") for s in range(40))
                 if g.trick and any(p and p.wild_as for _, p in g.trick.plays))
    four = played("four", 5, 6)
    title = {"en": "Happy", "zh-CN": "欢乐斗地主", "zh-TW": "歡樂鬥地主"}[locale]
    hand_title = {"en": "Your hand", "zh-CN": "你的手牌", "zh-TW": "你的手牌"}[locale]
    start = played("happy", 3, 0)  # the landlord's hand as play begins, bottom cards in it
    landlord = start.landlord or 0
    done = played("happy", 3, 400)
    r = done.result
    assert r is not None
    ended = DealEnded(1, "g", r, NAMES[:3], (90, 700, None), (90 + r.points[0],
                                                              700 + r.points[1], None),
                      (0, 0, None))
    result = result_scene(ended, table_of(done), title=title, locale=locale)
    assert result is not None
    profile = ProfileScene("김민준", 1, level_name(locale, 1), -350, 0.0, level_name(locale, 2),
                           100, 1200,
                           landlord_games=12, landlord_wins=5, farmer_games=30,
                           farmer_wins=17, words=picture_words(locale))
    rows = tuple(LeaderboardRow(i, name, f"{(9 - i) * 12_345:,}", lvl, i == 2)
                 for i, (name, lvl) in enumerate(zip(
                     ("臺灣阿嬤鬥地主", "김민준", "José Ñúñez", "さくら", "Alice"),
                     (level_name(locale, n) for n in (21, 17, 15, 13, 1)), strict=True), start=1))
    return [
        ("table (happy)", render_table(table_scene(table_of(happy), title=title,
                                                   locale=locale))),
        ("table (laizi 9)", render_table(table_scene(table_of(laizi), title=title,
                                                     locale=locale))),
        ("table (four)", render_table(table_scene(table_of(four), title=title,
                                                  locale=locale))),
        ("hand (landlord)", render_hand(start.hand(landlord), marked=start.bottom or "",
                                        title=hand_title, words=picture_words(locale))),
        ("hand (grouped)", render_hand(laizi.hand(1), laizi=laizi.laizi, order="grouped",
                                       words=picture_words(locale))),
        ("result", render_result(result)),
        ("profile", render_profile(profile)),
        ("leaderboard", render_leaderboard(LeaderboardScene(
            picture_words(locale)["balance"], rows, "1/4", words=picture_words(locale)))),
    ]


def phone(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    return image.resize((PHONE, round(image.height * PHONE / image.width)),
                        Image.Resampling.LANCZOS)


def sheet(make: Callable[[str], list[tuple[str, bytes]]] = pictures) -> Image.Image:
    columns = [[(name, phone(png)) for name, png in make(locale)] for locale in LOCALES]
    heights = [max(col[i][1].height for col in columns) for i in range(len(columns[0]))]
    head = 44
    width = len(LOCALES) * (PHONE + GAP) + GAP
    height = head + sum(h + 34 + GAP for h in heights) + GAP
    out = felt(width, height)
    draw = ImageDraw.Draw(out)
    for c, locale in enumerate(LOCALES):
        x = GAP + c * (PHONE + GAP)
        draw.text((x + PHONE // 2, 24), locale, font=font(26, "bold"), fill=(255, 255, 255),
                  anchor="mm")
        y = head
        for (name, image), h in zip(columns[c], heights, strict=True):
            draw.text((x, y + 16), name, font=font(20, "bold"), fill=(200, 225, 210),
                      anchor="lm")
            out.paste(image, (x, y + 34))
            y += h + 34 + GAP
    return out


def main() -> None:
    image = sheet()
    image.quantize(256, method=Image.Quantize.FASTOCTREE).save(OUT, optimize=True)
    print(f"{OUT}: {image.width}x{image.height}, {OUT.stat().st_size} bytes")


if __name__ == "__main__":
    main()

"""Table scenes whose pixels are pinned (tests/data/table_pixels.json): every way the
table picture is drawn from cached layers must give exactly the pixels of a fresh drawing.

``python -m tests.render.pixel_cases`` prints the hashes of the drawing as it is now (run it
only to pin a picture that is meant to change, and say so in the commit)."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from pathlib import Path

from render import SeatScene, TableScene
from render.table import table_image
from tests.render.helpers import parts, picture_words, said_word

PINNED = Path(__file__).resolve().parents[1] / "data" / "table_pixels.json"


def _three(turn: int, locale: str) -> TableScene:
    seats = (SeatScene("Alice", "landlord", 14, last_play="33344", shown="5689TJQKA22BR77",
                       to_beat=True),
             SeatScene("Bob 张三", "farmer", 2, passed=True, doubled=True, newest=True),
             SeatScene("DeepBot", "farmer", 15, bot=True, auto=True))
    seats = tuple(dataclasses.replace(s, turn=i == turn) for i, s in enumerate(seats))
    return TableScene(seats=seats, title="欢乐斗地主 #general", phase="play", bottom="7BR",
                      laizi="7", multiplier=16, words=picture_words(locale),
                      multiplier_words=parts((("grab", 2), ("bomb", 2), ("show", 4)), 16, locale))


def _four(turn: int, locale: str) -> TableScene:
    seats = (SeatScene("Dora", "farmer", 25, last_play="345678"),
             SeatScene("Eve", "landlord", 33, action=said_word("bid3", locale)),
             SeatScene("Frank", "farmer", 21, last_play="TTTT"),
             SeatScene("Gao 高", "farmer", 1, last_play="JJJQQQKKK4455", to_beat=True,
                       newest=True))
    seats = tuple(dataclasses.replace(s, turn=i == turn) for i, s in enumerate(seats))
    return TableScene(seats=seats, title="四人斗地主", bottom_count=8, multiplier=6,
                      phase="play", words=picture_words(locale),
                      multiplier_words=parts((("base", 3), ("bomb", 2)), 6, locale))


def _auction(turn: int, locale: str) -> TableScene:
    seats = (SeatScene("Ann", cards_left=17, action=said_word("bid1", locale)),
             SeatScene("AI 🤖 Bo", cards_left=17, bot=True, action=said_word("no_bid", locale)),
             SeatScene("Cat", cards_left=17))
    seats = tuple(dataclasses.replace(s, turn=i == turn) for i, s in enumerate(seats))
    return TableScene(seats=seats, title="Classic", phase="bid", bottom_count=3,
                      multiplier=1, words=picture_words(locale))


def cases() -> dict[str, TableScene]:
    out = {}
    for locale in ("en", "zh-CN"):
        for turn in (-1, 0, 1, 2):
            out[f"three-{locale}-{turn}"] = _three(turn, locale)
            out[f"auction-{locale}-{turn}"] = _auction(turn, locale)
        for turn in (-1, 0, 1, 2, 3):
            out[f"four-{locale}-{turn}"] = _four(turn, locale)
    return out


def pixels(scene: TableScene) -> str:
    image = table_image(scene)
    return hashlib.sha256(f"{image.size}".encode() + image.tobytes()).hexdigest()


if __name__ == "__main__":
    print(json.dumps({name: pixels(scene) for name, scene in cases().items()}, indent=1))

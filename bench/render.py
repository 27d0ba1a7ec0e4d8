"""Picture speed and size: median and p95 ms per picture, and PNG bytes.

Run: ``python -m bench.render [--repeat N]``. Each case is rendered once untimed (the
first call builds the sprites and fonts it needs; its time is shown as "first"), then
``repeat`` timed times. Targets (issue 15): a hand ≤ 15 ms median, a table, a result, a
profile and a leaderboard ≤ 30 ms, every PNG ≤ 300 kB, the first picture within 2× these.
"cpu ms" is the median CPU time of this process per picture: on a shared, loaded machine
the wall-clock median also counts the time other processes held the cores. "draw ms" is
the median CPU time of a table's drawing alone (``table_image``, without the PNG encoding;
issue 37); "table typical" is the scene most pictures show in play: three seats, no shown
hand, one play on the table and one pass.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image

from bot.engine.cards import Card, make_deck
from bot.words.pictures import picture_words
from cogs.scenes import parts_words
from render import (
    LeaderboardRow,
    LeaderboardScene,
    PlayerResult,
    ProfileScene,
    ResultScene,
    SeatScene,
    TableScene,
    render_hand,
    render_leaderboard,
    render_profile,
    render_result,
    render_table,
    warm_up,
)
from render.table import table_image

ZH_LOCALE = "zh-CN"
ZH = picture_words(ZH_LOCALE)


@dataclass(frozen=True)
class Measure:
    case: str
    first_ms: float
    median_ms: float
    p95_ms: float
    size: int
    cpu_ms: float = 0.0
    draw_ms: float | None = None  # the drawing alone (tables)


def _hand(n: int, decks: int = 1, flower: bool = False, seed: int = 7) -> list[Card]:
    deck = make_deck(decks, flower=flower)
    rng = random.Random(seed)
    rng.shuffle(deck)
    hand = deck[:n]
    if flower and not any(c.rank == 15 for c in hand):
        hand[-1] = next(c for c in deck if c.rank == 15)
    return hand


def table3() -> TableScene:
    return TableScene(
        seats=(SeatScene("Alice", "landlord", 14, last_play="33344", shown="5689TJQKA22BR77",
                        to_beat=True),
               SeatScene("Bob 张三", "farmer", 2, passed=True, doubled=True, newest=True),
               SeatScene("DeepBot", "farmer", 15, turn=True, bot=True,
                        auto=True)),
        title="欢乐斗地主 #general", phase="play", bottom="7BR", laizi="7",
        multiplier=16,
        multiplier_words=parts_words((("grab", 2), ("bomb", 2), ("show", 4)), 16, ZH_LOCALE),
        words=ZH)


def table4() -> TableScene:
    return TableScene(
        seats=(SeatScene("Dora", "farmer", 25, last_play="345678"),
               SeatScene("Eve", "landlord", 33, action=ZH["bid3"]),
               SeatScene("Frank", "farmer", 21, last_play="TTTT", turn=True),
               SeatScene("Gao 高", "farmer", 1, last_play="JJJQQQKKK4455", to_beat=True,
                        newest=True)),
        title="四人斗地主", bottom_count=8, multiplier=6, phase="play",
        multiplier_words=parts_words((("base", 3), ("bomb", 2)), 6, ZH_LOCALE), words=ZH)


def table_typical() -> TableScene:
    """A play scene as most table pictures are: 3 seats, no shown hand, one play, one pass."""
    return TableScene(
        seats=(SeatScene("Alice", "landlord", 12, last_play="556677", to_beat=True),
               SeatScene("Bob 张三", "farmer", 15, passed=True, newest=True),
               SeatScene("DeepBot", "farmer", 17, turn=True, bot=True)),
        title="欢乐斗地主 #general", phase="play", bottom="39K", multiplier=4,
        multiplier_words=parts_words((("grab", 2), ("bomb", 2)), 4, ZH_LOCALE), words=ZH)


def result3() -> ResultScene:
    return ResultScene(
        "landlord",
        (PlayerResult("Alice", "landlord", 32, 3195, "短工", "长工"),
         PlayerResult("Bob 张三", "farmer", -16, -1605, "小财主", "小财主",
                      remaining="3456789TJQKA2BR", doubled=True),
         PlayerResult("DeepBot", "farmer", -16, -1605, "长工", "短工", remaining="33")),
        spring="spring", multiplier=16,
        multiplier_words=parts_words(
            (("base", 2), ("bomb", 2), ("rocket", 2), ("spring", 2)), 16, ZH_LOCALE),
        title="Deal #1234 · 经典", words=ZH)


def profile() -> ProfileScene:
    return ProfileScene("Alice 王小明", 5, "贫农", 700, 0.5, "渔夫", 800, 123456,
                        landlord_games=40, landlord_wins=23, farmer_games=90, farmer_wins=51,
                        words=ZH)


def leaderboard() -> LeaderboardScene:
    names = ["Alice", "Bob 张三", "Carol", "Dan", "Eve", "Frank", "Gao 高", "Hu", "Ivy", "Jo"]
    rows = tuple(LeaderboardRow(i, name, f"{(11 - i) * 123_457:,}", "小地主", i == 4)
                 for i, name in enumerate(names, start=1))
    return LeaderboardScene("Balance", rows, "欢乐豆", words=ZH)


def cases() -> dict[str, Callable[[], bytes]]:
    """Every benchmarked picture, by name."""
    h17, h20 = _hand(17), _hand(20, seed=8)
    h21, h33 = _hand(21, flower=True, seed=9), _hand(33, decks=2, seed=10)
    t3, t4, res, prof, board = table3(), table4(), result3(), profile(), leaderboard()
    typical = table_typical()
    return {
        "hand 17": lambda: render_hand(h17, words=ZH),
        "hand 20": lambda: render_hand(h20, title="Landlord", words=ZH),
        "hand 21 (super, F)": lambda: render_hand(h21, words=ZH),
        "hand 33 (four)": lambda: render_hand(h33, words=ZH),
        "hand 20 grouped": lambda: render_hand(h20, order="grouped", words=ZH),
        "table 3 seats": lambda: render_table(t3),
        "table 4 seats": lambda: render_table(t4),
        "table typical": lambda: render_table(typical),
        "result": lambda: render_result(res),
        "profile": lambda: render_profile(prof),
        "leaderboard": lambda: render_leaderboard(board),
    }


def draws() -> dict[str, Callable[[], Image.Image]]:
    """The drawing alone (no PNG encoding) of the table cases, by their names in
    :func:`cases`."""
    t3, t4, typical = table3(), table4(), table_typical()
    return {"table 3 seats": lambda: table_image(t3), "table 4 seats": lambda: table_image(t4),
            "table typical": lambda: table_image(typical)}


def _cpu_median(make: Callable[[], object], repeat: int) -> float:
    cpu = []
    for _ in range(max(1, repeat)):
        start = time.process_time()
        make()
        cpu.append((time.process_time() - start) * 1000)
    return statistics.median(cpu)


def measure(repeat: int = 30, warm: bool = True) -> list[Measure]:
    """Time every case; ``repeat`` ≥ 1 timed runs each. With ``warm`` the sprites and fonts
    are made first, as ``python -m bot`` does at start: "first" is then the first picture
    a running bot sends."""
    if warm:
        warm_up()
    out = []
    drawing = draws()
    for name, make in cases().items():
        start = time.perf_counter()
        data = make()
        first = (time.perf_counter() - start) * 1000
        times = []
        cpu = []
        for _ in range(max(1, repeat)):
            start, start_cpu = time.perf_counter(), time.process_time()
            data = make()
            times.append((time.perf_counter() - start) * 1000)
            cpu.append((time.process_time() - start_cpu) * 1000)
        times.sort()
        p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
        draw = drawing.get(name)
        out.append(Measure(name, first, statistics.median(times), p95, len(data),
                           statistics.median(cpu),
                           _cpu_median(draw, repeat) if draw is not None else None))
    return out


def report(results: list[Measure]) -> str:
    lines = [f"{'picture':<20} {'first ms':>9} {'median ms':>10} {'p95 ms':>8} "
             f"{'cpu ms':>7} {'draw ms':>8} {'bytes':>8}"]
    for m in results:
        draw = f"{m.draw_ms:>8.2f}" if m.draw_ms is not None else f"{'-':>8}"
        lines.append(f"{m.case:<20} {m.first_ms:>9.1f} {m.median_ms:>10.1f} {m.p95_ms:>8.1f} "
                     f"{m.cpu_ms:>7.1f} {draw} {m.size:>8}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="render speed and PNG sizes")
    parser.add_argument("--repeat", type=int, default=30, help="timed runs per picture")
    parser.add_argument("--cold", action="store_true",
                        help="no warm-up: 'first' includes making sprites and fonts")
    args = parser.parse_args(argv)
    print(report(measure(args.repeat, warm=not args.cold)))


if __name__ == "__main__":
    main()

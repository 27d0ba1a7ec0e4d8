"""The replay GIF of long four-player deals: CPU time on one core and size.

    .venv/bin/python -m bench.replay [--deals 5] [--out /tmp/replay.gif]

Random legal deals of the four-player variant with 30 to 60 plays (the longest kind), each
replayed from its log into table scenes plus the result picture, then encoded; prints the
plays, frames, CPU seconds and megabytes of each, and the worst.
"""

from __future__ import annotations

import argparse
import random
import time

from bot.engine import Game, Rules
from bot.store import GameRecord, GameStatus, SeatRecord
from cogs.replay import replay_steps
from render.replay import render_replay


def long_record(seed: int, low: int = 30, high: int = 60) -> GameRecord | None:
    """A random legal four-player deal of ``low`` to ``high`` plays, as a stored record."""
    rules = Rules.preset("four")
    game = Game.new(rules, seed, balances=(10**9,) * 4)
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    if not low <= len(game.history) <= high:
        return None
    return GameRecord(f"bench{seed}", 1, 2, rules.to_json(), seed,
                      tuple(SeatRecord(i, None, f"AI {i}", "easy") for i in range(4)),
                      (10**9,) * 4, tuple(a.to_json() for a in game.actions),
                      GameStatus.SETTLED,
                      None, "", None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--out", default=None, help="write the longest deal's GIF here")
    args = parser.parse_args()
    done, worst_s, worst_mb, longest = 0, 0.0, 0.0, (0, b"")
    for seed in range(10_000):
        if done >= args.deals:
            break
        record = long_record(seed)
        if record is None:
            continue
        start = time.process_time()
        scenes, result = replay_steps(record, "zh-CN")
        gif = render_replay(scenes, result)
        spent = time.process_time() - start
        mb = len(gif) / 1024 / 1024
        frames = len(scenes) + (result is not None)
        print(f"deal seed {seed}: {len(scenes) - 1} plays, {frames} frames (result last), "
              f"{spent:.2f} s CPU, {mb:.2f} MB")
        worst_s, worst_mb = max(worst_s, spent), max(worst_mb, mb)
        if len(scenes) > longest[0]:
            longest = (len(scenes), gif)
        done += 1
    print(f"worst of {done}: {worst_s:.2f} s CPU (target 2), {worst_mb:.2f} MB (limit 8)")
    if args.out:
        with open(args.out, "wb") as f:
            f.write(longest[1])


if __name__ == "__main__":
    main()

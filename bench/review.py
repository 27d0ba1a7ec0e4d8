"""How long ``/ddz review`` thinks: a whole deal's review at the normal level.

    .venv/bin/python -m bench.review [--deals 4] [--variant four] [--level normal]

Deals are played by the AI (the reviewed seat at the easy level, so it makes mistakes to
find; the others at normal, without a time cap, so a seed gives the same deal), long ones
first kept (``--min-plays``); each is reviewed for seat 0 as the command does (no time
cap), twice, to check that the review repeats, and its reply drawn (the pictures of the
three costliest decisions and the text). Prints the plays, the seat's decisions, CPU
seconds of the review and its reply (target: 10 s), and the costliest decisions.
"""

from __future__ import annotations

import argparse
import time

from bot.ai.agent import decide
from bot.ai.review import review_deal
from bot.engine import Game, GameLog, Rules
from bot.store import GameRecord, GameStatus, SeatRecord
from cogs.review import review_message, review_pictures


def ai_deal(variant: str, seed: int) -> GameLog:
    rules = Rules.preset(variant)
    game = Game.new(rules, seed, balances=(10**6,) * rules.players)
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        level = "easy" if seat == 0 else "normal"
        game.apply(decide(game.view(seat), level, seed, budget_ms=None))
    return game.log


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--variant", default="four")
    parser.add_argument("--level", default="normal")
    parser.add_argument("--min-plays", type=int, default=30)
    args = parser.parse_args()
    done, worst = 0, 0.0
    for seed in range(1, 1000):
        if done >= args.deals:
            break
        log = ai_deal(args.variant, seed)
        assert log.balances is not None  # ai_deal's games bring balances
        game = Game.from_log(log)
        plays = len(game.history)
        if plays < args.min_plays:
            continue
        start = time.process_time()
        review = review_deal(log, 0, args.level, seed)
        spent = time.process_time() - start
        again = review_deal(log, 0, args.level, seed)
        record = GameRecord(f"bench{seed:04d}", 1, 2, log.rules.to_json(), seed,
                            tuple(SeatRecord(i, 100 + i, f"P{i}", None)
                                  for i in range(log.rules.players)),
                            log.balances, tuple(a.to_json() for a in log.actions),
                            GameStatus.SETTLED,
                            None, "", None)
        start = time.process_time()
        pictures = review_pictures(record, review, "zh-CN")
        review_message(record, review, "zh-CN")
        drawn = time.process_time() - start
        spent += drawn
        worst = max(worst, spent)
        top = ", ".join(f"{d.cost:+.1f}" for d in review.costliest(3))
        print(f"{args.variant} seed {seed}: {plays} plays, {len(review.decisions)} decisions "
              f"of seat 0 ({sum(d.phase == 'play' for d in review.decisions)} plays), "
              f"{spent:.2f} s CPU with the {len(pictures)} pictures ({drawn:.2f} s of it), "
              f"repeats: {again == review}, costliest: {top or 'none'}")
        done += 1
    print(f"worst of {done}: {worst:.2f} s CPU for a whole deal (target 10 s)")


if __name__ == "__main__":
    main()

"""Bidding for points: whole deals (bidding, grabbing, 明牌, 加倍 and play) with the AI in
every seat, so every landlord is one the AI chose to be.

Run on demand::

    .venv/bin/python -m bench.stakes [--deals N] [--level easy] [--variants classic,...]

Per variant it prints how often the AI took the landlord (the rest were dissolved: nobody
bid or called), the landlord's win rate, his average points as the rules score them
(docs/rules.md §6.2, escapes aside: nobody escapes here), and how often the stake-raising
choices were made (grabs, shows, doubles). The play level defaults to ``easy`` (the
heuristic the bidding model was fitted on) to keep a run short; ``--level normal`` plays
the default level.
"""

from __future__ import annotations

import argparse
import statistics
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from bot.ai.agent import decide
from bot.engine import VARIANTS, Action, Game, Rules
from bot.engine.actions import Bid, Double, Grab, Show

from .arena import _ci


@dataclass
class StakeFigures:
    variant: str
    deals: int
    landlords: int  # deals with a landlord (not dissolved)
    win_rate: float
    win_ci: tuple[float, float]
    points: float  # the landlord's average signed points
    points_ci: tuple[float, float]
    grabs: int
    shows: int
    doubles: int
    grab_wins: float  # share of the grabbers' deals they won (as the landlord or not)
    double_wins: float  # share of the doublers' deals their side won
    # points bidding: the landlord's winning bid -> (deals, landlord wins, his points)
    by_bid: dict[int, tuple[int, int, int]] = field(default_factory=dict)


def play_deal(rules: Rules, seed: int, level: str) -> tuple[Game, list[Action]]:
    """One whole deal, every seat played by the AI; the game and its actions."""
    game = Game.new(rules, seed)
    actions = []
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        action = decide(game.view(seat), level=level, seed=seed, budget_ms=None)
        game.apply(action)
        actions.append(action)
    return game, actions


Row = tuple[bool, int, int, int, int, int, int, int]


def _run(args: tuple[str, list[int], str]) -> list[Row | None]:
    variant, seeds, level = args
    rules = Rules.preset(variant)
    out: list[Row | None] = []
    for s in seeds:
        game, actions = play_deal(rules, s, level)
        res = game.result
        assert res is not None
        if res.landlord is None:
            out.append(None)
            continue
        grabbers = {a.seat for a in actions if isinstance(a, Grab) and a.grab}
        shows = sum(1 for a in actions if isinstance(a, Show) and a.show)
        doublers = [a.seat for a in actions if isinstance(a, Double) and a.double]
        bid = max((a.points for a in actions if isinstance(a, Bid)
                   and a.seat == res.landlord), default=0)
        out.append((res.outcome == "landlord", res.points[res.landlord], len(grabbers), shows,
                    len(doublers), sum(1 for g in grabbers if g in res.winners),
                    sum(1 for d in doublers if d in res.winners), bid))
    return out


def run(variant: str, deals: int, level: str = "easy", seed: int = 0,
        workers: int = 1) -> StakeFigures:
    seeds = [seed * 1_000_003 + i for i in range(deals)]
    chunks = [(variant, seeds[i::workers], level) for i in range(workers)]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            parts = list(pool.map(_run, chunks))
    else:
        parts = [_run(chunks[0])]
    rows = [r for p in parts for r in p if r is not None]
    wins = [float(r[0]) for r in rows] or [0.0]
    points = [float(r[1]) for r in rows] or [0.0]
    grabs, doubles = sum(r[2] for r in rows), sum(r[4] for r in rows)
    by_bid: dict[int, tuple[int, int, int]] = {}
    for r in rows:
        if r[7]:
            n, w, pts = by_bid.get(r[7], (0, 0, 0))
            by_bid[r[7]] = (n + 1, w + r[0], pts + r[1])
    return StakeFigures(variant, deals, len(rows), statistics.fmean(wins), _ci(wins),
                        statistics.fmean(points), _ci(points), grabs,
                        sum(r[3] for r in rows), doubles,
                        sum(r[5] for r in rows) / grabs if grabs else 0.0,
                        sum(r[6] for r in rows) / doubles if doubles else 0.0,
                        dict(sorted(by_bid.items())))


def describe(f: StakeFigures) -> str:
    return (f"{f.variant:<8} {f.landlords}/{f.deals} deals with a landlord; landlord wins "
            f"{f.win_rate:.3f} ({f.win_ci[0]:.3f} .. {f.win_ci[1]:.3f}), points "
            f"{f.points:+.2f} ({f.points_ci[0]:+.2f} .. {f.points_ci[1]:+.2f}); "
            f"grabs {f.grabs} (won {f.grab_wins:.2f}), shows {f.shows}, "
            f"doubles {f.doubles} (won {f.double_wins:.2f})"
            + "".join(f"; bid {b}: {n} deals, won {w / n:.2f}, points {pts / n:+.2f}"
                      for b, (n, w, pts) in f.by_bid.items()))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.stakes",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=400)
    ap.add_argument("--level", default="easy")
    ap.add_argument("--variants", default=",".join(VARIANTS))
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    for variant in args.variants.split(","):
        print(describe(run(variant, args.deals, args.level, args.seed, args.workers)),
              flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

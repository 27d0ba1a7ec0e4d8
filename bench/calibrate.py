"""Fit the odds model of :mod:`bot.ai.bidding` on simulated deals.

For each variant, random deals are played to the end by the AI's heuristic in every seat
(seat 0 the landlord, no bidding). For each deal the landlord's dealt hand ("bid"), his
full hand ("landlord") and each farmer's hand with the bottom known ("farmer") are turned
into features (decomposition cost, bombs and rockets, wild cards) and paired with the
outcome; a logistic regression per role gives the coefficients. Run::

    .venv/bin/python -m bench.calibrate [--deals N] [--variants classic,laizi,...]

and copy the printed table into ``COEFFICIENTS`` in ``bot/ai/bidding.py``.
"""

from __future__ import annotations

import argparse
import math
from concurrent.futures import ProcessPoolExecutor

from bot.ai.bidding import hand_features
from bot.ai.policy import choose_move
from bot.ai.position import checked_play, turn_of
from bot.ai.situation import read_situation
from bot.engine import Play, Rules
from bot.engine.cards import RANK_INDEX

from .agents import Seat
from .arena import play_game, seeded_deal


def heuristic_agent(view: Seat) -> Play | None:
    sit = read_situation(view.rules, view.hands[view.seat], view.history, view.landlord,
                         view.seat, view.bottom)
    return checked_play(sit, choose_move(turn_of(sit)))


def _rows(args: tuple[str, list[int]]) -> list[tuple[str, list[float], int]]:
    variant, seeds = args
    out = []
    for s in seeds:
        rules, hands, bottom = seeded_deal(variant, s)
        size = rules.hand_size
        dealt = hands[0][:]
        for ch in bottom:
            dealt[RANK_INDEX[ch]] -= 1
        res = play_game(rules, hands, bottom, [heuristic_agent] * rules.players, seed=s)
        y = int(res.landlord_won)
        bid_rules = Rules.preset(variant) if variant == "laizi" else rules
        f = hand_features(bid_rules, dealt, "bid")
        out.append(("bid", [f.cost, f.bombs, f.wilds], y))
        f = hand_features(rules, hands[0], "landlord")
        out.append(("landlord", [f.cost, f.bombs, f.wilds], y))
        for seat in range(1, rules.players):
            f = hand_features(rules, hands[seat], "farmer", bottom)
            out.append(("farmer", [f.cost, f.bombs, f.wilds], 1 - y))
        assert sum(dealt) == size
    return out


def logistic_fit(xs: list[list[float]], ys: list[int], iters: int = 30,
                 ridge: float = 1e-3) -> list[float]:
    """Newton's method for a logistic regression with an intercept (tiny ridge)."""
    k = len(xs[0]) + 1
    w = [0.0] * k
    rows = [[1.0, *x] for x in xs]
    for _ in range(iters):
        grad = [0.0] * k
        hess = [[ridge if i == j else 0.0 for j in range(k)] for i in range(k)]
        for x, y in zip(rows, ys, strict=True):
            z = sum(wi * xi for wi, xi in zip(w, x, strict=True))
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
            for i in range(k):
                grad[i] += (y - p) * x[i]
                for j in range(k):
                    hess[i][j] += p * (1 - p) * x[i] * x[j]
        for i in range(k):
            grad[i] -= ridge * w[i]
        step = _solve(hess, grad)
        w = [wi + si for wi, si in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return w


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[piv] = m[piv], m[c]
        if abs(m[c][c]) < 1e-12:
            continue
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                for j in range(c, n + 1):
                    m[r][j] -= f * m[c][j]
    return [m[i][n] / m[i][i] if abs(m[i][i]) > 1e-12 else 0.0 for i in range(n)]


def calibrate(variant: str, deals: int, workers: int = 2, seed: int = 7
              ) -> dict[str, tuple[float, ...]]:
    seeds = [seed * 1_000_003 + i for i in range(deals)]
    chunks = [(variant, seeds[i::workers]) for i in range(workers)]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            parts = list(pool.map(_rows, chunks))
    else:
        parts = [_rows(chunks[0])]
    rows = [r for p in parts for r in p]
    out: dict[str, tuple[float, ...]] = {}
    for role in ("bid", "landlord", "farmer"):
        xs = [x for r, x, _ in rows if r == role]
        ys = [y for r, _, y in rows if r == role]
        w = logistic_fit(xs, ys)
        mean_cost = sum(x[0] for x in xs) / len(xs)
        out[role] = (*[round(v, 3) for v in w], round(mean_cost, 3))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.calibrate")
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--variants", default="classic,laizi,super,four")
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args(argv)
    print("# (intercept, per cost, per bomb or rocket, per wild card), mean cost")
    for variant in args.variants.split(","):
        fit = calibrate(variant, args.deals, args.workers)
        print(f'"{variant}": {fit},', flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""What a raise of the stake is worth: the same deal played with and without it.

Run on demand::

    .venv/bin/python -m bench.raises [--decision landlord_show] [--deals N] [--level easy]

Each deal is played by the AI in every seat up to the first time the chosen decision comes
up (``grab``: the first grab turn; ``landlord_double`` / ``farmer_double``: the first 加倍
turn of that role; ``landlord_show``: the landlord's ×2 明牌); from there it is played
twice, once with the raise and once without, the AI deciding everything else. Per band of
the bidding model's win chance at that moment (the one :mod:`bot.ai.bidding` decides on),
it prints how often the deciding seat's side won each way and its average points each way
(docs/rules.md §6.2: the seat's own signed points), and the difference with its 95% interval
(paired: the same deals). The band where the difference turns positive is where the raise
starts to pay against the AI; the show's drop in win rate is what showing the hand costs
(the AI's card play treats a shown hand as known).
"""

from __future__ import annotations

import argparse
import itertools
import statistics
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from bot.ai.agent import decide
from bot.ai.bidding import farmer_odds, landlord_odds
from bot.engine import Game, Rules
from bot.engine.actions import Action, Double, Grab, Show
from bot.engine.view import SeatView

from .arena import _ci

# decision -> (phase, whose turn it is: "landlord", "farmer" or "" for anyone, the action)
DECISIONS: dict[str, tuple[str, str, Callable[[int, bool], Action]]] = {
    "grab": ("grab", "", lambda seat, yes: Grab(seat, yes)),
    "landlord_double": ("double", "landlord", lambda seat, yes: Double(seat, yes)),
    "farmer_double": ("double", "farmer", lambda seat, yes: Double(seat, yes)),
    "landlord_show": ("show_landlord", "landlord", lambda seat, yes: Show(seat, yes)),
}


@dataclass(frozen=True)
class Branches:
    """One deal at the decision: the model's win chance and the seat's side won / points,
    with the raise and without."""

    odds: float
    stake: int  # the table multiplier when the decision came up
    won: tuple[bool, bool]
    points: tuple[int, int]


def model_odds(view: SeatView) -> float:
    """The win chance the bidding model gives the deciding seat at ``view``."""
    rules, hand = view.rules, view.hand
    if view.landlord is None:
        return landlord_odds(rules, hand)
    if view.landlord == view.seat:
        return landlord_odds(rules, hand, with_bottom=True)
    return farmer_odds(rules, hand, view.bottom or "")


def _matches(view: SeatView, phase: str, role: str) -> bool:
    if view.phase != phase:
        return False
    return not role or view.role(view.seat if view.seat is not None else -1) == role


def play_branch(rules: Rules, seed: int, level: str, decision: str, yes: bool
                ) -> tuple[float, int, bool, int] | None:
    """One deal forced to ``yes`` at the decision: (odds, stake, won, points), or None
    if the decision never came up."""
    phase, role, make = DECISIONS[decision]
    game = Game.new(rules, seed)
    at: tuple[int, float, int] | None = None
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        if at is None and _matches(view, phase, role):
            at = seat, model_odds(view), view.multiplier
            game.apply(make(seat, yes))
            continue
        game.apply(decide(view, level=level, seed=seed, budget_ms=None))
    res = game.result
    assert res is not None
    if at is None or res.landlord is None:
        return None
    seat, odds, stake = at
    return odds, stake, seat in res.winners, res.points[seat]


def _run(args: tuple[str, list[int], str, str]) -> list[Branches]:
    variant, seeds, level, decision = args
    rules = Rules.preset(variant)
    out = []
    for s in seeds:
        a = play_branch(rules, s, level, decision, True)
        b = play_branch(rules, s, level, decision, False)
        if a is None or b is None:
            continue
        out.append(Branches(a[0], a[1], (a[2], b[2]), (a[3], b[3])))
    return out


def run(variant: str, decision: str, deals: int, level: str = "easy", seed: int = 0,
        workers: int = 1) -> list[Branches]:
    seeds = [seed * 1_000_003 + i for i in range(deals)]
    chunks = [(variant, seeds[i::workers], level, decision) for i in range(workers)]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            parts = list(pool.map(_run, chunks))
    else:
        parts = [_run(chunks[0])]
    return [b for p in parts for b in p]


def describe(rows: list[Branches], bands: tuple[float, ...]) -> list[str]:
    """One line per band of the model's odds (and one for all)."""
    lines = []
    edges = [0.0, *bands, 1.0]
    for lo, hi in [(0.0, 1.0), *itertools.pairwise(edges)]:
        sel = [r for r in rows if lo <= r.odds < hi or (hi == 1.0 and r.odds == 1.0)]
        if len(sel) < 2:
            continue
        gain = [float(r.points[0] - r.points[1]) for r in sel]
        lo_ci, hi_ci = _ci(gain)
        lines.append(
            f"odds {lo:.2f}-{hi:.2f}: {len(sel)} deals "
            f"(model {statistics.fmean(r.odds for r in sel):.3f}); "
            f"won {statistics.fmean(r.won[0] for r in sel):.3f} raised, "
            f"{statistics.fmean(r.won[1] for r in sel):.3f} not; points "
            f"{statistics.fmean(r.points[0] for r in sel):+.2f} raised, "
            f"{statistics.fmean(r.points[1] for r in sel):+.2f} not; gain "
            f"{statistics.fmean(gain):+.2f} ({lo_ci:+.2f} .. {hi_ci:+.2f})")
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.raises",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("--decision", default="landlord_show", choices=sorted(DECISIONS))
    ap.add_argument("--variants", default="happy,laizi")
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--level", default="easy")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--bands", default="0.4,0.5,0.6,0.7,0.8")
    args = ap.parse_args(argv)
    bands = tuple(float(x) for x in args.bands.split(","))
    for variant in args.variants.split(","):
        rows = run(variant, args.decision, args.deals, args.level, args.seed, args.workers)
        print(f"{variant} {args.decision} ({args.level}, {args.deals} deals)", flush=True)
        for line in describe(rows, bands):
            print("  " + line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

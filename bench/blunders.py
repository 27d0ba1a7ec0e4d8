"""Blunder counter: self-play deals, every decision checked against the table manners of
:mod:`bot.ai.cooperation` (a farmer bombing or overtaking his partner, not feeding a
partner down to one card, leading into an opponent's 报单 / 报双).

Run on demand::

    .venv/bin/python -m bench.blunders [--deals 1000] [--variant classic] [--level normal]
                                       [--dump positions.json]

The AI plays every seat (seat 0 is the landlord, as in :mod:`bench.arena`). It prints the
decisions checked and the count of each kind of blunder; ``--dump`` writes each blundered
position (hand, history, landlord, seat, bottom, the move) as JSON, the raw material of the
position suite in ``tests/ai/test_blunders.py``.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from bot.ai import choose_play_reading
from bot.ai.cooperation import blunders
from bot.ai.move import move_of_play
from bot.ai.movegen import beating_moves, lead_moves
from bot.ai.position import turn_of
from bot.ai.situation import read_situation
from bot.engine import Play

from .agents import Seat
from .arena import play_game, seeded_deal


@dataclass
class CheckingAgent:
    """Our AI, with every decision checked for blunders."""

    level: str = "normal"
    decisions: int = 0
    found: list[dict[str, Any]] = field(default_factory=list)

    def __call__(self, view: Seat) -> Play | None:
        hand = view.hand_text
        play = choose_play_reading(view.rules, hand, view.history, view.landlord, view.seat,
                                   view.bottom, {}, view.seed, self.level, None)
        sit = read_situation(view.rules, hand, view.history, view.landlord, view.seat,
                             view.bottom)
        turn = turn_of(sit)
        moves = lead_moves(sit.hand, sit.v) if sit.last_move is None else \
            beating_moves(sit.hand, sit.last_move, sit.v)
        move = move_of_play(play, sit.v) if play is not None else None
        self.decisions += 1
        for kind in blunders(turn, move, moves):
            self.found.append({
                "kind": kind, "variant": view.rules.variant, "hand": hand,
                "history": [[s, p.cards if isinstance(p, Play) else p]
                            for s, p in view.history],
                "landlord": view.landlord, "seat": view.seat, "bottom": view.bottom,
                "seed": view.seed, "move": play.cards if play is not None else "",
            })
        return play


def _run(args: tuple[str, str, list[int]]) -> tuple[int, list[dict[str, Any]]]:
    variant, level, seeds = args
    agent = CheckingAgent(level)
    for s in seeds:
        rules, hands, bottom = seeded_deal(variant, s)
        play_game(rules, hands, bottom, [agent] * rules.players, seed=s)
    return agent.decisions, agent.found


def count(deals: int, variant: str = "classic", level: str = "normal", seed: int = 0,
          workers: int = 1) -> tuple[int, list[dict[str, Any]]]:
    """Decisions checked and the blunders found over ``deals`` self-play deals."""
    seeds = [seed * 1_000_003 + i for i in range(deals)]
    chunks = [(variant, level, seeds[i::workers]) for i in range(workers)]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            parts = list(pool.map(_run, chunks))
    else:
        parts = [_run(chunks[0])]
    return sum(p[0] for p in parts), [b for p in parts for b in p[1]]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.blunders",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--variant", default="classic")
    ap.add_argument("--level", default="normal")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--dump", default="")
    args = ap.parse_args(argv)
    decisions, found = count(args.deals, args.variant, args.level, args.seed, args.workers)
    kinds = Counter(b["kind"] for b in found)
    print(f"{args.variant}, {args.level}, {args.deals} self-play deals: {decisions} decisions, "
          f"{len(found)} blunders ({', '.join(f'{k} {n}' for k, n in sorted(kinds.items()))})",
          flush=True)
    if args.dump:
        with open(args.dump, "w", encoding="utf-8") as f:
            json.dump(found, f, ensure_ascii=False, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Hint rules: how often the AI's move, the first hint and the hint's alternatives break the
rules every player expects (issue 55; :mod:`bot.ai.guards`).

Run on demand::

    .venv/bin/python -m bench.hint_rules [--deals 40] [--level normal] [--workers 2]
                                         [--variant classic ...] [--smoke]

Self-play deals of every variant (the AI plays every seat, auction included, through the
engine and :func:`bot.ai.agent.decide`; deal ``i`` of a variant is ``Game.new(rules, seed *
1_000_003 + i)``). At every play turn it takes the AI's move, then the turn's hint list
(:func:`bot.ai.hint_list.hint_list` with that move first, as the table's hint does when the
AI has already chosen) and counts, per rule: the positions where it applies
(:func:`bot.ai.guards.applies`), the violations by the AI's move, by the first hint and by
the alternatives (and those of them whose reason marks them risky). It also checks every
hint's reason that claims something of the other hands against the real hands (the deal
knows them): "holds the trick" (no opponent still to act can beat it), "nobody can stop
you after this bomb", "this lead does not let him go out", "no card still out beats it";
each such reason said and each found false is counted. The table printed is the
measurement; ``--smoke`` plays one short deal of each variant.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace

from bot.ai import guards
from bot.ai.agent import decide
from bot.ai.guards import RULES, applies, violations
from bot.ai.hint_list import hint_list
from bot.ai.reasons import Reason
from bot.engine import Action, Rules, SeatView, legal_plays
from bot.engine.game import Game

VARIANTS = ("classic", "happy", "laizi", "super", "four")


@dataclass
class Tally:
    """Counts per rule (and the turns seen)."""

    turns: int = 0
    deals: int = 0
    alternatives: int = 0
    applies: Counter[str] = field(default_factory=Counter)
    move: Counter[str] = field(default_factory=Counter)
    first: Counter[str] = field(default_factory=Counter)
    alts: Counter[str] = field(default_factory=Counter)  # alternatives breaking the rule
    alts_open: Counter[str] = field(default_factory=Counter)  # ... not marked risky
    alts_seen: Counter[str] = field(default_factory=Counter)  # alternatives where it applies
    claims: Counter[str] = field(default_factory=Counter)  # reasons said that claim a fact
    false_claims: Counter[str] = field(default_factory=Counter)  # ... false of the real hands

    def add(self, other: Tally) -> None:
        self.turns += other.turns
        self.deals += other.deals
        self.alternatives += other.alternatives
        for name in ("applies", "move", "first", "alts", "alts_open", "alts_seen", "claims",
                     "false_claims"):
            getattr(self, name).update(getattr(other, name))


def is_risky(reason: Reason | None) -> bool:
    """Does the reason mark its play as risky (``Reason.risk``)?"""
    return reason is not None and bool(reason.risk)


CLAIMS = ("partner_holds", "bomb_win", "block", "top_card")
"""The reasons that claim something of the other hands (:mod:`bot.ai.reasons`)."""


def claim_holds(kind: str, view: SeatView, truth: SeatView, action: Action) -> bool:
    """Is the claim of reason ``kind`` for ``action`` true of the real hands (``truth``:
    the view with every other hand shown)?"""
    play = guards.play_of(view, action)
    if kind == "partner_holds":
        return guards.partner_holds(truth)
    if play is None:
        return False
    if kind == "bomb_win":
        return guards.sure_win(truth, play)
    if kind == "block":
        return not any(guards.goes_out_on(truth, o, play) for o in guards.short_opponents(truth))
    others = [s for s in range(len(view.counts)) if s != view.seat]
    return not any(not p.is_bomb for s in others
                   for p in legal_plays(truth.shown.get(s, ""), play, view.rules))


def play_deal(variant: str, seed: int, level: str, budget_ms: float | None,
              max_turns: int | None = None) -> Tally:
    """One self-play deal, every play turn measured."""
    t = Tally(deals=1)
    game = Game.new(Rules.preset(variant), seed)
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        move = decide(view, level, seed, budget_ms)
        if view.phase == "play" and (max_turns is None or t.turns < max_turns):
            t.turns += 1
            legal = view.legal_plays()
            where = applies(view, legal)
            t.applies.update(where)
            hints = hint_list(view, level, seed, budget_ms, first=move)
            t.move.update(r for r in violations(view, move, legal) if r in where)
            t.first.update(r for r in violations(view, hints[0].action, legal) if r in where)
            truth = replace(view, shown={s: game.hand_text(s) for s in range(len(view.counts))
                                         if s != seat})
            for s in hints:
                if s.reason is not None and s.reason.kind in CLAIMS:
                    t.claims[s.reason.kind] += 1
                    if not claim_holds(s.reason.kind, view, truth, s.action):
                        t.false_claims[s.reason.kind] += 1
            for s in hints[1:]:
                t.alternatives += 1
                t.alts_seen.update(where)
                broken = [r for r in violations(view, s.action, legal) if r in where]
                t.alts.update(broken)
                if not is_risky(s.reason):
                    t.alts_open.update(broken)
        game.apply(move)
    return t


def _run(args: tuple[str, list[int], str, float | None, int | None]) -> Tally:
    variant, seeds, level, budget, max_turns = args
    t = Tally()
    for s in seeds:
        t.add(play_deal(variant, s, level, budget, max_turns))
    return t


def measure(variants: tuple[str, ...], deals: int, level: str = "normal", seed: int = 0,
            workers: int = 1, budget_ms: float | None = None,
            max_turns: int | None = None) -> dict[str, Tally]:
    """The tally of each variant over ``deals`` deals (deterministic with ``budget_ms``
    None: the search counts its work)."""
    jobs = [(v, [seed * 1_000_003 + i for i in range(deals)][w::workers], level,
             budget_ms, max_turns) for v in variants for w in range(workers)]
    jobs = [j for j in jobs if j[1]]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            parts = list(pool.map(_run, jobs))
    else:
        parts = [_run(j) for j in jobs]
    out = {v: Tally() for v in variants}
    for job, part in zip(jobs, parts, strict=True):
        out[job[0]].add(part)
    return out


def table(tallies: dict[str, Tally]) -> list[str]:
    """The printed table: per rule, over every variant, then per variant."""
    total = Tally()
    for t in tallies.values():
        total.add(t)
    lines = [f"{total.deals} deals ({', '.join(tallies)}), {total.turns} play turns, "
             f"{total.alternatives} alternatives",
             f"{'rule':22} {'applies':>8} {'AI move':>8} {'1st hint':>8} "
             f"{'alts':>6} {'alts bad':>9} {'unmarked':>9}"]

    def row(name: str, t: Tally) -> str:
        seen = t.alts_seen[name]
        pct = f"{100 * t.alts_open[name] / seen:.1f}%" if seen else "-"
        return (f"{name:22} {t.applies[name]:8} {t.move[name]:8} {t.first[name]:8} "
                f"{seen:6} {t.alts[name]:9} {t.alts_open[name]:5} {pct:>6}")

    lines += [row(r, total) for r in RULES]
    lines.append("reasons that claim a fact of the other hands (said / false of the real "
                 "hands): " + "; ".join(f"{k} {total.claims[k]}/{total.false_claims[k]}"
                                        for k in CLAIMS))
    for v, t in tallies.items():
        lines.append(f"{v}: " + "; ".join(
            f"{r} {t.applies[r]}/{t.move[r]}/{t.first[r]}/{t.alts_open[r]}"
            for r in RULES if t.applies[r]))
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.hint_rules",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=40, help="deals per variant")
    ap.add_argument("--variant", action="append", choices=VARIANTS)
    ap.add_argument("--level", default="normal")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--smoke", action="store_true", help="one short deal of each variant")
    args = ap.parse_args(argv)
    variants = tuple(args.variant or VARIANTS)
    started = time.perf_counter()
    if args.smoke:
        tallies = measure(variants, 1, "easy", args.seed, 1, None, max_turns=12)
    else:
        tallies = measure(variants, args.deals, args.level, args.seed, args.workers)
    for line in table(tallies):
        print(line)
    print(f"(level {'easy' if args.smoke else args.level}, seed {args.seed}, "
          f"{time.perf_counter() - started:.0f} s; per variant: applies/AI move/"
          "1st hint/alts unmarked)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

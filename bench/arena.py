"""The arena: our AI against RLCard's rule agent, a random agent, or itself.

Run on demand::

    .venv/bin/python -m bench.arena [--deals N] [--workers W] [--seed S] [--side-deals M]

Every seeded deal is played twice (DouZero's protocol, no bidding): once with our AI as the
landlord (seat 0, who takes the bottom cards) against two opponents, once with an opponent
as the landlord against our two farmers. A game is worth ``2 ** (bombs + rockets played)``
points to the winning side. WP is the share of games our side won over both seatings, ADP
the average points difference per game (ours minus theirs); their 95% intervals are over
deals (the two games of a deal are averaged first, since they share the cards).

:func:`run_match` is the function tests smoke-run with small numbers.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from bot.engine import Play, Rules, Trick, legal_plays
from bot.engine.cards import RANK_INDEX, counts_of, make_deck, text_of, text_of_counts
from bot.engine.scoring import bomb_factor

from .agents import OurAgent, RandomAgent, RuleAgent, Seat

Agent = Callable[[Seat], Play | None]
LAIZI_RANKS = "3456789TJQKA2"


@dataclass
class GameResult:
    landlord_won: bool
    bombs: int
    plays: int
    factor: int = 1  # product of the played bombs' factors (2 ** bombs in classic)
    bombs_by: list[int] = field(default_factory=list)  # bombs and rockets played, per seat


@dataclass
class MatchResult:
    """Figures of a match, our side's view."""

    deals: int
    games: int
    wp: float
    wp_ci: tuple[float, float]
    adp: float  # DouZero's count: the winning side scores (players - 1) * factor
    adp_ci: tuple[float, float]
    points: float  # the same with a base of 1: factor a game
    points_ci: tuple[float, float]
    landlord_wp: float  # our AI as landlord
    farmer_wp: float  # our AI as the two farmers
    times_ms: list[float] = field(default_factory=list)  # our decision times (wall clock)
    cpu_ms: list[float] = field(default_factory=list)  # ... in CPU time: one core's worth
    # our won games in which our side was dealt a bomb or rocket, and those of them in
    # which it played as many as it was dealt
    bomb_wins: int = 0
    bomb_wins_cashed: int = 0
    seconds: float = 0.0

    def time_stats(self) -> tuple[float, float, float]:
        """p50, p95 and max of our decision time, in ms."""
        return _quantiles(self.times_ms)

    def cpu_stats(self) -> tuple[float, float, float]:
        """p50, p95 and max of our decisions' CPU time, in ms: what one core spends,
        whatever else the machine runs."""
        return _quantiles(self.cpu_ms)


def _quantiles(values: list[float]) -> tuple[float, float, float]:
    """p50, p95 and max."""
    if not values:
        return (0.0, 0.0, 0.0)
    xs = sorted(values)
    return (xs[len(xs) // 2], xs[min(len(xs) - 1, int(0.95 * len(xs)))], xs[-1])


def rules_for(variant: str, rng: random.Random) -> Rules:
    rules = Rules.preset(variant)
    if variant == "laizi":
        rules = rules.with_laizi(rng.choice(LAIZI_RANKS))
    return rules


def deal(rules: Rules, rng: random.Random) -> tuple[list[list[int]], str]:
    """Hands (rank counts) with seat 0 as the landlord holding the bottom, and the bottom."""
    deck = make_deck(rules.decks, rules.flower)
    rng.shuffle(deck)
    n, size = rules.players, rules.hand_size
    hands = [deck[i * size:(i + 1) * size] for i in range(n)]
    bottom = deck[n * size:]
    hands[0] = hands[0] + bottom
    return [counts_of(h) for h in hands], text_of(bottom)


def seeded_deal(variant: str, seed: int) -> tuple[Rules, list[list[int]], str]:
    """The rules (a random laizi rank in laizi) and the deal of :func:`deal` for a seed."""
    rng = random.Random(seed)
    rules = rules_for(variant, rng)
    hands, bottom = deal(rules, rng)
    return rules, hands, bottom


def play_game(rules: Rules, hands: list[list[int]], bottom: str, agents: Sequence[Agent],
              seed: int) -> GameResult:
    """Play one deal to the end; every action is checked with the engine."""
    n = rules.players
    hands = [h[:] for h in hands]
    history: list[tuple[int, Play | str]] = []  # plays keep their declared reading
    trick = Trick(leader=0)
    seat = 0
    bombs = 0
    factor = 1
    plays = 0
    bombs_by = [0] * n
    while True:
        last = trick.to_beat
        view = Seat(rules, seat, 0, hands, bottom, list(history), last, seed + len(history))
        play = agents[seat](view)
        if play is None:
            if last is None:
                raise AssertionError(f"seat {seat} passed on a lead")
            history.append((seat, ""))
        else:
            _check(rules, play, hands[seat], last)
            for ch in play.cards:
                hands[seat][RANK_INDEX[ch]] -= 1
            history.append((seat, play))
            if play.is_bomb:
                bombs += 1
                bombs_by[seat] += 1
                factor *= bomb_factor(rules, play.kind)
            plays += 1
            if not any(hands[seat]):
                return GameResult(landlord_won=seat == 0, bombs=bombs, plays=plays,
                                  factor=factor, bombs_by=bombs_by)
        trick = trick.then(seat, play, n)
        seat = trick.leader if not trick.plays else (seat + 1) % n


def dealt_bombs(hand: list[int]) -> int:
    """Bombs and rockets in a dealt hand (rank counts): ranks held four times or more, and
    the pairs of jokers; wild cards aside."""
    return sum(1 for r in range(13) if hand[r] >= 4) + min(hand[13], hand[14])


def _check(rules: Rules, play: Play, hand: list[int], last: Play | None) -> None:
    """The engine's word: ``play`` (cards and declared reading) is one of the hand's legal
    plays (cards held, a reading of them that beats ``last``, the flower not stranded)."""
    if play not in legal_plays(hand, last, rules):
        raise AssertionError(f"{play!r} is not a legal play of {text_of_counts(hand)!r} "
                             f"after {last!r}")


def _make(kind: str, seed: int, budget_ms: float | None) -> Agent:
    if kind == "rule":
        return RuleAgent()
    if kind == "random":
        return RandomAgent(random.Random(seed))
    if kind in ("easy", "normal", "hard"):
        return OurAgent(kind, budget_ms)
    raise ValueError(kind)


Row = tuple[int, float, int, int, list[float], int, int, list[float]]


def _run_deals(args: tuple[str, str, str, list[int], float | None]) -> list[Row]:
    """Worker: (wins of our side over 2 games, points with a base of 1, landlord win,
    farmers win, times, won games with a bomb dealt to our side, of which all played, CPU
    times)."""
    variant, ours, theirs, seeds, budget_ms = args
    import numpy as np
    out = []
    for s in seeds:
        rules, hands, bottom = seeded_deal(variant, s)
        n = rules.players
        wins = 0
        points = 0.0
        ll_win = fa_win = 0
        bomb_wins = cashed = 0
        times: list[float] = []
        cpu: list[float] = []
        for seating in (0, 1):
            ours_agent = OurAgent(ours, budget_ms)
            other = _make(theirs, s * 7 + seating, budget_ms)
            if seating == 0:
                agents = [ours_agent] + [other] * (n - 1)
            else:
                agents = [other] + [ours_agent] * (n - 1)
            np.random.seed((s * 2 + seating) % (2 ** 32))
            res = play_game(rules, hands, bottom, agents, seed=s * 2 + seating)
            our_win = res.landlord_won if seating == 0 else not res.landlord_won
            value = res.factor
            wins += our_win
            points += value if our_win else -value
            mine = [0] if seating == 0 else list(range(1, n))
            dealt = sum(dealt_bombs(hands[k]) for k in mine)
            if our_win and dealt:
                bomb_wins += 1
                cashed += sum(res.bombs_by[k] for k in mine) >= dealt
            if seating == 0:
                ll_win = int(our_win)
            else:
                fa_win = int(our_win)
            times.extend(ours_agent.times)
            cpu.extend(ours_agent.cpu)
        out.append((wins, points, ll_win, fa_win, times, bomb_wins, cashed, cpu))
    return out


def run_match(deals: int = 50, variant: str = "classic", ours: str = "normal",
              theirs: str = "rule", seed: int = 0, workers: int = 1,
              budget_ms: float | None = 100) -> MatchResult:
    """Play ``deals`` seeded deals twice each (both seatings); ``ours`` is our AI's level,
    ``theirs`` the opponent: ``rule``, ``random`` or a level of our AI."""
    t0 = time.perf_counter()
    seeds = [seed * 1_000_003 + i for i in range(deals)]
    chunks = [(variant, ours, theirs, seeds[i::workers], budget_ms) for i in range(workers)]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            parts = list(pool.map(_run_deals, chunks))
    else:
        parts = [_run_deals(chunks[0])]
    rows = [r for part in parts for r in part]
    wps = [r[0] / 2 for r in rows]
    pts = [r[1] / 2 for r in rows]
    base = Rules.preset(variant).players - 1  # DouZero: the landlord's base, one per farmer
    adps = [base * x for x in pts]
    times = [t * 1000 for r in rows for t in r[4]]
    return MatchResult(
        deals=len(rows), games=2 * len(rows), wp=statistics.fmean(wps), wp_ci=_ci(wps),
        adp=statistics.fmean(adps), adp_ci=_ci(adps),
        points=statistics.fmean(pts), points_ci=_ci(pts),
        bomb_wins=sum(r[5] for r in rows), bomb_wins_cashed=sum(r[6] for r in rows),
        landlord_wp=statistics.fmean(r[2] for r in rows),
        farmer_wp=statistics.fmean(r[3] for r in rows), times_ms=times,
        cpu_ms=[t * 1000 for r in rows for t in r[7]],
        seconds=time.perf_counter() - t0)


def _ci(xs: list[float]) -> tuple[float, float]:
    m = statistics.fmean(xs)
    if len(xs) < 2:
        return (m, m)
    h = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))
    return (m - h, m + h)


def self_play_speed(games: int = 20, variant: str = "classic", level: str = "normal",
                    seed: int = 0) -> float:
    """Games per second with our AI in every seat (one process)."""
    t0 = time.perf_counter()
    for i in range(games):
        rules, hands, bottom = seeded_deal(variant, seed * 7919 + i)
        agents = [OurAgent(level)] * rules.players
        play_game(rules, hands, bottom, agents, seed=i)
    return games / (time.perf_counter() - t0)


def describe(title: str, r: MatchResult, with_times: bool = True) -> str:
    lines = [
        f"{title}: {r.deals} deals, {r.games} games, {r.seconds:.0f} s",
        f"  WP  {r.wp:.3f}  (95% CI {r.wp_ci[0]:.3f} .. {r.wp_ci[1]:.3f});"
        f"  as landlord {r.landlord_wp:.3f}, as farmers {r.farmer_wp:.3f}",
        f"  ADP {r.adp:+.3f}  (95% CI {r.adp_ci[0]:+.3f} .. {r.adp_ci[1]:+.3f}), DouZero's "
        f"count;  points {r.points:+.3f}  (95% CI {r.points_ci[0]:+.3f} .. "
        f"{r.points_ci[1]:+.3f}), base 1",
        f"  bombs: {r.bomb_wins_cashed} of {r.bomb_wins} won games with a bomb or rocket "
        f"dealt to our side played them all",
    ]
    if with_times:
        p50, p95, mx = r.time_stats()
        lines.append(f"  decision time: p50 {p50:.1f} ms, p95 {p95:.1f} ms, max {mx:.1f} ms "
                     f"over {len(r.times_ms)} decisions")
        c50, c95, cmx = r.cpu_stats()
        lines.append(f"  decision CPU time (one core): p50 {c50:.1f} ms, p95 {c95:.1f} ms, "
                     f"max {cmx:.1f} ms")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.arena", description=__doc__.split(
        "\n\n")[0])
    ap.add_argument("--deals", type=int, default=1000, help="deals vs the rule agent")
    ap.add_argument("--side-deals", type=int, default=200,
                    help="deals for the vs-random and laizi/super/four matches")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--level", default="normal")
    ap.add_argument("--budget", default="100",
                    help="thinking-time cap per decision in ms, or 'none': a deterministic "
                         "run whose figures do not depend on the machine's load")
    ap.add_argument("--only", default="", help="comma list: rule,random,laizi,super,four,speed")
    args = ap.parse_args(argv)
    only = set(filter(None, args.only.split(",")))

    def want(x: str) -> bool:
        return not only or x in only

    w, s, lv = args.workers, args.seed, args.level
    b = None if args.budget == "none" else float(args.budget)
    if want("rule"):
        r = run_match(args.deals, "classic", lv, "rule", s, w, b)
        print(describe(f"classic, {lv} vs RLCard DouDizhuRuleAgentV1", r), flush=True)
    if want("random"):
        r = run_match(args.side_deals, "classic", lv, "random", s, w, b)
        print(describe(f"classic, {lv} vs uniform random", r), flush=True)
    for variant in ("laizi", "super", "four"):
        if want(variant):
            r = run_match(args.side_deals, variant, lv, "random", s, w, b)
            print(describe(f"{variant}, {lv} vs uniform random", r), flush=True)
            r = run_match(args.side_deals, variant, lv, "easy", s, w, b)
            print(describe(f"{variant}, {lv} vs easy", r), flush=True)
    if want("speed"):
        gps = self_play_speed(20, "classic", lv, s)
        print(f"self-play (classic, {lv}, one core): {gps:.2f} games/s", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Benchmark of the Swiss pairing: avoidable repeated meetings, before and after, and the
search's time on large fields.

Run: ``python -m bench.pairing [--tournaments 2000] [--histories 40] [--seed 1]``.

Avoidable repeats: tournaments of 8 entrants in the three-player game (tables of 3, 3 and
2 with an AI seat) and in the four-player game, each round seated from standings drawn at
random; a tournament has an avoidable repeat when some round's seating has more repeated
meetings than the fewest any seating of that round has (found by trying every seating).
Printed for the pairing before the exact search (kept here, :func:`before_pair_round`) and
for :func:`bot.tournaments.pair_round` now, over 3 and 4 rounds.

Time: fields of 30 entrants, every round up to the most a tournament has (9), standings
drawn at random: the worst and the median time of one round's pairing (wall clock; and the
worst CPU time of the process, which other load on the machine does not lengthen), and how
many rounds' answers are not proved the best (the search's step limit was reached).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from itertools import combinations, permutations
from typing import Any

from bot.tournaments.model import MAX_ROUNDS
from bot.tournaments.pairing import (
    Meetings,
    Pairing,
    meetings,
    pair_round,
    search_round,
    table_sizes,
)

Pair = Callable[[Sequence[int], Meetings, int], Pairing]


def before_pair_round(ranked: Sequence[int], met: Meetings, size: int) -> Pairing:
    """The pairing before the exact search (AI seats filling short tables): tables filled
    from the top, the short tables fixed to the lowest ranks, a branch and bound over the
    companions of each table's best entrant with a budget, nearest entrants first."""
    players = list(ranked)
    sizes = table_sizes(len(players), size, True)
    best: list[list[int]] = []
    best_cost, steps = -1, 0

    def visit(left: list[int], tables: list[list[int]], cost: int, window: int) -> None:
        nonlocal best, best_cost, steps
        if best_cost == 0 or steps >= 200_000:
            return
        if len(tables) == len(sizes):
            if best_cost < 0 or cost < best_cost:
                best, best_cost = [list(t) for t in tables], cost
            return
        opener, rest = left[0], left[1:]
        need = sizes[len(tables)] - 1
        options = sorted(((_cost(met, [opener, *c]), c)
                          for c in combinations(rest[:window], need)), key=lambda o: o[0])
        steps += max(1, len(options))
        for added, companions in options:
            if best_cost >= 0 and cost + added >= best_cost:
                break
            tables.append([opener, *companions])
            visit([p for p in rest if p not in companions], tables, cost + added, window)
            tables.pop()
            if best_cost == 0 or steps >= 200_000:
                return

    visit(players, [], 0, 12)
    if best_cost > 0 and len(players) > 12:
        steps = 0
        visit(players, [], 0, len(players))
    return Pairing(tuple(tuple(t) + (None,) * (size - len(t)) for t in best))


def after_pair_round(ranked: Sequence[int], met: Meetings, size: int) -> Pairing:
    """:func:`pair_round` as the runner calls it with AI seats filling short tables."""
    return pair_round(ranked, met, size)


def _cost(met: Meetings, group: Sequence[int]) -> int:
    return sum(met.get(frozenset((a, b)), 0) for a, b in combinations(group, 2))


def all_seatings(players: list[int], sizes: Sequence[int]) -> Iterator[list[tuple[int, ...]]]:
    """Every way to seat ``players`` at tables of ``sizes`` (order inside a table aside):
    the exhaustive search the pairing is measured, and tested, against."""
    if not sizes:
        yield []
        return
    first, rest = players[0], players[1:]
    for companions in combinations(rest, sizes[0] - 1):
        left = [p for p in rest if p not in companions]
        for tail in all_seatings(left, sizes[1:]):
            yield [(first, *companions), *tail]


def fewest_repeats(players: Sequence[int], size: int, met: Meetings) -> int:
    """The fewest repeats of any seating of ``players`` (every seating tried)."""
    sizes = table_sizes(len(players), size, True)
    return min(sum(_cost(met, t) for t in seating)
               for order in set(permutations(sizes))
               for seating in all_seatings(list(players), order))


def avoidable(pair: Pair, *, entrants: int = 8, size: int = 3, rounds: int = 3,
              tournaments: int = 500, seed: int = 1) -> dict[str, float]:
    """How many tournaments had a round seated with more repeats than necessary."""
    rng = random.Random(seed)
    spoiled = extra = 0
    for _ in range(tournaments):
        players = list(range(1, entrants + 1))
        met: dict[frozenset[int], int] = {}
        bad = False
        for _ in range(rounds):
            rng.shuffle(players)  # the standings before the round
            seating = pair(players, met, size)
            over = seating.repeats(met) - fewest_repeats(players, size, met)
            if over > 0:
                bad, extra = True, extra + over
            for k, v in meetings(seating.tables).items():
                met[k] = met.get(k, 0) + v
        spoiled += bad
    return {"tournaments": tournaments, "spoiled": spoiled,
            "spoiled_share": spoiled / tournaments, "extra_repeats": extra}


def timing(*, entrants: int = 30, size: int = 3, histories: int = 20,
           rounds: int = MAX_ROUNDS, seed: int = 1) -> dict[str, float]:
    """One round's pairing time over ``histories`` tournaments of ``rounds`` rounds."""
    rng = random.Random(seed)
    times: list[float] = []
    cpu_times: list[float] = []  # the process's own time (other load on the machine aside)
    unproved = not_closest = worst_round = 0
    for _ in range(histories):
        players = list(range(1, entrants + 1))
        met: dict[frozenset[int], int] = {}
        for round_no in range(1, rounds + 1):
            rng.shuffle(players)
            start, cpu = time.perf_counter(), time.process_time()
            pairing = pair_round(players, met, size)
            spent = time.perf_counter() - start
            cpu_times.append(time.process_time() - cpu)
            if spent >= max(times, default=0.0):
                worst_round = round_no
            times.append(spent)
            found = search_round(players, met, table_sizes(entrants, size, True), size)
            unproved += not found.fewest
            not_closest += not found.closest
            for k, v in meetings(pairing.tables).items():
                met[k] = met.get(k, 0) + v
    return {"rounds": len(times), "worst_ms": 1000 * max(times),
            "worst_cpu_ms": 1000 * max(cpu_times),
            "median_ms": 1000 * statistics.median(times), "worst_round": worst_round,
            "fewest_unproved": unproved, "closest_unproved": not_closest}


def run(*, tournaments: int = 2000, histories: int = 40, seed: int = 1,
        entrants: int = 30, out: Callable[[str], None] = print) -> dict[str, Any]:
    """Every figure, printed with ``out``; returned keyed by what was measured."""
    rows: dict[str, Any] = {}
    for size in (3, 4):
        for rounds in (3, 4):
            for name, pair in (("before", before_pair_round), ("after", after_pair_round)):
                row = avoidable(pair, size=size, rounds=rounds, tournaments=tournaments,
                                seed=seed)
                rows[f"{name}_{size}_{rounds}"] = row
                out(f"{name:6} 8 entrants, tables of {size}, {rounds} rounds: "
                    f"{row['spoiled']}/{tournaments} tournaments with an avoidable repeat "
                    f"({100 * row['spoiled_share']:.1f}%), {row['extra_repeats']} "
                    f"avoidable repeats")
    for size in (3, 4):
        row = timing(entrants=entrants, size=size, histories=histories, seed=seed)
        rows[f"time_{size}"] = row
        out(f"time   {entrants} entrants, tables of {size}, {row['rounds']} rounds "
            f"(up to round {MAX_ROUNDS}): worst {row['worst_ms']:.1f} ms (round "
            f"{row['worst_round']}; {row['worst_cpu_ms']:.1f} ms of CPU at worst), median "
            f"{row['median_ms']:.1f} ms; not proved: "
            f"fewest repeats {row['fewest_unproved']}, closest order "
            f"{row['closest_unproved']}")
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--tournaments", type=int, default=2000)
    parser.add_argument("--histories", type=int, default=40)
    parser.add_argument("--entrants", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    run(tournaments=args.tournaments, histories=args.histories, seed=args.seed,
        entrants=args.entrants)


if __name__ == "__main__":
    main()

"""Move generation speed: our engine against RLCard and DouZero on the same positions.

Run: ``python -m bench.moves [--positions N]`` (needs the ``bench`` extra and
``pip install --no-deps douzero==1.1.0``; DouZero's move generator needs only numpy).

Every engine gets the same classic positions: a free lead with a 20-card hand, and
answers to a single, a pair, a trio+single and a 5-card chain with a 17-card hand. Each
timed loop walks a batch of distinct positions (no position repeats inside a loop, so no
cache can answer); the figure is the median time per position. Laizi leads with 4 wild
cards and super leads with the flower card are ours alone.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence
from types import SimpleNamespace
from typing import Any

from bot.engine import Rules, canonical, legal_plays
from bot.engine.cards import make_deck, sort_text, text_of

CLASSIC = Rules.preset("classic")
CASES = ("lead20", "single", "pair", "trio_single", "chain5")
_DZ_VALUE = {"3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "T": 10, "J": 11,
             "Q": 12, "K": 13, "A": 14, "2": 17, "B": 20, "R": 30}


def _target(rng: random.Random, kind: str) -> str:
    ranks = "3456789TJQKA2"
    if kind == "single":
        return rng.choice(ranks + "B")
    if kind == "pair":
        return rng.choice(ranks) * 2
    if kind == "trio_single":
        t, k = rng.sample(ranks, 2)
        return sort_text(t * 3 + k)
    start = rng.randrange(0, 8)
    return "3456789TJQKA"[start:start + 5]


def positions(case: str, n: int, seed: int = 1) -> list[tuple[str, str | None]]:
    """``n`` distinct (hand, play to beat) positions for one case."""
    rng = random.Random(f"{case}-{seed}")
    out: list[tuple[str, str | None]] = []
    seen: set[tuple[str, str | None]] = set()
    while len(out) < n:
        deck = make_deck()
        rng.shuffle(deck)
        pos: tuple[str, str | None]
        if case == "lead20":
            pos = (text_of(deck[:20]), None)
        else:
            pos = (text_of(deck[:17]), _target(rng, case))
        if pos not in seen:
            seen.add(pos)
            out.append(pos)
    return out


# ---------------------------------------------------------------------------- engines
def ours(pos: Sequence[tuple[str, str | None]]) -> Callable[[int], int]:
    lasts = [canonical(t, CLASSIC) if t else None for _, t in pos]

    def run(i: int) -> int:
        return len(legal_plays(pos[i][0], lasts[i], CLASSIC))
    return run


def rlcard_engine(pos: Sequence[tuple[str, str | None]]) -> Callable[[int], int]:
    from rlcard.games.doudizhu.judger import DoudizhuJudger  # type: ignore[import-untyped]
    from rlcard.games.doudizhu.utils import get_gt_cards  # type: ignore[import-untyped]

    def cards(text: str) -> list[SimpleNamespace]:
        return [SimpleNamespace(rank="", suit="BJ" if c == "B" else "RJ") if c in "BR"
                else SimpleNamespace(rank=c, suit="S") for c in text]
    players = [SimpleNamespace(current_hand=cards(h)) for h, _ in pos]
    greater = [SimpleNamespace(played_cards=t) for _, t in pos]

    def run(i: int) -> int:
        hand, target = pos[i]
        if target is None:
            return len(DoudizhuJudger.playable_cards_from_hand(hand))
        return len(get_gt_cards(players[i], greater[i])) - 1  # minus 'pass'
    return run


def douzero_engine(pos: Sequence[tuple[str, str | None]]) -> Callable[[int], int] | None:
    try:
        from douzero.env.game import GameEnv, InfoSet  # type: ignore[import-not-found]
    except ImportError:
        return None
    envs = []
    for hand, target in pos:
        env = GameEnv.__new__(GameEnv)
        info = InfoSet("landlord")
        info.player_hand_cards = sorted(_DZ_VALUE[c] for c in hand)
        env.info_sets = {"landlord": info}
        env.acting_player_position = "landlord"
        env.card_play_action_seq = [sorted(_DZ_VALUE[c] for c in target)] if target else []
        envs.append(env)

    def run(i: int) -> int:
        moves = envs[i].get_legal_card_play_actions()
        return len(moves) - (1 if pos[i][1] else 0)  # minus the pass
    return run


def time_engine(run: Callable[[int], int], n: int, repeat: int = 3) -> tuple[float, int]:
    """Median µs per position over ``repeat`` passes through ``n`` distinct positions."""
    samples: list[float] = []
    total = 0
    for _ in range(repeat):
        for i in range(n):
            t = time.perf_counter()
            total += run(i)
            samples.append(time.perf_counter() - t)
    return statistics.median(samples) * 1e6, total // repeat


def wild_positions(variant: str, n: int) -> tuple[Rules, list[str]]:
    """Laizi hands with all 4 wild cards; super landlord hands with the flower."""
    rng = random.Random(variant)
    out: list[str] = []
    while len(out) < n:
        if variant == "laizi":
            laizi = rng.choice("3456789TJQKA2")
            rules = Rules.preset("laizi", laizi=laizi)
            deck = [c for c in make_deck() if c.char != laizi]
            rng.shuffle(deck)
            out.append(sort_text(text_of(deck[:13]) + laizi * 4))
        else:
            rules = Rules.preset("super")
            deck = [c for c in make_deck() if c.char != "F"]
            rng.shuffle(deck)
            out.append(sort_text(text_of(deck[:20]) + "F"))
    return rules, out


def run(n: int = 300, repeat: int = 3, out: Callable[[str], None] = print
        ) -> dict[str, dict[str, Any]]:
    """Run the whole comparison and print the table; returns the figures."""
    results: dict[str, dict[str, Any]] = {}
    out(f"median µs per position over {n} distinct positions x {repeat} passes "
        "(moves: total per pass)")
    out(f"{'case':<14}{'ours':>10}{'RLCard':>10}{'DouZero':>10}   moves ours/RLCard/DouZero")
    for case in CASES:
        pos = positions(case, n)
        row: dict[str, tuple[float, int]] = {"ours": time_engine(ours(pos), n, repeat)}
        row["rlcard"] = time_engine(rlcard_engine(pos), n, repeat)
        dz = douzero_engine(pos)
        if dz is not None:
            row["douzero"] = time_engine(dz, n, repeat)
        results[case] = row
        dz_cell = f"{row['douzero'][0]:>10.1f}" if "douzero" in row else f"{'n/a':>10}"
        dz_moves = row["douzero"][1] if "douzero" in row else "-"
        out(f"{case:<14}{row['ours'][0]:>10.1f}{row['rlcard'][0]:>10.1f}{dz_cell}   "
            f"{row['ours'][1]}/{row['rlcard'][1]}/{dz_moves}")
    for variant, label in (("laizi", "laizi lead, 4 wilds"), ("super", "super lead, F")):
        _, hands = wild_positions(variant, max(5, n // 2))
        games = []
        for hand in hands:
            laizi = next((c for c in hand if hand.count(c) == 4 and c in "3456789TJQKA2"), None)
            games.append(Rules.preset("laizi", laizi=laizi) if variant == "laizi" else
                         Rules.preset("super"))

        def wild_run(i: int, hands: list[str] = hands, games: list[Rules] = games) -> int:
            return len(legal_plays(hands[i], None, games[i]))
        med, total = time_engine(wild_run, len(hands), repeat)
        mean = total / len(hands)
        results[variant] = {"median_ms": med / 1e3, "mean_moves": mean}
        out(f"{label:<22} median {med / 1e3:.2f} ms over {len(hands)} hands x {repeat} "
            f"passes, {mean:.0f} plays on average ({med * 1e3 / mean:.0f} ns per play)")
    return results


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    run(args.positions, args.repeat)


if __name__ == "__main__":
    main()

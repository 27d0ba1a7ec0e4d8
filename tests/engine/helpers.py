"""Shared helpers for engine tests: conformance loading, brute-force legal plays."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

from bot.engine import Play, Rules, beats, readings
from bot.engine.cards import RANK_CHARS, counts_of_text, make_deck, text_of

DATA = Path(__file__).resolve().parent.parent / "data"


def load_vectors(name: str) -> list[dict]:
    with open(DATA / name, encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def rules_for(vector: dict) -> Rules:
    options = {"laizi": vector["laizi"]} if "laizi" in vector else {}
    return Rules.preset(vector["variant"], **options)


def sub_multisets(text: str):
    counts = counts_of_text(text)
    idx = [i for i, n in enumerate(counts) if n]
    for combo in itertools.product(*[range(counts[i] + 1) for i in idx]):
        if any(combo):
            yield "".join(RANK_CHARS[i] * k for i, k in zip(idx, combo, strict=True))


def brute_legal(hand: str, last: Play | None, rules: Rules) -> set[tuple[str, str, str]]:
    """Legal plays by definition: every reading of every sub-multiset that beats ``last``
    (and, in super, does not strand the flower)."""
    out = set()
    for cards in sub_multisets(hand):
        if rules.flower and "F" in hand and "F" not in cards and len(cards) == len(hand) - 1:
            continue
        for play in readings(cards, rules):
            if last is None or beats(play, last, rules):
                out.add(play.key)
    return out


def random_hand(rules: Rules, size: int, rng: random.Random, *, wilds: int = 0,
                heavy: bool = False) -> str:
    """A random hand; ``wilds`` forces that many wild cards, ``heavy`` favours trios."""
    deck = make_deck(rules.decks, rules.flower)
    rng.shuffle(deck)
    wild = None
    if rules.laizi is not None:
        wild = rules.laizi
    elif rules.flower:
        wild = "F"
    chosen = []
    if wild and wilds:
        chosen = [c for c in deck if c.char == wild][:wilds]
    rest = [c for c in deck if c.char != wild] if wild else deck
    if heavy:
        ranks = rng.sample(range(13), 13)
        rest.sort(key=lambda c: ranks.index(c.rank) if c.rank < 13 else 99)
    chosen += rest[: size - len(chosen)]
    return text_of(chosen)

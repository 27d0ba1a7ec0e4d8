"""What the other side may hold: how likely each play is to be beaten.

An :class:`Opposition` holds, for every opposing seat ``o``, rank ``r`` and count ``q``, the
probability ``hold[o][q][r]`` that ``o`` can put ``q`` cards of rank ``r`` on the table
(wild cards included), and each seat's number of cards. From it, :meth:`strength` says how
likely a play is to stand, i.e. that no opponent can answer it with a play of the same kind
(a bomb or rocket is counted apart: it stands unless some opponent holds a stronger one).

Two ways to build one:

- :func:`estimate_opposition` from what a seat knows: the unseen cards, how many unknown
  cards each other seat holds, and the cards known to be in a hand (the landlord's bottom,
  hands shown by 明牌). Counts of unseen cards are spread over the unknown slots with the
  hypergeometric law, seat by seat.
- :func:`exact_opposition` from the actual hands of a sampled deal (the search uses it).

Partners are not opponents: a farmer's play that only his partner could beat still stands.
"""

from __future__ import annotations

from math import comb

from bot.engine.cards import ACE, BLACK, RED, TWO
from bot.engine.kinds import RUN_CARDS, UNIT

from .move import Counts, Variant


class Opposition:
    """Per-opponent holding probabilities and hand sizes."""

    __slots__ = ("_cache", "counts", "hold", "maxq", "rocket", "seats", "v")

    def __init__(self, v: Variant, seats: list[int], hold: list[list[list[float]]],
                 counts: list[int], rocket: list[float]) -> None:
        self.v = v
        self.seats = seats  # the opposing seats, in the order of the lists below
        self.hold = hold  # hold[o][q][r], q = 0..maxq (q = 0 unused)
        self.counts = counts  # cards held by each opponent
        self.rocket = rocket  # probability each opponent holds a rocket
        self.maxq = len(hold[0]) - 1 if hold else 4
        self._cache: dict[tuple[str, int, int, tuple[int, ...] | None], float] = {}

    # ------------------------------------------------------------------ queries
    def strength(self, kind: str, n: int, main: int,
                 among: tuple[int, ...] | None = None) -> float:
        """Probability that no opponent (of the seats ``among``, default all) can answer
        this play with the same kind, or for a bomb with a stronger bomb (1.0: it stands
        unless bombed)."""
        key = (kind, n, main, among)
        got = self._cache.get(key)
        if got is not None:
            return got
        idx = range(len(self.hold)) if among is None else [
            i for i, seat in enumerate(self.seats) if seat in among]
        if self.v.classes.get(kind, 0):
            s = self._bomb_strength(kind, n, main, idx)
        else:
            s = 1.0
            for o in idx:
                if self.counts[o] < n:
                    continue
                s *= self._stands_against(self.hold[o], kind, n, main)
                if s == 0.0:
                    break
        self._cache[key] = s
        return s

    def _stands_against(self, hold: list[list[float]], kind: str, n: int, main: int) -> float:
        if kind in RUN_CARDS:
            row = hold[UNIT[kind]]
            length = n // RUN_CARDS[kind]
            s = 1.0
            for e in range(main + 1, ACE + 1):
                start = e - length + 1
                p = 1.0
                for r in range(start, e + 1):
                    p *= row[r]
                    if p == 0.0:
                        break
                s *= 1.0 - p
            return s
        q = UNIT[kind]
        top = self.v.pair_top if q == 2 else (TWO if q > 1 else RED)
        row = hold[min(q, self.maxq)]
        s = 1.0
        for r in range(main + 1, top + 1):
            s *= 1.0 - row[r]
        return s

    def _bomb_strength(self, kind: str, n: int, main: int, idx: range | list[int]) -> float:
        """Probability that no opponent holds a stronger bomb."""
        v = self.v
        cls = v.classes[kind]
        s = 1.0
        rocket_cls = v.classes["rocket"]
        bomb_cls = v.classes[v.bomb_kind]  # ordinary bombs (hard bombs in laizi)
        for o in idx:
            hold = self.hold[o]
            if rocket_cls > cls:
                s *= 1.0 - self.rocket[o]
            if kind == "rocket":
                continue
            if bomb_cls > cls:
                s *= self._no_bomb_above(hold, -1, 4)
            elif bomb_cls == cls:
                if v.four:
                    s *= self._no_bomb_above(hold, main, n)
                else:
                    s *= self._no_bomb_above(hold, main, 4)
        return s

    def _no_bomb_above(self, hold: list[list[float]], main: int, size: int) -> float:
        s = 1.0
        maxq = self.maxq
        if size >= maxq + 1:
            return 1.0
        for r in range(TWO + 1):
            if r > main:
                s *= 1.0 - hold[size][r]
            elif size + 1 <= maxq:
                s *= 1.0 - hold[size + 1][r]  # four: a longer bomb of any rank
        return s


def exact_opposition(v: Variant, seats: list[int], hands: list[Counts]) -> Opposition:
    """An opposition that knows the opponents' hands (for simulated deals)."""
    maxq = 8 if v.four else 4
    hold: list[list[list[float]]] = []
    rocket: list[float] = []
    for h in hands:
        w = h[v.wslot] if v.wslot is not None else 0
        rows = [[0.0] * 15 for _ in range(maxq + 1)]
        for r in range(15):
            n = h[r] if r != v.wslot else 0
            top = n + (w if (w and r <= TWO and n) else 0)
            if v.laizi is not None and r == v.laizi:
                top = w
            for q in range(1, min(top, maxq) + 1):
                rows[q][r] = 1.0
        hold.append(rows)
        rk = 1.0 if (h[BLACK] and h[RED]) or (v.flower and w and (h[BLACK] or h[RED])) else 0.0
        rocket.append(rk)
    return Opposition(v, seats, hold, [sum(h) for h in hands], rocket)


def _tail(pop: int, good: int, draws: int, q: int) -> float:
    """P(at least q successes) drawing ``draws`` of ``pop`` items with ``good`` successes."""
    if q <= 0:
        return 1.0
    if good < q or draws < q:
        return 0.0
    total = comb(pop, draws)
    if total == 0:
        return 0.0
    p = 0
    for k in range(q, min(good, draws) + 1):
        p += comb(good, k) * comb(pop - good, draws - k)
    return p / total


def estimate_opposition(v: Variant, seats: list[int], unknown: Counts, slots: list[int],
                        known: list[Counts], counts: list[int]) -> Opposition:
    """An opposition from a seat's knowledge.

    ``unknown``: rank counts of the cards whose place is unknown to the seat; ``slots[o]``:
    how many unknown cards opponent ``o`` holds; ``known[o]``: cards known to be in his hand;
    ``counts[o]``: his number of cards (``seats[o]`` is his seat). The unknown cards are
    shared among ``pool`` slots, the sum of every other seat's unknown cards (partners
    included)."""
    maxq = 8 if v.four else 4
    pool = sum(unknown)
    hold: list[list[list[float]]] = []
    rocket: list[float] = []
    ws = v.wslot
    for o, k in enumerate(slots):
        kn = known[o]
        rows = [[0.0] * 15 for _ in range(maxq + 1)]
        # probability of holding at least j wild cards
        pw = [1.0] * 5
        if ws is not None:
            for j in range(1, 5):
                pw[j] = _tail(pool, unknown[ws], k, j - kn[ws]) if j > kn[ws] else 1.0
        for r in range(15):
            if ws is not None and r == ws:
                if v.laizi is not None:
                    for q in range(1, 5):
                        rows[q][r] = pw[q]
                continue
            base = [_tail(pool, unknown[r], k, q - kn[r]) if q > kn[r] else 1.0
                    for q in range(maxq + 1)]
            for q in range(1, maxq + 1):
                p = base[q]
                if ws is not None and r <= TWO and q >= 2:
                    p = 1.0 - (1.0 - p) * (1.0 - base[q - 1] * pw[1])
                rows[q][r] = p
        hold.append(rows)
        pb = rows[1][BLACK]
        pr = rows[1][RED]
        rk = pb * pr
        if v.flower:
            rk = 1.0 - (1.0 - rk) * (1.0 - (pb + pr - pb * pr) * pw[1])
        rocket.append(rk)
    return Opposition(v, seats, hold, counts, rocket)

"""What a seat knows at its turn, rebuilt from public information only.

:func:`read_situation` takes exactly what the position API receives (the seat's hand, the
public history of plays, the landlord, the bottom cards, hands shown by 明牌) and derives the
rest: every seat's card count, what each has played, cards known to sit in a hand (the
bottom cards the landlord has not yet played, shown hands), the cards whose place is unknown,
and the trick in progress. It never sees another seat's hidden cards, so nothing the AI does
afterwards can depend on them.

History entries are ``(seat, cards)`` with ``""`` for a pass; ``cards`` may also be an
engine :class:`~bot.engine.Play` (or ``(seat, cards, kind, main_rank)``) when a wild play was
declared with a reading other than the default one (canonical when leading, the follow
reading otherwise, docs/rules.md §4.3).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.engine import Play, Rules, follow_reading, readings
from bot.engine.cards import FLOWER
from bot.engine.errors import RuleError

from .move import Counts, Move, Variant, as_counts, move_of_play, raise_stake, variant_of
from .movegen import beating_moves
from .opposition import Opposition, estimate_opposition

HistoryItem = tuple[int, Any] | tuple[int, str, str, str]

PASS_DOUBT = 0.25  # chance a player passes although he could answer with the same kind


@dataclass
class Situation:
    """A seat's knowledge at its turn (see the module docstring)."""

    v: Variant
    seat: int
    landlord: int
    hand: Counts
    counts: list[int]  # cards left per seat
    played: list[Counts]  # cards played per seat
    known: list[Counts]  # cards known to be in each seat's hand (own hand for ``seat``)
    unknown: Counts  # cards whose place the seat does not know
    last: Play | None  # the play to beat, None when leading
    last_move: Move | None
    last_seat: int | None
    moves: list[tuple[int, Move | None]] = field(default_factory=list)  # the whole history
    bombs: int = 0  # bombs and rockets played so far
    stake: int = 1  # what they multiplied the deal's points by (docs/rules.md §6.1 factors)
    # passes on an opponent's play: (seat, the play passed on, cards the seat played later)
    passes_on: list[tuple[int, Move, Counts]] = field(default_factory=list)

    @property
    def players(self) -> int:
        return self.v.players

    @property
    def leading(self) -> bool:
        return self.last is None

    def same_side(self, a: int, b: int) -> bool:
        """Are seats ``a`` and ``b`` partners (both farmers, or the same seat)?"""
        return a == b or (a != self.landlord and b != self.landlord)

    def opponents(self) -> list[int]:
        return [s for s in range(self.players) if not self.same_side(s, self.seat)]

    def slots(self, s: int) -> int:
        """How many of seat ``s``'s cards the seat does not know."""
        return self.counts[s] - sum(self.known[s])

    def opposition(self) -> Opposition:
        """Card-counting estimate of what the opponents may hold."""
        opps = self.opponents()
        return estimate_opposition(
            self.v, opps, self.unknown, [self.slots(o) for o in opps],
            [self.known[o] for o in opps], [self.counts[o] for o in opps])

    def sample_hands(self, rng: random.Random, tries: int = 12) -> list[Counts]:
        """One deal of the unknown cards to the other seats, consistent with what the seat
        knows (counts and known cards); the seat's own hand is kept.

        Passes are evidence too: a seat that passed on an opponent's play most likely could
        not beat it with the same kind. A deal that contradicts a pass is kept only with
        probability ``PASS_DOUBT`` (per such pass), up to ``tries`` deals."""
        hands = self._deal(rng)
        for _ in range(tries - 1):
            if self._plausible(hands, rng):
                break
            hands = self._deal(rng)
        return hands

    def _plausible(self, hands: list[Counts], rng: random.Random) -> bool:
        for s, move, later in self.passes_on:
            if s == self.seat:
                continue
            then = [a + b for a, b in zip(hands[s], later, strict=True)]
            if any(not m.cls for m in beating_moves(then, move, self.v)) and \
                    rng.random() > PASS_DOUBT:
                return False
        return True

    def _deal(self, rng: random.Random) -> list[Counts]:
        pool = [r for r, n in enumerate(self.unknown) for _ in range(n)]
        rng.shuffle(pool)
        hands: list[Counts] = []
        i = 0
        for s in range(self.players):
            if s == self.seat:
                hands.append(self.hand[:])
                continue
            h = self.known[s][:]
            k = self.slots(s)
            for r in pool[i:i + k]:
                h[r] += 1
            i += k
            hands.append(h)
        if self.v.flower:
            _unstrand(hands, self.known, self.seat)
        return hands


def _unstrand(hands: list[Counts], known: list[Counts], me: int) -> None:
    """Nobody ever holds the flower alone (it can never be played alone, and the rules
    never leave it so): swap it with an unknown card of a bigger hand."""
    for s, h in enumerate(hands):
        if s == me or sum(h) != 1 or not h[FLOWER] or known[s][FLOWER]:
            continue
        for o, g in enumerate(hands):
            if o in (s, me) or sum(g) < 2:
                continue
            swap = next((r for r in range(15) if g[r] > known[o][r]), None)
            if swap is not None:
                h[FLOWER], h[swap] = 0, 1
                g[swap] -= 1
                g[FLOWER] += 1
                return


def _reading(entry: HistoryItem, last: Play | None, rules: Rules) -> Play | None:
    """The engine play of a history entry, or None for a pass."""
    cards = entry[1]
    if isinstance(cards, Play):
        return cards
    if not cards:
        return None
    text = cards if isinstance(cards, str) else "".join(str(c) for c in cards)
    options = readings(text, rules)  # canonical (the default lead reading) first
    if len(entry) >= 4:
        kind, main = entry[2], entry[3]
        for p in options:
            if p.kind == kind and p.main_rank == main:
                return p
    got = follow_reading(options, last, rules) if last is not None else None
    if got is not None:
        return got
    return options[0] if options else None


def read_situation(rules: Rules, hand: str | Counts, history: Sequence[HistoryItem],
                   landlord: int, seat: int, bottom: str | Counts = "",
                   shown: Mapping[int, str | Counts] | None = None) -> Situation:
    """Rebuild the seat's knowledge from public information (see the module docstring)."""
    v = variant_of(rules)
    n = rules.players
    my = as_counts(hand, rules)
    played = [[0] * 16 for _ in range(n)]
    moves: list[tuple[int, Move | None]] = []
    last: Play | None = None
    last_seat: int | None = None
    passes = 0
    bombs = 0
    stake = 1
    pass_events: list[tuple[int, Move, int]] = []
    for entry in history:
        s = int(entry[0])
        try:
            play = _reading(entry, last, rules)
        except RuleError:
            play = None
        if play is None:
            moves.append((s, None))
            if last is not None and last_seat is not None and \
                    (s == landlord) != (last_seat == landlord):
                pass_events.append((s, move_of_play(last, v), len(moves)))
            if last is not None:
                passes += 1
                if passes >= n - 1:
                    last, last_seat, passes = None, None, 0
            continue
        mv = move_of_play(play, v)
        moves.append((s, mv))
        for r, c in enumerate(mv.cards):
            played[s][r] += c
        if mv.cls:
            bombs += 1
            stake = raise_stake(v, stake, mv.kind)
        last, last_seat, passes = play, s, 0
    if last_seat == seat:  # everybody else passed: lead again
        last, last_seat = None, None
    start = [rules.hand_size] * n
    start[landlord] += rules.bottom_size
    counts = [max(0, start[s] - sum(played[s])) for s in range(n)]
    counts[seat] = sum(my)
    bottom_c = as_counts(bottom, rules)
    known = [[0] * 16 for _ in range(n)]
    for s in range(n):
        if s == seat:
            known[s] = my[:]
            continue
        kn = [0] * 16
        # the landlord's unplayed bottom cards are known, when there is a bottom
        if s == landlord and sum(bottom_c) != 0:
            kn = [max(0, b - p) for b, p in zip(bottom_c, played[s], strict=True)]
        if shown and s in shown and shown[s]:
            sh = as_counts(shown[s], rules)
            total_shown, done = sum(sh), sum(played[s])
            if total_shown == counts[s]:
                kn = sh
            elif total_shown == counts[s] + done:
                kn = [max(0, a - b) for a, b in zip(sh, played[s], strict=True)]
            elif s == landlord and total_shown + rules.bottom_size == counts[s] + done:
                kn = [max(0, a + b - p) for a, b, p in zip(sh, bottom_c, played[s], strict=True)]
            else:
                kn = [max(k, a - b) for k, a, b in zip(kn, sh, played[s], strict=True)]
        known[s] = _clip(kn, counts[s])
    unknown = list(v.deck)
    for s in range(n):
        for r in range(16):
            unknown[r] -= played[s][r] + known[s][r]
    unknown = [max(0, x) for x in unknown]
    _balance(unknown, known, counts, seat)
    last_move = move_of_play(last, v) if last is not None else None
    passes_on = []
    for s, mv, at in pass_events:
        later = [0] * 16
        for s2, m2 in moves[at:]:
            if s2 == s and m2 is not None:
                later = [a + b for a, b in zip(later, m2.cards, strict=True)]
        passes_on.append((s, mv, later))
    return Situation(v, seat, landlord, my, counts, played, known, unknown, last, last_move,
                     last_seat, moves, bombs, stake, passes_on)


def _clip(kn: Counts, count: int) -> Counts:
    """Keep a known-cards lower bound within the seat's card count."""
    extra = sum(kn) - count
    r = 15
    while extra > 0 and r >= 0:
        take = min(kn[r], extra)
        kn[r] -= take
        extra -= take
        r -= 1
    return kn


def _balance(unknown: Counts, known: list[Counts], counts: list[int], seat: int) -> None:
    """Make the unknown pool exactly fill the other seats' unknown slots. Inconsistent
    inputs (a hand smaller or larger than the history implies) are never an error: extra
    cards are taken off every rank in proportion, missing ones added to the ranks with
    the most cards left."""
    need = sum(counts[s] - sum(known[s]) for s in range(len(counts)) if s != seat)
    have = sum(unknown)
    if have > need:
        keep = [n * need / have for n in unknown]
        floor = [int(x) for x in keep]
        left = need - sum(floor)
        order = sorted(range(16), key=lambda r: (floor[r] - keep[r], r))
        for r in order[:left]:
            floor[r] += 1
        unknown[:] = floor
    elif have < need:
        r = 0
        while have < need:
            if unknown[r % 13] < 4:
                unknown[r % 13] += 1
                have += 1
            r += 1
            if r > 13 * 8:
                unknown[0] += need - have
                break

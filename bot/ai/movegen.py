"""Fast move generation on rank counts, for the AI's search.

Two modes:

- ``full=True`` lists every legal play, like the engine's ``legal_plays`` (the tests check
  that both agree): used on small hands, e.g. by the end-of-deal solver.
- ``full=False`` (the default) prunes what is rarely worth playing: a wild card is used only
  to complete what the natural cards lack (never to replace a card the hand holds), kicker
  choices come from the few cheapest candidates, and a trio, four or soft bomb made of wild
  cards alone is offered at its strongest (or, when following, cheapest) rank only. Every
  pruned move is still a legal play (also checked by the tests).

Everything works on 16-int rank counts; a wild card is counted at its slot (the laizi rank
or 15 for the flower) and stands for whatever the move needs.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.engine.cards import ACE, BLACK, FLOWER, RED, TWO
from bot.engine.kinds import PLAIN_RUNS, RUN_CARDS, RUN_MIN, UNIT, WITH_KICKERS

from .move import Counts, Move, Variant, move_beats

_MAX_KICK_CANDS = 3  # pruned mode: kicker ranks considered beyond the number needed


class _Gen:
    """One generation run over a hand."""

    def __init__(self, hand: Counts, v: Variant, full: bool) -> None:
        self.v = v
        self.full = full
        nat = list(hand)
        self.w = 0
        if v.wslot is not None:
            self.w = nat[v.wslot]
            nat[v.wslot] = 0
        self.nat = nat
        self.use = [0] * 16
        self.out: dict[tuple[tuple[int, ...], str, int], Move] = {}
        self.classes = v.classes

    # ------------------------------------------------------------------ emit
    def emit(self, kind: str, main: int, wilds: int) -> None:
        cards = self.use[:]
        if wilds:
            cards[self.v.wslot] += wilds  # type: ignore[index]
        t = tuple(cards)
        key = (t, kind, main)
        if key not in self.out:
            self.out[key] = Move(kind, main, t, self.classes[kind])

    def emit_cards(self, kind: str, main: int, cards: Counts) -> None:
        t = tuple(cards)
        key = (t, kind, main)
        if key not in self.out:
            self.out[key] = Move(kind, main, t, self.classes[kind])

    # ------------------------------------------------------------------ drivers
    def leads(self) -> None:
        kinds = self.v.kinds
        self.singles(-1)
        self.groups("pair", 2, -1)
        self.groups("trio", 3, -1)
        for kind in WITH_KICKERS:
            if kind in kinds:
                self.with_attachments(kind, -1)
        for kind in RUN_CARDS:
            if kind in kinds:
                self.sequences(kind, None, -1)
        self.bombs()
        self.rockets()

    def beating(self, last: Move) -> None:
        if last.cls == 0:
            kind, m = last.kind, last.main
            if kind == "single":
                self.singles(m)
            elif kind in ("pair", "trio"):
                self.groups(kind, 2 if kind == "pair" else 3, m)
            elif kind in WITH_KICKERS:
                self.with_attachments(kind, m)
            else:
                self.sequences(kind, last.n // RUN_CARDS[kind], m)
        self.bombs()
        self.rockets()
        four = self.v.four
        for key in [k for k, mv in self.out.items() if not move_beats(mv, last, four)]:
            del self.out[key]

    # ------------------------------------------------------------------ kinds
    def singles(self, above: int) -> None:
        nat = self.nat
        for r in range(above + 1, 15):
            if nat[r]:
                self.emit_cards("single", r, _one(r))
        lz = self.v.laizi
        if lz is not None and self.w and lz > above:
            self.emit_cards("single", lz, _one(lz))

    def groups(self, kind: str, q: int, above: int) -> None:
        nat, w, use = self.nat, self.w, self.use
        top = self.v.pair_top if q == 2 else TWO
        for r in range(above + 1, top + 1):
            n = nat[r]
            if n >= q:
                use[r] = q
                self.emit(kind, r, 0)
                use[r] = 0
            if w and r <= TWO and n:
                if self.full:
                    fills = [q - k for k in range(1, min(q, w) + 1) if 1 <= q - k <= n]
                else:
                    fills = [n] if n < q and q - n <= w else []
                for u in fills:
                    use[r] = u
                    self.emit(kind, r, q - u)
                    use[r] = 0
        lz = self.v.laizi
        if lz is not None and w >= q and lz > above:
            c = [0] * 16
            c[lz] = q
            self.emit_cards(kind, lz, c)

    def bombs(self) -> None:
        v, nat, w, use = self.v, self.nat, self.w, self.use
        for r in range(TWO + 1):
            n = nat[r]
            if v.four:
                for size in range(4, n + 1):
                    use[r] = size
                    self.emit("bomb", r, 0)
                use[r] = 0
                continue
            if n == 4:
                use[r] = 4
                self.emit(v.bomb_kind, r, 0)
                if v.flower and w:
                    self.emit("super_bomb", r, 1)
                use[r] = 0
            if not w or not n:
                continue
            if v.flower:
                if n >= 3:
                    use[r] = 3
                    self.emit("bomb", r, 1)
                    use[r] = 0
            elif v.laizi is not None:
                if self.full:
                    fills = [4 - k for k in range(1, min(w, 3) + 1) if 4 - k <= n]
                else:
                    fills = [n] if n < 4 and 4 - n <= w else []
                for u in fills:
                    use[r] = u
                    self.emit("soft_bomb", r, 4 - u)
                    use[r] = 0
        if v.laizi is not None and w == 4:
            c = [0] * 16
            c[v.laizi] = 4
            self.emit_cards("laizi_bomb", v.laizi, c)

    def rockets(self) -> None:
        if "rocket" not in self.v.kinds:
            return
        nat = self.nat
        if nat[BLACK] and nat[RED]:
            c = [0] * 16
            c[BLACK] = c[RED] = 1
            self.emit_cards("rocket", RED, c)
        if self.v.flower and self.w:
            for j in (BLACK, RED):
                if nat[j]:
                    c = [0] * 16
                    c[j] = c[FLOWER] = 1
                    self.emit_cards("rocket", RED, c)

    # ------------------------------------------------------------------ main parts
    def _fills(self, r: int, q: int) -> list[int]:
        """Natural cards to use for a main part of ``q`` cards of rank ``r``."""
        n, w = self.nat[r], self.w
        if self.full:
            return [u for u in range(min(n, q), -1, -1) if q - u <= w]
        u = min(n, q)
        return [u] if q - u <= w else []

    def with_attachments(self, kind: str, above: int) -> None:
        """Trio with a single or pair, four with two singles or two pairs."""
        q = 3 if kind.startswith("trio") else 4
        need = 1 if q == 3 else 2
        singles = kind in ("trio_single", "four_two_singles")
        use, nat = self.use, self.nat
        for r in range(above + 1, TWO + 1):
            for u in self._fills(r, q):
                if u == 0 and not self._wild_main_ok(r, above):
                    continue
                k = q - u
                use[r] += u
                nat[r] -= u
                self.w -= k

                def done(j: int, rr: int = r, kk: int = k) -> None:
                    self.emit(kind, rr, kk + j)

                if singles:
                    self.attach_singles(need, (r,), -10, -10, u, done)
                else:
                    self.attach_pairs(need, (r,), u, done)
                self.w += k
                nat[r] += u
                use[r] -= u

    def _wild_main_ok(self, r: int, above: int) -> bool:
        """Pruned mode offers a main part of wild cards only at one rank: the strongest
        when leading, the cheapest that beats when following."""
        if self.full:
            return True
        return r == (TWO if above < 0 else above + 1)

    def sequences(self, kind: str, units: int | None, above: int) -> None:
        q, minlen = UNIT[kind], RUN_MIN[kind]
        wings = None if kind in PLAIN_RUNS else kind
        nat, use = self.nat, self.use
        for s in range(ACE + 1):
            short = 0
            for e in range(s, ACE + 1):
                if nat[e] < q:
                    short += q - nat[e]
                    if short > self.w:
                        break
                n = e - s + 1
                if n < minlen or e <= above:
                    continue
                if units is not None:
                    if n < units:
                        continue
                    if n > units:
                        break
                for uses in self._seq_fills(s, e, q):
                    k = q * n - sum(uses)
                    for i, u in enumerate(uses):
                        use[s + i] += u
                        nat[s + i] -= u
                    self.w -= k
                    if wings is None:
                        self.emit(kind, e, k)
                    elif wings == "plane_singles":
                        def with_singles(j: int, ee: int = e, kk: int = k) -> None:
                            self.emit("plane_singles", ee, kk + j)

                        self.attach_singles(n, range(s, e + 1), s - 1, e + 1, sum(uses),
                                            with_singles)
                    else:
                        def with_pairs(j: int, ee: int = e, kk: int = k) -> None:
                            self.emit("plane_pairs", ee, kk + j)

                        self.attach_pairs(n, range(s, e + 1), sum(uses), with_pairs)
                    self.w += k
                    for i, u in enumerate(uses):
                        use[s + i] -= u
                        nat[s + i] += u

    def _seq_fills(self, s: int, e: int, q: int) -> list[list[int]]:
        nat, w = self.nat, self.w
        if not self.full or not w:
            return [[min(nat[r], q) for r in range(s, e + 1)]]
        out: list[list[int]] = []
        acc: list[int] = []

        def rec(r: int, left: int) -> None:
            if r > e:
                out.append(acc[:])
                return
            hi = min(nat[r], q)
            for u in range(hi, max(q - left, 0) - 1, -1):
                acc.append(u)
                rec(r + 1, left - (q - u))
                acc.pop()

        rec(s, w)
        return out

    # ------------------------------------------------------------------ attachments
    def attach_singles(self, need: int, main: range | tuple[int, ...], below: int, above: int,
                       nat_main: int, emit: Callable[[int], None]) -> None:
        """Add ``need`` single attachments; ``emit(j)`` is called with ``self.use`` holding
        the natural cards and ``j`` the wild cards used as attachments."""
        nat, use = self.nat, self.use
        cands: list[tuple[int, int]] = []
        for x in range(15):
            if x in main or not nat[x]:
                continue
            cap = min(nat[x], 3)
            if x in (below, above) and x <= ACE and cap > 2:
                cap = 2
            cands.append((x, cap))
        avail = sum(c for _, c in cands)
        if self.full:
            wild_counts = list(range(min(self.w, need), -1, -1))
        else:
            cands.sort(key=lambda xc: _kicker_cost(xc[0], nat[xc[0]]))
            cands = cands[: need + _MAX_KICK_CANDS]
            wild_counts = [max(0, need - avail)] if need - avail <= self.w else []
        for j in wild_counts:
            natural = need - j
            if nat_main + natural == 0:
                continue

            def leaf(j: int = j) -> None:
                if use[BLACK] and use[RED]:
                    return  # rule (a)
                emit(j)

            _choose_singles(use, cands, 0, natural, leaf)

    def attach_pairs(self, need: int, main: range | tuple[int, ...], nat_main: int,
                     emit: Callable[[int], None]) -> None:
        """Add ``need`` pair attachments of distinct ranks: natural pairs, a card plus a
        wild card, or two wild cards. Pruned mode takes natural pairs when it can and the
        fewest wild cards otherwise, and stops after a few combinations."""
        nat, use, full = self.nat, self.use, self.full
        top = self.v.pair_top
        cands = [x for x in range(top + 1) if x not in main and nat[x]]
        if not full:
            cands.sort(key=lambda x: _kicker_cost(x, nat[x]) - (1 if nat[x] == 2 else 0))
        w = self.w
        picks: list[int] = []  # wild cards used with each picked rank
        emitted = [0]
        limit = 1 << 30 if full else 12

        def rec(i: int, left: int, budget: int, nat_used: int, ww: int) -> None:
            if emitted[0] >= limit:
                return
            if left == 0:
                if nat_main + nat_used == 0:
                    return
                if top > TWO and use[BLACK] >= 2 and use[RED] >= 2:
                    return  # rule (a): never both joker pairs
                emitted[0] += 1
                emit(2 * ww + sum(picks))
                return
            for idx in range(i, len(cands)):
                x = cands[idx]
                if nat[x] >= 2:
                    use[x] += 2
                    picks.append(0)
                    rec(idx + 1, left - 1, budget, nat_used + 2, ww)
                    picks.pop()
                    use[x] -= 2
                    if not full:
                        continue
                if budget and x <= TWO:
                    use[x] += 1
                    picks.append(1)
                    rec(idx + 1, left - 1, budget - 1, nat_used + 1, ww)
                    picks.pop()
                    use[x] -= 1

        if full:
            for ww in range(min(w // 2, need), -1, -1):
                rec(0, need - ww, w - 2 * ww, 0, ww)
            return
        natural_pairs = sum(1 for x in cands if nat[x] >= 2)
        for ww in range(0, min(w // 2, need) + 1):
            budget = 0 if natural_pairs >= need - ww else w - 2 * ww
            rec(0, need - ww, budget, 0, ww)
            if emitted[0]:
                return


def _one(r: int) -> list[int]:
    c = [0] * 16
    c[r] = 1
    return c


def _kicker_cost(x: int, n: int) -> float:
    """Preference of a rank as a kicker (lower is cheaper): lone low cards first."""
    return x + (0 if n == 1 else 6 * (n - 1)) + (20 if x >= TWO else 0)


def _choose_singles(use: Counts, cands: list[tuple[int, int]], i: int, need: int,
                    leaf: Callable[[], None]) -> None:
    if need == 0:
        leaf()
        return
    for idx in range(i, len(cands)):
        x, cap = cands[idx]
        for n in range(min(cap, need), 0, -1):
            use[x] += n
            _choose_singles(use, cands, idx + 1, need - n, leaf)
            use[x] -= n


def _strand_filter(moves: list[Move], hand: Counts, v: Variant) -> list[Move]:
    if v.flower and hand[FLOWER]:
        left = sum(hand) - 1
        return [m for m in moves if not (m.n == left and not m.cards[FLOWER])]
    return moves


def lead_moves(hand: Counts, v: Variant, full: bool = False) -> list[Move]:
    """Every play ``hand`` may lead (pruned unless ``full``)."""
    gen = _Gen(hand, v, full)
    gen.leads()
    return _strand_filter(list(gen.out.values()), hand, v)


def beating_moves(hand: Counts, last: Move, v: Variant, full: bool = False) -> list[Move]:
    """Every play of ``hand`` that beats ``last`` (pruned unless ``full``)."""
    gen = _Gen(hand, v, full)
    gen.beating(last)
    return _strand_filter(list(gen.out.values()), hand, v)

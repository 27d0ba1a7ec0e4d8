"""Legal plays: every distinct (cards, reading) a hand may play (RULES.md §2–§4).

The generator works on rank counts: for each pattern it builds the main part (the single,
pair, trio, four, sequence or plane) from natural cards, filling any shortfall with wild
cards, then adds the attachments from what is left. Wild cards may also replace natural
cards the hand holds, since that is a different play (``8F`` as well as ``88``). Results
are distinct by (cards, kind, main rank).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from .cards import ACE, BLACK, FLOWER, NUM_RANKS, RANK_CHARS, RED, TWO, Card, counts_of
from .compare import beats, bomb_class
from .natural import natural_plays
from .notation import parse_cards
from .play import Play, make_play
from .readings import counts_of_notation
from .rules import Rules

_REP = [[ch * k for k in range(13)] for ch in RANK_CHARS]
_SEQ_MIN = {"chain": 5, "pair_chain": 3, "plane": 2}
_SEQ_Q = {"chain": 1, "pair_chain": 2, "plane": 3}


def _text(use: list[int]) -> str:
    return "".join([_REP[i][n] for i, n in enumerate(use) if n])


_INDEX = {ch: i for i, ch in enumerate(RANK_CHARS)}


def hand_counts(hand: str | Iterable[Card] | list[int], rules: Rules) -> list[int]:
    """Rank counts of a hand given as notation, cards or counts."""
    if isinstance(hand, str):
        counts = [0] * NUM_RANKS
        try:
            for ch in hand:
                counts[_INDEX[ch]] += 1
        except KeyError:  # not plain notation: the full parser explains what is wrong
            return counts_of_notation(parse_cards(hand, rules=rules))
        return counts
    if isinstance(hand, list) and len(hand) == NUM_RANKS and all(isinstance(x, int)
                                                                for x in hand):
        return list(hand)
    return counts_of(hand)


def legal_plays(hand: str | Iterable[Card] | list[int], last: Play | None,
                rules: Rules) -> list[Play]:
    """Every distinct legal play of ``hand``: a free lead when ``last`` is None, else the
    plays that beat ``last``. Each result carries its reading; a card set with several
    legal readings appears once per reading."""
    counts = hand_counts(hand, rules)
    wilds = counts[FLOWER] if rules.flower else (
        counts[rules.laizi_index] if rules.laizi is not None else 0)  # type: ignore[index]
    if not wilds:
        return natural_plays(counts, last, rules)
    gen = _Generator(counts, rules)
    if last is None:
        gen.all_plays()
    else:
        gen.beating(last)
    plays = list(gen.out.values())
    if rules.flower and counts[FLOWER]:
        total = sum(counts)
        # the no-strand rule: never leave the flower as the only card
        plays = [p for p in plays if not (len(p.cards) == total - 1 and "F" not in p.cards)]
    return plays


def iter_fills(c: list[int], ranks: range | list[int], q: int, w: int
               ) -> Iterator[tuple[list[int], int]]:
    """Ways to take ``q`` cards of each rank: (naturals used per rank, wild cards used)."""
    ranks = list(ranks)
    if w == 0:
        for r in ranks:
            if c[r] < q:
                return
        yield [q] * len(ranks), 0
        return
    acc: list[int] = []
    out: list[tuple[list[int], int]] = []

    def rec(i: int, left: int) -> None:
        if i == len(ranks):
            out.append((acc[:], w - left))
            return
        cr = c[ranks[i]]
        hi = q if cr >= q else cr
        lo = q - left if q > left else 0
        for u in range(hi, lo - 1, -1):
            acc.append(u)
            rec(i + 1, left - (q - u))
            acc.pop()

    rec(0, w)
    yield from out


class _Generator:
    """One generation run over a hand's counts."""

    def __init__(self, counts: list[int], rules: Rules) -> None:
        self.rules = rules
        self.kinds = rules.kinds
        self.four = rules.variant == "four"
        self.laizi = rules.variant == "laizi" and rules.laizi is not None
        c = list(counts)
        self.wslot: int | None = None
        if rules.flower and c[FLOWER]:
            self.wslot = FLOWER
        elif self.laizi:
            self.wslot = rules.laizi_index
        self.w = c[self.wslot] if self.wslot is not None else 0
        self.wild_char = RANK_CHARS[self.wslot] if self.wslot is not None else ""
        if self.wslot is not None:
            c[self.wslot] = 0
        self.c = c
        self.out: dict[tuple[str, str, str], Play] = {}
        self.use = [0] * NUM_RANKS
        self.max_pair_rank = RED if self.four else TWO

    # ------------------------------------------------------------------ emit
    def _emit(self, kind: str, main: int, wild_as: list[int]) -> None:
        """Record the play in ``self.use`` (naturals plus wild count in its slot)."""
        cards = _text(self.use)
        main_ch = RANK_CHARS[main]
        key = (cards, kind, main_ch)
        if key in self.out:
            return
        if wild_as:
            wild_as.sort()
            self.out[key] = Play(kind, main_ch, cards, "".join([RANK_CHARS[x] for x in wild_as]),
                                 self.wild_char)
        else:
            self.out[key] = make_play(kind, main_ch, cards)

    def _natural_text(self, kind: str, main: int, cards: str) -> None:
        key = (cards, kind, RANK_CHARS[main])
        if key not in self.out:
            self.out[key] = Play(kind, RANK_CHARS[main], cards)

    # ------------------------------------------------------------------ drivers
    def all_plays(self) -> None:
        self.singles(-1)
        self.groups("pair", 2, -1)
        self.groups("trio", 3, -1)
        if "trio_single" in self.kinds:
            self.trio_with("trio_single", -1)
        if "trio_pair" in self.kinds:
            self.trio_with("trio_pair", -1)
        for kind in ("chain", "pair_chain", "plane"):
            self.sequences(kind, None, -1)
        if "plane_singles" in self.kinds:
            self.sequences("plane_singles", None, -1)
        if "plane_pairs" in self.kinds:
            self.sequences("plane_pairs", None, -1)
        if "four_two_singles" in self.kinds:
            self.four_with("four_two_singles", -1)
        if "four_two_pairs" in self.kinds:
            self.four_with("four_two_pairs", -1)
        self.bombs(None)
        self.rockets()
        if self.laizi and self.w:
            self.laizi_only(None)

    def beating(self, last: Play) -> None:
        rules = self.rules
        if bomb_class(last, rules) == 0:
            kind, n, m = last.kind, len(last.cards), last.main_index
            if kind == "single":
                self.singles(m)
            elif kind in ("pair", "trio"):
                self.groups(kind, 2 if kind == "pair" else 3, m)
            elif kind in ("trio_single", "trio_pair"):
                self.trio_with(kind, m)
            elif kind in ("four_two_singles", "four_two_pairs"):
                self.four_with(kind, m)
            else:
                unit = {"chain": 1, "pair_chain": 2, "plane": 3, "plane_singles": 4,
                        "plane_pairs": 5}[kind]
                self.sequences(kind, n // unit, m)
            if self.laizi and self.w and kind in ("single", "pair", "trio"):
                self.laizi_only(last)
        self.bombs(last)
        self.rockets()
        if self.laizi and self.w == 4:
            self.laizi_only(last)
        if last is not None:
            for key, play in list(self.out.items()):
                if not beats(play, last, rules):
                    del self.out[key]

    # ------------------------------------------------------------------ kinds
    def singles(self, above: int) -> None:
        c = self.c
        for r in range(above + 1, 15):
            if c[r]:
                self._natural_text("single", r, RANK_CHARS[r])

    def groups(self, kind: str, q: int, above: int) -> None:
        """Pairs and trios (natural, or with wild cards for part of them)."""
        c, w = self.c, self.w
        top = self.max_pair_rank if q == 2 else TWO
        ch = RANK_CHARS
        for r in range(above + 1, top + 1):
            cr = c[r]
            if cr >= q:
                self._natural_text(kind, r, ch[r] * q)
            if w and r <= TWO:
                wch = ch[self.wslot]  # type: ignore[index]
                for k in range(1, min(q, w) + 1):
                    u = q - k
                    if u < 1 or cr < u:
                        continue
                    cards = _order(ch[r] * u, wch * k, r, self.wslot)  # type: ignore[arg-type]
                    key = (cards, kind, ch[r])
                    if key not in self.out:
                        self.out[key] = Play(kind, ch[r], cards, ch[r] * k, wch)

    def laizi_only(self, last: Play | None) -> None:
        """Plays made only of laizi cards: natural, of the laizi's own rank."""
        L = self.wslot
        assert L is not None
        names = {1: "single", 2: "pair", 3: "trio", 4: "laizi_bomb"}
        for k in range(1, self.w + 1):
            play = Play(names[k], RANK_CHARS[L], RANK_CHARS[L] * k)
            if last is None or beats(play, last, self.rules):
                self.out.setdefault(play.key, play)

    def rockets(self) -> None:
        c = self.c
        if "rocket" not in self.kinds:
            return
        if c[BLACK] and c[RED]:
            self._natural_text("rocket", RED, "BR")
        if self.wslot == FLOWER and self.w:
            if c[BLACK]:
                self.out.setdefault(("BF", "rocket", "R"), Play("rocket", "R", "BF", "R", "F"))
            if c[RED]:
                self.out.setdefault(("RF", "rocket", "R"), Play("rocket", "R", "RF", "B", "F"))

    def bombs(self, last: Play | None) -> None:
        c, w = self.c, self.w
        ch = RANK_CHARS
        rules = self.rules
        for r in range(TWO + 1):
            cr = c[r]
            if self.four:
                for n in range(4, cr + 1):
                    self._natural_text("bomb", r, ch[r] * n)
                continue
            if cr == 4:
                kind = "hard_bomb" if self.laizi or rules.variant == "laizi" else "bomb"
                self._natural_text(kind, r, ch[r] * 4)
                if self.wslot == FLOWER and w:
                    self.out.setdefault((ch[r] * 4 + "F", "super_bomb", ch[r]),
                                        Play("super_bomb", ch[r], ch[r] * 4 + "F", ch[r],
                                             "F"))
            if w and r != self.wslot:
                kind = "soft_bomb" if self.laizi else "bomb"
                wch = ch[self.wslot]  # type: ignore[index]
                for k in range(1, min(w, 3) + 1):
                    u = 4 - k
                    if cr < u:
                        continue
                    cards = _order(ch[r] * u, wch * k, r, self.wslot)  # type: ignore[arg-type]
                    self.out.setdefault((cards, kind, ch[r]),
                                        Play(kind, ch[r], cards, ch[r] * k, wch))

    def trio_with(self, kind: str, above: int) -> None:
        c, w = self.c, self.w
        use = self.use
        for r in range(above + 1, TWO + 1):
            for uses, k in iter_fills(c, [r], 3, w):
                u = uses[0]
                c[r] -= u
                use[r] += u
                self._set_wild(k)
                wild_as = [r] * k
                if kind == "trio_single":
                    self._attach_singles(1, (r,), -10, -10, wild_as,
                                         lambda wa, rr=r: self._emit(kind, rr, wa), u + 0)
                else:
                    self._attach_pairs(1, (r,), wild_as,
                                       lambda wa, rr=r: self._emit(kind, rr, wa), u)
                self._set_wild(-k)
                use[r] -= u
                c[r] += u

    def four_with(self, kind: str, above: int) -> None:
        c, w = self.c, self.w
        use = self.use
        for r in range(above + 1, TWO + 1):
            for uses, k in iter_fills(c, [r], 4, w):
                u = uses[0]
                c[r] -= u
                use[r] += u
                self._set_wild(k)
                wild_as = [r] * k
                if kind == "four_two_singles":
                    self._attach_singles(2, (r,), -10, -10, wild_as,
                                         lambda wa, rr=r: self._emit(kind, rr, wa), u)
                else:
                    self._attach_pairs(2, (r,), wild_as,
                                       lambda wa, rr=r: self._emit(kind, rr, wa), u)
                self._set_wild(-k)
                use[r] -= u
                c[r] += u

    def sequences(self, kind: str, units: int | None, above: int) -> None:
        """Chains, pair chains and planes, with or without wings."""
        c, w = self.c, self.w
        use = self.use
        if kind in _SEQ_Q:
            q, minlen, wings = _SEQ_Q[kind], _SEQ_MIN[kind], None
        else:
            q, minlen, wings = 3, 2, kind
        for s in range(0, ACE + 1):
            short = 0
            for e in range(s, ACE + 1):
                if c[e] < q:
                    short += q - c[e]
                    if short > w:
                        break
                n = e - s + 1
                if n < minlen or e <= above:
                    continue
                if units is not None:
                    if n < units:
                        continue
                    if n > units:
                        break
                ranks = range(s, e + 1)
                for uses, k in iter_fills(c, ranks, q, w):
                    nat = 0
                    for i, r in enumerate(ranks):
                        u = uses[i]
                        nat += u
                        c[r] -= u
                        use[r] += u
                    wild_as = [r for i, r in enumerate(ranks) for _ in range(q - uses[i])]
                    self._set_wild(k)
                    if wings is None:
                        if nat:
                            self._emit(kind, e, wild_as)
                    elif wings == "plane_singles":
                        self._attach_singles(n, ranks, s - 1, e + 1, wild_as,
                                             lambda wa, ee=e: self._emit("plane_singles", ee,
                                                                         wa), nat)
                    else:
                        self._attach_pairs(n, ranks, wild_as,
                                           lambda wa, ee=e: self._emit("plane_pairs", ee, wa),
                                           nat)
                    self._set_wild(-k)
                    for i, r in enumerate(ranks):
                        c[r] += uses[i]
                        use[r] -= uses[i]

    # ------------------------------------------------------------------ attachments
    def _set_wild(self, k: int) -> None:
        if k:
            self.use[self.wslot] += k  # type: ignore[index]
            self.w -= k

    def _free_ranks(self, j: int, main: set[int], below: int, above: int) -> list[int]:
        """``j`` distinct ranks that wild attachments can harmlessly stand for: not a main
        rank, not next to a plane, not already among the attachments."""
        use = self.use
        free = [x for x in range(TWO + 1)
                if x not in main and x != below and x != above
                and (not use[x] or x == self.wslot)]
        if len(free) < j:  # pragma: no cover - impossible with at most 21 cards
            raise AssertionError("no rank left for a wild attachment")
        return free[:j]

    def _attach_singles(self, need: int, main: Iterable[int], below: int, above: int,
                        wild_as: list[int], emit: Callable[[list[int]], None],
                        nat_main: int) -> None:
        """Add ``need`` single attachments: natural cards not of a main rank (at most 3 of a
        rank, at most 2 of a rank next to a plane, never both jokers), plus wild cards."""
        c = self.c
        main_set = set(main)
        cands: list[tuple[int, int]] = []
        for x in range(15):
            if x in main_set or not c[x]:
                continue
            cap = c[x] if c[x] < 3 else 3
            if (x in (below, above)) and x <= ACE and cap > 2:
                cap = 2
            cands.append((x, cap))
        for j in range(min(self.w, need), -1, -1):
            natural = need - j
            if nat_main + natural == 0:
                continue  # a play of wild cards only is read naturally
            if j:
                self._set_wild(j)

            def leaf(j: int = j) -> None:
                if j:
                    emit(wild_as + self._free_ranks(j, main_set, below, above))
                else:
                    emit(wild_as[:])

            self._choose_singles(cands, 0, natural, leaf)
            if j:
                self._set_wild(-j)

    def _choose_singles(self, cands: list[tuple[int, int]], i: int, need: int,
                        leaf: Callable[[], None]) -> None:
        use = self.use
        if need == 0:
            if use[BLACK] and use[RED]:
                return  # rule (a): jokers only ride in a main part as a rocket
            leaf()
            return
        for idx in range(i, len(cands)):
            x, cap = cands[idx]
            top = cap if cap < need else need
            for n in range(top, 0, -1):
                use[x] += n
                self._choose_singles(cands, idx + 1, need - n, leaf)
                use[x] -= n

    def _attach_pairs(self, need: int, main: Iterable[int], wild_as: list[int],
                      emit: Callable[[list[int]], None], nat_main: int) -> None:
        """Add ``need`` pair attachments of distinct ranks, none of a main rank: natural
        pairs, a natural card with a wild card, or two wild cards."""
        c = self.c
        main_set = set(main)
        cands = [x for x in range(self.max_pair_rank + 1) if x not in main_set and c[x]]
        for ww in range(min(self.w // 2, need), -1, -1):
            self._set_wild(2 * ww)

            def leaf(found: list[int], ww: int = ww) -> None:
                if ww:
                    extra = self._free_ranks(ww, main_set, -10, -10)
                    emit(found + extra + extra)
                else:
                    emit(found)

            self._choose_pairs(cands, 0, need - ww, wild_as, leaf, nat_main)
            self._set_wild(-2 * ww)

    def _choose_pairs(self, cands: list[int], i: int, need: int, wild_as: list[int],
                      leaf: Callable[[list[int]], None], nat: int) -> None:
        if need == 0:
            if nat == 0:
                return
            use = self.use
            if use[BLACK] >= 2 and use[RED] >= 2:
                return  # rule (a): never both joker pairs
            leaf(list(wild_as))
            return
        use, c = self.use, self.c
        for idx in range(i, len(cands)):
            x = cands[idx]
            if c[x] >= 2:
                use[x] += 2
                self._choose_pairs(cands, idx + 1, need - 1, wild_as, leaf, nat + 2)
                use[x] -= 2
            if self.w and x <= TWO:
                use[x] += 1
                self._set_wild(1)
                self._choose_pairs(cands, idx + 1, need - 1, [*wild_as, x], leaf, nat + 1)
                self._set_wild(-1)
                use[x] -= 1


def _order(natural: str, wild: str, rank: int, wslot: int) -> str:
    """Sorted notation of natural cards of one rank plus wild cards."""
    return natural + wild if wslot > rank else wild + natural

"""Legal plays of a hand that holds wild cards (the laizi rank or the flower card).

This is the general path of :func:`bot.engine.moves.legal_plays`; hands without wild
cards take :mod:`bot.engine.natural`. Plays are built on rank counts packed into one
integer (:data:`BITS` bits per rank, the wild cards counted in their own slot), so the
cards of a play and what its wild cards stand for are sums of small integers, turned into
notation once per play by table lookups.

Each pattern is a main part (one rank, or a sequence of ranks) filled with natural and
wild cards in every possible way ("fills"), combined with attachment choices
("options") that are built once per main part and grouped by the number of wild cards
they need. Wild cards may also replace natural cards the hand holds, since that is a
different play (``8F`` as well as ``88``). A wild card in an attachment stands for the
lowest free rank (not a main rank, not next to a plane, not among the natural
attachments). A main part of wild cards only, with natural attachments, gives the same
cards for every rank it may stand for, so those cards are spelled once.

Results are distinct by (cards, kind, main rank) by construction for the patterns built
from fills (see :meth:`_WildGenerator.combine`); the few simple plays go through a set.
"""

from __future__ import annotations

from collections.abc import Callable

from .cards import ACE, BLACK, FLOWER, NUM_RANKS, RANK_CHARS, RED, TWO
from .compare import beats, bomb_class
from .kinds import KINDS, PLAIN_RUNS, RUN_CARDS, RUN_MIN, UNIT, WITH_KICKERS
from .play import Play
from .rules import Rules

BITS = 3  # counts up to 7 per rank: enough for every variant that has wild cards
PACKED_ONE = [1 << (BITS * r) for r in range(NUM_RANKS)]  # one card of each rank, packed
_CHUNK = 4  # ranks per lookup table: 4 tables of 2 ** 12 texts
_MASK = (1 << (BITS * _CHUNK)) - 1
_KIND_ID = {kind: i for i, kind in enumerate(KINDS)}
_BOTH_JOKERS = (1 << BLACK) | (1 << RED)
_NEW = object.__new__

Fill = tuple[int, int, int, int]  # (cards code, natural cards, wild cards, wild-as code)
# An attachment choice: (cards code incl. wild cards, natural cards, wild-as code, mask of
# the natural ranks). Natural choices are options themselves, without copying.
Option = tuple[int, int, int, int]
SingleSet = Option
PairSet = Option


def _table(first: int) -> list[str]:
    """The notation of every value of :data:`_CHUNK` packed counts from rank ``first``
    (the lowest rank in the lowest bits)."""
    texts = [""]
    for rank in range(first, first + _CHUNK):
        char = RANK_CHARS[rank] if rank < NUM_RANKS else ""
        texts = [low + char * n for n in range(1 << BITS) for low in texts]
    return texts


_T0, _T1, _T2, _T3 = (_table(first) for first in range(0, NUM_RANKS, _CHUNK))


def decode(code: int) -> str:
    """The sorted notation of packed counts."""
    return (_T0[code & _MASK] + _T1[code >> 12 & _MASK] + _T2[code >> 24 & _MASK]
            + _T3[code >> 36])  # inlined as such in the hot loops below


def wild_plays(counts: list[int], last: Play | None, rules: Rules) -> list[Play]:
    """Every distinct legal play of a hand with at least one wild card."""
    gen = _WildGenerator(counts, rules)
    if last is None:
        gen.all_plays()
        return gen.out
    gen.beating(last)
    return [play for play in gen.out if beats(play, last, rules)]


class _WildGenerator:
    """One generation run over a hand's counts."""

    def __init__(self, counts: list[int], rules: Rules) -> None:
        if rules.variant == "four":  # pragma: no cover - the four-player game has no wilds
            raise ValueError("the four-player game has no wild cards")
        self.rules = rules
        self.kinds = rules.kinds
        self.laizi = rules.laizi is not None
        wslot = FLOWER if rules.flower else rules.laizi_index
        assert wslot is not None
        c = list(counts)
        self.w = c[wslot]
        self.total = sum(c)
        c[wslot] = 0
        self.c = c
        self.wslot = wslot
        self.wunit = PACKED_ONE[wslot]
        self.wch = RANK_CHARS[wslot]
        self.seen: set[int] = set()
        self.out: list[Play] = []
        self._singles_of: dict[int, list[SingleSet]] = {}
        self._pairs_of: dict[int, list[PairSet]] = {}
        self._free: dict[int, int] = {}
        self._by_rank: list[list[list[Fill]]] | None = None
        # what the wild cards stand for repeats a lot (e.g. "7" in every chain through 7)
        self.wild_texts: dict[int, str] = {0: ""}

    # ------------------------------------------------------------------ emit
    def add(self, kind: str, main: int, code: int, wcode: int) -> None:
        """Record one play unless an equal one (cards, kind, main rank) is known."""
        key = code << 9 | _KIND_ID[kind] << 4 | main
        if key in self.seen:
            return
        self.seen.add(key)
        play = _NEW(Play)
        play.kind = kind
        play.main_rank = RANK_CHARS[main]
        play.cards = decode(code)
        if wcode:
            play.wild_as = decode(wcode)
            play.wild = self.wch
        else:
            play.wild_as = play.wild = ""
        self.out.append(play)

    def combine(self, kind: str, main: int, fills: list[Fill],
                options: list[list[Option]]) -> None:
        """Every main-part fill with every attachment option the wild cards allow.

        No de-duplication is needed here: attachments never use a main rank, so the
        main ranks' natural cards tell the fill apart (and, for planes, the length tells
        the window apart); for a fill, options differ in their natural cards or in their
        number of wild cards."""
        w, out, wch = self.w, self.out, self.wch
        main_ch = RANK_CHARS[main]
        t0, t1, t2, t3 = _T0, _T1, _T2, _T3  # decode(), inlined in the hot loops
        new, cls = _NEW, Play
        wild_texts = self.wild_texts
        get = wild_texts.get
        for mcode, mnat, k, mwcode in fills:
            for j in range(w - k + 1):
                bucket = options[j]
                if not mnat:  # a play of wild cards only is read naturally
                    bucket = [option for option in bucket if option[1]]
                for acode, _, awcode, _ in bucket:
                    code = mcode + acode
                    wc = mwcode + awcode
                    play = new(cls)
                    play.kind = kind
                    play.main_rank = main_ch
                    play.cards = (t0[code & 4095] + t1[code >> 12 & 4095]
                                  + t2[code >> 24 & 4095] + t3[code >> 36])
                    wild_as = get(wc)
                    if wild_as is None:
                        wild_as = wild_texts[wc] = decode(wc)
                    play.wild_as = wild_as
                    play.wild = wch if wc else ""
                    out.append(play)

    def emit_fills(self, kind: str, main: int, fills: list[Fill]) -> None:
        """A play per fill: chains, pair chains and planes without wings (distinct,
        since each fill takes different natural cards)."""
        out, wch = self.out, self.wch
        main_ch = RANK_CHARS[main]
        t0, t1, t2, t3 = _T0, _T1, _T2, _T3
        new, cls = _NEW, Play
        wild_texts = self.wild_texts
        get = wild_texts.get
        for code, nat, _, wc in fills:
            if not nat:
                continue  # a play of wild cards only is read naturally
            play = new(cls)
            play.kind = kind
            play.main_rank = main_ch
            play.cards = (t0[code & 4095] + t1[code >> 12 & 4095] + t2[code >> 24 & 4095]
                          + t3[code >> 36])
            wild_as = get(wc)
            if wild_as is None:
                wild_as = wild_texts[wc] = decode(wc)
            play.wild_as = wild_as
            play.wild = wch if wc else ""
            out.append(play)

    # ------------------------------------------------------------------ drivers
    def all_plays(self) -> None:
        kinds = self.kinds
        self.singles(-1)
        self.groups("pair", 2, -1)
        self.groups("trio", 3, -1)
        for kind in WITH_KICKERS:
            if kind in kinds:
                self.with_attachments(kind, -1)
        for group in (("chain",), ("pair_chain",), ("plane", "plane_singles", "plane_pairs")):
            self.sequences(-1, None, [kind for kind in group if kind in kinds])
        self.bombs()
        self.rockets()
        if self.laizi:
            self.laizi_only()

    def beating(self, last: Play) -> None:
        """Candidates for following ``last``; the caller keeps those that beat it."""
        if bomb_class(last, self.rules) == 0:
            kind, main = last.kind, last.main_index
            if kind == "single":
                self.singles(main)
            elif kind in ("pair", "trio"):
                self.groups(kind, 2 if kind == "pair" else 3, main)
            elif kind in WITH_KICKERS:
                self.with_attachments(kind, main)
            else:
                self.sequences(main, len(last.cards) // RUN_CARDS[kind], [kind])
            if self.laizi and kind in ("single", "pair", "trio"):
                self.laizi_only()
        self.bombs()
        self.rockets()
        if self.laizi and self.w == 4:
            self.laizi_only()

    # ------------------------------------------------------------------ simple kinds
    def singles(self, above: int) -> None:
        c = self.c
        for r in range(above + 1, RED + 1):
            if c[r]:
                self.add("single", r, PACKED_ONE[r], 0)

    def groups(self, kind: str, q: int, above: int) -> None:
        """Pairs and trios: natural, or with wild cards for part of them."""
        c, w, wunit = self.c, self.w, self.wunit
        for r in range(above + 1, TWO + 1):
            cr = c[r]
            for u in range(min(q, cr), 0, -1):
                k = q - u
                if k > w:
                    break
                self.add(kind, r, u * PACKED_ONE[r] + k * wunit, k * PACKED_ONE[r])

    def laizi_only(self) -> None:
        """Plays made only of laizi cards: natural, of the laizi's own rank."""
        names = ("single", "pair", "trio", "laizi_bomb")
        for k in range(1, self.w + 1):
            self.add(names[k - 1], self.wslot, k * self.wunit, 0)

    def rockets(self) -> None:
        if "rocket" not in self.kinds:
            return
        c = self.c
        if c[BLACK] and c[RED]:
            self.add("rocket", RED, PACKED_ONE[BLACK] + PACKED_ONE[RED], 0)
        if self.wslot == FLOWER and self.w:
            if c[BLACK]:
                self.add("rocket", RED, PACKED_ONE[BLACK] + PACKED_ONE[FLOWER], PACKED_ONE[RED])
            if c[RED]:
                self.add("rocket", RED, PACKED_ONE[RED] + PACKED_ONE[FLOWER], PACKED_ONE[BLACK])

    def bombs(self) -> None:
        c, w, wunit = self.c, self.w, self.wunit
        flower = self.wslot == FLOWER
        for r in range(TWO + 1):
            cr, unit = c[r], PACKED_ONE[r]
            if cr == 4:
                self.add("hard_bomb" if self.laizi else "bomb", r, 4 * unit, 0)
                if flower and w:
                    self.add("super_bomb", r, 4 * unit + wunit, unit)
            if r == self.wslot:
                continue
            kind = "soft_bomb" if self.laizi else "bomb"
            for k in range(1, min(w, 3) + 1):
                if cr >= 4 - k:
                    self.add(kind, r, (4 - k) * unit + k * wunit, k * unit)

    # ------------------------------------------------------------------ main parts
    @property
    def by_rank(self) -> list[list[list[Fill]]]:
        """``[q][r]``: the ways to make ``q`` cards of rank ``r`` from natural and wild
        cards, most natural first (made when a pattern first needs them: following a
        single, a pair or a bomb does not)."""
        if self._by_rank is None:
            self._by_rank = self._rank_fills()
        return self._by_rank

    def _rank_fills(self) -> list[list[list[Fill]]]:
        c, w, wunit = self.c, self.w, self.wunit
        table: list[list[list[Fill]]] = [[]]
        for q in range(1, 5):
            table.append([[(u * PACKED_ONE[r] + (q - u) * wunit, u, q - u, (q - u) * PACKED_ONE[r])
                           for u in range(min(q, c[r]), max(q - w, 0) - 1, -1)]
                          for r in range(TWO + 1)])
        return table

    def with_attachments(self, kind: str, above: int) -> None:
        """Trio with a single or a pair; four with two singles or two pairs."""
        q, need = (3, 1) if kind.startswith("trio") else (4, 2)
        singles = kind.endswith("single") or kind.endswith("singles")
        by_rank = self.by_rank[q]
        ranks = [r for r in range(above + 1, TWO + 1) if by_rank[r]]
        self.natural_attachments(kind, q, need, singles, ranks)
        for r in ranks:
            fills = by_rank[r]
            budget = self.w - fills[0][2]  # wild cards left by the most natural fill
            if not budget:
                continue
            blocked = 1 << r
            if singles:
                options = self.single_options(need, blocked, blocked, self.singles_of, budget,
                                              wild_only=True)
            else:
                options = self.pair_options(need, blocked, self.pairs_of, budget,
                                            wild_only=True)
            self.combine(kind, r, fills, options)

    def natural_attachments(self, kind: str, q: int, need: int, singles: bool,
                            ranks: list[int]) -> None:
        """Every main part of ``q`` cards of a rank in ``ranks`` with attachments of
        natural cards only: one pass over the attachment choices. A main part of wild
        cards only gives the same cards for every rank the attachments leave free."""
        if singles:
            sets = self.singles_of(need)
        else:
            sets = [x for x in self.pairs_of(need) if x[1] == 2 * need]  # natural pairs
        by_rank = self.by_rank[q]
        wch = self.wch
        wild_main = self.w >= q  # the last fill of each rank is then of wild cards only
        wild_code = q * self.wunit
        mains = []
        for r in ranks:
            fills = by_rank[r][:-1] if wild_main else by_rank[r]
            mains.append((r, RANK_CHARS[r], RANK_CHARS[r] * q,
                          [(mcode, decode(mwcode), wch if k else "")
                           for mcode, _, k, mwcode in fills]))
        t0, t1, t2, t3 = _T0, _T1, _T2, _T3
        out, new, cls = self.out, _NEW, Play
        for acode, _, _, mask in sets:
            shared = decode(wild_code + acode) if wild_main else ""
            for r, main_ch, read, main_fills in mains:
                if mask >> r & 1:
                    continue
                for mcode, main_as, main_wild in main_fills:
                    code = mcode + acode
                    play = new(cls)
                    play.kind = kind
                    play.main_rank = main_ch
                    play.cards = (t0[code & 4095] + t1[code >> 12 & 4095]
                                  + t2[code >> 24 & 4095] + t3[code >> 36])
                    play.wild_as = main_as
                    play.wild = main_wild
                    out.append(play)
                if wild_main:
                    play = new(cls)
                    play.kind = kind
                    play.main_rank = main_ch
                    play.cards = shared
                    play.wild_as = read
                    play.wild = wch
                    out.append(play)

    def sequences(self, above: int, units: int | None, kinds: list[str]) -> None:
        """Chains, pair chains and planes (plain or with wings) of every window."""
        if not kinds:
            return
        q, minlen = UNIT[kinds[0]], RUN_MIN[kinds[0]]
        by_rank = self.by_rank[q]
        w = self.w
        for s in range(ACE + 1):
            fills: list[Fill] = [(0, 0, 0, 0)]
            for e in range(s, ACE + 1):
                # extend the fills of s..e-1 by rank e
                longer: list[Fill] = []
                append = longer.append
                steps = by_rank[e]
                for code, nat, k, wcode in fills:
                    for dcode, dnat, d, dwild in steps:
                        if k + d > w:
                            break
                        append((code + dcode, nat + dnat, k + d, wcode + dwild))
                fills = longer
                if not fills:
                    break
                n = e - s + 1
                if n < minlen or e <= above or (units is not None and n < units):
                    continue
                if units is not None and n > units:
                    break
                for kind in kinds:
                    if kind in PLAIN_RUNS:
                        self.emit_fills(kind, e, fills)
                        continue
                    if n * RUN_CARDS[kind] > self.total:
                        continue
                    budget = w - min(fill[2] for fill in fills)
                    wings = self.plane_singles if kind == "plane_singles" else \
                        self.plane_pairs
                    self.combine(kind, e, fills, wings(n, s, e, budget))

    # ------------------------------------------------------------------ attachments
    def plane_singles(self, n: int, s: int, e: int, budget: int) -> list[list[Option]]:
        """Wings of ``n`` singles for the plane on ranks ``s``..``e``: none of a plane
        rank, at most 2 of a rank next to the plane; wild wings stand for free ranks
        that are not next to the plane either."""
        window = (1 << (e + 1)) - (1 << s)
        near = (1 << (s - 1) if s else 0) | 1 << (e + 1)
        c = self.c
        capped = [x for x in (s - 1, e + 1) if 0 <= x <= ACE and c[x] > 2]

        def sets(m: int) -> list[SingleSet]:
            if m <= 2:  # two cards never break the cap of 2
                return self.singles_of(m)
            return self.window_singles(m, window, capped)

        return self.single_options(n, window, window | near, sets, budget)

    def plane_pairs(self, n: int, s: int, e: int, budget: int) -> list[list[Option]]:
        """Wings of ``n`` pairs for the plane on ranks ``s``..``e``."""
        window = (1 << (e + 1)) - (1 << s)

        def sets(m: int) -> list[PairSet]:
            if m <= 2:
                return self.pairs_of(m)
            return self.window_pairs(m, window, budget)

        return self.pair_options(n, window, sets, budget)

    def single_options(self, need: int, main: int, blocked: int,
                       sets: Callable[[int], list[SingleSet]], budget: int,
                       wild_only: bool = False) -> list[list[Option]]:
        """Attachments of ``need`` singles, by the number of wild cards (up to
        ``budget``) among them; ``wild_only`` leaves out those without wild cards.

        ``sets(m)`` lists natural choices of ``m`` singles as options; choices that use
        a ``main`` rank are skipped; wild singles stand for the lowest ranks neither
        ``blocked`` nor among the natural ones."""
        wunit = self.wunit
        options: list[list[Option]] = [[] for _ in range(self.w + 1)]
        if not wild_only:
            options[0] = [x for x in sets(need) if not x[3] & main]
        free = self.free
        for j in range(1, min(budget, need) + 1):
            wild = j * wunit
            options[j] = [(code + wild, m, free(blocked | mask, j, 1), mask)
                          for code, m, _, mask in sets(need - j) if not mask & main]
        return options

    def pair_options(self, need: int, main: int, sets: Callable[[int], list[PairSet]],
                     budget: int, wild_only: bool = False) -> list[list[Option]]:
        """Attachments of ``need`` pairs of distinct ranks, by wild cards needed (up to
        ``budget``): natural pairs, a natural card with a wild card, and pairs of two
        wild cards, which stand for the lowest ranks that are neither main nor attached;
        ``wild_only`` leaves out those without wild cards."""
        wunit = self.wunit
        options: list[list[Option]] = [[] for _ in range(self.w + 1)]
        free = self.free
        for ww in range(min(budget // 2, need) + 1):
            extra = 2 * ww
            cards = 2 * (need - ww)
            for option in sets(need - ww):
                code, nat, wcode, mask = option
                k = cards - nat  # pairs of a natural card with a wild card
                if mask & main or k + extra > budget or (wild_only and not k + extra):
                    continue
                if ww:
                    options[k + extra].append((code + extra * wunit, nat,
                                               wcode + free(main | mask, ww, 2), mask))
                else:
                    options[k].append(option)
        return options

    def free(self, blocked: int, j: int, q: int) -> int:
        """Wild-as code of ``q`` cards of each of the ``j`` lowest ranks (up to 2) that
        are not ``blocked`` (remembered: most attachments share the answer)."""
        key = blocked << 4 | j << 2 | q
        code = self._free.get(key)
        if code is None:
            code = self._free[key] = _free(blocked, j, q)
        return code

    def singles_of(self, m: int) -> list[SingleSet]:
        """Natural choices of ``m`` singles from the whole hand (at most 3 of a rank)."""
        if m not in self._singles_of:
            self._singles_of[m] = self.window_singles(m, 0, [])
        return self._singles_of[m]

    def window_singles(self, m: int, window: int, capped: list[int]) -> list[SingleSet]:
        """Natural choices of ``m`` singles outside ``window`` (at most 3 of a rank, 2 of
        a ``capped`` rank, never both jokers), as options."""
        c = self.c
        cands = []
        for x in range(RED + 1):
            if c[x] and not window >> x & 1:
                cands.append((x, 2 if x in capped else min(c[x], 3)))
        out: list[SingleSet] = []

        def rec(i: int, left: int, code: int, mask: int) -> None:
            if left == 0:
                if mask & _BOTH_JOKERS != _BOTH_JOKERS:
                    out.append((code, m, 0, mask))
                return
            for idx in range(i, len(cands)):
                x, cap = cands[idx]
                for n in range(min(cap, left), 0, -1):
                    rec(idx + 1, left - n, code + n * PACKED_ONE[x], mask | 1 << x)

        rec(0, m, 0, 0)
        return out

    def pairs_of(self, m: int) -> list[PairSet]:
        """Choices of ``m`` pairs from the whole hand (see :meth:`window_pairs`)."""
        if m not in self._pairs_of:
            self._pairs_of[m] = self.window_pairs(m, 0, self.w)
        return self._pairs_of[m]

    def window_pairs(self, m: int, window: int, budget: int) -> list[PairSet]:
        """Choices of ``m`` pairs of distinct ranks outside ``window``, each natural or a
        natural card with a wild card, as options using at most ``budget`` wild cards."""
        c, wunit = self.c, self.wunit
        cands = [x for x in range(TWO + 1) if c[x] and not window >> x & 1]
        out: list[PairSet] = []

        def rec(i: int, left: int, code: int, mask: int, nat: int, k: int, wc: int) -> None:
            if left == 0:
                out.append((code, nat, wc, mask))
                return
            for idx in range(i, len(cands)):
                x = cands[idx]
                unit = PACKED_ONE[x]
                if c[x] >= 2:
                    rec(idx + 1, left - 1, code + 2 * unit, mask | 1 << x, nat + 2, k, wc)
                if k < budget:
                    rec(idx + 1, left - 1, code + unit + wunit, mask | 1 << x, nat + 1,
                        k + 1, wc + unit)

        rec(0, m, 0, 0, 0, 0, 0)
        return out


def _free(blocked: int, j: int, q: int) -> int:
    """Wild-as code of ``q`` cards of each of the ``j`` lowest ranks (up to 2) that are
    not ``blocked``."""
    code = 0
    r = 0
    while j:
        if not blocked >> r & 1:
            code += q * PACKED_ONE[r]
            j -= 1
        r += 1
    if r > TWO + 1:  # pragma: no cover - impossible with at most 21 cards
        raise AssertionError("no rank left for a wild attachment")
    return code

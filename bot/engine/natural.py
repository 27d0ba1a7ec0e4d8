"""Legal plays of a hand without wild cards: the fast path of :func:`legal_plays`.

Without wild cards every card set has at most one reading (docs/rules.md §2.3), so each
pattern is generated once, straight from the rank counts, with no de-duplication. The
results are the same as the general generator's (:mod:`bot.engine.moves`); the tests
check both against the definition.
"""

from __future__ import annotations

from .cards import ACE, BLACK, RANK_CHARS, RED, TWO
from .compare import beats
from .kinds import PLAIN_RUNS, RUN_CARDS, RUN_MIN, UNIT
from .play import Play
from .play import make_play as P
from .rules import Rules

RC = RANK_CHARS
# SEQ[q][s][e]: the sorted text of q cards of each rank s..e (a chain, pair chain or plane)
SEQ = [[["".join(RC[r] * q for r in range(s, e + 1)) for e in range(12)] for s in range(12)]
       for q in range(4)]


def natural_plays(c: list[int], last: Play | None, rules: Rules) -> list[Play]:
    """Every legal play of natural counts ``c`` (no wild cards), leading or following."""
    out: list[Play] = []
    kinds = rules.kinds
    four = rules.variant == "four"
    if last is None:
        _singles(c, -1, out)
        _groups(c, 2, "pair", -1, out, four)
        _groups(c, 3, "trio", -1, out, four)
        if "trio_single" in kinds:
            _trio_with(c, "trio_single", -1, out, four)
        if "trio_pair" in kinds:
            _trio_with(c, "trio_pair", -1, out, four)
        for kind in PLAIN_RUNS:
            _sequences(c, kind, None, -1, out)
        if "plane_singles" in kinds:
            _planes(c, "plane_singles", None, -1, out, four)
        if "plane_pairs" in kinds:
            _planes(c, "plane_pairs", None, -1, out, four)
        if "four_two_singles" in kinds:
            _four_with(c, "four_two_singles", -1, out)
        if "four_two_pairs" in kinds:
            _four_with(c, "four_two_pairs", -1, out)
        _bombs(c, rules, out)
        _rocket(c, kinds, out)
        return out
    kind = last.kind
    if not last.is_bomb:
        above = last.main_index
        if kind == "single":
            _singles(c, above, out)
        elif kind == "pair":
            _groups(c, 2, "pair", above, out, four)
        elif kind == "trio":
            _groups(c, 3, "trio", above, out, four)
        elif kind in ("trio_single", "trio_pair"):
            _trio_with(c, kind, above, out, four)
        elif kind in ("four_two_singles", "four_two_pairs"):
            _four_with(c, kind, above, out)
        elif kind in PLAIN_RUNS:
            _sequences(c, kind, len(last.cards) // RUN_CARDS[kind], above, out)
        else:
            _planes(c, kind, len(last.cards) // RUN_CARDS[kind], above, out, four)
        _bombs(c, rules, out)
        _rocket(c, kinds, out)
        return out
    bombs: list[Play] = []
    _bombs(c, rules, bombs)
    _rocket(c, kinds, bombs)
    out.extend(p for p in bombs if beats(p, last, rules))
    return out


def _singles(c: list[int], above: int, out: list[Play]) -> None:
    for r in range(above + 1, 15):
        if c[r]:
            ch = RC[r]
            out.append(P("single", ch, ch))


def _groups(c: list[int], q: int, kind: str, above: int, out: list[Play], four: bool) -> None:
    top = RED if four and q == 2 else TWO
    for r in range(above + 1, top + 1):
        if c[r] >= q:
            ch = RC[r]
            out.append(P(kind, ch, ch * q))


def _trio_with(c: list[int], kind: str, above: int, out: list[Play], four: bool) -> None:
    q = 1 if kind == "trio_single" else 2
    top = 14 if q == 1 or four else TWO
    atts = [(k, RC[k] * q) for k in range(top + 1) if c[k] >= q]
    for t in range(above + 1, TWO + 1):
        if c[t] < 3:
            continue
        tc = RC[t]
        trio = tc * 3
        for k, att in atts:
            if k < t:
                out.append(P(kind, tc, att + trio))
            elif k > t:
                out.append(P(kind, tc, trio + att))


def _sequences(c: list[int], kind: str, units: int | None, above: int,
               out: list[Play]) -> None:
    q, minlen = UNIT[kind], RUN_MIN[kind]
    seq = SEQ[q]
    s = 0
    while s <= ACE:
        if c[s] < q:
            s += 1
            continue
        b = s
        while b + 1 <= ACE and c[b + 1] >= q:
            b += 1
        if b - s + 1 < (units or minlen):  # too short for any play of this kind
            s = b + 1
            continue
        # a maximal run s..b: every sub-run of the right length
        for a in range(s, b + 1):
            if units is None:
                first = a + minlen - 1
                last = b
            else:
                first = last = a + units - 1
            for e in range(max(first, above + 1), min(last, b) + 1):
                out.append(P(kind, RC[e], seq[a][e]))
        s = b + 1


def _planes(c: list[int], kind: str, units: int | None, above: int, out: list[Play],
            four: bool) -> None:
    """Planes with single or pair wings (docs/rules.md §2.3 rules a–f)."""
    s = 0
    while s <= ACE:
        if c[s] < 3:
            s += 1
            continue
        b = s
        while b + 1 <= ACE and c[b + 1] >= 3:
            b += 1
        if b == s or (units is not None and b - s + 1 < units):  # no plane in this run
            s = b + 1
            continue
        for a in range(s, b + 1):
            lo = 2 if units is None else units
            hi = b - a + 1 if units is None else units
            for k in range(lo, hi + 1):
                e = a + k - 1
                if e > b or e <= above:
                    continue
                if kind == "plane_singles":
                    _single_wings(c, a, e, k, out)
                else:
                    _pair_wings(c, a, e, k, out, four)
        s = b + 1


def _single_wings(c: list[int], a: int, e: int, k: int, out: list[Play]) -> None:
    cands: list[tuple[int, int, str]] = []
    for x in range(15):
        if a <= x <= e or not c[x]:
            continue
        cap = c[x] if c[x] < 3 else 3
        if (x == a - 1 or x == e + 1) and x <= ACE and cap > 2:
            cap = 2
        cands.append((x, cap, RC[x]))
    main_text = SEQ[3][a][e]
    main = RC[e]
    n_cands = len(cands)

    def rec(i: int, need: int, lo: str, hi: str, joker: int) -> None:
        if need == 0:
            out.append(P("plane_singles", main, lo + main_text + hi))
            return
        for idx in range(i, n_cands):
            x, cap, ch = cands[idx]
            if x >= BLACK and joker and joker != x:
                continue  # rule (a): never both jokers
            for n in range(cap if cap < need else need, 0, -1):
                if x < a:
                    rec(idx + 1, need - n, lo + ch * n, hi, joker)
                else:
                    rec(idx + 1, need - n, lo, hi + ch * n, x if x >= BLACK else joker)

    rec(0, k, "", "", 0)


def _pair_wings(c: list[int], a: int, e: int, k: int, out: list[Play], four: bool) -> None:
    top = RED if four else TWO
    cands = [(x, RC[x] * 2) for x in range(top + 1) if not a <= x <= e and c[x] >= 2]
    main_text = SEQ[3][a][e]
    main = RC[e]
    n_cands = len(cands)

    def rec(i: int, need: int, lo: str, hi: str, joker: int) -> None:
        if need == 0:
            out.append(P("plane_pairs", main, lo + main_text + hi))
            return
        for idx in range(i, n_cands - need + 1):
            x, pair = cands[idx]
            if x >= BLACK and joker:
                continue  # rule (a): never both joker pairs
            if x < a:
                rec(idx + 1, need - 1, lo + pair, hi, joker)
            else:
                rec(idx + 1, need - 1, lo, hi + pair, 1 if x >= BLACK else joker)

    rec(0, k, "", "", 0)


def _merge(block: str, f: int, x: int, xs: str, y: int, ys: str) -> str:
    """The sorted text of a four ``block`` of rank f with attachments x <= y."""
    if y < f:
        return xs + ys + block
    if x < f:
        return xs + block + ys
    return block + xs + ys


def _four_with(c: list[int], kind: str, above: int, out: list[Play]) -> None:
    for f in range(above + 1, TWO + 1):
        if c[f] != 4:
            continue
        main = RC[f]
        block = main * 4
        if kind == "four_two_singles":
            others = [x for x in range(15) if x != f and c[x]]
            for i, x in enumerate(others):
                xs = RC[x]
                for y in others[i:]:
                    if (x == y and c[x] < 2) or (x == BLACK and y == RED):
                        continue
                    out.append(P(kind, main, _merge(block, f, x, xs, y, RC[y])))
        else:
            pairs = [x for x in range(TWO + 1) if x != f and c[x] >= 2]
            for i, x in enumerate(pairs):
                xs = RC[x] * 2
                for y in pairs[i + 1:]:
                    out.append(P(kind, main, _merge(block, f, x, xs, y, RC[y] * 2)))


def _bombs(c: list[int], rules: Rules, out: list[Play]) -> None:
    if rules.variant == "four":
        for r in range(TWO + 1):
            for n in range(4, c[r] + 1):
                out.append(P("bomb", RC[r], RC[r] * n))
        return
    kind = "hard_bomb" if rules.variant == "laizi" else "bomb"
    for r in range(TWO + 1):
        if c[r] == 4:
            out.append(P(kind, RC[r], RC[r] * 4))


def _rocket(c: list[int], kinds: frozenset[str], out: list[Play]) -> None:
    if c[BLACK] and c[RED] and "rocket" in kinds:
        out.append(P("rocket", "R", "BR"))

"""What a set of natural cards is: the pattern definitions of docs/rules.md §2.

:func:`classify_natural` reads rank counts in which every card is what it shows (wild
cards already assigned). It applies the attachment rules (a)–(f) of §2.3 and returns every
reading as ``(kind, main_rank_index)``; without wild cards there is at most one.
"""

from __future__ import annotations

from .cards import ACE, BLACK, RED, TWO


def main_part_size(kind: str, length: int) -> int:
    """The number of cards outside the attachments."""
    if kind in ("trio_single", "trio_pair"):
        return 3
    if kind in ("four_two_singles", "four_two_pairs"):
        return 4
    if kind == "plane_singles":
        return length * 3 // 4
    if kind == "plane_pairs":
        return length * 3 // 5
    return length


def classify_natural(c: list[int], kinds: frozenset[str], four: bool) -> list[tuple[str, int]]:
    """Every reading of natural rank counts ``c`` (16 ints; the flower slot is ignored).

    ``kinds`` are the variant's pattern kinds (``bomb`` stands for any four-of-a-rank
    bomb); ``four`` selects the two-deck rules (joker pairs, bombs of 4 to 8 cards).
    """
    present = [r for r in range(15) if c[r]]
    if not present:
        return []
    n = 0
    for r in present:
        n += c[r]
    if len(present) == 1:
        r = present[0]
        k = c[r]
        if k == 1:
            return [("single", r)]
        if k == 2:
            return [("pair", r)] if r <= TWO or four else []
        if k == 3:
            return [("trio", r)] if r <= TWO else []
        if r <= TWO and 4 <= k <= (8 if four else 4):
            return [("bomb", r)]
        return []
    if n == 2:
        return [("rocket", RED)] if c[BLACK] == 1 and c[RED] == 1 else []
    out: list[tuple[str, int]] = []
    lo, hi = present[0], present[-1]
    # plain sequences: one count for every rank of a run within 3..A
    if hi <= ACE and hi - lo + 1 == len(present):
        q = c[lo]
        if all(c[r] == q for r in present):
            if q == 1 and len(present) >= 5:
                return [("chain", hi)]
            if q == 2 and len(present) >= 3:
                return [("pair_chain", hi)]
            if q == 3:
                return [("plane", hi)]
    if n == 4 and "trio_single" in kinds and len(present) == 2:
        for r in present:
            if c[r] == 3 and r <= TWO:
                return [("trio_single", r)]
        return []
    if n == 5 and "trio_pair" in kinds and len(present) == 2:
        a, b = present
        for t, p in ((a, b), (b, a)):
            if c[t] == 3 and t <= TWO and c[p] == 2 and (p <= TWO or four):
                return [("trio_pair", t)]
        return []
    if n == 6 and "four_two_singles" in kinds:
        for r in present:
            if c[r] == 4 and r <= TWO and not (c[BLACK] and c[RED]):
                out.append(("four_two_singles", r))
    if n == 8 and "four_two_pairs" in kinds and len(present) == 3:
        for r in present:
            if c[r] == 4 and r <= TWO:
                others = [x for x in present if x != r]
                if all(c[x] == 2 and x <= TWO for x in others):
                    out.append(("four_two_pairs", r))
    if n >= 8 and n % 4 == 0 and "plane_singles" in kinds:
        out.extend(_planes_with_singles(c, n // 4))
    if n >= 10 and n % 5 == 0 and "plane_pairs" in kinds:
        out.extend(_planes_with_pairs(c, n // 5, four))
    return out


def _runs(c: list[int], k: int) -> list[int]:
    """Start ranks of every run of k consecutive ranks within 3..A holding 3+ cards each."""
    starts = []
    for s in range(0, ACE - k + 2):
        if all(c[r] >= 3 for r in range(s, s + k)):
            starts.append(s)
    return starts


def _planes_with_singles(c: list[int], k: int) -> list[tuple[str, int]]:
    out = []
    for s in _runs(c, k):
        end = s + k - 1
        if any(c[r] != 3 for r in range(s, end + 1)):
            continue  # rule (b): a plane rank among the wings
        ok = not (c[BLACK] and c[RED])  # rule (a)
        for r in range(15):
            if not ok:
                break
            if s <= r <= end:
                continue
            if c[r] >= 4:
                ok = False  # rule (b)
            elif c[r] == 3 and (r == s - 1 or r == end + 1) and r <= ACE:
                ok = False  # rule (f)
        if ok:
            out.append(("plane_singles", end))
    return out


def _planes_with_pairs(c: list[int], k: int, four: bool) -> list[tuple[str, int]]:
    out = []
    for s in _runs(c, k):
        end = s + k - 1
        if any(c[r] != 3 for r in range(s, end + 1)):
            continue
        pairs = 0
        ok = True
        for r in range(15):
            if s <= r <= end or not c[r]:
                continue
            if c[r] != 2 or (r > TWO and not four):
                ok = False
                break
            pairs += 1
        if ok and pairs == k and not (c[BLACK] and c[RED]):
            out.append(("plane_pairs", end))
    return out

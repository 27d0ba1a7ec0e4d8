"""Hand decomposition: split a hand into the cheapest set of plays to shed it with.

A :class:`Plan` is a list of groups (moves) that together use every card of the hand, and
its cost: the sum over groups of ``1 - LAMBDA * strength`` (the expected number of plays
that will lose the lead; a group nobody can beat costs almost nothing) plus a small charge
per group, bombs and rockets counting as a gain. Strength comes from an
:class:`~bot.ai.opposition.Opposition` (card counting), so the same hand is split
differently as the deal goes on.

The search: rockets are kept whole; sequences (chains, pair chains, planes, with wild cards
filling gaps) are chosen by a bounded depth-first search; what is left falls into bombs,
trios, pairs and singles by rank; spare wild cards upgrade the group where they help most
(a pair into a trio, a trio into a bomb, a lone joker into a rocket with the flower...); then
trios, planes and (near the end) fours take the weakest singles or pairs as kickers.
"""

from __future__ import annotations

from typing import Any

from bot.engine.cards import ACE, BLACK, FLOWER, RED, TWO
from bot.engine.kinds import PLAIN_RUNS, RUN_MIN, UNIT

from .move import Counts, Move, Variant
from .opposition import Opposition

LAMBDA = 0.9  # how much a group's strength lowers its cost
RANK_WEIGHT = 0.2  # higher groups cost a little less, even when they can be beaten
PER_GROUP = 0.08  # fewer plays is better, even among strong ones
BOMB_BASE = 0.1  # a bomb's cost is BOMB_BASE - BOMB_GAIN * strength
BOMB_GAIN = 0.6
ATTACH_MIN = 0.12  # attach a kicker only if it is worth at least this much
NODE_LIMIT = 160  # sequence-search nodes per decomposition

_SEQ_DEF = tuple((kind, UNIT[kind], RUN_MIN[kind]) for kind in PLAIN_RUNS)  # (kind, q, fewest)
_NATURAL_KIND = {1: "single", 2: "pair", 3: "trio"}
_WILDS_KIND = {1: "single", 2: "pair", 3: "trio", 4: "laizi_bomb"}  # laizi played as themselves

Seq = tuple[str, int, int, int, int, tuple[int, ...]]
"""A chosen sequence: (kind, q, start, end, wild cards filling it, natural cards used per rank)."""

Group = list[Any]
"""A group while evaluating, a list of mixed fields (mutated in place, compared by identity):
[kind: str, main: int, n: int, natural cards {rank: count}: dict[int, int], wild cards: int,
cost: float, kickers: list[Group] | None]."""


class Plan:
    """A decomposition: the groups to play and what they cost."""

    __slots__ = ("cost", "groups")

    def __init__(self, groups: list[Move], cost: float) -> None:
        self.groups = groups
        self.cost = cost

    def __repr__(self) -> str:
        return f"Plan({' '.join(g.text for g in self.groups)} cost={self.cost:.2f})"


class Planner:
    """Decomposes hands against one opposition; results are cached by hand."""

    def __init__(self, v: Variant, opp: Opposition, node_limit: int = NODE_LIMIT) -> None:
        self.v = v
        self.opp = opp
        self.node_limit = node_limit
        self.cache: dict[tuple[int, ...], Plan] = {}
        self._cost_cache: dict[tuple[int, ...], float] = {}
        self._costs: dict[tuple[str, int, int], float] = {}
        self._rank_costs: list[list[tuple[float, int, float] | None]] = [
            [None] * 16 for _ in range(9)]
        self._bomb_kind = v.bomb_kind
        self._four = v.four
        self._kinds = v.kinds
        kinds = v.kinds
        self._carry = (("trio_single" in kinds, "trio_pair" in kinds),
                       ("plane_singles" in kinds, "plane_pairs" in kinds))

    # ------------------------------------------------------------------ costs
    def group_cost(self, kind: str, n: int, main: int) -> float:
        key = (kind, n, main)
        got = self._costs.get(key)
        if got is not None:
            return got
        s = self.opp.strength(kind, n, main)
        if self.v.classes[kind]:
            cost = BOMB_BASE - BOMB_GAIN * s + PER_GROUP
        else:
            cost = 1.0 - LAMBDA * s - RANK_WEIGHT * main / 14 + PER_GROUP
        self._costs[key] = cost
        return cost

    def move_cost(self, m: Move) -> float:
        if m.kind not in self.v.classes:
            return 1.0 + PER_GROUP  # a flower with nothing to ride on
        return self.group_cost(m.kind, m.n, m.main)

    # ------------------------------------------------------------------ search
    def plan(self, hand: Counts) -> Plan:
        """The best decomposition of ``hand`` (cached)."""
        key = tuple(hand)
        got = self.cache.get(key)
        if got is not None:
            return got
        cost, nat, w, seqs, fixed = self._search(list(hand))
        for _kind, _q, s, e, short, uses in seqs:
            for k, r in enumerate(range(s, e + 1)):
                nat[r] -= uses[k]
            w -= short
        groups, cost = self._evaluate(nat, w, seqs, build=True)
        cost += sum(self.move_cost(m) for m in fixed)
        result = Plan(fixed + groups, cost)
        self.cache[key] = result
        self._cost_cache[key] = cost
        return result

    def cost(self, hand: Counts) -> float:
        """The cost of the best decomposition of ``hand``, without building it."""
        key = tuple(hand)
        got = self._cost_cache.get(key)
        if got is None:
            got = self._search(list(hand))[0]
            self._cost_cache[key] = got
        return got

    def _search(self, hand: Counts) -> tuple[float, Counts, int, list[Seq], list[Move]]:
        """Best cost, and what it is made of: the counts left after the rockets, the wild
        cards, the chosen sequences, the rockets."""
        v = self.v
        nat = hand[:]
        w = 0
        if v.wslot is not None:
            w = nat[v.wslot]
            nat[v.wslot] = 0
        fixed: list[Move] = []
        while nat[BLACK] and nat[RED] and "rocket" in self._kinds:
            c = [0] * 16
            c[BLACK] = c[RED] = 1
            fixed.append(Move("rocket", RED, tuple(c), v.classes["rocket"]))
            nat[BLACK] -= 1
            nat[RED] -= 1
            if not v.four:
                break
        cands = self._sequence_candidates(nat, w)
        self._best: tuple[float, list[Seq]] = (float("inf"), [])
        self._nodes = 0
        self._dfs(nat, w, cands, 0, [])
        cost, seqs = self._best
        cost += sum(self.move_cost(m) for m in fixed)
        return cost, nat, w, seqs, fixed

    def _sequence_candidates(self, nat: Counts, w: int) -> list[tuple[str, int, int, int]]:
        """Every (kind, q, start, end) window the hand could form, bombs left whole."""
        out: list[tuple[str, int, int, int]] = []
        four = self._four
        if not w and not four:
            # quick exit: a run of ranks holding 1-3 cards (2-3, 3) long enough?
            m1 = m2 = m3 = 0
            for r in range(ACE + 1):
                c = nat[r]
                if 0 < c < 4:
                    m1 |= 1 << r
                    if c >= 2:
                        m2 |= 1 << r
                        if c == 3:
                            m3 |= 1 << r
            if not (m1 & (m1 >> 1) & (m1 >> 2) & (m1 >> 3) & (m1 >> 4)
                    or m2 & (m2 >> 1) & (m2 >> 2) or m3 & (m3 >> 1)):
                return out
        wild: list[tuple[int, int, tuple[str, int, int, int]]] = []
        for kind, q, minlen in _SEQ_DEF:
            if kind not in self._kinds:
                continue
            for s in range(ACE + 1):
                short = 0
                for e in range(s, ACE + 1):
                    c = nat[e]
                    if c < q:
                        short += q - c
                        if short > w:
                            break
                    elif c >= 4 and (c - q < 4 if four else True):
                        break  # would break a bomb
                    length = e - s + 1
                    if length < minlen:
                        continue
                    if not short:
                        out.append((kind, q, s, e))
                    elif (nat[s] and nat[e]) or length == minlen:
                        # wild cards fill gaps, or stretch a run to the shortest length
                        wild.append((short, -length, (kind, q, s, e)))
        wild.sort()
        return out + [c for _, _, c in wild]

    def _dfs(self, nat: Counts, w: int, cands: list[tuple[str, int, int, int]], i: int,
             chosen: list[Seq]) -> None:
        self._nodes += 1
        if w:
            cost = self._evaluate(nat, w, chosen, build=False)[1]
        else:
            cost = self._fast_cost(nat, chosen)
        if cost < self._best[0]:
            self._best = (cost, chosen[:])
        if self._nodes >= self.node_limit:
            return
        for j in range(i, len(cands)):
            kind, q, s, e = cands[j]
            window = nat[s:e + 1]
            if min(window) >= q:
                short = 0
                uses = (q,) * len(window)
            elif not w:
                continue
            else:
                uses = tuple(x if x < q else q for x in window)
                short = q * len(window) - sum(uses)
                if short > w:
                    continue
            nat[s:e + 1] = [x - u for x, u in zip(window, uses, strict=True)]
            chosen.append((kind, q, s, e, short, uses))
            self._dfs(nat, w - short, cands, j, chosen)
            chosen.pop()
            nat[s:e + 1] = window
            if self._nodes >= self.node_limit:
                return

    # ------------------------------------------------------------------ evaluation
    def _fast_cost(self, nat: Counts, seqs: list[Seq]) -> float:
        """The cost :meth:`_evaluate` would give when no wild card is left, computed
        without building any group (the search's inner loop)."""
        gc = self.group_cost
        cost = 0.0
        carriers: list[int] = []  # wings a carrier takes: 1 for a trio, k for a plane
        for kind, q, s, e, _short, _uses in seqs:
            cost += gc(kind, (e - s + 1) * q, e)
            if kind == "plane":
                carriers.append(e - s + 1)
        singles: list[float] = []
        pairs: list[float] = []
        table = self._rank_costs
        for r, c in enumerate(nat):
            if not c:
                continue
            got = table[c][r]
            if got is None:
                got = self._rank_cost(r, c)
            total, cat, unit = got
            cost += total
            if cat == 1:
                singles.append(unit)
                if c == 2:
                    singles.append(unit)
            elif cat == 2:
                pairs.append(unit)
            elif cat == 3:
                carriers.append(1)
        if not carriers or not (singles or pairs):
            return cost
        singles.sort(reverse=True)
        pairs.sort(reverse=True)
        carriers.sort(reverse=True)
        i_s = i_p = 0
        ns, np_ = len(singles), len(pairs)
        for need in carriers:
            can_s, can_p = self._carry[1 if need > 1 else 0]
            best = -1.0
            take = 0
            if can_s and i_s + need <= ns:
                best = sum(singles[i_s:i_s + need])
                take = 1
            if can_p and i_p + need <= np_:
                g = sum(pairs[i_p:i_p + need])
                if g > best:
                    best, take = g, 2
            if not take or best < ATTACH_MIN * need:
                continue
            cost -= best
            if take == 1:
                i_s += need
            else:
                i_p += need
        return cost

    def _rank_cost(self, r: int, c: int) -> tuple[float, int, float]:
        """(cost, category, unit cost) of ``c`` natural cards of rank ``r``: category 1 for
        singles (two jokers of a kind outside four), 2 pair, 3 trio, 4 bomb."""
        gc = self.group_cost
        if c == 1:
            x = gc("single", 1, r)
            got = (x, 1, x)
        elif c == 2:
            if r > TWO and not self._four:
                x = gc("single", 1, r)
                got = (x + x, 1, x)
            else:
                x = gc("pair", 2, r)
                got = (x, 2, x)
        elif c == 3:
            x = gc("trio", 3, r)
            got = (x, 3, x)
        else:
            x = gc(self._bomb_kind, c, r)
            got = (x, 4, x)
        self._rank_costs[c][r] = got
        return got

    def _evaluate(self, nat: Counts, w: int, seqs: list[Seq], build: bool
                  ) -> tuple[list[Move], float]:
        """Cost (and, with ``build``, the moves) of sequences ``seqs`` plus the rest."""
        v = self.v
        gc = self.group_cost
        groups: list[Group] = []
        for kind, q, s, e, short, uses in seqs:
            n = (e - s + 1) * q
            groups.append([kind, e, n, dict(zip(range(s, e + 1), uses, strict=True)), short,
                           gc(kind, n, e), None])
        by_rank: dict[int, Group] = {}
        for r in range(15):
            c = nat[r]
            if not c:
                continue
            g = self._rank_group(r, c, 0)
            if g is not None:
                by_rank[r] = g
            else:  # more jokers than a pair can hold: singles
                for _ in range(c):
                    groups.append(["single", r, 1, {r: 1}, 0, gc("single", 1, r), None])
        wl = w
        own = 0  # laizi cards kept as their own rank
        lz = v.laizi
        while wl:
            best = None
            best_delta = float("inf")
            for r, g in by_rank.items():
                kind = g[0]
                if r > TWO:
                    if v.flower and kind == "single":
                        delta = gc("rocket", 2, RED) - g[5]
                        if delta < best_delta:
                            best, best_delta = ("rocket", r), delta
                    continue
                if kind in ("single", "pair", "trio"):
                    new = self._rank_group(r, g[2] + 1, g[4] + 1)
                    if new is None:
                        continue
                    delta = new[5] - g[5]
                elif kind == v.bomb_kind and v.flower:
                    delta = gc("super_bomb", 5, r) - g[5]
                else:
                    continue
                if delta < best_delta:
                    best, best_delta = ("up", r), delta
            if lz is not None:
                delta = self._own_cost(own + 1) - self._own_cost(own)
                if delta < best_delta:
                    best, best_delta = ("own", lz), delta
            wl -= 1
            if best is None:  # a flower with nothing to join: it must ride as a kicker
                groups.append(["wild_kicker", FLOWER, 1, {}, 1, 1.0, None])
                continue
            what, r = best
            if what == "own":
                own += 1
            elif what == "rocket":
                by_rank[r] = ["rocket", RED, 2, {r: 1}, 1, gc("rocket", 2, RED), None]
            else:
                g = by_rank[r]
                if g[0] == v.bomb_kind:
                    by_rank[r] = ["super_bomb", r, 5, {r: 4}, 1, gc("super_bomb", 5, r), None]
                else:
                    up = self._rank_group(r, g[2] + 1, g[4] + 1)
                    assert up is not None  # "up" was chosen above only where this is a group
                    by_rank[r] = up
        if own:
            kind = _WILDS_KIND[own]
            groups.append([kind, lz, own, {}, own, self._own_cost(own), None])
        groups.extend(by_rank.values())
        cost = self._attach(groups)
        if not build:
            return [], cost
        return [self._to_move(g) for g in groups], cost

    def _own_cost(self, k: int) -> float:
        if k == 0:
            return 0.0
        kind = _WILDS_KIND[k]
        return self.group_cost(kind, k, self.v.laizi)  # type: ignore[arg-type]

    def _rank_group(self, r: int, c: int, wild: int) -> Group | None:
        """The group of ``c`` cards of rank ``r`` (``wild`` of them wild cards)."""
        v = self.v
        if c >= 4:
            if r > TWO or (c > 4 and not v.four):
                return None
            kind = ("soft_bomb" if v.laizi is not None else "bomb") if wild else v.bomb_kind
            return [kind, r, c, {r: c - wild}, wild, self.group_cost(kind, c, r), None]
        if (c == 2 and r > TWO and not v.four) or (c == 3 and r > TWO):
            return None
        kind = _NATURAL_KIND[c]
        return [kind, r, c, {r: c - wild}, wild, self.group_cost(kind, c, r), None]

    def _attach(self, groups: list[Group]) -> float:
        """Give kickers to trios and planes; attached groups leave ``groups`` and ride in
        their carrier's slot 6. Returns the total cost."""
        kinds = self._kinds
        lz = self.v.laizi
        singles = [g for g in groups if (g[0] == "single" and not (g[4] and g[1] == lz))
                   or g[0] == "wild_kicker"]
        pairs = [g for g in groups if g[0] == "pair" and not (g[4] and g[1] == lz)]
        carriers = [g for g in groups if g[0] in ("trio", "plane")]
        if carriers and (singles or pairs):
            singles.sort(key=lambda g: -g[5])
            pairs.sort(key=lambda g: -g[5])
            carriers.sort(key=lambda g: (-g[2], g[1]))
            used: list[Group] = []
            for g in carriers:
                kind = g[0]
                need = 1 if kind == "trio" else g[2] // 3
                best = None
                if ("trio_single" if kind == "trio" else "plane_singles") in kinds:
                    pick = _no_rocket([x for x in singles if not _in(x, used)])[:need]
                    if len(pick) == need:
                        best = (sum(x[5] for x in pick), pick)
                if ("trio_pair" if kind == "trio" else "plane_pairs") in kinds:
                    pick = [x for x in pairs if not _in(x, used)][:need]
                    if len(pick) == need:
                        gain = sum(x[5] for x in pick)
                        if best is None or gain > best[0]:
                            best = (gain, pick)
                if best is None:
                    continue
                gain, pick = best
                forced = any(x[0] == "wild_kicker" for x in pick)
                if gain < ATTACH_MIN * need and not forced:
                    continue
                used.extend(pick)
                g[6] = pick
            if used:
                groups[:] = [g for g in groups if not _in(g, used)]
        total: float = sum(g[5] for g in groups)
        return total

    # ------------------------------------------------------------------ moves
    def _to_move(self, g: Group) -> Move:
        v = self.v
        kind, main, wild = g[0], g[1], g[4]
        cards = [0] * 16
        for r, c in g[3].items():
            cards[r] += c
        if wild:
            cards[v.wslot] += wild  # type: ignore[index]
        if kind == "rocket" and not wild:
            cards[BLACK] = cards[RED] = 1
        kicks = g[6] or []
        for k in kicks:
            for r, c in k[3].items():
                cards[r] += c
            if k[4]:
                cards[v.wslot] += k[4]  # type: ignore[index]
        if kicks:
            kind = _with_kickers(kind, kicks[0][0])
        return Move(kind, main, tuple(cards), v.classes.get(kind, 0))


def _in(g: Group, used: list[Group]) -> bool:
    return any(g is u for u in used)


def _with_kickers(kind: str, kick_kind: str) -> str:
    single = kick_kind in ("single", "wild_kicker")
    if kind == "trio":
        return "trio_single" if single else "trio_pair"
    return "plane_singles" if single else "plane_pairs"


def _no_rocket(singles: list[Group]) -> list[Group]:
    """Drop the second joker so that B and R never ride together (rule a)."""
    out = []
    seen_joker = False
    for g in singles:
        if g[1] in (BLACK, RED):
            if seen_joker:
                continue
            seen_joker = True
        out.append(g)
    return out

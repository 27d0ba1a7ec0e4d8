"""Determinized search: sample the hidden cards, play the deal out, keep what wins.

:func:`search_move` takes the heuristic's best few candidates (and passing, when allowed),
deals the unknown cards to the other seats again and again, consistently with what the seat
knows (card counts, the landlord's unplayed bottom cards, shown hands, and - softly - the
passes: see :meth:`Situation.sample_hands`), and plays every sampled deal to the end after
each candidate (see below for who plays each seat). Each candidate is scored by the points it
wins over the same samples (common random numbers: all candidates meet the same deals), a
deal counting the product of its bombs' factors (``2 ** bombs`` in classic, at most 24 in
super; bombs already played included), and each deal won counts ``WIN_WEIGHT`` points more,
each deal lost as much less; the best one is played, the heuristic's own choice winning
ties. So of two moves close in points the one that wins more deals is played: a bomb cashed
early doubles the stake in every sample it still wins, and on points alone the search spent
bombs it needed for the win (against the random agent, 1,000 paired classic deals, weight 2
against none: WP 0.987 against 0.9845, 31 deals played otherwise, none of them lost that
was won; the same points; against RLCard's rule agent, 400 paired deals: WP +0.004 +- 0.010,
points -0.01 +- 0.04). The simulated players see every hand, so each knows
when an opponent's last cards are one play (:meth:`Simulator._is_one_play`): letting that
opponent's play stand loses, and a bomb of the player's plan is weighed against it.

The seat and its partner are simulated by the heuristic. The seat's opponents are simulated
as many players play: they answer a play with their lowest play of its kind whenever they
hold one (:func:`~bot.ai.policy.eager_answer`), and play the heuristic otherwise (leads,
bombs, passes), until the deal shows an opponent answering otherwise (:mod:`.styles`):
he is simulated by the heuristic from then on. A partner's play is read apart: an opponent
who lets his partner's trick stand has his partner's plays answered by the heuristic, and
still answers the seat's side eagerly. A search that expects opponents as careful
as itself plays too cautiously against eager ones: against RLCard's rule agent, opponents
simulated as eager won 0.859 of 450 paired deals where opponents simulated as the
heuristic won 0.822.

Once few cards are left in all hands, a rollout is finished exactly by
:class:`EndgameSolver`: an and-or search over every legal play and pass (the move
generator's full mode) for which side goes out first, stopping at the first winning move,
with a table of positions already solved (the stakes of bombs still to come are left
out). Near the end the order of a few plays decides the deal and the heuristic is
weakest; a solve that grows past its node budget gives up (:class:`TooBig`) and the
rollout goes on with the heuristic, so the solver never costs more than its budget.

The work is counted (cards in the acting hands of simulated turns, solver nodes) and capped
per level, never timed, so a seed always gives the same answer; ``budget_ms`` is a safety
net that stops the search early (dropping the unfinished sample) on a machine too slow for
the level's work.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine import Rules
from bot.engine.cards import BLACK, RED

from .cooperation import allowed, forced_lead, partner_holds
from .decompose import Planner
from .move import Counts, Move, Variant, raise_stake, subtract
from .movegen import beating_moves, lead_moves
from .opposition import Opposition, exact_opposition
from .policy import breaks_bomb, choose_move, value_of
from .situation import Situation
from .styles import read_styles
from .turn import Turn

# a searching level of :data:`bot.ai.levels.AI_LEVELS` -> (most samples, candidates besides
# passing, most work): the work of a simulated turn is the number of cards in the acting
# hand, times one plus its wild cards (what a turn's cost grows with)
EFFORT = {"normal": (20, 4, 9000), "hard": (40, 6, 18000)}
TIME_SHARE = 0.85  # of ``budget_ms`` the search may use; the rest is for the heuristic
_ROLLOUT_LIMIT = 200  # plays per simulated deal (safety)
_ROLLOUT_NODES = 24  # decomposition search nodes in simulated deals
EPOCH_CARDS = 6  # simulated players re-read their opponents' hands every this many cards
SOLVE_CARDS = 10  # rollouts are finished by the exact solver from this many cards in all hands
SOLVE_NODES = 400  # ... unless the position needs more nodes than this
SOLVER_NODE_WORK = 2  # work units of a solver node (a simulated turn costs its hand size)
WIN_WEIGHT = 2.0  # points a sampled deal won counts more (a lost one less): see above
ONE_PLAY_CARDS = 8  # simulated players check whether an opponent this short holds one play


class OutOfTime(Exception):
    """The budget ran out in the middle of a rollout."""


def search_move(sit: Situation, turn: Turn, rng: random.Random, level: str,
                budget_ms: float | None, started: float | None = None) -> Move | None:
    """The searched move (None: pass). ``started`` is when the decision began
    (``time.perf_counter()``)."""
    width = EFFORT.get(level, EFFORT["normal"])[1]
    cands = candidates(turn, width)
    if len(cands) == 1:
        return cands[0]
    scored = score_moves(sit, cands, rng, level, budget_ms, started)
    return cands[best_of(scored)]


@dataclass(frozen=True)
class Score:
    """What the search found for one move over its sampled deals: the points the seat's
    side won in all (each deal's stake, signed), the deals it won and the deals played."""

    points: float
    wins: int
    samples: int

    @property
    def merit(self) -> float:
        """What the search maximises: the points, and a win counted ``WIN_WEIGHT`` more
        (a loss as much less)."""
        return self.points + WIN_WEIGHT * (2 * self.wins - self.samples)

    @property
    def win_chance(self) -> float:
        return self.wins / self.samples if self.samples else 0.0

    @property
    def expected_points(self) -> float:
        return self.points / self.samples if self.samples else 0.0


def best_of(scores: Sequence[Score]) -> int:
    """The index of the move the search plays: the best merit (the first of equals)."""
    return max(range(len(scores)), key=lambda i: scores[i].merit)


def score_moves(sit: Situation, cands: Sequence[Move | None], rng: random.Random, level: str,
                budget_ms: float | None = None, started: float | None = None,
                extra: Sequence[Move | None] = ()) -> list[Score]:
    """The score of each of ``cands`` and then of each of ``extra`` over the same sampled
    deals (:func:`search_move` plays the best of ``cands``). ``extra`` moves are played out
    by a simulator of their own: they change neither the samples nor the work counted, so
    the scores of ``cands`` (and the move chosen from them) are what they are without them."""
    samples, _, work = EFFORT.get(level, EFFORT["normal"])
    deadline = None
    if budget_ms is not None:
        deadline = (started or time.perf_counter()) + budget_ms * TIME_SHARE / 1000
    points = [0.0] * (len(cands) + len(extra))
    wins = [0] * len(points)
    played = 0
    sim = Simulator(sit, deadline)
    aside = Simulator(sit) if extra else None
    try:
        for _ in range(samples):
            hands = sit.sample_hands(rng)
            sim.begin_sample(hands)
            results = [sim.rollout(hands, m) for m in cands]
            if aside is not None:
                aside.begin_sample(hands)
                results += [aside.rollout(hands, m) for m in extra]
            for i, x in enumerate(results):
                points[i] += x
                wins[i] += x > 0
            played += 1
            if sim.work >= work:
                break
    except OutOfTime:
        pass  # the unfinished sample is dropped
    return [Score(p, w, played) for p, w in zip(points, wins, strict=True)]


def candidates(turn: Turn, width: int) -> list[Move | None]:
    """The heuristic's choice, its next best moves, the weakest bomb (a bomb doubles the
    points: the search weighs cashing it in), and passing when allowed; only the
    heuristic's choice when it ends the deal or a rule of :mod:`.cooperation` settles it."""
    if turn.last is None:
        legal_moves = lead_moves(turn.hand, turn.v)
    else:
        legal_moves = beating_moves(turn.hand, turn.last, turn.v)
    first = choose_move(turn, legal_moves)  # generated once, for both
    total = sum(turn.hand)
    if first is not None and first.n == total:
        # going out at once; but a bomb of the hand played first doubles the points, when
        # the lead comes back (four with two, a trio taking three of a four...)
        cashing = [m for m in legal_moves if m.cls and m.n < total] \
            if not first.cls and breaks_bomb(turn, first) else []
        if not cashing:
            return [first]
        return [first, min(cashing, key=lambda m: (m.cls, m.n, m.main))]
    if turn.last is None:
        fed = forced_lead(turn, legal_moves)
        if fed is not None:
            return [fed]
        legal = {m.key: m for m in allowed(turn, legal_moves)}
        moves = [g for g in turn.planner.plan(turn.hand).groups if g.key in legal]
        moves += [m for m in legal.values() if m.kind in ("single", "pair")]
        bombs = [m for m in legal.values() if m.cls]
    else:
        if partner_holds(turn):
            # the partner's play stands (every opponent has passed it): never take the
            # trick from him, unless to go out
            finishing = [m for m in legal_moves if m.n == total]
            return [finishing[0] if finishing else None]
        moves = allowed(turn, legal_moves)
        bombs = [m for m in moves if m.cls]
    # a play breaking a bomb or rocket (its double lost) is weighed only when the heuristic,
    # which charges for the break, still prefers it: the simulated opponents play with open
    # hands, so the search undervalues what a bomb kept whole is worth in points
    ranked = sorted((m for m in moves if not breaks_bomb(turn, m)),
                    key=lambda m: -value_of(turn, m))
    out: list[Move | None] = [first]
    for m in ranked:
        if len(out) >= width:
            break
        if m not in out:
            out.append(m)
    if bombs:
        bomb = min(bombs, key=lambda m: (m.cls, m.n, m.main))
        if bomb not in out:
            out.append(bomb)
    if turn.last is not None and None not in out:
        out.append(None)
    return out


class Simulator:
    """Plays sampled deals to the end with the heuristic in every seat. A simulated player
    re-reads his opponents' hands only every ``EPOCH_CARDS`` cards played, so oppositions
    and planners (with their caches) are shared by all the rollouts of a sample."""

    def __init__(self, sit: Situation, deadline: float | None = None) -> None:
        self.sit = sit
        self.deadline = deadline
        self.v = sit.v
        # (the opponents, the epoch) -> their opposition and a planner against it
        self.cache: dict[tuple[tuple[int, ...], int], tuple[Opposition, Planner]] = {}
        self.turns = 0  # simulated turns so far
        self.work = 0  # cards in the acting hands of those turns: the deterministic budget
        self.root_cards = 0
        self.solver = EndgameSolver(self.v, sit.landlord, SOLVE_NODES)
        styles = read_styles(sit)
        self.eager = styles.eager  # opponents simulated as eager answerers
        self.eager_partner = styles.partner  # ... of their partner's plays too

    def begin_sample(self, hands: list[Counts]) -> None:
        """A new sampled deal: planners are shared by the rollouts of one sample."""
        self.cache.clear()
        self.root_cards = sum(sum(h) for h in hands)

    def rollout(self, hands: list[Counts], first: Move | None) -> float:
        """Play a sampled deal to the end after ``first``; the seat's side's points."""
        sit = self.sit
        n = self.v.players
        hands = [h[:] for h in hands]
        seat = sit.seat
        last, last_seat = sit.last_move, sit.last_seat
        passes = _passes(sit)
        stake = sit.stake
        move = first
        wslot = self.v.wslot
        for _ in range(_ROLLOUT_LIMIT):
            if move is None:
                passes += 1
                if last is not None and passes >= n - 1:
                    last, last_seat, passes = None, None, 0
            else:
                hands[seat] = subtract(hands[seat], move.cards)
                if move.cls:
                    stake = raise_stake(self.v, stake, move.kind)
                last, last_seat, passes = move, seat, 0
                if not any(hands[seat]):
                    won = sit.same_side(seat, sit.seat)
                    return float(stake) if won else -float(stake)
            seat = (seat + 1) % n
            if last_seat == seat:
                last, last_seat, passes = None, None, 0
            if sum(map(sum, hands)) <= SOLVE_CARDS:
                solved = self._solve(hands, seat, last, last_seat, passes)
                if solved is not None:
                    won = solved == sit.same_side(sit.landlord, sit.seat)
                    return float(stake) if won else -float(stake)
            self.turns += 1
            h = hands[seat]
            # a turn costs about the cards in the acting hand, more with wild cards
            self.work += sum(h) * (1 + (h[wslot] if wslot is not None else 0))
            if self.deadline is not None and not self.turns % 16 and \
                    time.perf_counter() > self.deadline:
                raise OutOfTime
            move = choose_move(self._turn(seat, hands, last, last_seat))
        return 0.0

    def _solve(self, hands: list[Counts], seat: int, last: Move | None,
               last_seat: int | None, passes: int) -> bool | None:
        """Does the landlord win this end position? None when it is too big to solve."""
        solver = self.solver
        try:
            return solver.landlord_wins(hands, seat, last, last_seat, passes)
        except TooBig:
            return None
        finally:
            self.work += SOLVER_NODE_WORK * solver.nodes

    def _turn(self, seat: int, hands: list[Counts], last: Move | None,
              last_seat: int | None) -> Turn:
        v = self.v
        landlord = self.sit.landlord
        n = len(hands)
        opps = tuple(s for s in range(n) if s != seat and (s == landlord or seat == landlord))
        counts = [sum(h) for h in hands]
        # the opponents' hands are looked at again only every few cards played (an epoch):
        # strengths go a little stale, planners are shared far more
        key = (opps, (self.root_cards - sum(counts)) // EPOCH_CARDS)
        got = self.cache.get(key)
        if got is None:
            opp = exact_opposition(v, list(opps), [hands[o] for o in opps])
            got = (opp, Planner(v, opp, _ROLLOUT_NODES))
            self.cache[key] = got
        unknown = [0] * 16
        for s in range(n):
            if s != seat:
                h = hands[s]
                for r in range(16):
                    unknown[r] += h[r]
        # only the owner of the play to beat matters (the policy asks of him alone)
        out_next = (last_seat,) if last_seat is not None and last_seat in opps and \
            counts[last_seat] <= ONE_PLAY_CARDS and self._is_one_play(hands[last_seat]) else ()
        return Turn(v, seat, landlord, hands[seat], counts, last, last_seat,
                    got[0], got[1], unknown, fast=True, out_next=out_next,
                    eager=seat in self.eager, eager_partner=seat in self.eager_partner)

    def _is_one_play(self, hand: Counts) -> bool:
        """Can ``hand`` be led in one play (its owner's next lead ends the deal)?"""
        v = self.v
        total = sum(hand)
        if total <= 4 and not v.four and not hand[BLACK] and not hand[RED] and \
                (v.wslot is None or not hand[v.wslot]):
            # natural cards, no joker: a single, pair, trio, trio with one or bomb
            return max(hand) >= (total - 1 if total == 4 else total)
        if v.wslot is None or not hand[v.wslot]:
            held = {c for c in hand if c}
            if len(held) > 1 and (max(held) < 3 or sum(1 for c in hand if c) > 4):
                return False  # only chains and pair chains mix no trio; none has 5 ranks
        key = (v.rules, tuple(hand))
        got = _ONE_PLAY.get(key)
        if got is None:
            got = any(m.n == total for m in lead_moves(hand, v))
            if len(_ONE_PLAY) >= _ONE_PLAY_KEEP:
                _ONE_PLAY.clear()
            _ONE_PLAY[key] = got
        return got


# (rules, hand) -> can the hand be led in one play? Shared by every search of the process
_ONE_PLAY: dict[tuple[Rules, tuple[int, ...]], bool] = {}
_ONE_PLAY_KEEP = 200_000


def _passes(sit: Situation) -> int:
    count = 0
    for _, m in reversed(sit.moves):
        if m is not None:
            break
        count += 1
    return count


# ---------------------------------------------------------------------- end positions
SolveKey = tuple[tuple[tuple[int, ...], ...], int, tuple[tuple[int, ...], str, int] | None,
                 int | None, int]
"""An end position: (the hands, the seat to act, the move to beat's key, its seat, passes)."""


class TooBig(Exception):
    """The position needs more nodes than the budget."""


class EndgameSolver:
    """Solves end positions of one variant; remembers them across calls."""

    def __init__(self, v: Variant, landlord: int, budget: int) -> None:
        self.v = v
        self.landlord = landlord
        self.budget = budget
        self.memo: dict[SolveKey, bool] = {}
        self.nodes = 0

    def landlord_wins(self, hands: list[Counts], seat: int, last: Move | None,
                      last_seat: int | None, passes: int) -> bool:
        """Does the landlord win with best play from here (both sides knowing all)?
        Raises :class:`TooBig` past the node budget."""
        self.nodes = 0
        return self._solve([list(h) for h in hands], seat, last, last_seat, passes)

    def _solve(self, hands: list[Counts], seat: int, last: Move | None,
               last_seat: int | None, passes: int) -> bool:
        key = (tuple(tuple(h) for h in hands), seat,
               last.key if last is not None else None, last_seat, passes)
        got = self.memo.get(key)
        if got is not None:
            return got
        self.nodes += 1
        if self.nodes > self.budget:
            raise TooBig
        v = self.v
        n = len(hands)
        hand = hands[seat]
        mine = seat == self.landlord  # the landlord looks for a win, a farmer for a loss
        moves: Sequence[Move | None]  # None (passing) only last, after the sorted moves
        if last is None:
            leads: list[Move] = sorted(lead_moves(hand, v, full=True), key=lambda m: -m.n)
            moves = leads
        else:
            moves = [*sorted(beating_moves(hand, last, v, full=True), key=lambda m: -m.n),
                     None]
        total = sum(hand)
        if any(m is not None and m.n == total for m in moves):
            self.memo[key] = mine
            return mine
        nxt = (seat + 1) % n
        result = not mine
        for m in moves:
            if m is None:
                if passes + 1 >= n - 1 or nxt == last_seat:
                    won = self._solve(hands, nxt, None, None, 0)
                else:
                    won = self._solve(hands, nxt, last, last_seat, passes + 1)
            else:
                cards = m.cards
                for r, c in enumerate(cards):
                    if c:
                        hand[r] -= c
                won = self._solve(hands, nxt, m, seat, 0)
                for r, c in enumerate(cards):
                    if c:
                        hand[r] += c
            if won == mine:
                result = mine
                break
        self.memo[key] = result
        return result

"""Guards: the rules every player expects of a move, read from a seat's view alone.

Issue 55's "What every player expects", as predicates on a :class:`~bot.engine.SeatView`
(what the seat may see: its hand, the plays so far, the counts, the shown hands, the
bottom once revealed) and :func:`violations`, which names the rules an action breaks:

- ``lead_single_into_one``: leading a single that an opponent with one card (报单) could
  beat, while some lead that no short opponent could beat is at hand;
- ``lead_pair_into_two``: the same for a pair and an opponent with two cards (报双);
- ``pass_when_must_beat``: following, passing while an opponent has one card and a play
  is at hand that no one-card opponent could beat back, unless the partner holds the
  trick (his play, and no opponent still to act on it could beat it);
- ``let_stand_unsafe``: passing on a partner's play that an opponent still to act, down to
  one or two cards, could beat, while a play is at hand that no such opponent could beat
  (the opponents with many cards are left out: overtaking a partner's low card whenever
  some opponent could beat it throws more deals away than it saves);
- ``answer_into_one``: following, answering with a play an opponent with one card could
  beat (and go out: an opponent on one or two cards who wins a trick leads his last
  card), while some answer is at hand that no opponent down to one or two cards could
  beat (the issue's "the hint beats it when it can": with a card they cannot beat back);
- ``answer_into_two``: the same for an opponent with two cards who could go out on it (a
  pair, or the rocket), or, on the partner's play, who could beat it at all (the hint
  overtakes a partner with a card the opponent cannot beat, or lets it stand);
- ``not_winning_now``: the whole hand is one legal play and the action is not it;
- ``bomb_without_race``: a bomb or rocket (not the whole hand, no opponent down to one or
  two cards: then it is defence) that does not win the trick race. The race is read by the
  AI's own planner and card counting (:func:`bot.ai.cooperation.wins_from_here`): after the
  bomb, the plan of the cards left has more than :data:`RACE_LEADS` plays an opponent
  could beat (the bomb regains the lead, then the lead is lost again and again). Where the
  stake weighs more (:func:`stake_aware`: the four-player game, whose stakes reach every
  farmer, and the novice room) any bomb that does not win from here breaks it: the bomb
  must stand and leave at most one play that could be beaten.

"Could beat" is decided from the cards still unseen by this seat (not in its hand, not
played, not shown; the bottom's cards the landlord has not played are his), or from the
opponent's shown hand: any legal play of those cards (wild cards read every way the
engine allows) of at most as many cards as the opponent holds that beats the play. It is
conservative: a card that could be anywhere is taken as possibly his.

Pure: no asyncio, Discord, store or clock; everything here is picklable data in and out.
"""

from __future__ import annotations

from bot.engine import (
    Action,
    Pass,
    Phase,
    Play,
    PlayCards,
    SeatView,
    beats,
    legal_plays,
    reading_of,
    readings,
)
from bot.engine.cards import counts_of, counts_of_text, make_deck
from bot.engine.errors import RuleError
from bot.engine.rules import room_of
from bot.engine.scoring import SUPER_CAP, bomb_factor

from .cooperation import SURE, wins_from_here
from .decompose import Planner
from .move import move_of_play, subtract, to_play
from .situation import read_situation
from .turn import Turn

RULES = ("lead_single_into_one", "lead_pair_into_two", "pass_when_must_beat",
         "let_stand_unsafe", "answer_into_one", "answer_into_two", "not_winning_now",
         "bomb_without_race")
"""Every rule :func:`violations` may name, in the issue's order."""

RISKS = ("risky_one", "risky_two", "risky_not_win", "risky_stake")
"""The risks a hint alternative kept though it breaks a rule says (``Reason.risk``): a
lead an opponent with one card (two cards) could beat and go out on; a play that is not
the whole hand when the whole hand goes out; a bomb that raises the stake without winning
the race (words: :mod:`bot.words.reasons`)."""


def risk_of(broken: list[str]) -> str:
    """The risk (of :data:`RISKS`) of a play that breaks the rules ``broken``, or ""."""
    if "not_winning_now" in broken:
        return "risky_not_win"
    if "lead_single_into_one" in broken or "answer_into_one" in broken:
        return "risky_one"
    if "lead_pair_into_two" in broken or "answer_into_two" in broken:
        return "risky_two"
    if "bomb_without_race" in broken:
        return "risky_stake"
    return ""

SHORT = 2  # an opponent with this many cards or fewer is about to go out


def players(view: SeatView) -> int:
    return len(view.counts)


def is_partner(view: SeatView, seat: int) -> bool:
    """Is ``seat`` on the view's seat's side (and not the seat itself)?"""
    me = view.seat
    if me is None or seat == me or view.landlord is None:
        return False
    return (seat == view.landlord) == (me == view.landlord)


def opponents(view: SeatView) -> list[int]:
    """The seats on the other side, in seat order."""
    me = view.seat
    if me is None or view.landlord is None:
        return []
    return [s for s in range(players(view))
            if s != me and (s == view.landlord) != (me == view.landlord)]


def with_cards(view: SeatView, n: int) -> list[int]:
    """The opponents holding exactly ``n`` cards (1: 报单, 2: 报双)."""
    return [o for o in opponents(view) if view.counts[o] == n]


def next_seat(view: SeatView) -> int:
    """The seat that acts after the view's seat."""
    assert view.seat is not None
    return (view.seat + 1) % players(view)


def still_to_act(view: SeatView) -> list[int]:
    """The seats that act on the trick after this seat, in order: everyone else when
    leading, else the seats between this one and the one who made the play to beat."""
    me = view.seat
    assert me is not None
    n = players(view)
    stop = view.last[0] if view.last is not None else me
    out: list[int] = []
    s = (me + 1) % n
    while s != stop and s != me:
        if view.counts[s] > 0:
            out.append(s)
        s = (s + 1) % n
    return out


def _landlord_keeps(view: SeatView) -> list[int]:
    """Rank counts of the bottom's cards the landlord still surely holds (the bottom less
    every card of its ranks he has played: conservative when he played such a rank)."""
    keep = counts_of_text(view.bottom or "")
    if view.landlord is None:
        return [0] * len(keep)
    for seat, play in view.plays:
        if seat == view.landlord and play is not None:
            for i, n in enumerate(counts_of_text(play.cards)):
                keep[i] = max(0, keep[i] - n)
    return keep


def unseen(view: SeatView) -> list[int]:
    """Rank counts of the cards this seat cannot place: the deck less its hand, the cards
    played and the hands shown."""
    rules = view.rules
    left = counts_of(make_deck(rules.decks, rules.flower))
    gone = [counts_of_text(view.hand)]
    gone += [counts_of_text(p.cards) for _, p in view.plays if p is not None]
    gone += [counts_of_text(cards) for s, cards in view.shown.items() if s != view.seat]
    for counts in gone:
        for i, n in enumerate(counts):
            left[i] = max(0, left[i] - n)
    return left


def pool_of(view: SeatView, seat: int) -> list[int]:
    """Rank counts of the cards ``seat`` may hold, as far as this seat knows."""
    if seat in view.shown:
        return counts_of_text(view.shown[seat])
    pool = unseen(view)
    if view.landlord is not None and seat != view.landlord and view.landlord != view.seat:
        keep = _landlord_keeps(view)
        pool = [max(0, n - k) for n, k in zip(pool, keep, strict=True)]
    return pool


def could_beat(view: SeatView, seat: int, play: Play) -> bool:
    """Could ``seat`` beat ``play`` with cards it may hold (at most as many as it has)?"""
    n = view.counts[seat]
    if n <= 0:
        return False
    pool = pool_of(view, seat)
    if sum(pool) == 0:
        return False
    return any(len(p.cards) <= n for p in legal_plays(pool, play, view.rules))


def goes_out_on(view: SeatView, seat: int, play: Play) -> bool:
    """Could ``seat`` beat ``play`` with every card it holds (and so go out)?"""
    n = view.counts[seat]
    if n <= 0:
        return False
    pool = pool_of(view, seat)
    return sum(pool) >= n and any(len(p.cards) == n
                                  for p in legal_plays(pool, play, view.rules))


def safe_from(view: SeatView, play: Play, seats: list[int]) -> bool:
    """No seat of ``seats`` could beat ``play``."""
    return not any(could_beat(view, s, play) for s in seats)


def short_opponents(view: SeatView) -> list[int]:
    """The opponents down to one or two cards (报单, 报双)."""
    return [o for o in opponents(view) if 0 < view.counts[o] <= SHORT]


def open_lead(view: SeatView, play: Play) -> str | None:
    """The rule a lead of ``play`` breaks by itself (an opponent holding as many cards as
    a single or a pair could beat it and go out), or None."""
    if play.is_bomb or len(play.cards) == len(view.hand):
        return None
    if play.kind == "single" and any(could_beat(view, o, play) for o in with_cards(view, 1)):
        return "lead_single_into_one"
    if play.kind == "pair" and any(could_beat(view, o, play) for o in with_cards(view, 2)):
        return "lead_pair_into_two"
    return None


def open_answer(view: SeatView, play: Play, legal: list[Play] | None = None) -> list[str]:
    """The rules an answer of ``play`` breaks (``answer_into_one``/``_two``: an opponent
    with that many cards could beat it (with two, go out on it unless the trick is the
    partner's), while some legal answer no short opponent could beat is at hand).
    ``legal``: the seat's legal plays, when already known."""
    short = short_opponents(view)
    if not short or view.last is None or len(play.cards) == len(view.hand):
        return []
    over_partner = is_partner(view, view.last[0])
    beaters = {view.counts[o] for o in short
               if (goes_out_on(view, o, play) if view.counts[o] == 2 and not over_partner
                   else could_beat(view, o, play))}
    if not beaters:
        return []
    plays = view.legal_plays() if legal is None else legal
    if not any(safe_from(view, p, short) for p in plays):
        return []
    return [rule for n, rule in ((1, "answer_into_one"), (2, "answer_into_two"))
            if n in beaters]


def whole_hand(view: SeatView) -> Play | None:
    """A legal play of the whole hand, if there is one (the deal is won by it): a reading
    of every card held that leads, or beats the play to beat."""
    if not view.hand:
        return None
    last = view.last[1] if view.last is not None and view.last[0] != view.seat else None
    for play in readings(view.hand, view.rules):
        if last is None or beats(play, last, view.rules):
            return play
    return None


def partner_holds(view: SeatView) -> bool:
    """The play to beat is the partner's and no opponent still to act could beat it."""
    if view.last is None or not is_partner(view, view.last[0]):
        return False
    return safe_from(view, view.last[1], [s for s in still_to_act(view)
                                          if not is_partner(view, s)])


def play_of(view: SeatView, action: Action) -> Play | None:
    """The reading of a play action in this position (None: a pass or no play)."""
    if not isinstance(action, PlayCards):
        return None
    last = view.last[1] if view.last is not None and view.last[0] != view.seat else None
    try:
        return reading_of(action.cards, view.rules, kind=action.kind,
                          main_rank=action.main, last=last)
    except RuleError:
        return None


def danger_to_stand(view: SeatView) -> list[int]:
    """The opponents still to act on the trick who are down to one or two cards."""
    short = short_opponents(view)
    return [s for s in still_to_act(view) if s in short]


def _in_play(view: SeatView) -> bool:
    return (view.phase == Phase.PLAY and view.seat is not None and view.to_act == view.seat
            and view.landlord is not None)


RACE_LEADS = 2
"""A bomb leaving more plays than this that an opponent could beat does not win the race."""


def stake_aware(view: SeatView) -> bool:
    """Is every bomb weighed against the stake: the four-player game or the novice room?"""
    return players(view) == 4 or room_of(view.rules) == "novice"


def turn_of_view(view: SeatView) -> Turn:
    """The AI's turn (planner, card counting) for the view's seat."""
    assert view.seat is not None and view.landlord is not None
    history = [(s, p if p is not None else "") for s, p in view.plays]
    sit = read_situation(view.rules, view.hand, history, view.landlord, view.seat,
                         view.bottom or "", dict(view.shown))
    opp = sit.opposition()
    return Turn(sit.v, sit.seat, sit.landlord, sit.hand, sit.counts, sit.last_move,
                sit.last_seat, opp, Planner(sit.v, opp), sit.unknown)


def bomb_race(view: SeatView, play: Play, turn: Turn | None = None) -> bool:
    """Does the bomb or rocket ``play`` break ``bomb_without_race`` (see the module
    docstring)? ``turn``: the AI's turn for the view when already built."""
    if not play.is_bomb or len(play.cards) == len(view.hand) or short_opponents(view):
        return False
    t = turn_of_view(view) if turn is None else turn
    m = move_of_play(play, t.v)
    if wins_from_here(t, m):
        return False
    if stake_aware(view):
        return True
    groups = [g for g in t.planner.plan(subtract(t.hand, m.cards)).groups
              if g.kind in t.v.classes]
    return sum(1 for g in groups if t.opp.strength(g.kind, g.n, g.main) < SURE) > RACE_LEADS


def sure_win(view: SeatView, play: Play, turn: Turn | None = None) -> bool:
    """Is the deal won after ``play`` whatever the unseen cards hold: no opponent could
    beat it (a bomb or rocket included), and every play of the plan of the cards left but
    one (played last) is beyond every opponent too? ``turn``: the AI's turn, if built."""
    opps = [o for o in opponents(view) if view.counts[o] > 0]
    if not safe_from(view, play, opps):
        return False
    t = turn_of_view(view) if turn is None else turn
    after = subtract(t.hand, move_of_play(play, t.v).cards)
    if not any(after):
        return True
    beatable = 0
    for g in t.planner.plan(after).groups:
        if g.kind not in t.v.classes:  # the flower as a kicker goes out with another play
            continue
        lead = to_play(g, t.v, None)
        if lead is None or not safe_from(view, lead, opps):
            beatable += 1
            if beatable > 1:
                return False
    return True


def stake_after(view: SeatView, play: Play) -> tuple[int, int]:
    """The table's multiplier (its base included: the bid, the call game's initial ×)
    before and after ``play`` (a bomb or rocket multiplies it by the variant's factor,
    docs/rules.md §6.1: ×2, laizi's hard and wild bombs and rocket ×4, super's super bomb ×3,
    super capped at 24; 加倍 is pairwise and left out). Equal for an ordinary play."""
    before = view.total_multiplier
    mult = max(1, view.multiplier)
    base = max(1, before // mult)
    after = mult * bomb_factor(view.rules, play.kind) if play.is_bomb else mult
    if view.rules.variant == "super":
        after = min(after, SUPER_CAP)
    return before, max(after, mult) * base


def violations(view: SeatView, action: Action, legal: list[Play] | None = None
               ) -> list[str]:
    """The rules of :data:`RULES` that ``action`` breaks for the view's seat (which must
    be the seat to act in the play phase; otherwise none). ``legal``: the seat's legal
    plays when already known (else worked out only when a rule needs them)."""
    if not _in_play(view):
        return []
    play = play_of(view, action)
    out: list[str] = []
    n = len(view.hand)
    if (play is None or len(play.cards) != n) and whole_hand(view) is not None:
        out.append("not_winning_now")
    if play is not None and bomb_race(view, play):
        out.append("bomb_without_race")
    if view.last is None:
        if play is not None:
            rule = open_lead(view, play)
            if rule is not None:
                plays = view.legal_plays() if legal is None else legal
                if any(open_lead(view, p) is None for p in plays):
                    out.append(rule)
        return out
    if play is not None:
        out += open_answer(view, play, legal)
        return out
    if not isinstance(action, Pass):
        return out
    ones = with_cards(view, 1)
    stand = is_partner(view, view.last[0])
    danger = danger_to_stand(view) if stand else []
    if not ones and not danger:
        return out
    plays = view.legal_plays() if legal is None else legal
    if ones and not partner_holds(view) and any(safe_from(view, p, ones) for p in plays):
        out.append("pass_when_must_beat")
    if danger and not safe_from(view, view.last[1], danger) \
            and any(safe_from(view, p, danger) for p in plays):
        out.append("let_stand_unsafe")
    return out


def applies(view: SeatView, legal: list[Play] | None = None) -> list[str]:
    """The rules of :data:`RULES` that some action could break in this position (the
    bench's denominator): a rule applies when the position has its trigger."""
    if not _in_play(view):
        return []
    out: list[str] = []
    if whole_hand(view) is not None:
        out.append("not_winning_now")
    plays = view.legal_plays() if legal is None else legal
    if not short_opponents(view) and any(p.is_bomb and len(p.cards) < len(view.hand)
                                         for p in plays):
        out.append("bomb_without_race")
    if view.last is None:
        if with_cards(view, 1):
            out.append("lead_single_into_one")
        if with_cards(view, 2):
            out.append("lead_pair_into_two")
        return out
    if plays and with_cards(view, 1):
        out.append("pass_when_must_beat")
    if plays:
        out += [rule for n, rule in ((1, "answer_into_one"), (2, "answer_into_two"))
                if with_cards(view, n)]
    if plays and is_partner(view, view.last[0]) and danger_to_stand(view):
        out.append("let_stand_unsafe")
    return out


__all__ = ["RACE_LEADS", "RISKS", "RULES", "SHORT", "applies", "bomb_race", "could_beat",
           "danger_to_stand", "goes_out_on", "is_partner", "next_seat", "open_answer", "open_lead",
           "opponents", "partner_holds", "play_of", "pool_of", "risk_of", "short_opponents",
           "stake_after", "stake_aware", "still_to_act", "sure_win", "turn_of_view", "unseen",
           "violations", "whole_hand", "with_cards"]

"""Readings: every way a set of cards can be played (docs/rules.md §4).

Without wild cards a set has at most one reading. The flower card (super) and the laizi
cards (laizi) can give several; :func:`readings` lists each distinct (kind, main rank) once,
strongest (canonical) first. :func:`canonical` is the reading used when leading without a
declaration, :func:`follow_reading` the one used when following.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations_with_replacement

from .cards import FLOWER, RANK_CHARS, TWO, Card, text_of_counts
from .compare import beats, reading_order
from .errors import IllegalActionError
from .notation import counts_of_cards
from .patterns import classify_natural
from .play import Play
from .rules import Rules


def readings(cards: str | Iterable[Card] | list[int], rules: Rules) -> list[Play]:
    """Every legal reading of exactly these cards, canonical (strongest) first.

    ``cards`` is notation (``"44556" "7"``), physical cards or rank counts. An empty list
    means the cards are no play.
    """
    c = counts_of_cards(cards, rules)
    text = text_of_counts(c)
    kinds = rules.kinds
    four = rules.variant == "four"
    found: dict[tuple[str, int], Play] = {}
    laizi = rules.laizi_index if rules.variant == "laizi" else None

    if rules.flower and c[FLOWER]:
        nat = c[:]
        nat[FLOWER] = 0
        if sum(nat) == 0:
            return []  # the flower is never played alone
        if sum(nat) == 4 and max(nat) == 4:
            rank = nat.index(4)
            if rank <= TWO:
                found[("super_bomb", rank)] = Play("super_bomb", RANK_CHARS[rank], text,
                                                   RANK_CHARS[rank], "F")
        for x in range(15):
            nat[x] += 1
            for kind, main in classify_natural(nat, kinds, four):
                if (kind, main) not in found:
                    found[(kind, main)] = Play(kind, RANK_CHARS[main], text, RANK_CHARS[x],
                                               "F")
            nat[x] -= 1
    elif laizi is not None and c[laizi]:
        w = c[laizi]
        nat = c[:]
        nat[laizi] = 0
        if sum(nat) == 0:
            for kind, main in classify_natural(c, kinds, four):
                kind = "laizi_bomb" if kind == "bomb" else kind
                found[(kind, main)] = Play(kind, RANK_CHARS[main], text)
        else:
            for assign in combinations_with_replacement(range(TWO + 1), w):
                for x in assign:
                    nat[x] += 1
                for kind, main in classify_natural(nat, kinds, four):
                    kind = "soft_bomb" if kind == "bomb" else kind
                    if (kind, main) not in found:
                        found[(kind, main)] = Play(kind, RANK_CHARS[main], text,
                                                   "".join(RANK_CHARS[x] for x in assign),
                                                   RANK_CHARS[laizi])
                for x in assign:
                    nat[x] -= 1
    else:
        if c[FLOWER]:
            return []
        for kind, main in classify_natural(c, kinds, four):
            if rules.variant == "laizi" and kind == "bomb":
                kind = "hard_bomb"
            found[(kind, main)] = Play(kind, RANK_CHARS[main], text)
    plays = [p for p in found.values() if p.kind in kinds]
    plays.sort(key=lambda p: reading_order(p, rules), reverse=True)
    return plays


def canonical(cards: str | Iterable[Card] | list[int], rules: Rules) -> Play | None:
    """The reading used when leading without a declaration, or None for no play."""
    found = readings(cards, rules)
    return found[0] if found else None


def follow_reading(options: list[Play], last: Play, rules: Rules) -> Play | None:
    """Of the readings ``options`` (of one card set), the one used to follow ``last``
    without a declaration: the same kind with the highest main rank, else the weakest
    bomb-class reading that beats it (docs/rules.md §4.3)."""
    winners = [p for p in options if beats(p, last, rules)]
    if not winners:
        return None
    same = [p for p in winners if p.kind == last.kind]
    if same:
        return max(same, key=lambda p: p.main_index)
    return min(winners, key=lambda p: reading_order(p, rules))


def reading_of(cards: str | Iterable[Card], rules: Rules, *, kind: str | None = None,
               main_rank: str | None = None, last: Play | None = None) -> Play:
    """The reading to use for ``cards``: the declared one (``kind`` and optionally
    ``main_rank``), else the canonical one when leading or :func:`follow_reading` when
    following ``last``. Raises :class:`IllegalActionError` when there is none."""
    options = readings(cards, rules)
    text = cards if isinstance(cards, str) else text_of_counts(counts_of_cards(cards, rules))
    if not options:
        raise IllegalActionError(f"{text!r} is not a play in {rules.variant}",
                                 code="no_pattern", cards=text, variant=rules.variant)
    if kind is not None:
        chosen = [p for p in options if p.kind == kind
                  and (main_rank is None or p.main_rank == main_rank)]
        if not chosen:
            raise IllegalActionError(
                f"{text!r} cannot be read as {kind}"
                + (f" of {main_rank}" if main_rank else ""),
                code="no_such_reading", cards=text, kind=kind, main=main_rank,
            )
        options = chosen
    if last is None:
        return options[0]
    play = follow_reading(options, last, rules)
    if play is None:
        raise IllegalActionError(
            f"{text!r} does not beat {last.cards!r} ({last.kind})",
            code="does_not_beat", cards=text, last=last.cards, kind=last.kind,
            # both readings, so a message can say the plays as players do (QQQ带3)
            last_main=last.main_rank, last_wild_as=last.wild_as, last_wild=last.wild,
            play_kind=options[0].kind, play_main=options[0].main_rank,
            play_wild_as=options[0].wild_as, play_wild=options[0].wild,
        )
    return play


"""Which play beats which (docs/rules.md §3)."""

from __future__ import annotations

from .cards import RANK_INDEX
from .kinds import BOMB_CLASSES, UNIT
from .patterns import main_part_size
from .play import Play
from .rules import Rules


def bomb_class(play: Play, rules: Rules) -> int:
    """0 for an ordinary play, else the rank of its bomb class in the variant (higher wins)."""
    return BOMB_CLASSES[rules.variant].get(play.kind, 0)


def beats(a: Play, b: Play, rules: Rules) -> bool:
    """May ``a`` be played on ``b``? Strictly stronger, by the variant's order."""
    table = BOMB_CLASSES[rules.variant]
    ca = table.get(a.kind, 0)
    cb = table.get(b.kind, 0)
    if ca != cb:
        return ca > cb
    if ca == 0:
        return (a.kind == b.kind and len(a.cards) == len(b.cards)
                and RANK_INDEX[a.main_rank] > RANK_INDEX[b.main_rank])
    if a.kind == "rocket":
        return False  # rockets never beat rockets
    if rules.variant == "four" and len(a.cards) != len(b.cards):
        return len(a.cards) > len(b.cards)
    return RANK_INDEX[a.main_rank] > RANK_INDEX[b.main_rank]


def reading_order(play: Play, rules: Rules) -> tuple[int, int, int, int, int]:
    """Sort key of readings of the same cards: larger is more canonical (docs/rules.md §4.3)."""
    cls = bomb_class(play, rules)
    size = len(play.cards) if cls and rules.variant == "four" else 0
    return (cls, size, main_part_size(play.kind, len(play.cards)), UNIT[play.kind],
            RANK_INDEX[play.main_rank])

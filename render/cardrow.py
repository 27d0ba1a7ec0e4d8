"""Cards as the pictures take them, and rows of overlapping cards.

Pictures accept cards as engine :class:`~bot.engine.cards.Card` values or as notation
(``"334BRF"``); notation has no suits, so each copy of a rank gets the next of ♠♥♣♦ (a
stable, plausible look). Rows are drawn left to right, each card over the previous one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PIL import Image

from bot.engine.cards import BLACK, RANK_CHARS, RANK_INDEX, TWO, Card

from .sprites import MINI, CardGeom, back_sprite, face_sprite, hidden_by, paste_uncovered

CardsLike = Sequence[Card] | str

_SUIT_ORDER = {"S": 0, "H": 1, "C": 2, "D": 3, "": 0}
_DISPLAY_SUITS = "SHCD"


def display_key(card: Card) -> tuple[int, int, int]:
    """Sort key: rank, then ♠♥♣♦, then deck."""
    return (card.rank, _SUIT_ORDER.get(card.suit, 0), card.deck)


def cards_of(cards: CardsLike | Iterable[Card], keep_order: bool = False) -> list[Card]:
    """Cards sorted for display (or in the given order, with ``keep_order``); notation gets
    display suits. Raises ``ValueError`` on a character that is not a card
    (``3456789TJQKA2BRF``; ``10`` is read as ``T``)."""
    if isinstance(cards, str):
        text = cards.upper().replace("10", "T")
        out: list[Card] = []
        seen = [0] * len(RANK_CHARS)
        for ch in text:
            if ch in " ,":
                continue
            rank = RANK_INDEX.get(ch)
            if rank is None:
                raise ValueError(f"not a card: {ch!r} in {cards!r}")
            k = seen[rank]
            seen[rank] += 1
            suit = _DISPLAY_SUITS[k % 4] if rank <= TWO else ""
            out.append(Card(rank, suit, k // 4 if rank <= TWO else k))
        return out if keep_order else sorted(out, key=display_key)
    return list(cards) if keep_order else sorted(cards, key=display_key)


def laizi_rank(laizi: str | None) -> int | None:
    """The rank index of a laizi given as notation (``"7"``, ``"T"`` or ``"10"``), or None."""
    if laizi is None or laizi == "":
        return None
    text = str(laizi).upper().replace("10", "T")
    rank = RANK_INDEX.get(text)
    if rank is None or rank >= BLACK or len(text) != 1:
        raise ValueError(f"the laizi must be one rank of 3..2, not {laizi!r}")
    return rank


def row_width(n: int, geom: CardGeom, step: int) -> int:
    """Width in px of ``n`` overlapping cards."""
    return 0 if n <= 0 else (n - 1) * step + geom.w


def per_row(max_width: int, geom: CardGeom, step: int | None = None) -> int:
    """How many overlapping cards fit in ``max_width`` px (at least one)."""
    step = geom.strip if step is None else step
    return max(1, (max_width - geom.w) // step + 1)


def wrap_cards(cards: Sequence[Card], max_width: int, geom: CardGeom,
               step: int | None = None) -> list[list[Card]]:
    """``cards`` cut into rows that fit ``max_width`` px, as even as possible: cards are
    never squeezed below their corner strip, so an index ("10") is never covered."""
    if not cards:
        return []
    k = per_row(max_width, geom, step)
    rows = -(-len(cards) // k)
    size = -(-len(cards) // rows)
    return [list(cards[i:i + size]) for i in range(0, len(cards), size)]


def draw_cards(image: Image.Image, cards: Sequence[Card], x: int, y: int, geom: CardGeom = MINI,
               step: int | None = None, laizi: int | None = None) -> list[tuple[int, int]]:
    """Draw ``cards`` face up from (x, y), each ``step`` px right of the last (never less
    than the corner strip: the index stays whole); return the top-left corner of each card."""
    step = geom.strip if step is None else max(step, geom.strip)
    corners = []
    for i, card in enumerate(cards):
        sprite = face_sprite(card.rank, card.suit, laizi is not None and card.rank == laizi,
                             geom)
        cx = x + i * step
        at = (cx - sprite.pad, y - sprite.pad)
        paste_uncovered(image, sprite, at,
                        hidden_by(geom, (at[0] + step, at[1])) if i + 1 < len(cards) else None)
        corners.append((cx, y))
    return corners


def draw_backs(image: Image.Image, n: int, x: int, y: int, geom: CardGeom = MINI,
               step: int | None = None) -> None:
    """Draw ``n`` card backs from (x, y)."""
    step = geom.strip if step is None else step
    sprite = back_sprite(geom)
    for i in range(n):
        at = (x + i * step - sprite.pad, y - sprite.pad)
        paste_uncovered(image, sprite, at,
                        hidden_by(geom, (at[0] + step, at[1])) if i + 1 < n else None)

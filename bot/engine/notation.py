"""The one parser for cards that users type.

Accepted: rank characters ``3456789TJQKA2`` (any case), ``10``, ``B``/``R`` or ``小王``/``大王``
(also ``small``/``big``, ``black``/``red``, ``小鬼``/``大鬼``), ``joker`` (the joker the hand
holds, when it holds one kind), ``jokers``/``rocket``/``王炸``/``双王`` for both jokers,
``F``/``花``/``花牌``/``flower``; separated by nothing, spaces, commas (also ``，、;/+``).
Suit symbols (``♠♥♣♦``) are ignored. Errors name the exact token that could not be read, or
the card the hand does not hold.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence

from .cards import (
    NUM_RANKS,
    RANK_CHARS,
    RANK_INDEX,
    RANK_NAMES_EN,
    Card,
    counts_of,
    counts_of_text,
    sort_text,
)
from .errors import CardsNotHeldError, InvalidCardsError
from .play import Play
from .rules import Rules

Cards = str | Play | Sequence[int] | Iterable[Card]
"""Cards in any of the forms the engine takes: notation as typed (checked against the
variant's deck), a play, 16 rank counts, or physical cards."""


def counts_of_cards(cards: Cards, rules: Rules) -> list[int]:
    """The rank counts (16 ints) of ``cards`` in any form of :data:`Cards`."""
    if isinstance(cards, str):
        return counts_of_text(parse_cards(cards, rules=rules))
    if isinstance(cards, Play):
        return counts_of_text(cards.cards)
    if isinstance(cards, list | tuple) and len(cards) == NUM_RANKS and \
            all(isinstance(x, int) for x in cards):
        return list(cards)
    return counts_of(cards)  # type: ignore[arg-type]

_SEPARATORS = set(" \t\r\n,，、;；/+|")
_IGNORED = set("♠♥♣♦♤♡♧♢")

# multi-character words, matched longest first; the value is cards or a special marker
_WORDS: dict[str, str] = {
    "10": "T",
    "小王": "B", "小鬼": "B", "小joker": "B", "small": "B", "black": "B", "little": "B",
    "sj": "B",
    "大王": "R", "大鬼": "R", "大joker": "R", "big": "R", "red": "R", "rj": "R",
    "jokers": "BR", "rocket": "BR", "王炸": "BR", "双王": "BR", "雙王": "BR", "火箭": "BR",
    "joker": "?", "王": "?",
    "flower": "F", "花牌": "F", "花": "F",
}
_WORD_KEYS = sorted(_WORDS, key=len, reverse=True)
_SINGLE = {c.lower(): c for c in "3456789TJQKA2BRF"}

ORDINALS = ["", "", "second ", "third ", "fourth ", "fifth ", "sixth ", "seventh ", "eighth ",
            "ninth "]


def _tokens(text: str) -> list[tuple[str, str]]:
    """Split ``text`` into (token as typed, cards) pairs; raise on the first unreadable token."""
    norm = unicodedata.normalize("NFKC", text).lower()
    out: list[tuple[str, str]] = []
    i = 0
    while i < len(norm):
        ch = norm[i]
        if ch in _SEPARATORS or ch in _IGNORED or ch == "\ufe0f":
            i += 1
            continue
        for word in _WORD_KEYS:
            if norm.startswith(word, i):
                # "small joker", "big joker", "joker small": swallow a following " joker"
                j = i + len(word)
                if _WORDS[word] in ("B", "R") and word.isascii() and len(word) > 2:
                    rest = norm[j:].lstrip(" ")
                    if rest.startswith("joker") and not rest.startswith("jokers"):
                        j = len(norm) - len(rest) + len("joker")
                out.append((norm[i:j], _WORDS[word]))
                i = j
                break
        else:
            if ch in _SINGLE:
                out.append((ch, _SINGLE[ch]))
                i += 1
                continue
            # the unreadable token: the run of non-separator characters starting here
            j = i
            while j < len(norm) and norm[j] not in _SEPARATORS:
                j += 1
            token = norm[i:j]
            raise InvalidCardsError(
                f"could not read {token!r} in {text!r}: use 3-9, 10 or T, J, Q, K, A, 2, "
                f"B (small joker), R (big joker)",
                code="unknown_token", token=token, text=text,
            )
    return out


def parse_cards(
    text: str,
    hand: str | Iterable[Card] | None = None,
    rules: Rules | None = None,
) -> str:
    """Read cards typed by a user and return them in sorted notation (``"3334F"``).

    With ``hand`` (notation or cards), every card must be in the hand, and a lone
    ``joker`` means the joker the hand holds. With ``rules``, cards the variant's deck
    lacks (the flower outside super, a fifth 7 with one deck) are refused.
    """
    if not isinstance(text, str):
        raise InvalidCardsError("cards must be text", code="not_text", text=repr(text))
    hand_counts = None
    if hand is not None:
        hand_counts = counts_of_text(sort_text(hand)) if isinstance(hand, str) else counts_of(hand)
    cards: list[str] = []
    for token, value in _tokens(text):
        if value == "?":
            value = _resolve_joker(token, text, hand_counts)
        cards.extend(value)
    if not cards:
        raise InvalidCardsError(f"no cards in {text!r}", code="empty", text=text)
    result = sort_text("".join(cards))
    counts = counts_of_text(result)
    if rules is not None:
        _check_deck(result, counts, rules, text)
    if hand_counts is not None:
        for rank, n in enumerate(counts):
            if n > hand_counts[rank]:
                ch = RANK_CHARS[rank]
                held = hand_counts[rank]
                name = RANK_NAMES_EN[ch]
                nth = ORDINALS[held + 1] if held + 1 < len(ORDINALS) else f"{held + 1}th "
                message = f"you have no {nth}{name}" if held else f"you have no {name}"
                raise CardsNotHeldError(
                    f"{message} (in {text!r})", card=ch, held=held, wanted=n, text=text,
                )
    return result


def _resolve_joker(token: str, text: str, hand_counts: list[int] | None) -> str:
    if hand_counts is not None:
        small, big = hand_counts[RANK_INDEX["B"]], hand_counts[RANK_INDEX["R"]]
        if small and not big:
            return "B"
        if big and not small:
            return "R"
        if not small and not big:
            raise CardsNotHeldError(f"you have no joker (in {text!r})", card="joker", held=0,
                                    wanted=1, text=text)
    raise InvalidCardsError(
        f"{token!r} in {text!r} could be either joker: type B (small) or R (big)",
        code="ambiguous_joker", token=token, text=text,
    )


def _check_deck(result: str, counts: list[int], rules: Rules, text: str) -> None:
    if counts[RANK_INDEX["F"]] and not rules.flower:
        raise InvalidCardsError(
            f"there is no flower card in {rules.variant} (in {text!r})",
            code="no_flower", token="F", text=text,
        )
    for rank, n in enumerate(counts):
        most = 1 if rank == RANK_INDEX["F"] else (rules.decks if rank > 12 else 4 * rules.decks)
        if n > most:
            ch = RANK_CHARS[rank]
            raise InvalidCardsError(
                f"the deck has only {most} {RANK_NAMES_EN[ch]} (in {text!r})",
                code="too_many", card=ch, most=most, text=text,
            )


def format_cards(cards: str | Iterable[Card], *, spaced: bool = False) -> str:
    """Cards in sorted notation; ``spaced`` puts a space between cards."""
    text = sort_text(cards) if isinstance(cards, str) else "".join(
        RANK_CHARS[c.rank] for c in sorted(cards))
    return " ".join(text) if spaced else text

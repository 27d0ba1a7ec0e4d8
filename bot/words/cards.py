"""Cards and plays in the words players use: 大王 / Big Joker, 10, QQQ带3.

The notation letters (``T``, ``B``, ``R``, ``F``) are for typing and logs; every message,
button and select option shows cards through these functions instead. A play reads as
players say it: the main part first, then what it carries (``QQQ带3``, ``QQQ + 3``), and
a wild card that stands for another rank says so (``45678（花牌当8）``). Pure functions
(the terminal front-end uses them too).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from bot.engine import Action, Bid, Choice, Pass, Play, PlayCards, SeatView
from bot.engine.cards import RANK_CHARS, RANK_INDEX, sort_text
from bot.engine.kinds import RUN_CARDS
from bot.engine.readings import reading_of

from .catalogue import t
from .locales import EN, TW, ZH
from .names import kind_name

_NAMES = {
    EN: {"T": "10", "B": "Small Joker", "R": "Big Joker", "F": "Flower"},
    ZH: {"T": "10", "B": "小王", "R": "大王", "F": "花牌"},
    TW: {"T": "10", "B": "小王", "R": "大王", "F": "花牌"},
}
_AS = {EN: "{card} as {rank}", ZH: "{card}当{rank}", TW: "{card}當{rank}"}
_NOTE = {EN: " ({})", ZH: "（{}）", TW: "（{}）"}
_WILD = {EN: "{card} (wild)", ZH: "{card}(癞子)", TW: "{card}(癩子)"}
_WITH = {EN: " + ", ZH: "带", TW: "帶"}
_PHRASE = {EN: "{cards} — {kind}", ZH: "{kind} {cards}", TW: "{kind} {cards}"}


def _lang(locale: str) -> str:
    return locale if locale in _NAMES else EN


def card_name(locale: str, char: str) -> str:
    """One card by its name: ``"R"`` is 大王 / Big Joker, ``"T"`` is 10."""
    return _NAMES[_lang(locale)].get(char, char)


_SUITS = {EN: {"S": "spades", "H": "hearts", "C": "clubs", "D": "diamonds"},
          ZH: {"S": "黑桃", "H": "红桃", "C": "梅花", "D": "方块"},
          TW: {"S": "黑桃", "H": "紅桃", "C": "梅花", "D": "方塊"}}
_RANKS_EN = {"J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}


def spoken_card(locale: str, char: str, suit: str) -> str:
    """One physical card in words, as a screen reader says it: ``7 of spades``,
    ``Queen of clubs``, ``Big Joker``; 黑桃7, 梅花Q, 大王 (no suit: a joker or the flower)."""
    lang = _lang(locale)
    if not suit:
        return card_name(lang, char)
    rank = "10" if char == "T" else char
    if lang == EN:
        return f"{_RANKS_EN.get(rank, rank)} of {_SUITS[EN][suit]}"
    return _SUITS[lang][suit] + rank


def _join(names: list[str]) -> str:
    """Cards side by side (``QQQ``), spaced when a name is longer than one character
    (``10 10 J``, ``小王 大王``) so that the cards stay apart."""
    if all(len(n) == 1 for n in names):
        return "".join(names)
    return " ".join(names)


def wild_mark(locale: str, name: str) -> str:
    """A laizi card's name marked as wild: ``7(癞子)``, ``7 (wild)``."""
    return _WILD[_lang(locale)].format(card=name)


def cards_text(locale: str, cards: str | Iterable[str], *, laizi: str | None = None) -> str:
    """Cards in notation (any order) as names in the game's order; laizi cards marked."""
    names = []
    for ch in sort_text("".join(cards)):
        name = card_name(locale, ch)
        names.append(wild_mark(locale, name) if ch == laizi else name)
    return _join(names)


def main_ranks(play: Play) -> list[str]:
    """The ranks of a play's main part (as read): the trio of ``QQQ3``, the four of a
    four-with-two, the trios of a plane with wings; every card for the other kinds."""
    kind, main = play.kind, play.main_rank
    if kind in ("trio_single", "trio_pair"):
        return [main] * 3
    if kind in ("four_two_singles", "four_two_pairs"):
        return [main] * 4
    if kind in ("plane_singles", "plane_pairs"):
        trios = len(play) // RUN_CARDS[kind]
        top = RANK_INDEX[main]
        return [RANK_CHARS[i] for i in range(top - trios + 1, top + 1) for _ in range(3)]
    return list(play.resolved)


def play_parts(play: Play) -> tuple[list[tuple[str, str | None]], list[str]]:
    """The main part as (physical card, rank it stands for or None) and the attachments
    (physical cards). A natural card fills the main part before a wild card does."""
    wild = play.wild
    needed = sorted(main_ranks(play), key=RANK_INDEX.__getitem__)
    left = list(play.cards)
    main: list[tuple[str, str | None]] = []
    missing: list[str] = []
    for rank in needed:
        if rank in left:
            left.remove(rank)
            main.append((rank, None))
        else:
            missing.append(rank)
    for rank in missing:  # the wild cards stand for the rest
        if wild and wild in left:
            left.remove(wild)
            main.append((wild, rank))
        else:  # pragma: no cover - a reading always covers its main part
            main.append((rank, None))
    main.sort(key=lambda part: RANK_INDEX[part[1] or part[0]])
    return main, list(sort_text("".join(left)))


def play_text(locale: str, play: Play) -> str:
    """A play as players say it: ``QQQ带3``, ``333444带56``, ``45678（花牌当8）``."""
    lang = _lang(locale)
    main, rest = play_parts(play)
    text = _join([card_name(lang, stands or card) for card, stands in main])
    if rest:
        text += _WITH[lang] + _join([card_name(lang, c) for c in rest])
    wilds = Counter((card, stands) for card, stands in main if stands and stands != card)
    if wilds:
        notes = [_AS[lang].format(card=card_name(lang, card), rank=card_name(lang, stands))
                 + (f" ×{n}" if n > 1 else "") for (card, stands), n in wilds.items()]
        text += _NOTE[lang].format(", ".join(notes) if lang == EN else "，".join(notes))
    return text


def play_phrase(locale: str, play: Play, kind: str) -> str:
    """A play with its pattern's name: ``三带一 QQQ带3``, ``QQQ + 3 — trio with a single``."""
    return _PHRASE[_lang(locale)].format(cards=play_text(locale, play), kind=kind)


__all__ = [
    "action_play",
    "card_name",
    "cards_text",
    "hint_words",
    "main_ranks",
    "play_parts",
    "play_phrase",
    "play_text",
    "spoken_card",
    "wild_mark",
]


def action_play(action: PlayCards, view: SeatView) -> Play:
    """The play a :class:`PlayCards` makes now in the deal ``view`` shows (any seat's view,
    or the spectator's: its rules in play and the play to beat), its reading resolved."""
    last = view.last[1] if view.last and view.last[0] != action.seat else None
    return reading_of(action.cards, view.rules, kind=action.kind,
                      main_rank=action.main, last=last)


def hint_words(action: Action | None, locale: str, view: SeatView | None, *,
               play: Play | None = None) -> str:
    """The AI's advice in words: ``Hint: QQQ + 3 (trio with a single)``, ``Hint: don't
    call``, ``Hint: bid 2`` (never the action's type); ``view`` is the deal's view (any
    seat's) when the hint was asked; ``play``, a play's reading when it is resolved already
    (:class:`bot.ai.hint_list.Suggestion`)."""
    if action is None or view is None:
        return t(locale, "hint.none")
    if isinstance(action, PlayCards):
        play = play or action_play(action, view)
        return t(locale, "hint.text", cards=play_phrase(locale, play, kind_name(locale, play.kind)))
    if isinstance(action, Pass):
        return t(locale, "hint.pass")
    if isinstance(action, Bid):
        return t(locale, "hint.bid", n=action.points) if action.points else t(locale, "hint.nobid")
    yes = isinstance(action, Choice) and action.yes
    return t(locale, f"hint.{'' if yes else 'no'}{action.type}")

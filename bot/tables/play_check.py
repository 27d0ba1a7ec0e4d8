"""A player's action checked before it is applied, off the event loop when that is costly.

A play is read every way its wild cards allow: with four 癞子 in it, 1,820 substitutions,
each classified (a twenty-card play: 30 ms to refuse, 30 more for its readings when typed
without one, 17 ms when it names one; with two wild cards, 2-3 ms). A page may send twenty
such plays a second, and the frames a socket has buffered are read one after another
without the event loop taking a turn: a play of two wild cards or more is checked in a
thread (the game is not changed meanwhile: the table's lock is held), any other at once.

:func:`in_play` is what every action of a seat is checked against before the engine looks
at it; the manager's ``act`` and ``check_play`` both use it, so a selection checked says
what playing it would.
"""

from __future__ import annotations

import asyncio

from bot.engine import Action, Game, Play, PlayCards, RuleError, SeatIndex, parse_cards

from .errors import StaleActionError, TableError
from .state import Table
from .status import TableStatus

WILDS_IN_A_THREAD = 2  # wild cards in a play from which it is read in a thread


def readings_of(game: Game, seat: SeatIndex, action: Action) -> list[Play] | None:
    """Raise the engine's refusal of ``action``, or return the readings of a play typed
    without its reading (None for any other action)."""
    game.verify(action)
    if isinstance(action, PlayCards) and action.kind is None:
        return game.readings_for(seat, action.cards)  # validates the cards
    return None


def many_wilds(game: Game, action: Action) -> bool:
    """Is ``action`` a play of many wild cards? (With its reading named too: the engine
    looks for it among every reading, 17 ms for twenty cards with four.)"""
    wild = game.play_rules.laizi
    if wild is None or not isinstance(action, PlayCards):
        return False
    try:
        cards = parse_cards(action.cards)
    except RuleError:
        return False  # refused at once
    return cards.count(wild) >= WILDS_IN_A_THREAD


def in_play(table: Table, seat: SeatIndex, seq: int | None) -> Game:
    """The deal ``seat`` acts in, or the table's refusal: no deal being played
    (``no_game``), the seat left it (``already_left``, said before ``stale``: the AI plays
    on for them), or ``seq`` names a turn that has passed (``stale``)."""
    game = table.game
    if table.status != TableStatus.PLAYING or game is None or game.is_over:
        raise TableError("no deal is being played at this table", code="no_game")
    if table.escaped(seat):
        raise TableError("you left this deal", code="already_left")
    if seq is not None and seq != table.seq:
        raise StaleActionError("that turn has already passed", code="stale",
                               seq=seq, now=table.seq)
    return game


async def checked_play(game: Game, seat: SeatIndex, action: Action) -> list[Play] | None:
    """:func:`readings_of`, in a thread for a play of many wild cards."""
    if many_wilds(game, action):
        return await asyncio.to_thread(readings_of, game, seat, action)
    return readings_of(game, seat, action)


__all__ = ["WILDS_IN_A_THREAD", "checked_play", "in_play", "many_wilds", "readings_of"]

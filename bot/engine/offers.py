"""What a seat may do now, as offers a front-end renders: one answer to "what may I do".

:meth:`bot.engine.SeatView.legal_actions` gives a seat's offers (none unless it is that
seat's turn), grouped as a front-end draws them: in the play phase a :class:`PlayOffer`
(the legal plays) and a :class:`PassOffer` when passing is allowed; in the auction one
offer, a :class:`BidOffer` (the points allowed now and 不叫) or a :class:`ChoiceOffer`
(call, grab, 明牌 with its factor, or 加倍: yes or no). Every offer spells out its actions
(:meth:`actions`), so ``actions_of(view.legal_actions(), seat)`` is
:meth:`bot.engine.Game.legal_actions` for the seat to act, in the same order.

The auction's offers come from the auction's own rule (:func:`bot.engine.auction.
auction_choices`, which :meth:`Auction.legal_actions` is too), grouped by
:func:`group_choices`; nothing here decides what is legal.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar, Literal, TypeAlias

from .actions import (
    Action,
    Bid,
    Call,
    Choice,
    Double,
    Grab,
    Pass,
    PlayCards,
    SeatIndex,
    Show,
)
from .play import Play

BID_POINTS = (1, 2, 3)
"""Every bid of points bidding (0 is 不叫): a front-end that shows them all (and turns off
those not offered) takes them from here."""

ChoiceName: TypeAlias = Literal["call", "grab", "show", "double"]
CHOICE_TYPES: dict[str, type[Choice]] = {cls.type: cls for cls in (Call, Grab, Show, Double)}


@dataclass(frozen=True)
class PlayOffer:
    """Play cards: every legal play of the seat now (each with its reading)."""

    plays: tuple[Play, ...]
    action: ClassVar[str] = "play"

    def actions(self, seat: SeatIndex) -> list[Action]:
        return [PlayCards(seat, p.cards, p.kind, p.main_rank) for p in self.plays]


@dataclass(frozen=True)
class PassOffer:
    """不出: the seat follows a play and may pass (a lead may not)."""

    action: ClassVar[str] = "pass"

    def actions(self, seat: SeatIndex) -> list[Action]:
        return [Pass(seat)]


@dataclass(frozen=True)
class BidOffer:
    """Points bidding: the points the seat may bid now (above the high bid, ascending;
    none for an escaped seat) and 不叫 (``no_bid``)."""

    points: tuple[int, ...]
    no_bid: bool = True
    action: ClassVar[str] = "bid"

    def actions(self, seat: SeatIndex) -> list[Action]:
        out: list[Action] = [Bid(seat, 0)] if self.no_bid else []
        return out + [Bid(seat, p) for p in self.points]


@dataclass(frozen=True)
class ChoiceOffer:
    """A yes/no question of the auction: 叫地主 (``call``), 抢地主 (``grab``), 明牌
    (``show``: ``factor`` is what showing multiplies by now, 5, 4, 3 or 2) or 加倍
    (``double``)."""

    choice: ChoiceName
    factor: int = 0

    @property
    def action(self) -> str:
        return self.choice

    def actions(self, seat: SeatIndex) -> list[Action]:
        cls = CHOICE_TYPES[self.choice]
        return [cls.answer(seat, True), cls.answer(seat, False)]


Offer: TypeAlias = PlayOffer | PassOffer | BidOffer | ChoiceOffer
"""One thing a seat may do now (and its range)."""


def actions_of(offers: Iterable[Offer], seat: SeatIndex) -> list[Action]:
    """Every action the offers allow ``seat``, in the order the game lists them."""
    return [action for offer in offers for action in offer.actions(seat)]


def group_choices(choices: Sequence[Action], show_factor: int) -> tuple[Offer, ...]:
    """The auction's legal actions of one seat (:func:`bot.engine.auction.auction_choices`)
    as the offer a front-end draws: the bids as one :class:`BidOffer`, a yes/no pair as one
    :class:`ChoiceOffer` (a show with ``show_factor``)."""
    if not choices:
        return ()
    first = choices[0]
    if isinstance(first, Bid):
        points = tuple(a.points for a in choices if isinstance(a, Bid) and a.points)
        return (BidOffer(points, any(isinstance(a, Bid) and not a.points for a in choices)),)
    assert isinstance(first, Choice), f"not an auction choice: {first!r}"
    name: ChoiceName = first.type  # type: ignore[assignment]
    return (ChoiceOffer(name, show_factor if isinstance(first, Show) else 0),)


__all__ = ["BID_POINTS", "CHOICE_TYPES", "BidOffer", "ChoiceName", "ChoiceOffer", "Offer",
           "PassOffer", "PlayOffer", "actions_of", "group_choices"]

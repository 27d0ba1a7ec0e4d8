"""The rules engine: pure Dou Dizhu rules, no I/O.

Cards and notation, patterns and wild-card readings, comparison and legal plays for the
five variants of docs/rules.md (classic, happy, laizi, super, four)::

    from bot.engine import Rules, parse_cards, readings, beats, legal_plays
    rules = Rules.preset("laizi", laizi="7")
    readings("445567", rules)[0].kind      # 'pair_chain'
"""

from .actions import (
    Action,
    Bid,
    Call,
    Choice,
    Double,
    Escape,
    Event,
    Grab,
    Pass,
    PlayCards,
    SeatIndex,
    Show,
)
from .cards import Card, make_deck
from .compare import beats, bomb_class
from .errors import (
    CardsNotHeldError,
    IllegalActionError,
    InvalidCardsError,
    NotYourTurnError,
    RuleError,
    WrongPhaseError,
)
from .game import Game
from .kinds import KINDS
from .levels import LEVELS, Level, level_for
from .log import GameLog
from .moves import legal_plays
from .notation import format_cards, parse_cards
from .offers import (
    BID_POINTS,
    BidOffer,
    ChoiceOffer,
    Offer,
    PassOffer,
    PlayOffer,
    actions_of,
)
from .play import Play
from .readings import canonical, follow_reading, reading_of, readings
from .rules import ROOMS, VARIANTS, Rules, room_of, table_rules
from .scoring import Result
from .stakes import (
    EscapeCost,
    Limits,
    beans_at_stake,
    escape_cost,
    pair_stake,
    result_factors,
    result_total,
    seat_stakes,
    settlement_limits,
)
from .states import Outcome, Phase
from .trick import Trick
from .view import SeatView

__all__ = [
    "BID_POINTS",
    "KINDS",
    "LEVELS",
    "ROOMS",
    "VARIANTS",
    "Action",
    "Bid",
    "BidOffer",
    "Call",
    "Card",
    "CardsNotHeldError",
    "Choice",
    "ChoiceOffer",
    "Double",
    "Escape",
    "EscapeCost",
    "Event",
    "Game",
    "GameLog",
    "Grab",
    "IllegalActionError",
    "InvalidCardsError",
    "Level",
    "Limits",
    "NotYourTurnError",
    "Offer",
    "Outcome",
    "Pass",
    "PassOffer",
    "Phase",
    "Play",
    "PlayCards",
    "PlayOffer",
    "Result",
    "RuleError",
    "Rules",
    "SeatIndex",
    "SeatView",
    "Show",
    "Trick",
    "WrongPhaseError",
    "actions_of",
    "beans_at_stake",
    "beats",
    "bomb_class",
    "canonical",
    "escape_cost",
    "follow_reading",
    "format_cards",
    "legal_plays",
    "level_for",
    "make_deck",
    "pair_stake",
    "parse_cards",
    "reading_of",
    "readings",
    "result_factors",
    "result_total",
    "room_of",
    "seat_stakes",
    "settlement_limits",
    "table_rules",
]

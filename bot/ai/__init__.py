"""The AI players: pure functions from what a seat may know to its decision.

See ``bot/ai/README.md``; the entry points are re-exported here.
"""

from .bidding import (
    ShowChoice,
    choose_bid,
    choose_call,
    choose_double,
    choose_grab,
    choose_show,
    farmer_odds,
    landlord_odds,
)
from .levels import AI_LEVELS
from .position import choose_play, choose_play_reading

__all__ = [
    "AI_LEVELS",
    "ShowChoice",
    "choose_bid",
    "choose_call",
    "choose_double",
    "choose_grab",
    "choose_play",
    "choose_play_reading",
    "choose_show",
    "farmer_odds",
    "landlord_odds",
]

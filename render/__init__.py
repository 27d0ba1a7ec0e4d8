"""Pictures for the bot: pure functions from plain data to PNG bytes (Pillow).

No Discord types and no game state come in: the table layer fills the small frozen scenes
of :mod:`render.scenes`. Every function is thread-safe (sprites and backgrounds are built
once under a lock; fonts are cached per thread), so call them via ``asyncio.to_thread``::

    png = render_hand("33456789TJQKA2BRF", laizi=None, title="Your hand", order="desc")
    png = render_table(TableScene(seats=(SeatScene("Alice", "landlord", 20), ...)))

Sprites are otherwise built on first use; ``warm_up()`` (about 0.5 s) builds every card
sprite ahead of time, so that the first pictures are as fast as the rest (``python -m bot``
calls it in a thread while it logs in).
"""

from .hand import ORDERS, Group, HandLayout, group_cards, hand_layout, hand_order, render_hand
from .profile import render_leaderboard, render_profile
from .result import render_result
from .review import render_review
from .scenes import (
    LeaderboardRow,
    LeaderboardScene,
    PlayerResult,
    ProfileScene,
    ProfileStats,
    ResultScene,
    ReviewChoice,
    ReviewScene,
    SeatScene,
    TableScene,
)
from .sprites import warm_up
from .standings import StandingRow, StandingsScene, render_standings
from .table import render_table

__all__ = [
    "ORDERS",
    "Group",
    "HandLayout",
    "LeaderboardRow",
    "LeaderboardScene",
    "PlayerResult",
    "ProfileScene",
    "ProfileStats",
    "ResultScene",
    "ReviewChoice",
    "ReviewScene",
    "SeatScene",
    "StandingRow",
    "StandingsScene",
    "TableScene",
    "group_cards",
    "hand_layout",
    "hand_order",
    "render_hand",
    "render_leaderboard",
    "render_profile",
    "render_result",
    "render_review",
    "render_standings",
    "render_table",
    "warm_up",
]

"""The named states of a deal: its phase and, once over, its outcome.

Both are :class:`enum.StrEnum`, so a value is its text: ``phase == "play"`` holds, JSON
and stored logs carry the same words as before, ``f"{phase}"`` is ``"play"``, and so is
its ``repr`` (an event's or a game state's text is what it was with plain strings).
"""

from __future__ import annotations

from enum import StrEnum


class _Word(StrEnum):
    """A StrEnum that also reads as its text in a ``repr``."""

    def __repr__(self) -> str:
        return repr(self.value)


class Phase(_Word):
    """What the deal waits for (docs/rules.md §5): an auction step, a play, or nothing."""

    BID = "bid"  # points bidding (classic, super, four)
    SHOW_START = "show_start"  # 明牌 before any card is dealt (×5)
    SHOW_DEAL = "show_deal"  # 明牌 while the cards are dealt (×4, then ×3)
    SHOW_LANDLORD = "show_landlord"  # the landlord's 明牌 before the first play (×2)
    CALL = "call"  # 叫地主
    GRAB = "grab"  # 抢地主
    DOUBLE = "double"  # 加倍
    PLAY = "play"
    OVER = "over"

    @property
    def is_show(self) -> bool:
        """One of the three 明牌 windows."""
        return self in _SHOW_PHASES


_SHOW_PHASES = frozenset({Phase.SHOW_START, Phase.SHOW_DEAL, Phase.SHOW_LANDLORD})


class Outcome(_Word):
    """How a finished deal ended."""

    LANDLORD = "landlord"  # the landlord went out first
    FARMERS = "farmers"  # a farmer went out first
    ESCAPE = "escape"  # happy, laizi: a seat left and the deal stopped
    DISSOLVED = "dissolved"  # too many all-pass deals in a row: nobody pays

"""A player's card selection in their hand message: the card numbers picked in each of
the hand's select menus, for the hand they were picked in (a new hand makes them void)."""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["Selection"]


@dataclass
class Selection:
    """The numbers chosen in each select menu (``part``) of the hand ``hand``."""

    hand: str  # the hand (its notation) the numbers refer to
    parts: dict[int, list[int]] = field(default_factory=dict)

    def choose(self, part: int, numbers: list[int]) -> None:
        """The numbers chosen now in select menu ``part`` (its earlier choice replaced)."""
        self.parts[part] = numbers

    def chosen(self) -> list[int]:
        """Every chosen number, menu by menu."""
        return [i for part in self.parts.values() for i in part]

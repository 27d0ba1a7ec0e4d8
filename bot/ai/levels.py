"""The AI's levels, defined once: the names a seat, a room setting and a saved table use.

``easy`` plays the heuristic policy alone; ``normal`` and ``hard`` also search (their
effort is :data:`bot.ai.search.EFFORT`). This module imports nothing, so the store can
validate a setting against it without depending on the AI's code.
"""

from __future__ import annotations

AI_LEVELS: tuple[str, ...] = ("easy", "normal", "hard")

__all__ = ["AI_LEVELS"]

"""Which of a turn's hint suggestions a player was shown last (提示 pressed again shows the
next), for the front-ends that step through :meth:`TableManager.hints`."""

from __future__ import annotations


class HintCursor:
    """Per player: the turn (a table's ``seq``) and the suggestion shown at it."""

    def __init__(self) -> None:
        self._at: dict[int, tuple[int, int]] = {}

    def step(self, user_id: int, seq: int, count: int) -> int:
        """The suggestion a press shows: the next one (then the first again); the first
        at a new turn."""
        last = self._at.get(user_id)
        index = (last[1] + 1) % count if last is not None and last[0] == seq else 0
        self._at[user_id] = (seq, index)
        return index

    def shown(self, user_id: int, seq: int) -> int:
        """The suggestion last shown to ``user_id`` at this turn (0: none yet)."""
        last = self._at.get(user_id)
        return last[1] if last is not None and last[0] == seq else 0


__all__ = ["HintCursor"]

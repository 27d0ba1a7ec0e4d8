"""The current trick (一轮): who leads it, the plays and passes so far, the play to beat.

A :class:`Trick` is a value; :meth:`Trick.then` gives the trick after one more play or
pass, so a game, a benchmark or a test that follows the play phase keeps one::

    trick = Trick(leader=landlord)
    trick = trick.then(seat, play, players)   # play=None for a pass (不出)

When everyone else has passed, the trick is won and the next one starts, led by the seat
that made the last play.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .actions import SeatIndex
from .errors import IllegalActionError
from .play import Play


@dataclass(frozen=True)
class Trick:
    """One trick of the play phase."""

    leader: SeatIndex  # who leads it (the landlord first, then each trick's winner)
    plays: tuple[tuple[SeatIndex, Play | None], ...] = ()  # in order; None is a pass
    to_beat: Play | None = None  # the last play (None while the leader has not played)
    to_beat_seat: SeatIndex | None = None  # who made it

    @property
    def passes(self) -> int:
        """Passes since the play to beat."""
        n = 0
        for _, play in reversed(self.plays):
            if play is not None:
                break
            n += 1
        return n

    def then(self, seat: SeatIndex, play: Play | None, players: int) -> Trick:
        """The trick after ``seat`` plays ``play`` (None: passes). When this pass is the
        last of ``players - 1`` in a row, the next trick, led by the winner."""
        if play is not None:
            return Trick(self.leader, (*self.plays, (seat, play)), play, seat)
        if self.to_beat is None or self.to_beat_seat is None:
            raise IllegalActionError("you lead this trick: play any cards, passing is not "
                                     "allowed", code="must_lead")
        if self.passes + 1 == players - 1:
            return Trick(self.to_beat_seat)
        return Trick(self.leader, (*self.plays, (seat, None)), self.to_beat,
                     self.to_beat_seat)

    @classmethod
    def after(cls, leader: SeatIndex, history: Iterable[tuple[SeatIndex, Play | None]],
              players: int) -> Trick:
        """The current trick after the play phase's ``history``, which ``leader`` opened."""
        trick = cls(leader)
        for seat, play in history:
            trick = trick.then(seat, play, players)
        return trick

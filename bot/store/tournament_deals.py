"""A tournament table's deal, settled and counted in one transaction.

A tournament deal moves no beans (the buy-in is the stake): the tables settle it as a
no-stakes settlement (every transfer and fee 0: the game is kept for ``/ddz history`` and
replays, the seats' points and counters as usual) and count its points for the standings
(:meth:`~bot.store.tournaments.TournamentsMixin.record_result`). Both, and the entrants'
away marks (who the AI played for), are written in one transaction here, so a deal is
settled and counted together or not at all, once per game id: a deal settled again after a
restart changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.tournaments import SeatScore

from .errors import InvalidInputError
from .records import Settlement
from .settlement import SettlementMixin
from .tournaments import TournamentsMixin


class TournamentDealsMixin(SettlementMixin, TournamentsMixin):
    """Settling a tournament table's deal."""

    async def settle_tournament_deal(self, settlement: Settlement, tournament_id: int,
                                     round_no: int, table_no: int, deal_no: int,
                                     seats: Sequence[SeatScore], *,
                                     away: Sequence[int] = (),
                                     back: Sequence[int] = ()) -> bool:
        """Settle ``settlement`` (it must move no beans) and record the deal's result
        (``seats`` in seat order), marking the entrants ``away`` away and those ``back``
        present, in one transaction. True when the result was recorded now, False when
        this game was settled and counted before."""
        if not isinstance(settlement, Settlement):
            raise InvalidInputError(f"settle_tournament_deal() takes a Settlement, not "
                                    f"{settlement!r}", code="bad_settlement")
        settlement.validate()
        if any(s.transfer or s.fee or s.penalty for s in settlement.seats):
            raise InvalidInputError(f"a tournament deal moves no beans: game "
                                    f"{settlement.game_id!r}", code="bad_settlement")
        async with self._db.transaction() as conn:
            await self._settle_on(conn, settlement)
            recorded = await self._record_on(conn, tournament_id, round_no, table_no,
                                             deal_no, settlement.game_id, seats)
            await self._mark_away_on(conn, tournament_id, list(away), True)
            await self._mark_away_on(conn, tournament_id, list(back), False)
            return recorded

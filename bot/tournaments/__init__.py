"""Server tournaments, the pure part: settings, Swiss pairing, duplicate deals, standings
and the prize split. No Discord, no SQL, no clock: the store keeps a tournament's state
(:mod:`bot.store.tournaments`) and the tables play its deals.

- :mod:`.model`: :class:`TournamentSettings`, :class:`TournamentStatus` and
  :class:`TournamentError`;
- :mod:`.pairing`: :func:`pair_round`, Swiss tables of 3 (4 in ``four``) by standings;
- :mod:`.duplicate`: :func:`deal_plan`, each deal's seed and seats;
- :mod:`.standings`: :func:`standings`, ranked with stated tie-breaks;
- :mod:`.prizes`: :func:`prizes_for`, a pool split in whole beans, exactly.

Every module here is pure (no import of the store's connection or the tables). What plays a
started tournament on the live tables and the store, the
:class:`~bot.tournament_runner.TournamentRunner`, is the package above the tables,
:mod:`bot.tournament_runner` (the store and the tables import this package).
"""

from .duplicate import DealPlan, deal_plan, derive_seed, rotate
from .model import TournamentError, TournamentSettings, TournamentStatus
from .pairing import Pairing, meetings, pair_round, table_sizes
from .prizes import house_take, place_prizes, prizes_for, split_amount
from .standings import TIE_BREAKS, SeatScore, Standing, standings, tied_groups

__all__ = [
    "TIE_BREAKS",
    "DealPlan",
    "Pairing",
    "SeatScore",
    "Standing",
    "TournamentError",
    "TournamentSettings",
    "TournamentStatus",
    "deal_plan",
    "derive_seed",
    "house_take",
    "meetings",
    "pair_round",
    "place_prizes",
    "prizes_for",
    "rotate",
    "split_amount",
    "standings",
    "table_sizes",
    "tied_groups",
]

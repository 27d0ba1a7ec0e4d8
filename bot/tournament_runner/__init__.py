"""Tournaments on the live tables: the round runner, above :mod:`bot.tables` and the store
(:mod:`bot.tournaments` below both is the pure part: pairing, deals, standings, prizes).

- :mod:`.runner`: :class:`TournamentRunner`, a started tournament's rounds, one deal after
  another, to the prizes; :class:`TournamentHost`, what a front-end gives it;
  :func:`settled_by`, the table manager's ``on_tournament_settled`` that reaches it.
"""

from .runner import BETWEEN_DEALS_S, TournamentHost, TournamentRunner, settled_by

__all__ = ["BETWEEN_DEALS_S", "TournamentHost", "TournamentRunner", "settled_by"]

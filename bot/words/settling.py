"""Why a settlement's transfer stopped short of its full amount, in words: a short
balance (whose) or the points cap."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import Limits, Result, Rules, settlement_limits

from .catalogue import t
from .names import player_name


def balances_before(after: Sequence[int | None], beans: Sequence[int]) -> tuple[int | None, ...]:
    """Each seat's balance before the deal, from after it and its change (None: no
    balance, an AI seat)."""
    return tuple(None if a is None else a - b for a, b in zip(after, beans, strict=True))


def cap_notes(locale: str, limits: Limits, names: Sequence[str],
              before: Sequence[int | None]) -> list[str]:
    """Per seat, why its numbers stopped short ("" where nothing did): ``capped: Bo had
    1,230 beans``, ``capped at 10,000 points``."""
    notes = []
    for by in limits.by:
        parts = []
        if limits.stake_cap is not None:
            parts.append(t(locale, "result.capped_points", cap=f"{limits.stake_cap:,}"))
        if by is not None and before[by] is not None:
            parts.append(t(locale, "result.capped_by", name=player_name(names[by], locale),
                           beans=f"{before[by]:,}"))
        notes.append("; ".join(parts) if locale == "en" else "；".join(parts))
    return notes


def result_notes(locale: str, rules: Rules, result: Result, names: Sequence[str],
                 balances_after: Sequence[int | None]) -> list[str]:
    """Per seat, why its beans or points stopped short of the full amount ("" if not),
    from the seats' balances after the deal."""
    n = len(result.beans)
    before = balances_before(balances_after, result.beans) if len(balances_after) == n \
        else (None,) * n
    return cap_notes(locale, settlement_limits(rules, result, before), names, before)


__all__ = ["balances_before", "cap_notes", "result_notes"]

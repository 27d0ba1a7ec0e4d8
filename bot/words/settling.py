"""Why a settlement's transfer stopped short of its full amount, in words: a short
balance (whose) or the points cap."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import Limits, Phase, Result, Rules, SeatView, beans_at_stake, settlement_limits

from .catalogue import t
from .names import player_name


def at_stake_words(view: SeatView, seat: int, locale: str) -> str | None:
    """Before 加倍 or 明牌, on ``seat``'s turn: the beans at stake now, and with the raise
    being weighed (``At stake now: up to 2,000 beans (4,000 if you double)``): the hand
    message's line and the Activity's. None at any other moment."""
    if view.to_act != seat or not (view.phase == Phase.DOUBLE or view.phase.is_show):
        return None
    if view.phase == Phase.DOUBLE:
        factor, what = 2, "double"
    else:  # a show counts when it is larger than the largest so far
        shown = max((f for _, f in view.shows), default=1)
        factor, what = max(view.show_factor, shown) // shown, "show"
    now = beans_at_stake(view, seat)
    text = t(locale, "hand.at_stake", beans=f"{now:,}")
    raised = beans_at_stake(view, seat, factor)
    if factor > 1 and raised > now:
        text += t(locale, f"hand.at_stake_{what}", beans=f"{raised:,}")
    return text


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


__all__ = ["at_stake_words", "balances_before", "cap_notes", "result_notes"]

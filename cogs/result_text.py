"""A finished deal in words, under its picture: who won, the table multiplier as one
equation that multiplies out, each player's points and beans (with their own stake when
加倍 made the pairs differ) and why a number stopped short of its full amount."""

from __future__ import annotations

from bot.engine import Outcome, result_factors, result_total
from bot.tables import DealEnded
from bot.words.catalogue import t
from bot.words.multiplier import multiplier_text
from bot.words.settling import result_notes

from .markdown import safe_player


def result_text(ended: DealEnded, locale: str) -> str:
    r = ended.result
    if r.outcome == Outcome.DISSOLVED:
        return t(locale, "result.dissolved")
    if r.outcome == Outcome.ESCAPE:
        head = t(locale, "result.escape", name=safe_player(ended.names[r.escaper or 0], locale))
    else:
        head = t(locale, f"result.{r.outcome}")
    rows = [f"**{head}**"]
    rules = ended.table.rules if ended.table is not None else None
    if rules is not None and r.outcome != Outcome.ESCAPE:
        rows.append(t(locale, "result.multiplier", equation=multiplier_text(
            result_factors(rules, r), result_total(rules, r), locale)))
    shown = [safe_player(name, locale) for name in ended.names]  # escaped, in their words
    notes = result_notes(locale, rules, r, shown, ended.balances_after) \
        if rules is not None else []
    doubled = any(r.doubles)
    for i, name in enumerate(shown):
        row = t(locale, "result.row", name=name,
                points=f"{r.points[i]:+d}", beans=f"{r.beans[i]:+,d}")
        if doubled and r.stakes and r.stakes[i]:  # 加倍 is pairwise: each its own stake
            row += t(locale, "result.stake", n=r.stakes[i]) + (
                t(locale, "result.doubled") if r.doubles[i] else "")
        if notes and notes[i]:
            row += t(locale, "result.note", note=notes[i])
        rows.append(row)
    return "\n".join(rows)


__all__ = ["result_text"]

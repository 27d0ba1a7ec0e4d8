"""The text of a player's hand message: what to do now, what to beat, who holds how many.

A player on a phone follows the deal from this message alone: whose turn it is and until
when, the play to beat (cards by name, the pattern, what a wild card stands for), every
player's cards left, their own stake (the multiplier with 加倍, pairwise), and when the deal
is over, its result. The controls under it follow :func:`can_act` and :func:`cannot_beat`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from bot.engine import Outcome, Phase, seat_stakes
from bot.tables import TableStatus
from bot.words.cards import card_name, play_phrase, play_text
from bot.words.catalogue import t
from bot.words.names import kind_name, variant_name
from bot.words.settling import at_stake_words

from .markdown import CONTENT, clip, safe_player, safe_seat

if TYPE_CHECKING:
    from bot.engine import Card
    from bot.tables import DealEnded, GameSnapshot, TableSnapshot


def can_act(table: TableSnapshot, seat: int) -> bool:
    """Is it ``seat``'s own turn now (not played for them by the AI)?"""
    game = table.game
    entry = table.seats[seat]
    return (game is not None and not game.is_over and table.status == TableStatus.PLAYING
            and game.to_act == seat and entry is not None and not entry.auto
            and seat not in game.escaped)


def ends_words(locale: str, deadline: float | None) -> str:
    """When a turn ends, to follow its phase: `` (ends <t:…:R>)`` (shown in the reader's
    time); nothing when the turn has no deadline (an AI's, or between two turns)."""
    return t(locale, "turn.ends", when=f"<t:{int(deadline)}:R>") if deadline else ""


def cannot_beat(game: GameSnapshot, seat: int, hand: Sequence[Card]) -> bool:
    """要不起: it is ``seat``'s turn to follow and nothing in ``hand`` (its cards) beats
    the play (the seat's view says: :attr:`bot.engine.SeatView.cannot_beat`)."""
    return game.view_of(seat, hand).cannot_beat


def stakes(game: GameSnapshot, seat: int) -> dict[int, int]:
    """The seat's multiplier against each opponent now, with 加倍 (the engine's
    :func:`seat_stakes`). Before every 加倍 is known (or without a landlord): the table's,
    once."""
    return seat_stakes(game.view, seat) or {-1: game.view.multiplier}


def stake_text(game: GameSnapshot, seat: int, names: list[str], locale: str) -> str:
    """``Your multiplier: ×4`` (a farmer), ``×4 with Bo · ×2 with Cai`` (the landlord)."""
    each = stakes(game, seat)
    if len(set(each.values())) == 1:
        return t(locale, "hand.stake", n=next(iter(each.values())))
    parts = " · ".join(t(locale, "hand.stake_with", n=n, name=names[s]) for s, n in each.items())
    return t(locale, "hand.stakes", each=parts)


def hand_content(table: TableSnapshot, seat: int, hand: Sequence[Card], locale: str) -> str:
    """The words of ``seat``'s hand message (``hand``: its cards) for the table now."""
    game = table.game
    assert game is not None
    lines = [f"**{variant_name(locale, table.rules.variant)}**"]
    names = [safe_seat(s, locale) if s is not None else "?" for s in table.seats]
    names[seat] = t(locale, "hand.you")
    to_act = game.to_act
    if to_act is not None and not game.is_over:
        phase = t(locale, f"phase.{game.phase}")
        entry = table.seats[seat]
        if to_act == seat and entry is not None and entry.trustee:
            lines.append(t(locale, "hand.trustee"))
        elif to_act == seat:
            lines.append(t(locale, "hand.your_turn", phase=phase,
                           ends=ends_words(locale, table.deadline)))
        else:
            lines.append(t(locale, "hand.their_turn", name=names[to_act], phase=phase))
    trick = game.trick
    if trick is not None and trick.to_beat is not None and trick.to_beat_seat is not None:
        play = trick.to_beat
        shown = play_phrase(locale, play, kind_name(locale, play.kind))
        key = "hand.to_beat" if trick.to_beat_seat != seat else "hand.yours_stands"
        lines.append(t(locale, key, play=shown, name=names[trick.to_beat_seat]))
        if cannot_beat(game, seat, hand):
            lines.append(t(locale, "hand.cannot_beat"))
    elif game.phase == Phase.PLAY and to_act == seat:
        lines.append(t(locale, "hand.lead"))
    lines.extend(counts_lines(game, names, locale))
    if game.landlord is not None:
        lines.append(t(locale, "hand.landlord", name=names[game.landlord]))
    if game.laizi is not None:
        lines.append(t(locale, "hand.laizi", rank=card_name(locale, game.laizi)))
    lines.append(stake_text(game, seat, names, locale))
    if to_act == seat and (game.phase == Phase.DOUBLE or game.phase.startswith("show")):
        lines.append(at_stake_text(game, seat, locale))
    return clip("\n".join(lines), CONTENT)


def at_stake_text(game: GameSnapshot, seat: int, locale: str) -> str:
    """Before 加倍 or 明牌: the beans at stake now, and with the raise being weighed
    (``At stake now: up to 2,000 beans (4,000 if you double)``): the words the Activity
    says too (:func:`bot.words.settling.at_stake_words`)."""
    view = replace(game.view, to_act=seat)
    return at_stake_words(view, seat, locale) or ""


def counts_lines(game: GameSnapshot, names: list[str], locale: str) -> list[str]:
    """Every player's cards left, with 报双 / 报单 at two and at one card in play: one
    line, none before the cards are dealt (明牌 before the deal)."""
    if not any(game.view.counts[:game.players]):
        return []
    counts = []
    alarms = game.view.alarm  # 报单 / 报双, as the engine's view says
    for i in range(game.players):
        left = game.view.counts[i]
        alarm = t(locale, f"alarm.{alarms[i]}") if i in alarms else ""
        counts.append(f"{names[i]} {left}{alarm}")
    return [t(locale, "hand.counts", counts=" · ".join(counts))]


def table_state(table: TableSnapshot, locale: str) -> list[str]:
    """The deal in words under the table picture (for anyone not looking at it, and for
    screen readers): cards left with 报双 / 报单, the multiplier, the play to beat, and
    the last few plays."""
    game = table.game
    assert game is not None
    names = [safe_seat(s, locale) if s is not None else "?" for s in table.seats]
    lines = [*counts_lines(game, names, locale),
             t(locale, "table.multiplier", n=game.view.multiplier)]
    trick = game.trick
    if trick is not None and trick.to_beat is not None and trick.to_beat_seat is not None:
        play = trick.to_beat
        lines.append(t(locale, "hand.to_beat", name=names[trick.to_beat_seat],
                       play=play_phrase(locale, play, kind_name(locale, play.kind))))
    recent = [f"{names[s]} " + (play_text(locale, p) if p is not None else
                                t(locale, "table.pass")) for s, p in game.view.plays[-4:]]
    if recent:
        lines.append(t(locale, "table.recent", plays=" · ".join(recent)))
    return lines


def deal_over_content(variant: str, seat: int, ended: DealEnded, locale: str) -> str:
    """The hand message once the deal is over: the result and this player's change."""
    r = ended.result
    lines = [f"**{variant_name(locale, variant)}** · {t(locale, 'result.title')}"]
    if r.outcome == Outcome.DISSOLVED:
        lines.append(t(locale, "result.dissolved"))
    elif r.outcome == Outcome.ESCAPE:
        lines.append(t(locale, "result.escape",
                       name=safe_player(ended.names[r.escaper or 0], locale)))
    else:
        lines.append(t(locale, f"result.{r.outcome}"))
    if r.outcome != Outcome.DISSOLVED and seat < len(r.points):
        lines.append(t(locale, "hand.your_result", points=f"{r.points[seat]:+d}",
                       beans=f"{r.beans[seat]:+,d}"))
    return "\n".join(lines)


__all__ = ["at_stake_text", "can_act", "cannot_beat", "deal_over_content", "hand_content",
           "stake_text", "stakes", "table_state"]

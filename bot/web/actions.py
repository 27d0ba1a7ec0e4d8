"""What a page's actions do: each calls the table manager's method a button calls, with
the same validation; the acting user is the one the token proved (never a frame field).

Each action is wired to a function of the manager (:data:`HANDLERS`), never to a method's
name: a renamed method fails mypy, not a player. :func:`perform` answers one action
frame: ``{"ok": true, ...}`` or ``{"ok": false, "code", "error"}`` with the error's
sentence in the user's language (bot/words).
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

from bot.engine import Action, Bid, EscapeCost, PlayCards, RuleError
from bot.engine.actions import Choice
from bot.engine.errors import CodedError
from bot.store import Store
from bot.store.bonus import claim_daily, claim_relief, claimable
from bot.tables import LeaveKind, PlayStatus, TableManager, TableSnapshot
from bot.words.cards import hint_words
from bot.words.catalogue import t
from bot.words.door import door_text
from bot.words.errors import error_text
from bot.words.leaving import leave_text
from bot.words.names import seat_name
from bot.words.page import page_text
from bot.words.reasons import reason_words

from .limits import KeyedBuckets
from .protocol import play_json, play_words
from .sessions import Connection
from .wire import Answered, CostAnswer, Done, HintJson, Refused

log = logging.getLogger(__name__)


@dataclass
class Act:
    """One action of one page: who, where, what."""

    manager: TableManager
    store: Store
    page: Connection
    fields: dict[str, Any]
    turn_seconds: int | None = None
    selections: KeyedBuckets[int] | None = None  # the door's budget of ``check`` actions

    @property
    def channel(self) -> int:
        return self.page.channel_id

    @property
    def user(self) -> int:
        return self.page.user.user_id

    @property
    def locale(self) -> str:
        return self.page.locale


Handler = Callable[[Act], Awaitable[Answered | CostAnswer | Refused]]


def hint_json(action: Action | None) -> HintJson | None:
    if action is None:
        return None
    shown: HintJson = {"action": action.type}
    if isinstance(action, PlayCards):
        shown["cards"] = action.cards
        shown["kind"] = action.kind
        shown["main"] = action.main
    elif isinstance(action, Bid):
        shown["points"] = action.points
    elif isinstance(action, Choice):
        shown["yes"] = action.yes
    return shown


async def _play(a: Act) -> Answered:
    f = a.fields
    status, options = await a.manager.play(a.channel, a.user, f["cards"], kind=f.get("kind"),
                                           main=f.get("main"), seq=f.get("seq"))
    if status == PlayStatus.READING:
        return {"readings": [{**play_json(p), "text": play_words(p, a.locale)}
                             for p in options]}
    return {"played": play_json(options[0]) if options else None}


async def _check(a: Act) -> Answered | Refused:
    """Would ``play`` of these cards be accepted now? The manager's own validation of a
    play (:meth:`TableManager.check_play`), applied to nothing: refused with the engine's
    code and words as ``play`` would be, or ok with how many readings it has. A page
    asks for a selection that is not one of its legal plays, to say why."""
    if a.selections is not None and not a.selections.allow(a.user):
        return {"ok": False, "code": "rate_limited",
                "error": door_text(a.locale, "rate_limited", "too many checks: slow down")}
    readings = await a.manager.check_play(a.channel, a.user, a.fields["cards"],
                                          seq=a.fields.get("seq"))
    return {"count": len(readings)}


async def _daily(a: Act) -> Answered:
    """Today's bonus, as ``/ddz daily`` gives it (:func:`bot.store.bonus.claim_daily`)."""
    got = await claim_daily(a.store, a.page.guild_id, a.user, a.page.user.name)
    return {"amount": got.amount, "balance": got.balance,
            "text": page_text(a.locale, "feedback.daily_ok", amount=f"{got.amount:,}",
                              balance=f"{got.balance:,}")}


async def _relief(a: Act) -> Answered:
    """Relief, as ``/ddz relief`` gives it (:func:`bot.store.bonus.claim_relief`)."""
    got = await claim_relief(a.store, a.page.guild_id, a.channel, a.user, a.page.user.name)
    return {"amount": got.amount, "balance": got.balance,
            "text": page_text(a.locale, "feedback.relief_ok", amount=f"{got.amount:,}",
                              balance=f"{got.balance:,}")}


async def _pass(a: Act) -> Answered:
    await a.manager.pass_turn(a.channel, a.user, seq=a.fields.get("seq"))
    return {}


async def _hint(a: Act) -> Answered:
    """The hint shown at press ``index`` (0: the AI's own; each next press the next of its
    best plays, then round to the first), with its reason, as plain text (no Discord
    markdown on a page). The turn's list and reasons are worked out once, off the event
    loop (:meth:`TableManager.suggestions`): a press reads them."""
    hints = await a.manager.suggestions(a.channel, a.user)
    index = a.fields.get("index", 0) % len(hints) if hints else 0
    hint = hints[index] if hints else None
    view = a.manager.seat_view(a.channel, a.user)[1] if hint is not None else None
    action, reason = (hint.action, hint.reason) if hint is not None else (None, None)
    words = hint_words(action, a.locale, view, play=hint.play if hint is not None else None)
    return {"hint": hint_json(action), "text": words,
            "reason": reason_words(a.locale, reason, hint.play if hint is not None else None)
            if reason is not None else None,
            "index": index, "count": len(hints)}


class YesNo(Protocol):
    """A manager's yes/no choice of the auction (``TableManager.call``, ``grab``, ``show``,
    ``double``), called on the manager."""

    def __call__(self, manager: TableManager, channel_id: int, user_id: int, yes: bool, /,
                 *, seq: int | None = None) -> Awaitable[None]: ...


def _yes_no(choose: YesNo) -> Handler:
    async def run(a: Act) -> Answered:
        await choose(a.manager, a.channel, a.user, a.fields["yes"], seq=a.fields.get("seq"))
        return {}
    return run


async def _bid(a: Act) -> Answered:
    await a.manager.bid(a.channel, a.user, a.fields["points"], seq=a.fields.get("seq"))
    return {}


async def _trustee(a: Act) -> Answered:
    if a.fields["on"]:
        await a.manager.trustee(a.channel, a.user)
    else:
        await a.manager.resume(a.channel, a.user)
    return {}


def _cost_answer(a: Act) -> CostAnswer:
    """What leaving means for the user now (:meth:`TableManager.leaving`: free, an escape
    at its cost, or a tournament seat stepping away) in the Discord Leave button's words
    (:func:`bot.words.leaving.leave_text`); the cost is above 0 for an escape alone.
    Refused as before when there is nothing to ask: no_table, not_seated, and no_game
    before a free seat's first deal."""
    leaving = a.manager.leaving(a.channel, a.user)
    if leaving.kind == LeaveKind.FREE:
        a.manager.seat_view(a.channel, a.user)
    cost = leaving.cost or EscapeCost(0, 0, False)
    return {"cost": {"beans": cost.beans, "points": cost.points, "final": cost.final},
            "text": leave_text(a.locale, leaving.kind, leaving.cost)}


async def _cost(a: Act) -> CostAnswer:
    answer = _cost_answer(a)
    table = a.manager.snapshot(a.channel)
    a.page.cost_asked = (table.deals, table.seq)
    return answer


async def _leave(a: Act) -> Answered | Refused:
    """Leave: when leaving asks (an escape, a tournament seat stepping away), only once
    the page asked what it means (at this turn)."""
    table = a.manager.check_seated(a.channel, a.user)
    if a.manager.leaving(a.channel, a.user).asks and \
            a.page.cost_asked != (table.deals, table.seq):  # refused: here is what it means
        answer = _cost_answer(a)
        return {"ok": False, "code": "cost_first", "error": answer["text"],
                "cost": answer["cost"], "text": answer["text"]}
    how = await a.manager.leave(a.channel, a.user)
    return {"left": how, "text": t(a.locale, f"ok.{how}")}


async def _start(a: Act) -> Answered:
    return {"game_id": await a.manager.start(a.channel, a.user)}


async def _join(a: Act) -> Answered:
    return {"seat": await a.manager.join(a.channel, a.user, a.page.user.name)}


async def _add_ai(a: Act) -> Answered:
    return {"seat": await a.manager.add_ai(a.channel, a.user, a.fields.get("level"))}


async def _open(a: Act) -> Answered:
    """A table in the instance's channel with the choices of ``/ddz new``."""
    settings = await a.store.get_settings(a.page.guild_id, a.channel)
    rules = settings.rules(a.fields.get("variant"), a.fields.get("room") or "normal",
                           turn_seconds=a.turn_seconds)
    ai_seats = a.fields.get("ai_seats", 0)
    if not 0 <= ai_seats < rules.players:
        raise RuleError(f"ai_seats is 0 to {rules.players - 1}", code="bad_option",
                        option="ai_seats", value=ai_seats)
    await a.manager.create(a.channel, a.page.guild_id, a.user, a.page.user.name, rules,
                           ai_level=settings.ai_level, locale=a.locale)
    for _ in range(ai_seats):
        await a.manager.add_ai(a.channel, a.user)
    return {"text": t(a.locale, "ok.created")}


HANDLERS: dict[str, Handler] = {
    "play": _play, "pass": _pass, "hint": _hint, "bid": _bid,
    "call": _yes_no(TableManager.call), "grab": _yes_no(TableManager.grab),
    "show": _yes_no(TableManager.show), "double": _yes_no(TableManager.double),
    "trustee": _trustee, "cost": _cost, "leave": _leave, "start": _start, "join": _join,
    "add_ai": _add_ai, "open": _open, "check": _check, "daily": _daily, "relief": _relief,
}


def _names(table: TableSnapshot | None, locale: str) -> tuple[str, ...]:
    if table is None:
        return ()
    return tuple(seat_name(s, locale) if s is not None else "" for s in table.seats)


async def perform(a: Act, action: str) -> Done | Refused:
    """Run one action; the answer's ``ok`` says whether it was applied (an action with no
    handler is refused as the frame's parser refuses it: ``bad_frame``)."""
    handler = HANDLERS.get(action)
    if handler is None:
        return {"ok": False, "code": "bad_frame", "error": door_text(
            a.locale, "bad_frame", f"unknown action {action[:20]!r}")}
    try:
        answer = await handler(a)
        return answer if "ok" in answer else {"ok": True, **answer}  # it may say ok: False
    except CodedError as err:
        text = error_text(err, a.locale, _names(a.manager.find(a.channel), a.locale))
        refused: Refused = {"ok": False, "code": err.code, "error": text or str(err)}
        if err.code == "low_balance" and err.params.get("user_id") == a.user:
            refused["claims"] = list(await claimable(a.store, a.page.guild_id, a.channel,
                                                     a.user))
        return refused
    except Exception:
        ref = secrets.token_hex(3)
        log.exception("the Activity's %s failed (error %s)", action, ref)
        return {"ok": False, "code": "internal", "error": t(a.locale, "err.unexpected", id=ref)}


__all__ = ["HANDLERS", "Act", "YesNo", "hint_json", "perform"]

"""The Activity's wire protocol: JSON text frames over the WebSocket ``/api/ws``.

Every frame is one JSON object with a ``type``. A frame from the page is at most
:data:`MAX_FRAME` bytes and a connection sends at most :data:`RATE` frames a second (and
a user, over all their pages, and an address, their settings' frames a second:
:mod:`bot.web.door`); anything else is answered by an ``error`` frame and changes nothing.
Every frame below is declared once, as a ``TypedDict``, in :mod:`bot.web.wire`; the page's
types (``web/src/wire.ts``) are generated from it (``python -m bot.web.wire_ts``).

From the page
-------------
``{"type": "auth", "token": T, "instance_id": I, "channel_id"?: C, "locale"?: L}``
    The first frame: ``T`` is the access token ``POST /api/token`` answered; ``I`` the
    Activity instance (the SDK's ``instanceId``); ``C`` the channel the page believes it is
    in (refused when it is not the instance's); ``L`` the user's language (en, zh-CN,
    zh-TW; anything else is en). Answered by ``welcome`` then ``table`` or ``no_table``.
``{"type": "action", "id": N, "action": A, ...}``
    ``N`` is any number the page chooses: the ``answer`` carries it back. The acting user
    is always the one the token proved; a ``user``/``seat`` field is refused. Actions and
    their fields:

    ==========  ==================================================================
    play        ``cards`` (notation, e.g. ``"33344"``), ``kind``?, ``main``?, ``seq``?
    check       ``cards``, ``seq``? (would that play be taken now? answered as ``play``
                would refuse it, or ok with ``count`` readings; nothing is played;
                budgeted per user)
    pass        ``seq``?
    hint        ``index``? (0: the AI's suggestion for the user's turn; 1, 2…: its next
                best plays, round to the first), answered with its reason
    bid         ``points`` (0: no bid, 1-3), ``seq``?
    call, grab, show, double   ``yes`` (true/false), ``seq``?
    trustee     ``on`` (true: 托管, the AI plays for the user; false: take back)
    cost        (what leaving now means: asked before ``leave`` when it ``asks``)
    leave       (between deals: stand up; during one: escape, at the cost asked; at a
                tournament's table: step away, the AI playing on, once asked)
    start, join
    add_ai      ``level``? (easy, normal, hard)
    open        ``variant``?, ``room``?, ``ai_seats``? (the choices of ``/ddz new``)
    daily       (today's bonus, as ``/ddz daily``: answered with ``amount``, ``balance``)
    relief      (the relief for a short balance, as ``/ddz relief``: the same)
    ==========  ==================================================================

From the server
---------------
``{"type": "welcome", "user_id", "name", "guild_id", "channel_id", "words"}``
    ``words``: the page's words in the user's language (:func:`bot.words.page.page_words`).
``{"type": "table", "table": TABLE, "you": YOU|null}``
    Sent at once after ``welcome`` and again after every change of the table. ``TABLE`` is
    public (:func:`table_json`); ``YOU`` goes only to the seated user's own connections
    (:func:`you_json`: their hand, what they may do now as ``offers``, the legal plays,
    ``cannot_beat``, ``is_leading``, and what leaving means as ``leaving``).
``{"type": "no_table", "reason"?, "open": {"variants", "rooms", "ai_seats"}}``
    No table in the channel (or it closed): the choices of an ``open`` action.
``{"type": "result", "result": RESULT}``  a deal ended (beans, points, levels).
``{"type": "answer", "id": N, "ok": true, ...}``
    The action was applied; ``play`` may instead answer ``"readings": [PLAY...]`` (a
    wild play with several readings: send ``play`` again with ``kind`` and ``main``),
    ``hint`` answers ``"hint": {"action", "cards"?, "points"?, "yes"?}``, ``"text"``,
    ``"reason"`` (why, or null), ``"index"`` and ``"count"`` (how many suggestions),
    ``cost`` answers ``"cost": {"beans", "points", "final"}`` (above 0 for an escape
    alone) and ``"text"``, what leaving means in words (the Discord Leave button's).
``{"type": "answer", "id": N, "ok": false, "code": CODE, "error": SENTENCE}``
    Refused (nothing changed): the error's code and its sentence in the user's language;
    a user refused for their own beans (``low_balance``) also hears the ``claims``
    (``daily``, ``relief``) they may make now.
``{"type": "error", "code": CODE, "error": SENTENCE}``
    A frame the server could not take (an ``action`` frame with an ``id`` is answered as a
    refused ``answer`` with that id instead, so the page's action hears back):
    ``bad_frame``, ``too_large``, ``rate_limited``, ``not_authenticated``, ``auth_failed``,
    ``not_in_instance``, ``wrong_channel``; signing in also ``bad_token`` (refused, or not
    shaped like a token), ``foreign_token`` (issued to another application),
    ``bad_instance``, ``auth_limited`` (too many failures: wait a minute),
    ``discord_busy`` / ``discord_unreachable`` (try again in a moment),
    ``too_many_sockets`` (the user's pages are at their cap); and later ``token_revoked``
    (Discord no longer takes the token: every page of the user is closed).
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from typing import Any, TypeGuard, get_args, get_type_hints, overload

from bot.ai.levels import AI_LEVELS
from bot.engine import (
    ROOMS,
    VARIANTS,
    BidOffer,
    Offer,
    PassOffer,
    Phase,
    Play,
    PlayOffer,
    SeatView,
    level_for,
    result_factors,
    result_total,
)
from bot.engine.counter import unseen_counts
from bot.tables import AI_BALANCE, DealEnded, LeaveKind, Leaving, TableSnapshot, leave_kind
from bot.words.cards import card_name, play_phrase
from bot.words.locales import EN
from bot.words.multiplier import deal_factors, multiplier_text, multiplier_words
from bot.words.names import kind_name, player_name, seat_name
from bot.words.page import page_text
from bot.words.settling import at_stake_words, result_notes

from .wire import (
    ActionFrame,
    ActionName,
    AlarmJson,
    AnswerFrame,
    DealJson,
    Done,
    ErrorFrame,
    LeavingJson,
    LeavingKind,
    OfferJson,
    OpenChoices,
    PlayJson,
    Refused,
    ResultJson,
    SeatJson,
    TableJson,
    TrickPlayJson,
    YouJson,
)

MAX_FRAME = 4096  # bytes of one frame from the page
RATE = 20  # frames a second from one connection (a burst of as many)

FRAME_KEYS = ("type", "action", "id")  # an action frame's own keys, not the action's


def _actions() -> tuple[dict[str, dict[str, type | tuple[type, ...]]],
                        dict[str, tuple[str, ...]]]:
    """Each action's fields and their JSON types, and the fields it needs, as the
    action frames of :mod:`bot.web.wire` declare them."""
    actions: dict[str, dict[str, type | tuple[type, ...]]] = {}
    required: dict[str, tuple[str, ...]] = {}
    for frame in get_args(ActionFrame):
        hints = get_type_hints(frame)
        fields = {k: v for k, v in hints.items() if k not in FRAME_KEYS}
        needed = tuple(k for k in fields if k in frame.__required_keys__)
        for name in get_args(hints["action"]):
            actions[name] = fields
            if needed:
                required[name] = needed
    return actions, required


ACTIONS, REQUIRED = _actions()  # action -> the fields it may carry and their JSON types


class FrameError(ValueError):
    """A frame the server cannot take; ``code`` names why (see the module's list)."""

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(detail)
        self.code = code


def dumps(frame: Mapping[str, Any]) -> str:
    return json.dumps(frame, ensure_ascii=False, separators=(",", ":"))


def parse_json(text: str | bytes, limit: int = MAX_FRAME) -> Any:
    """JSON from a page (a frame, a request's body) of at most ``limit`` bytes; raises
    :class:`FrameError` (``too_large``, ``bad_frame``), also for JSON nested too deeply
    for the parser (a ``RecursionError`` is never let out)."""
    if len(text.encode() if isinstance(text, str) else text) > limit:
        raise FrameError("too_large", f"a frame is at most {limit} bytes")
    try:
        return json.loads(text)
    except (ValueError, UnicodeDecodeError):
        raise FrameError("bad_frame", "a frame is one JSON object") from None
    except RecursionError:
        raise FrameError("bad_frame", "a frame is one JSON object, not nested that "
                         "deeply") from None


def parse_frame(text: str | bytes) -> dict[str, Any]:
    """A frame from the page as a dict with a ``type``; raises :class:`FrameError`."""
    frame = parse_json(text)
    if not isinstance(frame, dict) or not isinstance(frame.get("type"), str):
        raise FrameError("bad_frame", "a frame is a JSON object with a \"type\"")
    return frame


def _typed(value: Any, wanted: type | tuple[type, ...]) -> bool:
    if isinstance(value, bool) and wanted is int:
        return False  # JSON true is not a number
    return isinstance(value, wanted)


def is_action(name: object) -> TypeGuard[ActionName]:
    return isinstance(name, str) and name in ACTIONS


def parse_action(frame: Mapping[str, Any]) -> tuple[ActionName, dict[str, Any]]:
    """An ``action`` frame's action and its fields, checked: only the fields that action
    takes, each of its type; raises :class:`FrameError` (``bad_frame``)."""
    action = frame.get("action")
    if not is_action(action):
        raise FrameError("bad_frame", f"unknown action {str(action)[:20]!r}")
    allowed = ACTIONS[action]
    fields = {k: v for k, v in frame.items() if k not in ("type", "action", "id")}
    for key, value in fields.items():
        if key not in allowed or not (value is None or _typed(value, allowed[key])):
            raise FrameError("bad_frame", f"{action} takes no field {key[:20]!r} like that")
    for key in REQUIRED.get(action, ()):
        if fields.get(key) is None:
            raise FrameError("bad_frame", f"{action} needs {key!r}")
    return action, {k: v for k, v in fields.items() if v is not None}


@overload
def play_json(play: Play) -> PlayJson: ...
@overload
def play_json(play: None) -> None: ...
@overload
def play_json(play: Play | None) -> PlayJson | None: ...
def play_json(play: Play | None) -> PlayJson | None:
    if play is None:
        return None
    return {"cards": play.cards, "kind": play.kind, "main": play.main_rank,
            "resolved": play.resolved}


def open_choices() -> OpenChoices:
    """What an ``open`` action may choose (the choices of ``/ddz new``)."""
    return {"variants": list(VARIANTS), "rooms": list(ROOMS), "ai_seats": [0, 1, 2, 3],
            "ai_levels": list(AI_LEVELS)}


ALARMS: dict[int, AlarmJson] = {1: "single", 2: "double"}  # 报单 / 报双 (SeatView.alarm)
LEAVING: dict[LeaveKind, LeavingKind] = {LeaveKind.FREE: "free", LeaveKind.ESCAPE: "escape",
                                         LeaveKind.AWAY: "away"}


def leaving_json(kind: LeaveKind) -> LeavingJson:
    """What leaving means now (:class:`bot.tables.Leaving`'s ``kind``) as the page reads
    it, and whether the page ``asks`` first (:attr:`bot.tables.Leaving.asks`, as the
    Discord Leave button does)."""
    return {"kind": LEAVING[kind], "asks": Leaving(kind).asks}


def offer_json(offer: Offer) -> OfferJson:
    """One of the seat's offers (:meth:`bot.engine.SeatView.legal_actions`) as the page
    draws it: ``play`` (its plays are ``you.legal``), ``pass``, ``bid`` with the
    ``points`` allowed and ``no_bid``, or a yes/no question (``call``, ``grab``, ``show``
    with its ``factor``, ``double``)."""
    if isinstance(offer, PlayOffer):
        return {"action": "play"}
    if isinstance(offer, PassOffer):
        return {"action": "pass"}
    if isinstance(offer, BidOffer):
        return {"action": "bid", "points": list(offer.points), "no_bid": offer.no_bid}
    return {"action": offer.choice, "factor": offer.factor}


def play_words(play: Play | None, locale: str) -> str | None:
    """A play in words with its pattern's name (三带一 QQQ带3), for the page to show."""
    if play is None:
        return None
    return play_phrase(locale, play, kind_name(locale, play.kind))


def tricks(plays: tuple[tuple[int, Play | None], ...], players: int
           ) -> tuple[list[tuple[int, Play | None]], list[tuple[int, Play | None]]]:
    """The current trick's turns and the previous trick's, from the play phase's turns in
    order (a trick ends when a play is followed by a pass of every other seat)."""
    done: list[list[tuple[int, Play | None]]] = [[]]
    passes = 0
    for seat, play in plays:
        done[-1].append((seat, play))
        passes = passes + 1 if play is None else 0
        if play is None and passes == players - 1:
            done.append([])
            passes = 0
    return done[-1], done[-2] if len(done) > 1 else []


def trick_json(turns: list[tuple[int, Play | None]], locale: str) -> list[TrickPlayJson]:
    return [{"seat": seat, "play": play_json(play), "text": play_words(play, locale)}
            for seat, play in turns]


def seat_beans(table: TableSnapshot, seat: int) -> int | None:
    """The beans the player in ``seat`` brought to this deal (None: an AI seat, no deal)."""
    game = table.game
    entry = table.seats[seat]
    balances = game.view.balances if game is not None else None
    if entry is None or entry.is_ai or balances is None or seat >= len(balances) \
            or balances[seat] >= AI_BALANCE:
        return None
    return balances[seat]


def table_json(table: TableSnapshot, locale: str = EN) -> TableJson:
    """What everyone may see of the table: no hidden hand (the snapshot holds none); the
    names, plays and multiplier also in words of ``locale``."""
    game = table.game
    view = game.view if game is not None else None
    last_by_seat: dict[int, Play | None] = {}
    if game is not None and game.trick is not None:
        for who, play in game.trick.plays:
            last_by_seat[who] = play
    seats: list[SeatJson] = []
    for i, seat in enumerate(table.seats):
        count = view.counts[i] if view is not None and i < len(view.counts) else None
        alarms = view.alarm if view is not None else {}
        entry: SeatJson = {"index": i, "empty": seat is None}
        if seat is not None:
            entry["user_id"] = str(seat.user_id) if seat.user_id else None
            entry["name"] = seat.name
            entry["label"] = seat_name(seat, locale)
            entry["ai"] = seat.is_ai
            entry["trustee"] = seat.trustee
        if view is not None:
            entry["role"] = view.role(i) or None
            entry["cards_left"] = count
            entry["alarm"] = ALARMS.get(alarms.get(i, 0))
            entry["shown"] = view.shown.get(i) or (game.hands[i] if game is not None and
                                                   game.hands else None)
            entry["escaped"] = i in view.escaped
            entry["played"] = i in last_by_seat
            entry["last_play"] = play_json(last_by_seat.get(i))
            entry["last_text"] = play_words(last_by_seat.get(i), locale)
            entry["beans"] = seat_beans(table, i)
        seats.append(entry)
    frame: TableJson = {
        "channel_id": str(table.channel_id), "guild_id": str(table.guild_id),
        "owner_id": str(table.owner_id), "variant": table.rules.variant,
        "players": table.rules.players, "status": str(table.status), "seq": table.seq,
        "deals": table.deals, "deadline": table.deadline, "now": time.time(),
        "seats": seats, "deal": None}
    if view is not None and game is not None:
        now, before = tricks(view.plays, len(view.counts))
        deal: DealJson = {
            "phase": str(view.phase), "to_act": view.to_act, "landlord": view.landlord,
            "bottom": view.bottom, "laizi": view.laizi, "multiplier": view.multiplier,
            "parts": list(view.parts), "bid": view.bid,
            "bids": list(view.bids), "calls": list(view.calls),
            "shows": list(view.shows), "show_factor": view.show_factor,
            "to_beat": play_json(view.last[1]) if view.last else None,
            "to_beat_seat": view.last[0] if view.last else None, "over": game.is_over,
            "total": view.total_multiplier,
            "multiplier_text": multiplier_text(deal_factors(view), view.total_multiplier,
                                              locale),
            "to_beat_text": play_words(view.last[1], locale) if view.last else None,
            "laizi_name": card_name(locale, view.laizi) if view.laizi else None,
            "factors": list(deal_factors(view)),
            "factor_words": list(multiplier_words(deal_factors(view), view.total_multiplier,
                                                  locale)),
            "trick": trick_json(now, locale), "last_trick": trick_json(before, locale),
            "unseen": unseen_counts(view) if view.phase in (Phase.PLAY, Phase.OVER) else {}}
        frame["deal"] = deal
    return frame


def you_json(table: TableSnapshot, view: SeatView, locale: str = EN) -> YouJson:
    """What only the seated user sees: their hand and what they may do now: ``offers``
    (the seat's legal actions, none unless it is its turn: :func:`offer_json`), the legal
    plays (``legal``) and what leaving means (``leaving``: ``kind`` free, escape or away,
    and whether the page ``asks`` first)."""
    if view.seat is None:
        raise ValueError("a spectator's view has no seat of its own")
    offers = view.legal_actions()
    plays = next((o.plays for o in offers if isinstance(o, PlayOffer)), ())
    return {"seat": view.seat, "hand": view.hand,
            "cards": [(c.char, c.suit, c.deck) for c in view.cards],
            "my_turn": view.to_act == view.seat and table.playing is not None,
            "phase": str(view.phase), "seq": table.seq,
            "offers": [offer_json(o) for o in offers],
            "leaving": leaving_json(leave_kind(table, view.seat)),
            "legal": [play_json(p) for p in plays],
            "cannot_beat": view.cannot_beat, "is_leading": view.is_leading,
            "counter": unseen_counts(view) if view.phase in (Phase.PLAY, Phase.OVER) else None,
            "at_stake": at_stake_words(view, view.seat, locale)}


def _level(points: int | None) -> int | None:
    """The level (1-23) of a player's points; None for an AI seat."""
    return None if points is None else level_for(points).number


def result_json(event: DealEnded, locale: str = EN) -> ResultJson:
    """A finished deal: each seat's beans, points and levels (the names also as the reader
    of ``locale`` sees them)."""
    result = event.result
    return {"game_id": event.game_id, "outcome": str(result.outcome),
            "landlord": result.landlord, "winners": list(result.winners),
            "spring": result.spring, "multiplier": result.multiplier,
            "total": result_total(event.table.rules, result) if event.table is not None
            else result.multiplier * (result.bid or 1),
            "stakes": list(result.stakes), "doubles": list(result.doubles),
            "equation": multiplier_text(result_factors(event.table.rules, result),
                                        result_total(event.table.rules, result), locale)
            if event.table is not None else None,
            "notes": result_notes(locale, event.table.rules, result, event.names,
                                  event.balances_after) if event.table is not None else [],
            "beans": list(result.beans), "points": list(result.points),
            "names": list(event.names),
            "labels": [player_name(n, locale) for n in event.names],
            "levels_before": [_level(p) for p in event.levels_before],
            "levels_after": [_level(p) for p in event.levels_after],
            "balances_after": list(event.balances_after),
            "escaper": result.escaper,
            "escape_text": escape_text(event, locale)}


def escape_text(event: DealEnded, locale: str) -> str | None:
    """Who left the deal and what it cost them, in words (None: nobody escaped)."""
    seat = event.result.escaper
    if seat is None or seat >= len(event.names):
        return None
    beans = event.result.beans[seat] if seat < len(event.result.beans) else 0
    points = event.result.points[seat] if seat < len(event.result.points) else 0
    return page_text(locale, "web.escape_cost", name=player_name(event.names[seat], locale),
                     beans=f"{beans:+,}", points=f"{points:+,}")

def error_frame(code: str, error: str) -> ErrorFrame:
    return {"type": "error", "code": code, "error": error}


def answer_frame(ref: int | str | None, action: ActionName, answer: Done | Refused
                 ) -> AnswerFrame:
    """An action's answer as the frame that carries it (``ref``: the action frame's id)."""
    if answer["ok"]:
        return {"type": "answer", "id": ref, "action": action, **answer}
    return {"type": "answer", "id": ref, "action": action, **answer}


__all__ = ["ACTIONS", "ALARMS", "LEAVING", "MAX_FRAME", "RATE", "REQUIRED", "FrameError",
           "answer_frame", "dumps", "error_frame", "is_action", "leaving_json", "offer_json",
           "open_choices", "parse_action", "parse_frame", "parse_json", "play_json", "play_words",
           "result_json", "seat_beans", "table_json", "trick_json", "tricks", "you_json"]

"""The Activity's wire, declared once: every frame the page and the server exchange, as
``TypedDict``\\ s tagged by a ``Literal`` ``type`` (:mod:`bot.web.protocol` documents what
each means and builds them).

The page's TypeScript types are generated from this module (``web/src/wire.ts``:
``python -m bot.web.wire_ts``; ``tests/web/test_wire_types.py`` fails when that file is
stale), so mypy checks the server's frames against these declarations and ``tsc`` the
page's reading of them. Keys a frame may leave out are ``NotRequired``; a value that may be
null says ``| None``. Nothing here may be ``Any``: the generator refuses it. (No ``from
__future__ import annotations`` here: Python 3.11 loses ``NotRequired`` in a TypedDict's
string annotations.)
"""

from typing import Literal, NotRequired, TypedDict, final

from bot.engine.offers import ChoiceName

# --------------------------------------------------------------------- the table frame


class PlayJson(TypedDict):
    """A play: its cards (notation), kind, main rank and the cards as read (a wild card
    as the rank it stands for)."""

    cards: str
    kind: str
    main: str
    resolved: str


class ReadingJson(PlayJson):
    """One reading of a wild play the server asks the page to choose, with its words."""

    text: str | None


AlarmJson = Literal["single", "double"]
"""报单 / 报双: a seat with one card left, or two."""


class SeatJson(TypedDict):
    """A seat of the table: who sits there (nothing when it is empty) and, once a deal is
    dealt, what everyone sees of it."""

    index: int
    empty: bool
    user_id: NotRequired[str | None]
    name: NotRequired[str]
    label: NotRequired[str]
    ai: NotRequired[bool]
    trustee: NotRequired[bool]
    role: NotRequired[str | None]
    cards_left: NotRequired[int | None]
    alarm: NotRequired[AlarmJson | None]
    shown: NotRequired[str | None]
    escaped: NotRequired[bool]
    played: NotRequired[bool]
    last_play: NotRequired[PlayJson | None]
    last_text: NotRequired[str | None]
    beans: NotRequired[int | None]  # the beans the player brought to this deal (None: AI)


class TrickPlayJson(TypedDict):
    """One turn of a trick: who, and their play (None: a pass) with its words."""

    seat: int
    play: PlayJson | None
    text: str | None


class DealJson(TypedDict):
    """The deal as everyone sees it (no hidden hand)."""

    phase: str
    to_act: int | None
    landlord: int | None
    bottom: str | None
    laizi: str | None
    multiplier: int
    parts: list[tuple[str, int, int]]
    bid: int
    bids: list[tuple[int, int]]
    calls: list[tuple[int, str]]
    shows: list[tuple[int, int]]
    show_factor: int
    to_beat: PlayJson | None
    to_beat_seat: int | None
    over: bool
    total: int
    multiplier_text: str
    to_beat_text: str | None
    laizi_name: str | None
    factors: list[tuple[str, int]]  # the multiplier's parts, a part once per time
    factor_words: list[str]  # the same in words, a part counted (炸弹×2×2), then "= ×n"
    trick: list[TrickPlayJson]  # the current trick's turns, in order
    last_trick: list[TrickPlayJson]  # the trick before it (none before the second)
    unseen: dict[str, int]  # 记牌器 for a spectator: rank -> cards not played nor shown


class TableJson(TypedDict):
    """What everyone may see of the table."""

    channel_id: str
    guild_id: str
    owner_id: str
    variant: str
    players: int
    status: str
    seq: int
    deals: int
    deadline: float | None
    now: float
    seats: list[SeatJson]
    deal: DealJson | None


class PlayOfferJson(TypedDict):
    """Play cards: the plays are ``YouJson.legal``."""

    action: Literal["play"]


class PassOfferJson(TypedDict):
    """不出: the seat follows a play and may pass."""

    action: Literal["pass"]


class BidOfferJson(TypedDict):
    """The points the seat may bid now, and whether it may say 不叫."""

    action: Literal["bid"]
    points: list[int]
    no_bid: bool


class ChoiceOfferJson(TypedDict):
    """A yes/no question of the auction (``factor``: what 明牌 multiplies by now)."""

    action: ChoiceName
    factor: int


OfferJson = PlayOfferJson | PassOfferJson | BidOfferJson | ChoiceOfferJson
"""What the seat may do now (``SeatView.legal_actions``): the page draws these."""

LeavingKind = Literal["free", "escape", "away"]


class LeavingJson(TypedDict):
    """What leaving means now: free, an escape (its cost asked of the server) or a
    tournament seat stepping away; the page asks first when ``asks``."""

    kind: LeavingKind
    asks: bool


class YouJson(TypedDict):
    """What only the seated user sees: their hand and what they may do now (before the
    first deal: ``offers`` empty, ``leaving`` the lobby's)."""

    seat: int
    hand: str
    cards: list[tuple[str, str, int]]
    my_turn: bool
    phase: str | None
    seq: int
    offers: list[OfferJson]
    leaving: LeavingJson
    legal: list[PlayJson]
    cannot_beat: bool
    is_leading: bool
    counter: NotRequired[dict[str, int] | None]  # 记牌器: rank -> cards still out
    at_stake: NotRequired[str | None]  # before 明牌 or 加倍 on the seat's turn, in words


class ResultJson(TypedDict):
    """A finished deal: each seat's beans, points and levels (None: an AI seat)."""

    game_id: str
    outcome: str
    landlord: int | None
    winners: list[int]
    spring: bool
    multiplier: int
    total: int
    stakes: list[int]
    doubles: list[bool]
    equation: str | None
    notes: list[str]
    beans: list[int]
    points: list[int]
    names: list[str]
    labels: list[str]
    levels_before: list[int | None]
    levels_after: list[int | None]
    balances_after: list[int | None]
    escaper: int | None  # who left the deal (an escape), or None
    escape_text: str | None  # who left and what it cost them, in words


class OpenChoices(TypedDict):
    """What an ``open`` action may choose (the choices of ``/ddz new``)."""

    variants: list[str]
    rooms: list[str]
    ai_seats: list[int]
    ai_levels: list[str]


class PageWords(TypedDict):
    """The page's words in the user's language (``bot.words.page.page_words``)."""

    locale: str
    t: dict[str, str]
    cards: dict[str, str]
    ranks: dict[str, str]
    kinds: dict[str, str]
    variants: dict[str, str]
    rooms: dict[str, str]
    levels: list[str]


# ------------------------------------------------------------------------ the answers

ActionName = Literal["play", "pass", "hint", "bid", "call", "grab", "show", "double",
                     "trustee", "cost", "leave", "start", "join", "add_ai", "open", "check",
                     "daily", "relief"]

ClaimName = Literal["daily", "relief"]
"""Beans a player short of a room may claim (``/ddz daily``, ``/ddz relief``)."""


class HintJson(TypedDict):
    """The action a hint suggests, with its fields."""

    action: str
    cards: NotRequired[str]
    kind: NotRequired[str | None]
    main: NotRequired[str | None]
    points: NotRequired[int]
    yes: NotRequired[bool]


class CostJson(TypedDict):
    """What leaving now costs (``final``: the deal's stake is known)."""

    beans: int
    points: int
    final: bool


class _AnswerFields(TypedDict):
    """What an applied action answers, by action: ``play`` its ``readings`` (a wild play
    to choose) or what was ``played``; ``hint`` the suggestion and its words; ``cost``
    the cost and its words; ``leave`` how (``left``); ``start`` the game; ``join`` and
    ``add_ai`` the seat; ``open`` its words; ``check`` how many ``readings`` the play
    has (``count``); ``daily`` and ``relief`` the beans given (``amount``), the
    ``balance`` after and their words."""

    readings: NotRequired[list[ReadingJson]]
    played: NotRequired[PlayJson | None]
    hint: NotRequired[HintJson | None]
    text: NotRequired[str]
    reason: NotRequired[str | None]
    index: NotRequired[int]
    count: NotRequired[int]
    cost: NotRequired[CostJson]
    left: NotRequired[str]
    game_id: NotRequired[str]
    seat: NotRequired[int]
    amount: NotRequired[int]
    balance: NotRequired[int]


@final
class Answered(_AnswerFields):
    """An action's handler's answer when it was applied (``ok`` is added to it)."""


@final
class CostAnswer(TypedDict):
    """The ``cost`` action's answer (and a ``leave`` refused until it is asked)."""

    cost: CostJson
    text: str


class Done(_AnswerFields):
    """An applied action's answer."""

    ok: Literal[True]


class _RefusedFields(TypedDict):
    ok: Literal[False]
    code: str
    error: str
    cost: NotRequired[CostJson]
    text: NotRequired[str]
    claims: NotRequired[list[ClaimName]]


@final
class Refused(_RefusedFields):
    """A refused action's answer (nothing changed): the error's code and its sentence; a
    ``leave`` asked without its cost answers the ``cost`` and its ``text``; a player
    refused for their own beans (``low_balance``) hears the ``claims`` they may make."""


# ------------------------------------------------------------- frames from the server


class WelcomeFrame(TypedDict):
    """The first frame after ``auth``: who the page is, where, and its words."""

    type: Literal["welcome"]
    user_id: str
    name: str
    guild_id: str
    channel_id: str
    words: PageWords


class TableFrame(TypedDict):
    """The table now (``you``: only to the seated user's own pages)."""

    type: Literal["table"]
    table: TableJson
    you: YouJson | None


class NoTableFrame(TypedDict):
    """No table in the channel (or it closed: ``reason``), and what opening one offers."""

    type: Literal["no_table"]
    reason: str | None
    open: OpenChoices


class ResultFrame(TypedDict):
    """A deal ended."""

    type: Literal["result"]
    result: ResultJson


class DoneFrame(Done):
    """An action applied: ``id`` is the action frame's."""

    type: Literal["answer"]
    id: int | str | None
    action: ActionName


class RefusedFrame(_RefusedFields):
    """An action refused (``action`` left out when the frame itself was refused)."""

    type: Literal["answer"]
    id: int | str | None
    action: NotRequired[ActionName]


AnswerFrame = DoneFrame | RefusedFrame


class ErrorFrame(TypedDict):
    """A frame the server could not take, or the page's sign-in refused or ended: its
    code (``bot/web/protocol.py`` lists them) and sentence."""

    type: Literal["error"]
    code: str
    error: str


ServerFrame = WelcomeFrame | TableFrame | NoTableFrame | ResultFrame | AnswerFrame | \
    ErrorFrame
"""Every frame the server sends."""

# --------------------------------------------------------------- frames from the page


class AuthFrame(TypedDict):
    """The first frame: the access token, the Activity instance, the channel the page
    believes it is in and the user's language."""

    type: Literal["auth"]
    token: str
    instance_id: str
    channel_id: NotRequired[str | None]
    locale: NotRequired[str]


class _ActionFields(TypedDict):
    """What every action frame the page sends carries: its tag and the id its answer echoes."""

    type: Literal["action"]
    id: NotRequired[int | str]


class PlayAction(_ActionFields):
    action: Literal["play"]
    cards: str
    kind: NotRequired[str]
    main: NotRequired[str]
    seq: NotRequired[int]


class CheckAction(_ActionFields):
    """Would playing ``cards`` now be accepted? Answered as ``play`` would refuse it, or
    ok; nothing is played."""

    action: Literal["check"]
    cards: str
    seq: NotRequired[int]


class PassAction(_ActionFields):
    action: Literal["pass"]
    seq: NotRequired[int]


class HintAction(_ActionFields):
    action: Literal["hint"]
    index: NotRequired[int]


class BidAction(_ActionFields):
    action: Literal["bid"]
    points: int
    seq: NotRequired[int]


class ChoiceAction(_ActionFields):
    action: ChoiceName
    yes: bool
    seq: NotRequired[int]


class TrusteeAction(_ActionFields):
    action: Literal["trustee"]
    on: bool


class PlainAction(_ActionFields):
    """``cost``, ``leave``, ``start``, ``join``, ``daily``, ``relief``: no fields."""

    action: Literal["cost", "leave", "start", "join", "daily", "relief"]


class AddAiAction(_ActionFields):
    action: Literal["add_ai"]
    level: NotRequired[str]


class OpenAction(_ActionFields):
    action: Literal["open"]
    variant: NotRequired[str]
    room: NotRequired[str]
    ai_seats: NotRequired[int]


ActionFrame = PlayAction | CheckAction | PassAction | HintAction | BidAction | ChoiceAction | \
    TrusteeAction | PlainAction | AddAiAction | OpenAction
"""An action: ``id`` is any number the page chooses (its answer carries it back)."""

PageFrame = AuthFrame | ActionFrame
"""Every frame the page sends."""

SERVER_ONLY = frozenset({"Answered", "CostAnswer", "Done", "Refused"})
"""What the handlers of :mod:`bot.web.actions` answer, before the server makes it a frame
(not in the page's types)."""

__all__ = [
    "ActionFrame", "ActionName", "AddAiAction", "AlarmJson", "AnswerFrame", "Answered",
    "AuthFrame", "BidAction", "BidOfferJson", "CheckAction", "ChoiceAction", "ChoiceName",
    "ChoiceOfferJson", "ClaimName", "CostAnswer", "CostJson", "DealJson", "Done", "DoneFrame",
    "ErrorFrame", "HintAction",
    "HintJson", "LeavingJson", "LeavingKind", "NoTableFrame", "OfferJson", "OpenAction",
    "OpenChoices", "PageFrame", "PageWords", "PassAction", "PassOfferJson", "PlainAction",
    "PlayAction", "PlayJson", "PlayOfferJson", "ReadingJson", "Refused", "RefusedFrame",
    "ResultFrame", "ResultJson", "SeatJson", "ServerFrame", "TableFrame", "TableJson",
    "TrickPlayJson", "TrusteeAction", "WelcomeFrame", "YouJson",
]

"""What the pictures show: small frozen records of plain data.

The table layer fills these from the game (render never imports game state). Cards are
notation strings (``"33344"``, ``"BR"``, ``"F"``); a role is ``"landlord"``, ``"farmer"`` or
None. Render holds no words: every text comes finished, and each scene carries ``words``,
the pictures' labels by key (``"landlord"``, ``"pass"``, ``"bottom"``…) in its reader's
language (``bot.words.pictures.picture_words``, filled in by the scene builders).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

ROLES = ("landlord", "farmer")


def _check_role(role: str | None, allow_none: bool = True) -> None:
    if role is None and allow_none:
        return
    if role not in ROLES:
        raise ValueError(f"role must be one of {ROLES}, not {role!r}")


Words = Mapping[str, str]
"""The pictures' labels by key, finished strings in the reader's language."""


PHASES = ("bid", "call", "grab", "show", "double", "play", "over")
"""The phases a table picture names (the engine's ``show_start``, ``show_deal`` and
``show_landlord`` are all ``show``)."""


@dataclass(frozen=True)
class SeatScene:
    """One seat at the table, as everybody may see it.

    ``last_play`` is the cards this seat played in the current round, in the order to draw
    them (pattern order: ``"555666" + "3344"``; None: nothing yet); ``play_as`` says, card by
    card, what each stands for (the same character for a natural card, the stand-in rank
    for a wild one: ``"678A"`` as ``"6789"``; empty: all natural). ``passed`` draws 不出;
    ``action`` is a said word instead (``"call"``, ``"no_call"``, ``"grab"``,
    ``"bid1"``…``"bid3"``, ``"double"``… or any text). ``shown`` is a hand shown face up
    (明牌). ``to_beat`` marks the play the next player must beat, ``newest`` the latest
    thing done at the table. ``avatar`` is the player's picture (PNG/JPEG bytes; None: the
    name's initial on a colour).
    """

    name: str
    role: str | None = None
    cards_left: int = 0
    last_play: str | None = None
    play_as: str = ""
    passed: bool = False
    action: str | None = None
    shown: str | None = None
    turn: bool = False
    auto: bool = False  # 托管: the AI plays for this seat
    bot: bool = False  # an AI seat
    doubled: bool = False  # 加倍
    to_beat: bool = False
    newest: bool = False
    avatar: bytes | None = None
    own_hand: bool = False  # ``shown`` is the seat's own hand as it saw it (a review), no 明牌

    def __post_init__(self) -> None:
        _check_role(self.role)
        if self.cards_left < 0:
            raise ValueError(f"cards_left must be >= 0, not {self.cards_left}")
        if self.play_as and len(self.play_as) != len(self.last_play or ""):
            raise ValueError(f"play_as {self.play_as!r} does not match {self.last_play!r}")


@dataclass(frozen=True)
class TableScene:
    """The table: seats in seat order (3 or 4), ``viewer`` drawn at the bottom.

    ``bottom`` is the bottom cards (底牌) once revealed, else ``bottom_count`` backs are
    drawn. ``multiplier_words`` are the multiplier's parts in words, finished
    (``("抢×2", "炸弹×2", "明牌×4", "= ×16")``; empty: only the total is drawn). ``phase``
    (one of :data:`PHASES`) is named on the phase line; ``words`` are the table's language's.
    No clock is drawn: a picture cannot count down (the message text does).
    """

    seats: tuple[SeatScene, ...]
    viewer: int = 0
    title: str | None = None
    bottom: str | None = None
    bottom_count: int = 3
    laizi: str | None = None
    multiplier: int = 1
    multiplier_words: tuple[str, ...] = ()
    status: str | None = None  # a free line under the title, e.g. "Round 3"
    phase: str | None = None
    words: Words = field(kw_only=True)  # required: a picture has no words of its own

    def __post_init__(self) -> None:
        if len(self.seats) not in (3, 4):
            raise ValueError(f"a table has 3 or 4 seats, not {len(self.seats)}")
        if not 0 <= self.viewer < len(self.seats):
            raise ValueError(f"viewer {self.viewer} is not a seat")
        if self.phase is not None and self.phase not in PHASES:
            raise ValueError(f"phase must be one of {PHASES}, not {self.phase!r}")


@dataclass(frozen=True)
class PlayerResult:
    """One player's line of a settlement: points 积分 and beans 欢乐豆 won (+) or lost (-),
    and the level names before and after, finished (equal, or None, when unchanged). ``stake`` is
    the player's own multiplier (加倍 is pairwise: a farmer's ×20 or ×40, the landlord's
    the sum; 0: not drawn), ``fee`` the beans paid to the house (台费 and penalties)."""

    name: str
    role: str
    points: int
    beans: int
    level_before: str | None = None
    level_after: str | None = None
    remaining: str = ""  # cards left in hand at the end
    doubled: bool = False
    escaped: bool = False
    stake: int = 0
    fee: int = 0
    note: str = ""  # why the numbers stopped short: "capped: Bo had 1,230 beans"

    def __post_init__(self) -> None:
        _check_role(self.role, allow_none=False)


@dataclass(frozen=True)
class ResultScene:
    """The end of a deal. ``winner`` is ``"landlord"`` or ``"farmers"``; ``spring`` is
    ``"spring"`` (春天), ``"anti_spring"`` (反春) or None."""

    winner: str
    players: tuple[PlayerResult, ...]
    spring: str | None = None
    multiplier: int = 1
    multiplier_words: tuple[str, ...] = ()
    title: str | None = None
    words: Words = field(kw_only=True)  # required: a picture has no words of its own

    def __post_init__(self) -> None:
        if self.winner not in ("landlord", "farmers"):
            raise ValueError(f"winner must be 'landlord' or 'farmers', not {self.winner!r}")
        if self.spring not in (None, "spring", "anti_spring"):
            raise ValueError(f"spring must be 'spring', 'anti_spring' or None, "
                             f"not {self.spring!r}")
        if len(self.players) not in (3, 4):
            raise ValueError(f"a result has 3 or 4 players, not {len(self.players)}")


@dataclass(frozen=True)
class ProfileStats:
    """The counters under a profile: springs (春天, won as the landlord) and anti-springs
    (反春, won as a farmer), bombs and rockets played, the current and best winning streak,
    and the biggest net bean gain of one deal."""

    springs: int = 0
    anti_springs: int = 0
    bombs: int = 0
    rockets: int = 0
    streak: int = 0
    best_streak: int = 0
    biggest_win: int = 0


@dataclass(frozen=True)
class ProfileScene:
    """A player's profile. Level data come from the engine: ``level`` 1..23 and its name (finished),
    ``progress`` the share of the way to the next level (0..1, the engine's
    ``Level.progress``) and the next level's name and threshold (None at the top level)."""

    name: str
    level: int
    level_name: str
    points: int
    progress: float
    next_level_name: str | None
    next_threshold: int | None
    balance: int
    landlord_games: int = 0
    landlord_wins: int = 0
    farmer_games: int = 0
    farmer_wins: int = 0
    max_level: int = 23
    words: Words = field(kw_only=True)  # required: a picture has no words of its own
    avatar: bytes | None = None
    stats: ProfileStats | None = None  # None: the card without its counters

    def __post_init__(self) -> None:
        if not 1 <= self.level <= self.max_level:
            raise ValueError(f"level must be within 1..{self.max_level}, not {self.level}")
        if not 0.0 <= self.progress <= 1.0:
            raise ValueError(f"progress must be within 0..1, not {self.progress}")
        for games, wins in ((self.landlord_games, self.landlord_wins),
                            (self.farmer_games, self.farmer_wins)):
            if not 0 <= wins <= games:
                raise ValueError(f"wins must be within 0..games, not {wins} of {games}")


@dataclass(frozen=True)
class LeaderboardRow:
    rank: int
    name: str
    value: str  # already formatted: "12,345", "63.2%"
    level_name: str | None = None
    highlight: bool = False  # the player who asked


@dataclass(frozen=True)
class LeaderboardScene:
    """A ranking. ``title``, finished: "Balance", "Points", "Win rate"…"""

    title: str
    rows: tuple[LeaderboardRow, ...]
    subtitle: str | None = None
    words: Words = field(kw_only=True)  # required: a picture has no words of its own


@dataclass(frozen=True)
class ReviewChoice:
    """One choice of a reviewed decision: ``cards`` played (pattern order, as
    :attr:`SeatScene.last_play`; ``play_as`` what wild cards stand for), or ``word``
    (a said word, finished: 不出, 叫地主, 不加倍, 2分; ``passed``: it is 不出, drawn grey),
    with the
    AI's estimate after it: ``win`` (0..1) and expected ``points``."""

    cards: str | None = None
    play_as: str = ""
    word: str | None = None
    passed: bool = False
    win: float = 0.0
    points: float = 0.0

    def __post_init__(self) -> None:
        if (self.cards is None) == (self.word is None):
            raise ValueError("a choice is cards or a word")
        if not 0.0 <= self.win <= 1.0:
            raise ValueError(f"win must be within 0..1, not {self.win}")


@dataclass(frozen=True)
class ReviewScene:
    """A costly decision: the position as the seat saw it (``table``, the seat drawn at the
    bottom with its own hand face up), the choice made and the AI's, ``rank`` among the
    costliest (1 = the worst) and a ``heading`` (already in the reader's words:
    "Play 12"); its words are its table's."""

    table: TableScene
    made: ReviewChoice
    best: ReviewChoice
    rank: int = 1
    heading: str = ""

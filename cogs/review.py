"""``/ddz review deal:<id>``: the AI reviews the caller's own decisions in a finished deal
of this server (:mod:`bot.ai.review`): a line of text for each of the three costliest,
and one picture each (the table as the caller saw it then, the play made and the AI's).

The review runs off the event loop (in the AI's worker processes when the bot has them,
else in a thread; the pictures in the drawing processes) after a "thinking" reply.
Reviews are kept in memory per (deal, seat) (:class:`ReviewCache`, the last
:data:`CACHED` of them: a review is a pure function of the stored deal, so a cached one
is the one a new search would give). Refused, each with an ephemeral message: an unknown
or another server's deal, a live deal, and a deal the caller did not play.
"""

from __future__ import annotations

import asyncio
import dataclasses
import io
import zlib
from collections import OrderedDict
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.ai.review import Decision, Review, review_deal
from bot.engine import Phase
from bot.engine.actions import Action, Bid, Call, Choice, Double, Grab, Pass, PlayCards, Show
from bot.store import GameRecord
from bot.tables import TableError
from bot.tables.replay import position_before
from bot.words.cards import action_play, play_phrase
from bot.words.catalogue import t
from bot.words.names import kind_name, variant_name
from bot.words.pictures import said_word
from render import ReviewChoice, ReviewScene, TableScene, render_review

from .i18n import locale_of
from .replay import Drawing, finished_record, recent_deals
from .scenes import pattern_order, table_scene

if TYPE_CHECKING:
    from bot.workers.ai_pool import AiPool

    from .readers import DealReader

LEVEL = "normal"  # the AI level a review searches at
COSTLIEST = 3
CACHED = 256  # reviews kept in memory


def review_seed(game_id: str) -> int:
    """The seed of a deal's review: the same deal, the same review."""
    return zlib.crc32(f"review|{game_id}".encode())


class ReviewCache:
    """The last ``size`` reviews, by (game id, seat)."""

    def __init__(self, size: int = CACHED) -> None:
        self.size = size
        self._items: OrderedDict[tuple[str, int], Review] = OrderedDict()

    def get(self, game_id: str, seat: int) -> Review | None:
        got = self._items.get((game_id, seat))
        if got is not None:
            self._items.move_to_end((game_id, seat))
        return got

    def put(self, game_id: str, seat: int, review: Review) -> None:
        self._items[(game_id, seat)] = review
        self._items.move_to_end((game_id, seat))
        while len(self._items) > self.size:
            self._items.popitem(last=False)

    def __len__(self) -> int:
        return len(self._items)


async def reviewable(store: DealReader, guild_id: int, deal: str, user_id: int
                     ) -> tuple[GameRecord, int]:
    """The finished deal of this guild named by ``deal`` and the caller's seat in it."""
    try:
        record = await finished_record(store, guild_id, deal)
    except TableError as error:
        if error.code == "deal_unfinished":
            raise TableError(f"deal {deal} is not finished: a review is made once it has "
                             "ended", code="review_unfinished",
                             deal=str(error.params.get("deal", deal))) from error
        raise
    seats = [i for i, s in enumerate(record.seats) if s.user_id == user_id]
    if not seats:
        raise TableError(f"you did not play in deal {record.game_id[:8]}: a review looks at "
                         "your own decisions only", code="review_not_yours",
                         deal=record.game_id[:8])
    return record, seats[0]


# ---------------------------------------------------------------------- words
def action_words(action: Action, decision: Decision, locale: str) -> str:
    """A decision in words: ``play QQQ + 3 — trio with a single``, ``pass``, ``bid 2``."""
    if isinstance(action, PlayCards):
        play = action_play(action, decision.view)
        return t(locale, "review.do.play",
                 cards=play_phrase(locale, play, kind_name(locale, play.kind)))
    if isinstance(action, Pass):
        return t(locale, "review.do.pass")
    if isinstance(action, Bid):
        return t(locale, "review.do.bid", n=action.points) if action.points \
            else t(locale, "review.do.nobid")
    yes = isinstance(action, Choice) and action.yes
    return t(locale, f"review.do.{'' if yes else 'no'}{action.type}")


def where(decision: Decision, locale: str) -> str:
    """When the decision was made: ``play 12``, ``the bidding``…"""
    if decision.phase == Phase.PLAY:
        return t(locale, "review.at.play", n=decision.play_no + 1)
    phase = "show" if decision.phase.startswith("show") else decision.phase
    return t(locale, f"review.at.{phase}")


def decision_line(n: int, decision: Decision, locale: str) -> str:
    made, best = decision.made_estimate, decision.best_estimate
    return t(locale, "review.line", n=n, where=where(decision, locale),
             made=action_words(decision.made, decision, locale),
             best=action_words(decision.best, decision, locale),
             made_win=f"{made.win * 100:.0f}", best_win=f"{best.win * 100:.0f}",
             made_pts=f"{made.points:+.1f}", best_pts=f"{best.points:+.1f}")


def review_message(record: GameRecord, review: Review, locale: str) -> str:
    """The reply's text: a head line, one line per costly decision, how it was estimated."""
    landlord = None
    for d in review.decisions:
        if d.view.landlord is not None:
            landlord = d.view.landlord
    role = t(locale, "review.role." + ("landlord" if landlord == review.seat else "farmer"))
    lines = [t(locale, "review.head", deal=record.game_id[:8],
               variant=variant_name(locale, record.rules().variant), role=role,
               total=len(review.decisions), agreed=review.agreed)]
    costly = review.costliest(COSTLIEST)
    if costly:
        lines.append(t(locale, "review.top"))
        lines += [decision_line(i, d, locale) for i, d in enumerate(costly, 1)]
    else:
        lines.append(t(locale, "review.none"))
    lines.append("-# " + t(locale, "review.note", level=t(locale, f"level.{review.level}")))
    return "\n".join(lines)


# ---------------------------------------------------------------------- pictures
_WORD = {Call: ("call", "no_call"), Grab: ("grab", "no_grab"), Show: ("show", "no_show"),
         Double: ("double", "no_double")}


def choice_of(action: Action, decision: Decision, win: float, points: float,
              locale: str) -> ReviewChoice:
    """A choice as the picture draws it: cards in pattern order, or a said word (in the
    reader's ``locale``)."""
    if isinstance(action, PlayCards):
        cards, stands = pattern_order(action_play(action, decision.view))
        return ReviewChoice(cards=cards, play_as=stands if stands != cards else "", win=win,
                            points=points)
    if isinstance(action, Pass):
        word = "pass"
    elif isinstance(action, Bid):
        word = f"bid{action.points}" if action.points else "no_bid"
    else:
        assert isinstance(action, Choice)
        yes, no = _WORD[type(action)]
        word = yes if action.yes else no
    return ReviewChoice(word=said_word(word, locale), passed=isinstance(action, Pass),
                        win=win, points=points)


def position_scene(record: GameRecord, decision: Decision, seat: int, locale: str
                   ) -> TableScene:
    """The table just before the decision, as the seat saw it: the seat at the bottom with
    its own hand face up; the others' hands hidden, unless shown by 明牌."""
    position = position_before(record, decision.index)
    scene = table_scene(position.table, title=t(locale, "review.title",
                                                where=where(decision, locale)),
                        locale=locale)
    seats = tuple(dataclasses.replace(s, shown=position.hands[seat], own_hand=True, turn=True)
                  if i == seat else s for i, s in enumerate(scene.seats))
    return dataclasses.replace(scene, seats=seats, viewer=seat)


def review_pictures(record: GameRecord, review: Review, locale: str) -> list[bytes]:
    """The PNG of each of the costliest decisions, worst first."""
    out = []
    for rank, d in enumerate(review.costliest(COSTLIEST), 1):
        made, best = d.made_estimate, d.best_estimate
        scene = ReviewScene(position_scene(record, d, review.seat, locale),
                            choice_of(d.made, d, made.win, made.points, locale),
                            choice_of(d.best, d, best.win, best.points, locale),
                            rank=rank,
                            heading=where(d, locale))
        out.append(render_review(scene))
    return out


# ---------------------------------------------------------------------- the command
class Reviews:
    """``/ddz review``'s answers: a finished deal read from the store, thought over in the
    AI's processes (``ai_pool``; a thread without them), drawn by ``drawing``; the
    reviews kept a while (:class:`ReviewCache`)."""

    def __init__(self, *, store: DealReader, ai_pool: AiPool | None, drawing: Drawing
                 ) -> None:
        self.store = store
        self.ai_pool = ai_pool
        self.drawing = drawing
        self.reviews = ReviewCache()

    async def review_of(self, record: GameRecord, seat: int) -> Review:
        """The review of ``seat`` in ``record`` (cached), thought off the event loop."""
        cached = self.reviews.get(record.game_id, seat)
        if cached is not None:
            return cached
        args = (record.log, seat, LEVEL, review_seed(record.game_id))
        if self.ai_pool is not None:
            review = await self.ai_pool.run(review_deal, *args)
        else:
            review = await asyncio.to_thread(review_deal, *args)
        self.reviews.put(record.game_id, seat, review)
        return review

    async def show(self, interaction: discord.Interaction, deal: str) -> None:
        """Review the caller's decisions in ``deal``, privately."""
        locale = locale_of(interaction)
        assert interaction.guild_id is not None
        record, seat = await reviewable(self.store, interaction.guild_id, deal,
                                        interaction.user.id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        review = await self.review_of(record, seat)
        pictures = await self.drawing.draw(review_pictures, record, review, locale)
        await interaction.followup.send(
            review_message(record, review, locale)[:2000],
            files=[discord.File(io.BytesIO(png), filename=f"review{i}.png")
                   for i, png in enumerate(pictures, 1)], ephemeral=True)

    async def deals(self, interaction: discord.Interaction, current: str
                    ) -> list[app_commands.Choice[str]]:
        """The caller's recent deals, for the command's autocomplete."""
        return await recent_deals(self.store, interaction, current)


__all__ = ["COSTLIEST", "LEVEL", "ReviewCache", "Reviews", "action_words",
           "choice_of", "position_scene", "review_message", "review_pictures", "review_seed",
           "reviewable"]

"""The hand DMs of :class:`cogs.presenter.DiscordPresenter`: each player's hand as a
picture with its controls, edited as the deal moves.

:class:`HandDms` is an object the presenter owns, made with what it works with (the
tables' states, the preferences, the ephemeral hands, the token edits, the DM channels,
the kept controls) and a narrow :class:`HandHost`, the presenter, for the little it asks
back. A hand DM's words and controls follow every turn (:meth:`HandDms.refresh_hands`); its
picture is drawn again only when the cards change (:meth:`HandDms.send_hand`). Only the
player to act waits at normal priority (:mod:`bot.discord_api.pacing`): the others' updates wait at
idle priority behind every other request, and a newer update drops one still waiting
(:meth:`cogs.table_state.TableState.supersede`). When the deal ends, each DM says so and
its controls go away (:meth:`HandDms.end_hands`).
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Callable, Coroutine, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import discord

from bot.discord_api.pacing import IDLE, NORMAL, URGENT, priority, withdrawable
from bot.engine import PassOffer, Phase, PlayOffer
from bot.tables import DealEnded, TableStatus
from bot.words.catalogue import t
from bot.words.pictures import picture_words
from render import render_hand

from .counter import counter_line
from .dm_channels import DmChannels
from .handtext import can_act, deal_over_content, hand_content
from .own_message import own_message
from .views import HandViews, hand_view, view_key

if TYPE_CHECKING:
    from bot.engine import Card, Offer
    from bot.tables import TableSnapshot

    from .edits import TokenEdits
    from .ephemeral import EphemeralHands
    from .preferences import Preferences
    from .readers import PresenterStore
    from .table_state import TableState, TableStates

__all__ = ["DM_CLOSED", "HandDms", "HandHost", "offer_controls"]

log = logging.getLogger("ddz.presenter")
DM_CLOSED = 50007
T = TypeVar("T")


def offer_controls(offers: Sequence[Offer]) -> dict[str, bool]:
    """The hand's turn buttons (:func:`hand_view`'s ``active``, ``leading`` and
    ``cannot_beat``) as the seat's offers (:meth:`bot.engine.SeatView.legal_actions`) say:
    Play on when a :class:`PlayOffer` is offered, Pass when a :class:`PassOffer` is (alone:
    Can't beat); nothing on without either (another's turn, or the auction, whose offers
    are the table message's)."""
    play = any(isinstance(o, PlayOffer) for o in offers)
    passing = any(isinstance(o, PassOffer) for o in offers)
    return {"active": play or passing, "leading": play and not passing,
            "cannot_beat": passing and not play}


class HandHost(Protocol):
    """What the hand DMs ask of the presenter that owns them."""

    @property
    def client(self) -> discord.Client: ...

    def spawn(self, coro: Coroutine[Any, Any, None]) -> asyncio.Task[None]: ...

    async def draw_first(self, render: Callable[..., T], /, *args: Any, **kwargs: Any
                         ) -> T: ...

    def locale_for(self, user_id: int, channel_id: int) -> str: ...

    def tell_closed(self, channel_id: int, user_id: int) -> None: ...

    def stages(self, since: float) -> Callable[[str], None]: ...


class HandDms:
    """Each player's hand DM: sent, edited as the deal moves, closed when it ends."""

    def __init__(self, *, store: PresenterStore, tables: TableStates,
                 preferences: Preferences, ephemeral: EphemeralHands, edits: TokenEdits,
                 dms: DmChannels, views: HandViews, dm_closed: set[int],
                 host: HandHost) -> None:
        self.store = store  # the card counter's room settings
        self.tables = tables  # each table's state: its hands and hand DMs
        self.preferences = preferences  # each player's hand order and language
        self.ephemeral = ephemeral  # the "My hand" replies, kept with the DMs
        self.edits = edits
        self.dms = dms
        self.views = views  # the hand DMs' controls, kept while they stay the same
        self.dm_closed = dm_closed  # the users whose DMs are closed (shared)
        self.host = host

    async def hand_payload(self, table: TableSnapshot, seat: int, hand: Sequence[Card],
                           locale: str, stage: Callable[[str], None] = lambda _: None, *,
                           own_view: bool = False
                           ) -> tuple[discord.File, discord.ui.View, str]:
        """The picture, controls and words of ``seat``'s hand message (``hand``: its cards);
        ``stage`` is told when the picture and the words are done. ``own_view``: controls
        built for this message alone (an ephemeral "My hand"), not the hand DM's kept ones."""
        game = table.game
        assert game is not None
        cards = list(hand)
        marked = (game.view.bottom or "") if seat == game.landlord else ""  # for the deal
        entry = table.seats[seat]
        if entry is not None and entry.user_id is not None:
            await self.preferences.load(entry.user_id)
        order = self.preferences.hand_order(entry.user_id if entry else None)
        title = t(locale, "hand.title", n=len(cards))
        key = (tuple(cards), game.laizi, marked, title, locale, order)
        state = self.tables.get(table.channel_id)
        drawn = state.hand_pictures.get(seat) if state is not None else None
        if drawn is not None and drawn[0] == key:
            png = drawn[1]  # the same cards the same way: the same picture, not drawn again
        else:
            png = await self.host.draw_first(render_hand, cards, laizi=game.laizi,
                                        marked=marked, title=title,
                                        words=picture_words(locale), order=order)
            if state is not None:
                state.hand_pictures[seat] = (key, png)
        stage("hand_draw")
        file = discord.File(io.BytesIO(png), filename="hand.png")
        words = await self.hand_words(table, seat, cards, locale)
        stage("hand_words")
        return file, self.hand_controls(table, seat, cards, locale, own=own_view), words

    async def hand_words(self, table: TableSnapshot, seat: int, hand: Sequence[Card],
                         locale: str) -> str:
        """The hand message's words, with the card counter (记牌器) where its room has it."""
        counter = await counter_line(self.store, table, seat, hand, locale)
        words = hand_content(table, seat, hand, locale)
        return words if counter is None else f"{words}\n{counter}"

    def hand_controls(self, table: TableSnapshot, seat: int, hand: Sequence[Card],
                      locale: str, *, own: bool = False) -> discord.ui.View:
        """The hand message's controls for the table's state now (on only in one's turn):
        the hand DM's, kept while they stay the same, or (``own``) a view of their own for
        another message (a view is bound to the message it is stored with)."""
        if own:
            return hand_view(table.channel_id, list(hand), locale,
                             **self._control_options(table, seat, hand))
        return self.keyed_hand_controls(table, seat, hand, locale)[0]

    def keyed_hand_controls(self, table: TableSnapshot, seat: int, hand: Sequence[Card],
                            locale: str) -> tuple[discord.ui.View, tuple[object, ...]]:
        """The hand DM's kept controls and their :func:`view_key`."""
        return self.views.get(table.channel_id, list(hand), locale,
                                   **self._control_options(table, seat, hand))

    def _control_options(self, table: TableSnapshot, seat: int, hand: Sequence[Card]
                         ) -> dict[str, Any]:
        """:func:`hand_view`'s options for ``seat`` now: its turn's buttons from the seat's
        offers (:func:`offer_controls`); off while the AI plays for the seat."""
        game = table.game
        assert game is not None
        entry = table.seats[seat]
        auction = game.phase not in (Phase.PLAY, Phase.OVER)
        offers = game.view_of(seat, hand).legal_actions() if can_act(table, seat) else ()
        return {"laizi": game.laizi, "order": self.preferences.hand_order(
                    entry.user_id if entry else None),
                **offer_controls(offers),
                "trustee": entry is not None and entry.trustee, "auction": auction}

    async def refresh_hands(self, channel_id: int) -> None:
        """Edit every hand DM's words and controls (the picture stays) for the state now:
        one update a player, and none while one is still waiting for its turn (that one
        reads the state when its turn comes)."""
        state = self.tables.get(channel_id)
        table = state.snapshot if state is not None else None
        if state is None or table is None or table.game is None:
            return
        for seat, entry in enumerate(table.seats):
            if entry is None or entry.user_id is None or state.dm(entry.user_id).refreshing:
                continue
            state.dm(entry.user_id).refreshing = True
            self.host.spawn(self._refresh_hand(state, channel_id, seat, entry.user_id))

    async def _refresh_hand(self, state: TableState, channel_id: int, seat: int,
                            user_id: int) -> None:
        key = (channel_id, user_id)
        state.supersede(user_id)
        async with state.hand_lock(user_id):
            dm = state.dm(user_id)
            dm.refreshing = False  # a later change asks for its own update
            message = dm.message
            table = self.tables.snapshot(channel_id)
            if (message is None and key not in self.ephemeral.shown) or table is None or \
                    table.game is None or table.status != TableStatus.PLAYING or \
                    table.seat_of(user_id) != seat:
                return
            locale = self.host.locale_for(user_id, channel_id)
            hand = state.hand(seat)
            words = await self.hand_words(table, seat, hand, locale)
            view, controls = self.keyed_hand_controls(table, seat, hand, locale)
            shown = (words, controls)
            if message is not None and dm.shown != shown:
                # whose turn it is matters most to the player who is to act now; the
                # others' words wait behind every other request (bot.discord_api.pacing), and a
                # newer update drops them (TableState.supersede)
                level = NORMAL if can_act(table, seat) else IDLE
                try:
                    with priority(level), withdrawable() as ticket:
                        edit = asyncio.ensure_future(
                            self.edits.edit(message, content=words, view=view))
                    if level == IDLE:
                        dm.idle_edit = ticket
                    await edit
                    dm.shown = shown
                except asyncio.CancelledError:
                    current = asyncio.current_task()
                    if not edit.cancelled() or (current is not None and current.cancelling()):
                        raise
                    return  # withdrawn: the newer update is waiting for this lock
                except discord.HTTPException:
                    log.warning("could not update the hand of %s", user_id)
                finally:
                    if dm.idle_edit is ticket:
                        dm.idle_edit = None
            if key in self.ephemeral.shown:  # its own view: a view is bound to one message
                await self.ephemeral.edit(key, content=words, view=self.hand_controls(
                    table, seat, hand, locale, own=True))

    async def end_hands(self, channel_id: int, ended: DealEnded, variant: str) -> None:
        """The deal is over: each hand DM says so, and its controls go away."""
        state = self.tables.get(channel_id)
        if state is None:
            return
        state.adopt_dms = False  # the next deal's hands are new messages
        # a hand DM being sent right now (its lock is taken) is closed once it is out
        users = {*state.dm_users(),
                 *(k[1] for k in self.ephemeral.shown if k[0] == channel_id)}
        table = state.snapshot
        for user_id in users:
            state.supersede(user_id)
            async with state.hand_lock(user_id):
                dm = state.dm(user_id)
                message, seat, dm.message, dm.seat = dm.message, dm.seat, None, None
                if seat is None and table is not None:
                    seat = table.seat_of(user_id)
                if seat is None:
                    continue
                locale = self.host.locale_for(user_id, channel_id)
                content = deal_over_content(variant, seat, ended, locale)
                await self.ephemeral.end((channel_id, user_id), content)
                if message is None:
                    continue
                dm.shown = None
                try:
                    await self.edits.edit(message, content=content, view=None)
                except discord.HTTPException:
                    log.warning("could not close the hand of %s", user_id)
                self.edits.forget(message.id)

    def resend_hand(self, channel_id: int, seat: int) -> None:
        """Send (or edit) the hand DM of ``seat`` again, e.g. after a new order was chosen."""
        self.host.spawn(self.send_hand(channel_id, seat))

    async def send_hand(self, channel_id: int, seat: int) -> None:
        state = self.tables.get(channel_id)
        table = state.snapshot if state is not None else None
        if state is None or table is None or table.game is None:
            return
        entry = table.seats[seat]
        if entry is None or entry.user_id is None:
            return
        user_id = entry.user_id
        key = (channel_id, user_id)
        if user_id in self.dm_closed:
            self.host.tell_closed(channel_id, user_id)
            if key not in self.ephemeral.shown:
                return
        stage = self.host.stages(asyncio.get_running_loop().time())
        try:
            state.supersede(user_id)
            # a person's cards come before every other request made as the bot
            # (bot.discord_api.pacing):
            # they cannot bid or play without them, and the next deal's first hand DMs,
            # sent as the bot, otherwise waited seconds behind the table messages
            with priority(URGENT):
                await self._send_hand_now(state, channel_id, seat, user_id, stage)
        except discord.Forbidden as err:
            if err.code == DM_CLOSED:
                self.dm_closed.add(user_id)
                self.host.tell_closed(channel_id, user_id)
            else:
                log.warning("could not DM user %s: %s", user_id, err)
        except discord.HTTPException:
            log.warning("could not DM user %s", user_id, exc_info=True)

    async def _send_hand_now(self, state: TableState, channel_id: int, seat: int,
                             user_id: int, stage: Callable[[str], None]) -> None:
        async with state.hand_lock(user_id):
            stage("hand_lock")
            await self.preferences.load(user_id)
            locale = self.host.locale_for(user_id, channel_id)
            # the table as it is now, not as it was when the hand was dealt: the AI
            # may have bid and led while this waited, and the refresh of that turn
            # found no message to edit yet (it would show the bidding turn forever)
            table = self.tables.snapshot(channel_id)
            if table is None:
                return
            await self._post_hand(state, table, seat, user_id, locale,
                                  dm=user_id not in self.dm_closed, stage=stage)

    async def _post_hand(self, state: TableState, table: TableSnapshot, seat: int,
                         user_id: int, locale: str, *, dm: bool = True,
                         stage: Callable[[str], None] = lambda _: None) -> None:
        """Edit the player's hand DM with a new picture, or send it (a first DM); and
        their ephemeral hand, if they have one open."""
        if table.game is None or table.status != TableStatus.PLAYING:
            return
        key = (table.channel_id, user_id)
        file, view, content = await self.hand_payload(table, seat, state.hand(seat), locale,
                                                      stage)
        if key in self.ephemeral.shown:
            copy = discord.File(io.BytesIO(file.fp.read()), filename=file.filename)
            file.reset()
            await self.ephemeral.edit(key, content=content, attachments=[copy],
                                      view=self.hand_controls(table, seat, state.hand(seat),
                                                              locale, own=True))
        if not dm:
            return
        kept = state.dm(user_id)
        kept.seat = seat
        message = kept.message
        channel: discord.PartialMessageable | None = None
        client = self.host.client
        if message is None and state.adopt_dms:  # after a restart: the hand DM sent
            channel = await self.dms.channel(client, user_id)  # before
            message = await own_message(client, channel, f"ddzh:{table.channel_id}:")
        shown = (content, view_key(view))
        if message is not None:
            try:
                await self.edits.edit(message, content=content, attachments=[file], view=view)
                stage("hand_request")
                kept.message, kept.shown = message, shown
                return
            except discord.NotFound:
                kept.message = None
        channel = channel or await self.dms.channel(client, user_id)
        kept.message = await channel.send(content=content, file=file, view=view)
        kept.shown = shown

"""Table events to Discord messages: one public table message per table, hands by DM.

The table message is posted with ``channel.send`` (so it can be edited for as long as the
table lives) and edited as the game moves, at most once every ``edit_delay`` seconds to
respect rate limits: an event after a quiet ``edit_delay`` is shown at once, the events
of a burst together when that time has passed since the last edit. Each player's hand goes
by DM as a picture with the play controls; a player whose DMs are closed (50007) is remembered, told
once in the channel, and uses the table's "My hand" button instead. Pictures are rendered
off the event loop. Publishing never blocks a table: the work runs in background tasks.
"""

from __future__ import annotations

import asyncio
import io
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeVar

import discord

from bot.discord_api.pacing import URGENT, priority
from bot.tables import (
    ActionTaken,
    Actor,
    DealEnded,
    GameStarted,
    HandChanged,
    SavingDelayed,
    TableClosed,
    TableEvent,
    TableOpened,
    TableRestored,
    TableStatus,
    TrusteeChanged,
    TurnStarted,
)
from bot.words.catalogue import t
from bot.words.locales import EN
from bot.words.names import variant_name
from bot.workers.picture_pool import PicturePool, draw, draw_first
from render import render_result, render_table

from .avatars import AvatarCache
from .dm_channels import DmChannels
from .drawing_slots import DrawingSlots
from .edits import TokenEdits
from .ephemeral import EphemeralHands
from .hand_dms import HandDms
from .markdown import CONTENT, clip, ping, safe_seat
from .own_message import own_message
from .pings import DEFAULT_BUDGET, PingBudget, TurnPings
from .preferences import Preferences
from .readers import PresenterStore, required
from .result_text import result_text
from .scenes import result_scene, table_scene
from .selection import Selection
from .table_state import TableState, TableStates
from .table_text import lobby_embed, turn_lines
from .views import HandViews, table_view, view_key

if TYPE_CHECKING:
    from collections.abc import Coroutine, Sequence

    from bot.engine import Card
    from bot.tables import TableSnapshot

log = logging.getLogger("ddz.presenter")
T = TypeVar("T")
TABLE_SLOTS_A_PROCESS = 2
PictureTimer = Callable[[str, float], None]
"""``observe(kind, seconds)``: a picture of this kind took so long (the metrics)."""
StageTimer = Callable[[str, float], None]
"""``observe(stage, seconds)``: a table message update spent so long in this stage (the
metrics): ``coalesce`` (waiting for the edit delay), ``lock`` (for the table's previous
update), ``avatars``, ``slot`` (for a drawing slot), ``draw``, ``request`` (the edit); or,
when every slot is busy, ``words`` (the edit of the words alone), then ``picture_slot``,
``picture_draw`` and ``picture_request`` for the picture that follows them.
Also ``shown_after(part, seconds)``: an action took so long to show in the table
message's ``words`` or ``picture``."""


class DiscordPresenter:
    """The presenter of :class:`bot.tables.TableManager` for Discord."""

    def __init__(self, *, store: PresenterStore, pictures: PicturePool | None,
                 edit_delay: float = 1.0, default_locale: str = EN,
                 ping_budget: PingBudget | None = DEFAULT_BUDGET,
                 drawn: PictureTimer | None = None, staged: StageTimer | None = None,
                 shown_after: StageTimer | None = None, app: bool = False) -> None:
        self._client: discord.Client | None = None
        self.app = app  # the bot serves the Activity: the table message offers to open it
        self.store = required(store, "a store", "DiscordPresenter")
        self.pictures = pictures  # drawing processes (None: a thread)
        self.drawn = drawn  # told how long each picture took
        self.staged = staged  # told where each table update spent its time
        self.shown_after = shown_after  # told how long each action took to show (metrics)
        # table messages drawn at once: a few a drawing process, so a table's update
        # waits its turn *before* it reads the table, not in the processes' queue after
        # (issue 37: at 500 tables that queue held seconds of pictures, each of a table
        # as it was when it joined the queue); hands never wait for these;
        # an update that shows nothing yet goes ahead of the pictures following words
        self.table_slots = DrawingSlots(TABLE_SLOTS_A_PROCESS * (
            pictures.workers if pictures is not None else 1))
        self.edit_delay = edit_delay
        self.default_locale = default_locale
        self.avatars = AvatarCache(lambda: self.client)
        self.tables = TableStates()  # what is shown of each table, by channel
        self.preferences = Preferences(store, self.spawn)  # hand order, language
        self.dm_closed: set[int] = set()
        self._told_closed: set[tuple[int, int]] = set()  # (channel, user) told in it
        self._tasks: set[asyncio.Task[None]] = set()
        self.pings = TurnPings(self, store, ping_budget)
        self.ephemeral = EphemeralHands()  # the "My hand" replies, kept up to date
        self.edits = TokenEdits()  # edits through a click's token (outside the global limit)
        self.dms = DmChannels()  # each person's DM channel, asked of Discord once
        # each player's hand by DM, with its controls kept while they stay the same
        self.hand_dms = HandDms(store=store, tables=self.tables, preferences=self.preferences,
                                ephemeral=self.ephemeral, edits=self.edits, dms=self.dms,
                                views=HandViews(), dm_closed=self.dm_closed, host=self)

    def attach(self, client: discord.Client) -> None:
        """The client this presenter speaks through: the bot, which is given the presenter
        when it is made (the tables that publish here are made before the bot)."""
        self._client = client

    @property
    def client(self) -> discord.Client:
        if self._client is None:
            raise RuntimeError("the presenter is not attached to a client")
        return self._client

    # ------------------------------------------------------------------ events
    async def publish(self, event: TableEvent) -> None:
        channel_id = event.channel_id
        state = self.tables.of(channel_id)
        if event.table is not None:
            state.snapshot = event.table
        if isinstance(event, HandChanged):
            state.hands[event.to_seat] = event.hand
            self.spawn(self.hand_dms.send_hand(channel_id, event.to_seat))
            return
        if isinstance(event, TableClosed):
            self.spawn(self._closed(channel_id, event.reason))
            return
        if isinstance(event, TableRestored):
            # after a restart: the table message and the hand DMs of before are found
            # again and edited (no second message, no stale buttons)
            state.message = None
            state.adopt = True
            state.adopt_dms = True  # and the hand DMs of the deal being played
            self.pings.swept.discard(channel_id)  # a ping of before may still be there
        if isinstance(event, DealEnded):
            state.result = event
            table = state.snapshot
            variant = table.rules.variant if table is not None else ""
            self.spawn(self.hand_dms.end_hands(channel_id, event, variant))
        if isinstance(event, TurnStarted | TrusteeChanged):
            self.spawn(self.hand_dms.refresh_hands(channel_id))
        if isinstance(event, TurnStarted | ActionTaken | DealEnded):
            self.pings.follow(event)
        if isinstance(event, ActionTaken) and event.by is Actor.PLAYER:
            state.person_acted = True
        if isinstance(event, ActionTaken) and state.message is not None:
            now = asyncio.get_running_loop().time()
            for waiting in state.unshown.values():
                waiting.append(now)
                del waiting[:-64]  # a table whose edits fail keeps no more
        if isinstance(event, TrusteeChanged) and event.on:
            table = state.snapshot
            if table is not None and table.seats[event.seat_index] is not None:
                locale = self.locale(channel_id)
                name = safe_seat(table.seats[event.seat_index], locale)
                state.notices.append(
                    t(locale, "trustee.self" if event.voluntary else "trustee.on", name=name))
        if isinstance(event, SavingDelayed):  # told once per fault; the table goes on
            state.notices.append(t(self.locale(channel_id), "saving.delayed"))
        if isinstance(event, GameStarted):
            state.result = None
        self.refresh(channel_id, now=isinstance(event, TableOpened))  # a new lobby at once

    def refresh(self, channel_id: int, *, now: bool = False) -> None:
        """Schedule an edit of the table message (coalesced)."""
        state = self.tables.of(channel_id)
        if state.pending is not None and not state.pending.done():
            return
        # the first event after a quiet spell is shown at once (issue 37: a fixed wait was
        # most of the time to show an action), later ones when edit_delay has passed
        # (never more than edit_delay: a clock read elsewhere, as a simulated one, may differ)
        since = asyncio.get_running_loop().time() - state.edited_at
        wait = min(self.edit_delay, max(0.0, self.edit_delay - since))
        state.pending = self.spawn(self._update(channel_id, 0 if now else wait,
                                                asyncio.get_running_loop().time()))

    def spawn(self, coro: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        """Run ``coro`` in the background, as one of the tasks :meth:`drain` waits for."""
        task = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def drain(self) -> None:
        """Wait for every pending message update (tests, shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    def snapshot(self, channel_id: int) -> TableSnapshot | None:
        """The table as the last event showed it."""
        return self.tables.snapshot(channel_id)

    def message(self, channel_id: int) -> discord.Message | None:
        """The table's public message, once it is out."""
        state = self.tables.get(channel_id)
        return state.message if state is not None else None

    def hand_dm(self, channel_id: int, user_id: int) -> discord.Message | None:
        """``user_id``'s hand DM for the table, once it is out."""
        state = self.tables.get(channel_id)
        dm = state.hand_dms.get(user_id) if state is not None else None
        return dm.message if dm is not None else None

    async def hand_payload(self, table: TableSnapshot, seat: int, hand: Sequence[Card],
                           locale: str, stage: Callable[[str], None] = lambda _: None, *,
                           own_view: bool = False
                           ) -> tuple[discord.File, discord.ui.View, str]:
        """The picture, controls and words of ``seat``'s hand message
        (:meth:`HandDms.hand_payload`)."""
        return await self.hand_dms.hand_payload(table, seat, hand, locale, stage,
                                                own_view=own_view)

    def resend_hand(self, channel_id: int, seat: int) -> None:
        """Send (or edit) the hand DM of ``seat`` again, e.g. after a new order was chosen."""
        self.hand_dms.resend_hand(channel_id, seat)

    def selection(self, channel_id: int, user_id: int, hand: str) -> Selection:
        """``user_id``'s card selection in ``hand`` (a new one when the hand changed)."""
        return self.tables.of(channel_id).selection(user_id, hand)

    def clear_selection(self, channel_id: int, user_id: int) -> None:
        state = self.tables.get(channel_id)
        if state is not None:
            state.clear_selection(user_id)

    def dms_closed(self, user_id: int) -> bool:
        """Did ``user_id`` close their DMs (a DM to them was refused)?"""
        return user_id in self.dm_closed

    def locale(self, channel_id: int) -> str:
        """The table's language (saved with the table), or the bot's default."""
        table = self.snapshot(channel_id)
        return table.locale if table is not None and table.locale else self.default_locale

    def locale_for(self, user_id: int, channel_id: int) -> str:
        """``user_id``'s language, else the table's."""
        return self.preferences.locale_of(user_id, self.locale(channel_id))

    async def draw(self, render: Callable[..., T], /, *args: Any, **kwargs: Any) -> T:
        """``render(*args, **kwargs)`` in the drawing processes (or a thread), timed by
        picture kind (``render_hand``: ``hand``) when :attr:`drawn` is set."""
        return await self._timed(draw, render, args, kwargs)

    async def draw_first(self, render: Callable[..., T], /, *args: Any, **kwargs: Any
                         ) -> T:
        """As :meth:`draw`, before the pictures waiting for a drawing process: a picture
        one person waits for (their hand), not a table's (its words are shown first)."""
        return await self._timed(draw_first, render, args, kwargs)

    async def _timed(self, how: Callable[..., Awaitable[T]], render: Callable[..., T],
                     args: tuple[Any, ...], kwargs: dict[str, Any]) -> T:
        started = time.perf_counter()
        picture = await how(self.pictures, render, *args, **kwargs)
        if self.drawn is not None:
            self.drawn(render.__name__.removeprefix("render_"), time.perf_counter() - started)
        return picture

    # ------------------------------------------------------------------ the table message
    async def _update(self, channel_id: int, delay: float, asked: float) -> None:
        if delay > 0:
            await asyncio.sleep(delay)
        state = self.tables.get(channel_id)
        if state is None:  # the table closed meanwhile
            return
        state.pending = None
        stage = self.stages(asked)
        stage("coalesce")
        # one update at a time per table: a slower, older render must never land on top of
        # a newer one (the state is read inside the lock, so the last edit is the latest)
        async with state.edit_lock:
            stage("lock")
            try:
                # the avatars first (a first fetch may wait on Discord for seconds): a
                # drawing slot is held only for drawing
                ahead = state.snapshot
                if ahead is not None:
                    await self.avatars.many(s.user_id for s in ahead.seats if s and s.user_id)
                stage("avatars")
                if self._drawing_behind(state):
                    if state.person_acted:
                        await self._words_now(state, channel_id, stage)
                    else:  # the AI's moves alone: words and picture when a slot frees
                        self._later(state, channel_id)
                    return
                # the table as it is when its turn comes; ahead of the pictures that
                # follow words (slots all busy here: nothing of this state is shown yet,
                # a table's first post, a result, the next deal's first picture)
                async with self.table_slots.first():
                    stage("slot")
                    table = state.snapshot
                    if table is None or self.tables.get(channel_id) is not state:
                        return  # closed: the closing words stay
                    read = asyncio.get_running_loop().time()
                    state.person_acted = False  # shown by this update
                    content, embed, file = await self.table_message(table)
                    stage("draw")
                view = table_view(table, self.locale(channel_id), app=self.app)
                shown = (content, embed.to_dict() if embed is not None else None,
                         file.filename if file is not None else None,
                         state.drawn[0] if file is not None and state.drawn else None,
                         view_key(view))
                if state.message is None or shown != state.shown:
                    await self._post_or_edit(state, channel_id, content, embed, file, view)
                    stage("request")
                    state.shown = shown
                    state.edited_at = asyncio.get_running_loop().time()
                state.pictured_at = state.worded_at = read
                self._showed(state, "words", read)
                self._showed(state, "picture", read)
            except discord.HTTPException:
                log.warning("could not update the table message in %s", channel_id,
                            exc_info=True)
            except Exception:
                log.exception("table message failed in %s", channel_id)

    def _drawing_behind(self, state: TableState) -> bool:
        """Is every drawing slot busy while the message already shows a picture of this
        deal? Then, when a person acted since the last edit, the words go at once and the
        picture follows when a slot frees (issue 37: a busy bot showed an action seconds
        late, waiting to draw); for the AI's moves alone, words and picture go together
        when a slot frees (two edits for every move kept a busy bot's hand DMs late)."""
        table = state.snapshot
        return self.table_slots.locked() and state.message is not None and \
            state.shown is not None and state.shown[2] == "table.png" and \
            table is not None and table.status == TableStatus.PLAYING and table.game is not None

    async def _words_now(self, state: TableState, channel_id: int,
                         stage: Callable[[str], None]) -> None:
        """Edit the table message's words and controls (its picture stays), and have the
        picture drawn when a slot frees (:meth:`_picture_later`)."""
        table, message = state.snapshot, state.message
        assert table is not None and message is not None and state.shown is not None
        read = asyncio.get_running_loop().time()
        state.person_acted = False  # shown by these words
        content, view = self._words_of(state, table)
        shown = (content, None, "table.png", state.shown[3], view_key(view))
        if shown != state.shown:
            try:
                await self.edits.edit(message, content=content, view=view)
            except discord.NotFound:  # deleted: posted again, picture and all
                state.message = None
                self.refresh(channel_id)
                return
            stage("words")
            state.shown = shown
            state.edited_at = asyncio.get_running_loop().time()
        state.worded_at = read
        self._showed(state, "words", read)
        self._later(state, channel_id)

    def _words_of(self, state: TableState, table: TableSnapshot
                  ) -> tuple[str, discord.ui.View]:
        """The words (with the notices waiting) and controls under a deal's picture."""
        locale = self.locale(table.channel_id)
        notices, state.notices = state.notices, []
        return "\n".join([*notices, *turn_lines(table, locale)]), \
            table_view(table, locale, app=self.app)

    def _later(self, state: TableState, channel_id: int) -> None:
        """Have the table drawn when a slot frees (:meth:`_picture_later`), once."""
        if state.later_picture is None or state.later_picture.done():
            state.later_picture = self.spawn(self._picture_later(state, channel_id))

    async def _picture_later(self, state: TableState, channel_id: int) -> None:
        """The table's picture once a drawing slot is free, as the table is then; edited in
        unless a newer picture got there first: with its words when the words shown are
        older, else the picture alone (the words shown are newer than it)."""
        stage = self.stages(asyncio.get_running_loop().time())
        try:
            async with self.table_slots:
                stage("picture_slot")
                table = state.snapshot
                if table is None or table.game is None or table.status != TableStatus.PLAYING or \
                        self.tables.get(channel_id) is not state:
                    return
                read = asyncio.get_running_loop().time()
                scene, png = await self.table_picture(table, state)
                stage("picture_draw")
            async with state.edit_lock:
                message, shown = state.message, state.shown
                latest = state.snapshot
                if message is None or shown is None or shown[2] != "table.png" or \
                        state.pictured_at >= read or latest is None or \
                        latest.status != TableStatus.PLAYING or \
                        self.tables.get(channel_id) is not state:
                    return  # a newer picture (or the result) is shown, or the table closed
                picture = discord.File(io.BytesIO(png), filename="table.png")
                # the words shown older than this read: are they still what it shows?
                words = self._words_of(state, table) if state.worded_at < read else None
                controls = view_key(words[1]) if words is not None else shown[4]
                if words is not None and (words[0] != shown[0] or controls != shown[4]):
                    # the AI moved since the words shown: words and picture together
                    content, view = words
                    await self.edits.edit(message, content=content, view=view,
                                          attachments=[picture])
                    stage("picture_request")
                    state.shown = (content, None, "table.png", scene, controls)
                    state.edited_at = asyncio.get_running_loop().time()
                elif shown[3] != scene:
                    await self.edits.edit(message, attachments=[picture])
                    stage("picture_request")
                    state.shown = (*shown[:3], scene, *shown[4:])
                state.pictured_at, state.worded_at = read, max(state.worded_at, read)
                self._showed(state, "words", read)
                self._showed(state, "picture", read)
            if state.snapshot is not table:  # it moved on while this was drawn: again
                self.refresh(channel_id)
        except discord.HTTPException:
            log.warning("could not update the table picture in %s", channel_id,
                        exc_info=True)
        except Exception:
            log.exception("table picture failed in %s", channel_id)

    def _showed(self, state: TableState, part: str, read: float) -> None:
        """The message's ``part`` (words, picture) now shows the table as read at ``read``:
        the actions before then are shown (told to :attr:`shown_after`)."""
        waiting = state.unshown[part]
        if not waiting or waiting[0] > read:
            return
        now = asyncio.get_running_loop().time()
        done = [at for at in waiting if at <= read]
        del waiting[:len(done)]
        if self.shown_after is not None:
            for at in done:
                self.shown_after(part, now - at)

    def stages(self, since: float) -> Callable[[str], None]:
        """``stage(name)``: the time since the last stage ended (``since`` at first) was
        spent in ``name`` (told to :attr:`staged`; nothing without it)."""
        loop, mark = asyncio.get_running_loop(), [since]

        def stage(name: str) -> None:
            if self.staged is not None:
                now = loop.time()
                self.staged(name, now - mark[0])
                mark[0] = now
        return stage

    async def _post_or_edit(self, state: TableState, channel_id: int, content: str,
                            embed: discord.Embed | None, file: discord.File | None,
                            view: discord.ui.View) -> None:
        message = state.message
        files = [file] if file else []
        channel = self.client.get_partial_messageable(channel_id)
        if message is None and state.adopt:
            state.adopt = False
            message = await own_message(self.client, channel, f"ddz:{channel_id}:")
            if message is not None:
                state.message = message
        if message is not None:
            try:
                await self.edits.edit(message, content=content, embed=embed,
                                      attachments=files, view=view)
                return
            except discord.NotFound:
                state.message = None
        kwargs: dict[str, Any] = {"content": content, "view": view, "files": files}
        if embed is not None:
            kwargs["embed"] = embed
        with priority(URGENT):  # a table's first message: no one can join or play without
            state.message = await channel.send(**kwargs)

    async def table_message(self, table: TableSnapshot) -> tuple[str, discord.Embed | None,
                                                          discord.File | None]:
        """Content, embed and picture of the table message for the table's state now."""
        locale = self.locale(table.channel_id)
        state = self.tables.get(table.channel_id)
        notices, ended = [], None
        if state is not None:
            notices, state.notices, ended = state.notices, [], state.result
        if table.status != TableStatus.PLAYING and ended is not None and table.game is not None:
            text = result_text(ended, locale)
            result = result_scene(ended, table, title=t(locale, "result.title"),
                                  locale=locale)
            file = None
            if result is not None:
                png = await self.draw(render_result, result)
                file = discord.File(io.BytesIO(png), filename="result.png")
            return clip("\n".join([*notices, text]), CONTENT), lobby_embed(table, locale), \
                file
        if table.status != TableStatus.PLAYING or table.game is None:
            return clip("\n".join(notices), CONTENT), lobby_embed(table, locale), None
        _, png = await self.table_picture(table, state)
        lines = [*notices, *turn_lines(table, locale)]
        return clip("\n".join(lines), CONTENT), None, discord.File(io.BytesIO(png),
                                                                 filename="table.png")

    async def table_picture(self, table: TableSnapshot, state: TableState | None
                            ) -> tuple[object, bytes]:
        """The scene and picture of a deal being played (the last one again if the same)."""
        locale = self.locale(table.channel_id)
        avatars = await self.avatars.many(s.user_id for s in table.seats if s and s.user_id)
        scene = table_scene(table, title=variant_name(locale, table.rules.variant),
                            locale=locale, avatars=avatars)
        if state is not None and state.drawn is not None and state.drawn[0] == scene:
            return state.drawn  # the same picture: not drawn again
        png = await self.draw(render_table, scene)
        if state is not None:
            state.drawn = (scene, png)
        return scene, png

    async def _closed(self, channel_id: int, reason: str) -> None:
        text = t(self.locale(channel_id), f"closed.{reason}")
        # forget the table's state: a later table in this channel starts afresh
        state = self.tables.close(channel_id)
        message = None
        if state is not None:
            if state.pending is not None:
                state.pending.cancel()
            async with state.edit_lock:  # an edit under way lands first, these words last
                message = state.message
        self.ephemeral.forget_table(channel_id)
        await self.pings.close(channel_id)
        try:
            if message is not None:
                await self.edits.edit(message, content=text, view=None, embed=None)
                self.edits.forget(message.id)
            else:
                await self.client.get_partial_messageable(channel_id).send(text)
        except discord.HTTPException:
            log.warning("could not announce the closed table in %s", channel_id)

    def tell_closed(self, channel_id: int, user_id: int) -> None:
        """Say once in the channel that ``user_id``'s DMs are closed (the hand is in
        "My hand")."""
        key = (channel_id, user_id)
        if key in self._told_closed:
            return
        self._told_closed.add(key)
        text = t(self.locale(channel_id), "dm.closed", mention=f"<@{user_id}>")

        async def tell() -> None:
            try:
                await self.client.get_partial_messageable(channel_id).send(
                    text, allowed_mentions=ping([user_id]))
            except discord.HTTPException:
                log.warning("could not tell %s that DMs are closed", user_id)

        self.spawn(tell())
